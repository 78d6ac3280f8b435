"""The tournament window's Standings tab: the standings in the event's tie-breaker order,
the order set, a penalty given (a warning or points deducted, kept in the trail)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from referee.app.tournament.desk_host import DeskHost
from referee.app.tournament.tables import NumberText, fill, make_table
from referee.app.widgets.boxes import ComboBox, SpinBox
from referee.app.widgets.plain_text import plain_tip
from referee.tournament.event import TIEBREAKERS
from referee.tournament.standings import Standings


class StandingsTab(QWidget):
    """The standings, their order and the penalties."""

    def __init__(self, host: DeskHost, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.host = host
        self.standings_table = make_table([])
        self.standings_warnings = QLabel()
        self.standings_warnings.setTextFormat(Qt.TextFormat.PlainText)
        self.standings_warnings.setWordWrap(True)
        self.standings_warnings.setStyleSheet("color: #a00;")
        self.keys = QLineEdit()
        self.keys.setToolTip(plain_tip("tie-breakers in order: " + ", ".join(TIEBREAKERS)))
        apply = QPushButton("Use these tie-&breakers")
        apply.clicked.connect(self.set_keys)
        form = QFormLayout()
        row = QHBoxLayout()
        row.addWidget(self.keys, 1)
        row.addWidget(apply)
        form.addRow("Order by", row)
        self.penalty_player = ComboBox()
        self.penalty_points = SpinBox(minimum=0, maximum=10**6)
        self.penalty_points.setSpecialValueText("warning")
        self.penalty_of = ComboBox()
        self.penalty_of.addItems(["tvp", "mvp"])
        self.penalty_why = QLineEdit(placeholderText="why (kept in the trail)")
        self.penalty_button = QPushButton("&Give penalty")
        self.penalty_button.clicked.connect(self.give_penalty)
        penalty = QHBoxLayout()
        penalty.addWidget(self.penalty_player)
        penalty.addWidget(QLabel("deduct"))
        penalty.addWidget(self.penalty_points)
        penalty.addWidget(self.penalty_of)
        penalty.addWidget(self.penalty_why, 1)
        penalty.addWidget(self.penalty_button)
        form.addRow("Penalty", penalty)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.standings_table, 1)
        layout.addWidget(self.standings_warnings)

    def show_standings(self, st: Standings) -> None:
        self.keys.setText(" ".join(st.keys))
        keys = [k for k in st.keys if k not in ("tvp", "mvp")]  # shown in their own columns
        self.standings_table.setColumnCount(6 + len(keys))
        self.standings_table.setHorizontalHeaderLabels(
            [
                "#",
                "player",
                "TVP",
                "MVP",
                *[TIEBREAKERS[k] for k in keys],
                "penalties",
                "ahead of next by",
            ]
        )
        fill(
            self.standings_table,
            [
                (
                    s.rank,
                    s.name + (" (dropped)" if s.dropped else ""),
                    NumberText(s.text("tvp")),
                    s.mvp,
                    *(NumberText(s.text(k)) if k in s.tiebreakers else "" for k in keys),
                    s.penalty_text(),
                    s.decided_by,
                )
                for s in st.standings
            ],
        )
        self.standings_warnings.setText("\n".join(st.warnings))

    def set_keys(self) -> None:
        keys = [k.strip() for k in self.keys.text().replace(",", " ").split() if k.strip()]
        self.host.act(lambda: self.host.desk.set_tiebreakers(keys), "Tie-breakers set")

    def give_penalty(self) -> None:
        """A penalty for the player chosen: a warning (0 points) or points deducted."""
        name = self.penalty_player.currentText()
        points, of = self.penalty_points.value(), self.penalty_of.currentText()
        why = self.penalty_why.text()
        record = self.host.act(lambda: self.host.desk.penalise(name, why, points, of))
        if record is not None:
            what = f"{points} {of.upper()} deducted" if points else "a warning"
            self.host.message(f"{name}: {what} ({why.strip()})")
            self.penalty_why.clear()
            self.penalty_points.setValue(0)
