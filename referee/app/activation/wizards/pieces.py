"""The first page of a wizard: which unit or structure of the side whose turn it is."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QListWidget, QListWidgetItem, QVBoxLayout, QWizardPage

from referee.rules.activation.state import Piece


class PiecePage(QWizardPage):
    """A list of ``pieces`` (each with its words); complete once one is picked."""

    def __init__(self, title: str, subtitle: str, pieces: list[Piece],
                 words: Callable[[Piece], str]) -> None:
        super().__init__()
        self.setTitle(title)
        self.setSubTitle(subtitle)
        self.list = QListWidget()
        for piece in pieces:
            item = QListWidgetItem(words(piece))
            item.setData(Qt.ItemDataRole.UserRole, piece.uid)
            self.list.addItem(item)
        layout = QVBoxLayout(self)
        if not pieces:
            layout.addWidget(QLabel("None can: close the wizard (the command line takes "
                                    "a pass)."))
        layout.addWidget(self.list, 1)
        self.list.itemSelectionChanged.connect(self.completeChanged)

    def uid(self) -> str | None:
        items = self.list.selectedItems()
        return str(items[0].data(Qt.ItemDataRole.UserRole)) if items else None

    def pick(self, uid: str) -> None:
        """Select ``uid`` (what a click on it does)."""
        for i in range(self.list.count()):
            if self.list.item(i).data(Qt.ItemDataRole.UserRole) == uid:
                self.list.setCurrentRow(i)

    def isComplete(self) -> bool:
        return self.uid() is not None
