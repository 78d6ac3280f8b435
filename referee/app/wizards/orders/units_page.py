"""The orders wizard's first page: whose orders (one side or every unit) and for which turn:
the next one, and the current one while a unit has none for it (clause ``orders.giving``)."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QFormLayout,
    QListWidget,
    QVBoxLayout,
    QWizardPage,
)

from referee.app.widgets.boxes import ComboBox
from referee.app.widgets.style import side_name
from referee.rules.orders.state import MatchState
from referee.rules.state import UnitState


def turns_offered(state: MatchState) -> list[int]:
    """The turns orders can be written for: the current one while a unit has none for it,
    and the next."""
    live = [u for u in state.units.values() if not u.destroyed]
    lacking = any(str(state.turn) not in state.orders.get(u.uid, {}) for u in live)
    return ([state.turn] if lacking else []) + [state.turn + 1]


class UnitsPage(QWizardPage):
    def __init__(self, state: MatchState) -> None:
        super().__init__()
        self.state = state
        self.setTitle("Whose orders, for which turn")
        self.setSubTitle(
            "Orders are written for the next turn, or for this one while a unit has none."
        )
        self.side = ComboBox()
        self.side.addItem("Every unit", 0)
        for side in sorted({u.side for u in state.units.values()}):
            nations = sorted({u.nation for u in state.units.values() if u.side == side})
            self.side.addItem(f"{side_name(side, capital=True)}: {', '.join(nations)}", side)
        self.turn = ComboBox()
        for turn in turns_offered(state):
            which = "this turn" if turn == state.turn else "next turn"
            self.turn.addItem(f"Turn {turn} ({which})", turn)
        self.preview = QListWidget()
        form = QFormLayout()
        form.addRow("Units:", self.side)
        form.addRow("Turn:", self.turn)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.preview, 1)
        self.side.currentIndexChanged.connect(self._preview)
        self.turn.currentIndexChanged.connect(self._preview)
        self._preview()

    def chosen_turn(self) -> int:
        return int(self.turn.currentData())

    def units(self) -> list[UnitState]:
        side = int(self.side.currentData())
        return [
            u
            for u in self.state.units.values()
            if not u.destroyed and (side == 0 or u.side == side)
        ]

    def _preview(self) -> None:
        self.preview.clear()
        turn = str(self.chosen_turn())
        for u in self.units():
            given = self.state.orders.get(u.uid, {}).get(turn)
            said = "; ".join(f"{k} {v}" for k, v in given.items()) if given else "no orders yet"
            self.preview.addItem(f"{u.uid} — {u.unit.name} at {u.hex}: {said}")
