"""The desk's queue of results the players reported from their phones (``room.queue``): each
waiting report in a row, with the table's state (waiting for the opponent, or disputed);
the desk takes a report as the table's result or dismisses the table's reports with a
reason. The panel only asks: the window does the desk's actions."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QPushButton, QVBoxLayout, QWidget

from referee.app.tournament.tables import fill, make_table
from referee.tournament.event import Event
from referee.tournament.room import Waiting, clock_time, queue
from referee.tournament.scoring import KINDS, MatchResult


def _numbers(report_result: MatchResult) -> str:
    return "; ".join(
        f"{p.name} "
        + " ".join(f"{k.upper()} {p.surviving.get(k)}/{p.destroyed.get(k)}" for k in KINDS)
        for p in report_result.players
    )


class ReportedPanel(QWidget):
    """Rows: one per waiting report. ``take_requested(report id)``,
    ``dismiss_requested(round, table, why)``."""

    take_requested = Signal(int)
    dismiss_requested = Signal(int, int, str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.waiting: list[Waiting] = []
        self.rows: list[tuple[Waiting, int]] = []
        """(table's entry, report id) of each row."""
        self.table = make_table(
            ["round", "table", "players", "state", "report", "by", "at", "surviving/destroyed"]
        )
        self.summary = QLabel()
        self.summary.setTextFormat(Qt.TextFormat.PlainText)  # players' names
        self.take_button = QPushButton("Ta&ke selected report as the result")
        self.take_button.clicked.connect(self._take)
        self.why = QLineEdit()
        self.why.setPlaceholderText("why the reports are dismissed (the players report again)")
        self.dismiss_button = QPushButton("&Dismiss the table's reports")
        self.dismiss_button.clicked.connect(self._dismiss)
        buttons = QHBoxLayout()
        buttons.addWidget(self.take_button)
        buttons.addWidget(self.why, 1)
        buttons.addWidget(self.dismiss_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(self.table, 1)
        layout.addLayout(buttons)
        self.table.itemSelectionChanged.connect(self._enable)
        self._enable()

    def set_event(self, event: Event) -> int:
        """Show the event's queue; the number of tables waiting."""
        self.waiting = queue(event)
        self.rows = [(w, r.id) for w in self.waiting for r in w.reports]
        fill(
            self.table,
            [
                (
                    w.round,
                    w.table,
                    f"{w.players[0]} v {w.players[1]}",
                    w.describe(),
                    f"#{r.id}",
                    r.by,
                    clock_time(r.at),
                    _numbers(r.result),
                )
                for w in self.waiting
                for r in w.reports
            ],
        )
        disputed = sum(1 for w in self.waiting if w.disputed)
        self.summary.setText(
            f"{len(self.waiting)} table(s) wait for the desk ({disputed} disputed): take a "
            "report as the result, dismiss the reports, or enter or correct the result in "
            "Results"
            if self.waiting
            else "No result reported from the phones waits for the desk."
        )
        self._enable()
        return len(self.waiting)

    def _selected(self) -> tuple[Waiting, int] | None:
        rows = {i.row() for i in self.table.selectedItems()}
        if len(rows) != 1:
            return None
        row = rows.pop()
        return self.rows[row] if 0 <= row < len(self.rows) else None

    def _enable(self) -> None:
        chosen = self._selected() is not None
        self.take_button.setEnabled(chosen)
        self.dismiss_button.setEnabled(chosen)

    def _take(self) -> None:
        chosen = self._selected()
        if chosen is not None:
            self.take_requested.emit(chosen[1])

    def _dismiss(self) -> None:
        chosen = self._selected()
        if chosen is not None:
            entry, _ = chosen
            self.dismiss_requested.emit(entry.round, entry.table, self.why.text())
