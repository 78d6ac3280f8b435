"""Result entry: a table's points typed in, the calculation shown as it is typed, or a
table's match file read; recorded as a result or, with a reason, as a correction (its report
shown below the buttons, where it hides none of the numbers it reports, until another round
or table is picked).

The form always shows what it would submit: a table's result as recorded (corrections
included; reloaded when another desk changes it), a match file's result once read, or, for
a table without a result, each army checked in whole and surviving (zeros for a player
without one). The calculation says at once whether the numbers add up to the armies
(``referee.tournament.result_check``); a result the desk refuses for that (or for its match
file) opens the override box below the form, which asks for the reason to take exactly the
numbers refused, and closes as soon as a number or the table changes."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from referee.app.widgets.boxes import SpinBox
from referee.tournament.event import Event
from referee.tournament.result_check import army_total, player_problems, starting_points
from referee.tournament.scoring import KINDS, MatchResult, PlayerResult, Points, score_match
from referee.tournament.table_match import SentMatch

Shown = tuple[int, int, tuple[str, str], int | None]
"""What the form was loaded from: round, table, its players, the counting record's id."""


class OverrideBox(QGroupBox):
    """Why the desk refused the numbers in the form, and the reason to take them anyway."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Not taken: the desk's reason is needed to take it anyway", parent)
        self.setObjectName("override-box")
        self.setStyleSheet("QGroupBox { color: #a00; font-weight: bold; }")
        self.problems = QLabel()
        self.problems.setObjectName("override-problems")
        self.problems.setTextFormat(Qt.TextFormat.PlainText)  # names are typed in
        self.problems.setWordWrap(True)
        self.problems.setStyleSheet("color: #a00; font-weight: normal;")
        self.problems.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.reason = QLineEdit(
            placeholderText="the desk's reason to take these numbers anyway (kept in the trail)"
        )
        self.reason.setObjectName("result-override")
        self.take = QPushButton("Take it an&yway")
        self.take.setObjectName("take-anyway")
        row = QHBoxLayout()
        row.addWidget(self.reason, 1)
        row.addWidget(self.take)
        layout = QVBoxLayout(self)
        layout.addWidget(self.problems)
        layout.addLayout(row)
        self.retry: Callable[[str], None] | None = None
        self.take.clicked.connect(self.take_anyway)
        self.reason.returnPressed.connect(self.take_anyway)
        self.hide()

    def ask(self, problems: Sequence[str], retry: Callable[[str], None]) -> None:
        """Show ``problems``; ``retry`` is given the reason once the desk types one."""
        self.problems.setText("\n".join(problems))
        self.reason.clear()
        self.retry = retry
        self.show()
        self.reason.setFocus()

    def take_anyway(self) -> None:
        if self.retry is None:
            return
        if not self.reason.text().strip():
            self.reason.setPlaceholderText("type the reason first: it is kept in the trail")
            self.reason.setFocus()
            return
        retry, self.retry = self.retry, None
        self.hide()
        retry(self.reason.text().strip())

    def close_box(self) -> None:
        self.retry = None
        self.hide()


class ResultEntry(QWidget):
    """Round, table, each player's surviving and destroyed points, the calculation."""

    record_requested = Signal(int, int, object)  # round, table, MatchResult
    correct_requested = Signal(int, int, object, str)
    match_file_requested = Signal(int, int, bool)  # round, table, as a correction

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.tournament: Event | None = None
        self.shown: Shown | None = None
        self.from_match: SentMatch | None = None
        """The match file whose result the form shows, until a number is changed."""
        self.round = SpinBox(minimum=1, maximum=99)
        self.table = SpinBox(minimum=1, maximum=999)
        self.names = [QLabel("-"), QLabel("-")]
        for label in self.names:
            label.setTextFormat(Qt.TextFormat.PlainText)  # the players' names, as typed
        self.points: list[dict[str, QSpinBox]] = []
        top = QFormLayout()
        top.addRow("Rou&nd", self.round)
        top.addRow("Ta&ble", self.table)
        sides = QHBoxLayout()
        for i in range(2):
            box = QGroupBox(f"Player {i + 1}")
            grid = QGridLayout(box)
            grid.addWidget(self.names[i], 0, 0, 1, 3)
            grid.addWidget(QLabel("surviving"), 1, 1)
            grid.addWidget(QLabel("destroyed or fled"), 1, 2)
            spins: dict[str, QSpinBox] = {}
            for row, kind in enumerate(KINDS, start=2):
                grid.addWidget(QLabel(kind.upper()), row, 0)
                for col, part in ((1, "surviving"), (2, "destroyed")):
                    spin = SpinBox(minimum=0, maximum=999)
                    spin.setObjectName(f"p{i + 1}-{part}-{kind}")
                    spin.valueChanged.connect(self.edited)
                    grid.addWidget(spin, row, col)
                    spins[f"{part}-{kind}"] = spin
            self.points.append(spins)
            sides.addWidget(box)
        self.working = QPlainTextEdit(readOnly=True)
        self.working.setObjectName("working")
        self.why = QLineEdit(
            placeholderText="reason for a correction (kept in the trail; Return: Correct result)"
        )
        self.record_button = QPushButton("Recor&d result")
        self.correct_button = QPushButton("&Correct result")
        self.match_button = QPushButton("Result from a matc&h file...")
        self.record_button.clicked.connect(
            lambda: self.record_requested.emit(
                self.round.value(), self.table.value(), self.result()
            )
        )
        self.correct_button.clicked.connect(
            lambda: self.correct_requested.emit(
                self.round.value(), self.table.value(), self.result(), self.why.text()
            )
        )
        self.match_button.clicked.connect(
            lambda: self.match_file_requested.emit(
                self.round.value(), self.table.value(), bool(self.why.text().strip())
            )
        )
        self.why.returnPressed.connect(self.correct_button.click)  # the reason typed: done
        buttons = QHBoxLayout()
        for b in (self.record_button, self.correct_button, self.match_button):
            buttons.addWidget(b)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(sides)
        layout.addWidget(QLabel("The calculation (draft 004, Victory Condition):"))
        layout.addWidget(self.working, 1)
        self.override = OverrideBox()
        layout.addWidget(self.override)
        layout.addWidget(self.why)
        layout.addLayout(buttons)
        self.report = QLabel()
        self.report.setObjectName("correction-report")
        self.report.setTextFormat(Qt.TextFormat.PlainText)  # names are typed in
        self.report.setWordWrap(True)
        self.report.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.report.hide()
        layout.addWidget(self.report)
        self.round.valueChanged.connect(self.show_table)
        self.table.valueChanged.connect(self.show_table)

    def show_report(self, lines: list[str]) -> None:
        """A correction's report below the buttons (what changed for whom)."""
        self.report.setText("Correction recorded: " + "\n".join(lines))
        self.report.show()

    def set_event(self, event: Event) -> bool:
        """The event as it is now; the first one also fills in the table shown, of the
        round being played (the form follows a new round from the latest one). When the
        table shown has other players or another result now (recorded here or by another
        desk), the form shows them; whether the table shown has another result now."""
        first = self.tournament is None
        latest = self.tournament.current_round if self.tournament is not None else 0
        self.tournament = event
        self.round.setMaximum(max(1, event.current_round))
        if event.current_round > latest and self.round.value() in (latest, 1):
            # opening on, and following, the round being played (from the latest only)
            self.round.blockSignals(True)
            self.round.setValue(max(1, event.current_round))
            self.round.blockSignals(False)
        was, now = self.shown, self._now()
        if first or now != was:
            self.show_table()
            return was is not None and was[:3] == now[:3]  # the same table, another result
        self.update_names()
        return False

    def _now(self) -> Shown:
        """The round, table, players and counting record the form would load now."""
        r, t = self.round.value(), self.table.value()
        rnd = self.tournament.round(r) if self.tournament else None
        if rnd is None or not 1 <= t <= len(rnd.tables):
            return (r, t, ("-", "-"), None)
        recorded = rnd.results.get(t)
        return (r, t, rnd.tables[t - 1], recorded.record.id if recorded else None)

    @property
    def counting_record(self) -> int | None:
        """The id of the table's result the form was loaded from (None: none yet)."""
        return self.shown[3] if self.shown else None

    def update_names(self) -> None:
        rnd = self.tournament.round(self.round.value()) if self.tournament else None
        if rnd is None or not rnd.tables:
            names = ("-", "-")
        else:
            self.table.setMaximum(len(rnd.tables))
            names = rnd.tables[min(self.table.value(), len(rnd.tables)) - 1]
        for label, name in zip(self.names, names, strict=True):
            label.setText(name)
        self.update_working()

    def show_table(self) -> None:
        """Another round or table picked (or its result changed): its players, and its
        points as recorded (the result that counts, corrections included), or, with no
        result yet, each army checked in whole and surviving: never the numbers typed for
        the table shown before, which a correction would otherwise give this one."""
        self.report.hide()  # it told of the table shown before
        self.override.close_box()
        self.from_match = None
        self.update_names()
        rnd = self.tournament.round(self.round.value()) if self.tournament else None
        recorded = rnd.results.get(self.table.value()) if rnd is not None else None
        if recorded is not None:
            first, second = recorded.result.players
            self._fill(((first.surviving, first.destroyed), (second.surviving, second.destroyed)))
        else:
            self._fill(tuple((self._army(label.text()), Points()) for label in self.names))
        self.shown = self._now()
        self.update_working()

    def _army(self, name: str) -> Points:
        if self.tournament is None or name not in self.tournament.players:
            return Points()
        return starting_points(self.tournament, name) or Points()

    def show_result(self, result: MatchResult, sent: SentMatch | None = None) -> bool:
        """Put ``result`` in the form, each player's numbers beside their name (a match the
        desk did not make names side 1 and side 2: the table's order): what a match file
        says, before it is recorded or made a correction. A result naming other players
        than the table's is not shown: whether it was."""
        self.override.close_box()
        names = tuple(label.text() for label in self.names)
        by_name = {p.name: p for p in result.players}
        if set(by_name) == set(names):
            sides = [by_name[n] for n in names]
        elif tuple(by_name) == ("side 1", "side 2"):
            sides = list(result.players)
        else:
            return False
        self._fill(tuple((p.surviving, p.destroyed) for p in sides))
        self.from_match = sent
        self.update_working()
        return True

    def _fill(self, sides: Sequence[tuple[Points, Points]]) -> None:
        for spins, (surviving, destroyed) in zip(self.points, sides, strict=True):
            for kind in KINDS:
                for part, points in (("surviving", surviving), ("destroyed", destroyed)):
                    spin = spins[f"{part}-{kind}"]
                    spin.blockSignals(True)
                    spin.setValue(points.get(kind))
                    spin.blockSignals(False)

    def edited(self) -> None:
        """A number changed by hand: the refusal and the match file no longer apply."""
        self.override.close_box()
        self.from_match = None
        self.update_working()

    def result(self) -> MatchResult:
        players = []
        for name, spins in zip(self.names, self.points, strict=True):
            surv = {k: spins[f"surviving-{k}"].value() for k in KINDS}
            dest = {k: spins[f"destroyed-{k}"].value() for k in KINDS}
            players.append(
                PlayerResult(name.text(), Points.from_mapping(surv), Points.from_mapping(dest))
            )
        return MatchResult((players[0], players[1]))

    def update_working(self) -> None:
        result = self.result()
        lines = []
        if self.tournament is not None and self.tournament.round(self.round.value()):
            lines.append("Surviving plus destroyed, checked against the armies:")
            for side in result.players:
                total = army_total(self.tournament, side.name)
                wrong = player_problems(side, total)
                how = "adds up to" if total.exact else "is within"
                lines += [f"    DOES NOT ADD UP: {w}" for w in wrong] or [
                    f"    {side.name}: {how} {total.source}"
                ]
            lines.append("")
        for s in score_match(result):
            lines.append(f"{s.name}: {s.mvp} MVP, {s.tvp:.2f} TVP")
            lines += [f"    {line}" for line in s.lines]
        self.working.setPlainText("\n".join(lines))
