"""The new-match wizard's first page: which rules the match follows."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QVBoxLayout, QWizardPage

from referee.ruleset.shipped import ruleset

EDITIONS = ("current", "first-draft")
"""The editions a new match can be played under (the activation rules are another game)."""


class EditionPage(QWizardPage):
    def __init__(self) -> None:
        super().__init__()
        self.setTitle("Edition")
        self.setSubTitle("Which rules does the match follow?")
        self.list = QListWidget()
        for edition in EDITIONS:
            item = QListWidgetItem(f"{ruleset(edition).name}  ({edition})")
            item.setData(Qt.ItemDataRole.UserRole, edition)
            self.list.addItem(item)
        self.list.setCurrentRow(0)
        layout = QVBoxLayout(self)
        layout.addWidget(self.list)
        self.list.currentRowChanged.connect(self.completeChanged)

    def edition(self) -> str:
        item = self.list.currentItem()
        return str(item.data(Qt.ItemDataRole.UserRole)) if item is not None else ""

    def isComplete(self) -> bool:
        return bool(self.edition())
