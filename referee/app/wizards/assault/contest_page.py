"""The assault wizard's first page: which assault (clause ``assault.trigger``; a click on its
hex on the map picks it), the hex fought over highlighted on the main map, and each side's
unit bases with their role and the sector they fight with (clause ``assault.facing``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from msgspec.structs import replace
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
)

from referee.app.widgets.plain_text import plain_tip
from referee.app.widgets.style import SIDE_COLOURS, side_name
from referee.app.wizards.assault.page import AssaultPage, FittedTable, Page, fit_height
from referee.app.wizards.assault.plan import AssaultPlan
from referee.board.hexgrid import Hex, facing_name, hex_label, parse_label
from referee.rules.orders.assault_choices import contest_from_state
from referee.rules.orders.state import MatchState

FOUGHT_OVER = "#ff8f00"
COLUMNS = ("Side", "Unit", "Role", "Facing")
"""Four columns of two lines: the bases table reads whole in the dock beside the map."""


def contest_text(raw: Mapping[str, Any]) -> str:
    """One line for a contest: the hex and who meets whom."""
    where = " and ".join(raw["hexes"]) or "a hex not chosen yet"
    sides = [
        ", ".join(p["uid"] for p in raw["participants"] if p["side"] == s) or "nobody"
        for s in (1, 2)
    ]
    head = "head-on assault" if raw.get("head_on") else "assault"
    return f"{head} over {where}: {side_name(1)} {sides[0]} against {side_name(2)} {sides[1]}"


class ContestPage(AssaultPage):
    page_id = Page.CONTEST

    def __init__(self, state: MatchState) -> None:
        super().__init__()
        self.state = state
        self.setTitle("The assault")
        self.list = QListWidget()
        for i, raw in enumerate(state.contests):
            item = QListWidgetItem(contest_text(raw))
            item.setData(Qt.ItemDataRole.UserRole, i)
            if not raw.get("hexes"):
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEnabled)
                item.setText(item.text() + " — choose the hex in the movement step first")
            self.list.addItem(item)
        rows = max(1, min(4, len(state.contests)))
        self.list.setWordWrap(True)  # a contest in two lines, in the dock beside the map
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.setFixedHeight(
            2 * self.list.sizeHintForRow(0) * rows + 2 * self.list.frameWidth()
        )
        self.none = QLabel(
            "No assault is waiting: the last movement step started none. Assaults start "
            "when units of different sides try to enter the same hex (clause assault.trigger)."
        )
        self.none.setWordWrap(True)
        self.bases = QTableWidget(0, len(COLUMNS))
        self.bases.setHorizontalHeaderLabels(list(COLUMNS))
        self.bases.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.bases.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.bases.verticalHeader().setVisible(False)
        self.bases.setWordWrap(True)
        self.bases.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header = self.bases.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)  # "1 (blue)"
        FittedTable(self.bases, 2)
        layout = QVBoxLayout(self)
        layout.addWidget(self.list)
        layout.addWidget(self.none)
        layout.addWidget(self.bases)
        layout.addStretch(1)
        self.list.currentRowChanged.connect(self._show)
        self.list.currentRowChanged.connect(lambda _row: self.completeChanged.emit())
        self.none.setVisible(not state.contests)
        self.list.setVisible(bool(state.contests))
        enabled = [i for i, r in enumerate(state.contests) if r.get("hexes")]
        if len(state.contests) == 1 and enabled:
            self.list.setCurrentRow(0)

    def initializePage(self) -> None:
        many = len(self.state.contests) > 1
        self.setSubTitle(
            ("Which assault? " if many else "")
            + "The hex fought over is highlighted; each side's bases fight with the sector "
            "named (clause assault.facing)."
        )
        self._show(self.list.currentRow())

    def isComplete(self) -> bool:
        item = self.list.currentItem()
        return item is not None and bool(item.flags() & Qt.ItemFlag.ItemIsEnabled)

    def index(self) -> int:
        item = self.list.currentItem()
        return int(item.data(Qt.ItemDataRole.UserRole)) if item is not None else 0

    def pick_hex(self, h: Hex) -> bool:
        """A click on the map: the contest fought over ``h``, if there is one."""
        for row, raw in enumerate(self.state.contests):
            if hex_label(h) in raw.get("hexes", ()):
                self.list.setCurrentRow(row)
                return True
        return False

    def _show(self, row: int) -> None:
        wizard = self.wizard()
        overlay = getattr(wizard, "overlay", None)
        if overlay is not None:
            overlay.clear_hexes()
        self.bases.setRowCount(0)
        if not 0 <= row < len(self.state.contests) or not self.state.contests[row].get("hexes"):
            return
        raw = self.state.contests[row]
        contest = contest_from_state(self.state, row)
        for p in raw["participants"]:
            c = contest.combatant(p["uid"])
            unit = self.state.unit(p["uid"])
            where = p["at"] + (f" → {p['to']}" if p.get("to") else "")
            cells = (
                side_name(p["side"]).removeprefix("side "),
                f"{p['uid']}\n{unit.alive} of {unit.unit.models} models",
                f"{p['role']}\n{where}",
                # the facing it fights with: an entering base's as it enters the hex (a
                # Chase or a Road may turn it), not the one it stood at before the move
                f"{facing_name(int(p.get('facing', unit.facing)))}\nfights with {c.fights_with}",
            )
            r = self.bases.rowCount()
            self.bases.insertRow(r)
            for col, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if col == 1:
                    item.setToolTip(plain_tip(f"{p['uid']}: {unit.unit.name}"))
                if col == 0:
                    item.setForeground(Qt.GlobalColor.white)
                    item.setBackground(QColor(SIDE_COLOURS.get(p["side"], "#666666")))
                self.bases.setItem(r, col, item)
            if overlay is not None:
                overlay.hexes(
                    [unit.hex],
                    SIDE_COLOURS.get(p["side"], "#666666"),
                    f"{p['uid']}, {side_name(p['side'])}",
                )
        self.bases.resizeRowsToContents()
        fit_height(self.bases, 2)
        if overlay is not None:
            hexes = [parse_label(h) for h in raw["hexes"]]
            overlay.hexes(hexes, FOUGHT_OVER, "the hex fought over")

    def contribute(self, plan: AssaultPlan) -> AssaultPlan:
        return replace(plan, contest=self.index())
