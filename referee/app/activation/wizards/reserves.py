"""The reserves wizard (clause ``activation.reserves``): once deployment is over, the side
whose turn it is ticks the units of its roster it leaves in the reserves, within the
capacity it has left (ruling ``activation.capacity``: points or units); every unit and
structure not ticked is out of the battle. It builds ``reserves side=S uids=U,V`` (none
ticked: ``reserves side=S``).

Only units are offered: a unit in the reserves may later enter the battle (the Enter
from the reserves wizard, ruling ``activation.reserves-entry``); a structure left over
goes out. The capacity left, and what the ticked units take of it, show as the boxes are
ticked; more than is left cannot be finished, and the engine has the last word (the dice
page shows its working)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QLabel,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
    QWizardPage,
)

from referee.app.activation.wizards.base import ActivationWizard, DicePage, Situation
from referee.app.map.map_overlay import MapOverlay
from referee.rules.activation.commands import Command, Reserves
from referee.rules.activation.deployment import cost, used
from referee.rules.activation.state import Piece


class ReservesWizard(ActivationWizard):
    """See the module docstring."""

    def __init__(
        self, situation: Situation, overlay: MapOverlay, parent: QWidget | None = None
    ) -> None:
        super().__init__(situation, overlay, "Reserves", parent)
        game, state = self.game, self.state
        side = self.side or 0
        start = game.rules.start
        roster = sorted(
            (p for p in state.of_side(side) if p.status == "roster"), key=lambda p: p.uid
        )
        capacity = game.mission(state).capacity if state.mission else 0
        self.left = capacity - used(game.cards, state, side, start)
        self.unit_costs = {p.uid: cost(game.cards, p, start) for p in roster if p.kind == "unit"}
        structures = [p.uid for p in roster if p.kind != "unit"]
        counts = "capacity points" if start.capacity == "points" else "units (1 each)"
        self.page_ = ReservesPage(
            side,
            [p for p in roster if p.kind == "unit"],
            lambda p: f"{p.uid}: {game.card(p).name}, takes {self.unit_costs[p.uid]}",
            f"Side {side} has {self.left} of {capacity} {counts} left (ruling "
            f"activation.capacity: {start.capacity}). Tick the units it leaves in the "
            "reserves; the rest of its roster is out of the battle."
            + (f" Structures not deployed go out: {', '.join(structures)}." if structures else ""),
        )
        self.dice = DicePage()
        self.addPage(self.page_)
        self.addPage(self.dice)

    def ticked(self) -> tuple[str, ...]:
        return self.page_.ticked()

    def taken(self) -> int:
        """The capacity the units ticked take."""
        return sum(self.unit_costs[uid] for uid in self.ticked())

    def command(self) -> Command | None:
        if self.side is None:
            return None
        return Reserves(self.side, self.ticked())


class ReservesPage(QWizardPage):
    """The units of the roster, each with a box; complete while they fit the capacity."""

    def __init__(
        self, side: int, units: list[Piece], words: Callable[[Piece], str], note: str
    ) -> None:
        super().__init__()
        self.setTitle(f"Side {side}'s reserves")
        self.setSubTitle("Which units wait in the reserves? None ticked: all are out.")
        self.note = QLabel(note)
        self.note.setTextFormat(Qt.TextFormat.PlainText)  # unit ids from the file
        self.note.setWordWrap(True)
        self.list = QListWidget()
        for piece in units:
            item = QListWidgetItem(words(piece))
            item.setData(Qt.ItemDataRole.UserRole, piece.uid)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            self.list.addItem(item)
        self.sum = QLabel()
        self.sum.setTextFormat(Qt.TextFormat.PlainText)
        self.sum.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(self.note)
        layout.addWidget(self.list, 1)
        layout.addWidget(self.sum)
        self.list.itemChanged.connect(self._changed)

    def _wizard(self) -> ReservesWizard:
        wizard = self.wizard()
        assert isinstance(wizard, ReservesWizard)
        return wizard

    def initializePage(self) -> None:
        self._changed()

    def _changed(self) -> None:
        wizard = self.wizard()
        if isinstance(wizard, ReservesWizard):
            taken, left = wizard.taken(), wizard.left
            over = " — more than is left: untick some" if taken > left else ""
            self.sum.setText(f"The reserves take {taken} of the {left} left{over}.")
        self.completeChanged.emit()

    def ticked(self) -> tuple[str, ...]:
        out = []
        for i in range(self.list.count()):
            item = self.list.item(i)
            if item.checkState() == Qt.CheckState.Checked:
                out.append(str(item.data(Qt.ItemDataRole.UserRole)))
        return tuple(out)

    def tick(self, *uids: str) -> None:
        """Tick exactly ``uids`` (what clicks on their boxes do)."""
        for i in range(self.list.count()):
            item = self.list.item(i)
            on = item.data(Qt.ItemDataRole.UserRole) in uids
            item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)

    def isComplete(self) -> bool:
        wizard = self.wizard()
        return isinstance(wizard, ReservesWizard) and wizard.taken() <= wizard.left
