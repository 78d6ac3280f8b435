"""The map editor's paint tools: the terrain of the map's edition (each with its colour),
a road, a river (off where the edition has none), and the eraser of roads and rivers; a
tool is named by its id (``terrain:forest``, ``path:road``, ``erase``)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QIcon, QPixmap
from PySide6.QtWidgets import QLabel, QListWidget, QListWidgetItem, QWidget

from referee.app.widgets.plain_text import plain_tip
from referee.app.widgets.style import terrain_colour
from referee.ruleset import Ruleset

TOOLS_PATHS = (("road", "Road", "roads"), ("river", "River", "rivers"))
"""A path tool: its feature, its name in the list, and the map's list it lays."""


class PaintTools(QListWidget):
    """What to paint (see the module docstring)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("paint")

    def label(self) -> QLabel:
        """The list's title, its letter (Alt+P) giving it the keyboard."""
        title = QLabel("&Paint")
        title.setBuddy(self)
        return title

    def fill(self, rules: Ruleset) -> None:
        """The tools of ``rules``' edition, the first picked (without a signal)."""
        self.blockSignals(True)
        self.clear()
        for tid, kind in rules.terrain.terrain.items():
            pixmap = QPixmap(16, 16)
            pixmap.fill(terrain_colour(tid))
            item = QListWidgetItem(QIcon(pixmap), kind.name)
            item.setData(Qt.ItemDataRole.UserRole, f"terrain:{tid}")
            tags = ["blocking"] if kind.is_blocking else []
            tags += ["advanced"] if kind.advanced else []
            item.setToolTip(plain_tip(f"{kind.name}{' (' + ', '.join(tags) + ')' if tags else ''}"))
            self.addItem(item)
        for feature, text, _ in TOOLS_PATHS:
            item = QListWidgetItem(text)
            item.setData(Qt.ItemDataRole.UserRole, f"path:{feature}")
            if feature not in rules.terrain.features:
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEnabled)
                item.setToolTip(plain_tip(f"the {rules.id} edition has no {feature}s"))
            self.addItem(item)
        erase = QListWidgetItem("Erase roads, rivers")
        erase.setData(Qt.ItemDataRole.UserRole, "erase")
        self.addItem(erase)
        self.setCurrentRow(0)
        self.blockSignals(False)

    def tool(self) -> str:
        """The id of the tool picked ("" for none)."""
        item = self.currentItem()
        return str(item.data(Qt.ItemDataRole.UserRole)) if item is not None else ""

    def set_tool(self, tool: str) -> None:
        """Pick a tool by its id: ``terrain:forest``, ``path:road``, ``erase``."""
        for row in range(self.count()):
            if self.item(row).data(Qt.ItemDataRole.UserRole) == tool:
                self.setCurrentRow(row)
                return
        raise KeyError(f"no tool {tool!r}")
