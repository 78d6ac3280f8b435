"""Result entry: a table's points typed in, the calculation shown as it is typed, or a
table's match file read; recorded as a result or, with a reason, as a correction (its report
shown below the buttons, where it hides none of the numbers it reports, until another round
or table is picked)."""

from __future__ import annotations

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

from referee.tournament.event import Event
from referee.tournament.scoring import KINDS, MatchResult, PlayerResult, Points, score_match


class ResultEntry(QWidget):
    """Round, table, each player's surviving and destroyed points, the calculation."""

    record_requested = Signal(int, int, object)  # round, table, MatchResult
    correct_requested = Signal(int, int, object, str)
    match_file_requested = Signal(int, int, bool)  # round, table, as a correction

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.tournament: Event | None = None
        self.round = QSpinBox(minimum=1, maximum=99)
        self.table = QSpinBox(minimum=1, maximum=999)
        self.names = [QLabel("-"), QLabel("-")]
        for label in self.names:
            label.setTextFormat(Qt.TextFormat.PlainText)  # the players' names, as typed
        self.points: list[dict[str, QSpinBox]] = []
        top = QFormLayout()
        top.addRow("Round", self.round)
        top.addRow("Table", self.table)
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
                    spin = QSpinBox(minimum=0, maximum=999)
                    spin.setObjectName(f"p{i + 1}-{part}-{kind}")
                    spin.valueChanged.connect(self.update_working)
                    grid.addWidget(spin, row, col)
                    spins[f"{part}-{kind}"] = spin
            self.points.append(spins)
            sides.addWidget(box)
        self.working = QPlainTextEdit(readOnly=True)
        self.working.setObjectName("working")
        self.why = QLineEdit(placeholderText="reason for a correction (kept in the trail)")
        self.record_button = QPushButton("Record result")
        self.correct_button = QPushButton("Correct result")
        self.match_button = QPushButton("Result from a match file...")
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
        buttons = QHBoxLayout()
        for b in (self.record_button, self.correct_button, self.match_button):
            buttons.addWidget(b)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(sides)
        layout.addWidget(QLabel("The calculation (draft 004, Victory Condition):"))
        layout.addWidget(self.working, 1)
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

    def set_event(self, event: Event) -> None:
        """The event as it is now; the first one also fills in the table shown."""
        first = self.tournament is None
        self.tournament = event
        self.round.setMaximum(max(1, event.current_round))
        if first:
            self.show_table()
        else:
            self.update_names()

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
        """Another round or table picked: its players, and its points as recorded (the
        result that counts, corrections included), or none yet: never the numbers typed for
        the table shown before, which a correction would otherwise give this one."""
        self.report.hide()  # it told of the table shown before
        self.update_names()
        rnd = self.tournament.round(self.round.value()) if self.tournament else None
        recorded = rnd.results.get(self.table.value()) if rnd is not None else None
        players = recorded.result.players if recorded is not None else (None, None)
        for spins, player in zip(self.points, players, strict=True):
            for kind in KINDS:
                for part in ("surviving", "destroyed"):
                    spin = spins[f"{part}-{kind}"]
                    spin.blockSignals(True)
                    spin.setValue(getattr(player, part).get(kind) if player else 0)
                    spin.blockSignals(False)
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
        lines = []
        for s in score_match(self.result()):
            lines.append(f"{s.name}: {s.mvp} MVP, {s.tvp:.2f} TVP")
            lines += [f"    {line}" for line in s.lines]
        self.working.setPlainText("\n".join(lines))
