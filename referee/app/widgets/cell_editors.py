"""The editors a table holds in its cells (a spin box, a tick box), reached by the keyboard:
Tab and Shift+Tab go from the table to its editors in their rows' order and on, never from
cell to cell, and the row of the editor that takes the keyboard becomes the table's current
row, scrolled into view (in a table that selects rows, that row is selected)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QTableWidget, QWidget
from shiboken6 import isValid


class CellEditors(QObject):
    """The keyboard way through ``table``'s cell editors (see the module docstring)."""

    def __init__(self, table: QTableWidget) -> None:
        super().__init__(table)
        self.table = table
        table.setTabKeyNavigation(False)

    def order(self, editors: Sequence[QWidget]) -> None:
        """``editors`` (the table's, in their rows' order) come right after the table when
        Tab is pressed, each followed as it takes the keyboard."""
        before: QWidget = self.table
        for editor in editors:
            QWidget.setTabOrder(before, editor)
            editor.removeEventFilter(self)
            editor.installEventFilter(self)
            before = editor

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.FocusIn and isinstance(watched, QWidget):
            # once the keyboard has settled (made current while it moves, Qt moves it on)
            QTimer.singleShot(0, self, lambda w=watched: self.follow(w))
        return False

    def follow(self, editor: QWidget) -> None:
        """The row of ``editor`` current, and in view, while it has the keyboard."""
        if not isValid(editor) or not editor.hasFocus():
            return
        index = self.table.indexAt(editor.geometry().center())  # in the viewport
        if index.isValid():
            if index.row() != self.table.currentRow():
                self.table.setCurrentIndex(index)
            self.table.scrollTo(index)
