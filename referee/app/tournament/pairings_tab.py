"""The tournament window's Rounds and pairings tab: the round shown, pairing the next one
(asked first: the room sees it), swapping seats; every action is the desk's."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from referee.app.tournament.desk_host import DeskHost
from referee.app.tournament.tables import fill, make_table
from referee.app.widgets.boxes import ComboBox, SpinBox
from referee.tournament.checkin import table_declarations
from referee.tournament.event import Event


class PairingsTab(QWidget):
    """A round's tables (its results, what to tell the opponent, the venue's table)."""

    def __init__(self, host: DeskHost, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.host = host
        self.round_pick = SpinBox(minimum=1, maximum=99)
        self.round_pick.valueChanged.connect(self.redraw_pairings)
        self.pair_button = QPushButton("Pair ne&xt round")
        self.pair_button.clicked.connect(self.pair)
        self.pairing = make_table(
            [
                "table",
                "player 1",
                "player 2",
                "result",
                "tell the opponent (huge units)",
                "venue table",
            ]
        )
        self.match_button = QPushButton("Match file for the selected ta&ble…")
        self.bye_label = QLabel()
        self.bye_label.setTextFormat(Qt.TextFormat.PlainText)
        self.pair_warnings = QLabel()
        self.pair_warnings.setTextFormat(Qt.TextFormat.PlainText)
        self.pair_warnings.setWordWrap(True)
        self.pair_warnings.setStyleSheet("color: #a00;")
        self.swap_a, self.swap_b = ComboBox(), ComboBox()
        swap = QPushButton("S&wap seats")
        swap.clicked.connect(self.swap)
        top = QHBoxLayout()
        top.addWidget(QLabel("Round"))
        top.addWidget(self.round_pick)
        top.addWidget(self.pair_button)
        top.addWidget(self.match_button)
        top.addStretch(1)
        top.addWidget(QLabel("Swap"))
        top.addWidget(self.swap_a)
        top.addWidget(QLabel("with"))
        top.addWidget(self.swap_b)
        top.addWidget(swap)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.pairing, 1)
        layout.addWidget(self.bye_label)
        layout.addWidget(self.pair_warnings)

    def show_event(self, e: Event) -> None:
        """The round picker follows the round being played; Pair is on while one is left."""
        latest = self.round_pick.maximum() if self.round_pick.property("seen") else 0
        self.round_pick.setMaximum(max(1, e.current_round))
        if e.current_round > latest and self.round_pick.value() in (latest, 1):
            self.round_pick.setValue(max(1, e.current_round))  # the round being played
        self.round_pick.setProperty("seen", True)
        if e.cut is not None:  # the cut's rounds, until its final is paired
            from referee.tournament.top_cut import cut_rounds

            self.pair_button.setEnabled(e.current_round < e.cut.after + cut_rounds(e.cut.size))
        else:
            self.pair_button.setEnabled(e.current_round < e.rounds_planned)

    def selected_table(self) -> int | None:
        """The table selected in the pairing (numbered from 1), or None."""
        rows = sorted({i.row() for i in self.pairing.selectedIndexes()})
        return rows[0] + 1 if rows else None

    def redraw_pairings(self) -> None:
        tournament = self.host.tournament
        rnd = tournament.round(self.round_pick.value())
        if rnd is None:
            fill(self.pairing, [])
            self.bye_label.setText("No round paired yet.")
            self.pair_warnings.setText("")
            return
        rows = []
        told = table_declarations(tournament, rnd.tables)
        places = tournament.places(rnd.number)
        for i, (a, b) in enumerate(rnd.tables, 1):
            res = ""
            if i in rnd.results:
                sa, sb = rnd.results[i].scores
                res = f"{sa.mvp} - {sb.mvp}" + (" (corrected)" if rnd.results[i].corrected else "")
            tell = "; ".join(f"{n}: {told[n]}" for n in (a, b) if n in told)
            place = places.get(i)
            where = ""
            if place is not None:
                where = place.name + (f" ({place.terrain})" if place.terrain else "")
            rows.append((i, a, b, res, tell, where))
        fill(self.pairing, rows)
        self.bye_label.setText(f"Round {rnd.number} ({rnd.how}); bye: {rnd.bye or 'none'}")
        self.pair_warnings.setText("\n".join(rnd.warnings))

    def pair(self) -> None:
        # the round this window shows as next: if another desk paired it, this one is told
        host, tournament = self.host, self.host.tournament
        number = tournament.current_round + 1
        absent = tournament.absent(number) if number <= tournament.rounds_planned else []
        dropped = (
            f" {', '.join(absent)} (absent at the door) will be dropped first." if absent else ""
        )
        if not host.ask(
            f"Pair round {number}?",
            f"Pair round {number} of {tournament.name} now?{dropped} The pairing is "
            "written for every desk and the room to see.",
        ):
            return
        p = host.act(lambda: host.desk.pair(number))
        if p is not None:
            self.round_pick.setValue(p.round)
            host.message(f"Round {p.round} paired" + (f", bye {p.bye}" if p.bye else ""))

    def swap(self) -> None:
        a, b = self.swap_a.currentText(), self.swap_b.currentText()
        p = self.host.act(lambda: self.host.desk.swap(self.round_pick.value(), a, b))
        if p is not None:
            self.host.message(
                f"{a} and {b} swapped" + (f": {'; '.join(p.warnings)}" if p.warnings else "")
            )
