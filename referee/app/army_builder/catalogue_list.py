"""The army builder's catalogue: a nation's units, each with its cost (and HUGE), its id,
models, size and types as the tip; the unit id is the item's data."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QWidget

from referee.app.widgets.plain_text import plain_tip
from referee.army.sheet import cost_text
from referee.units.model import UnitType


class CatalogueList(QListWidget):
    """The units the army may take; Return (or Enter) on one asks to add it."""

    unit_chosen = Signal()
    """Return pressed on the current unit."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("catalogue")
        self.setWordWrap(True)  # a long name and its cost on two lines, never cut
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)

    def show_units(self, units: Iterable[UnitType]) -> None:
        self.clear()
        for unit in units:
            item = QListWidgetItem(
                f"{unit.name} — {cost_text(unit.cost)}" + (" — HUGE" if unit.size == "huge" else "")
            )
            item.setData(Qt.ItemDataRole.UserRole, unit.id)
            item.setToolTip(
                plain_tip(
                    f"{unit.id}: {unit.models} model(s), {unit.size}, "
                    + ", ".join(sorted(unit.types))
                )
            )
            self.addItem(item)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.currentItem():
            self.unit_chosen.emit()
            event.accept()
            return
        super().keyPressEvent(event)

    def unit_id(self, row: int) -> str | None:
        """The unit id of row ``row`` (None for no such row)."""
        item = self.item(row)
        return None if item is None else str(item.data(Qt.ItemDataRole.UserRole))
