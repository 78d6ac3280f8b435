"""The first page of a wizard: which unit or structure of the side whose turn it is. The
tiles of those on the map are green on it and a click on one picks its unit (a second
click on a tile of several picks the next)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QListWidget, QListWidgetItem, QVBoxLayout, QWizardPage

from referee.app.activation.wizards.base import CHOSEN, LEGAL, ActivationWizard
from referee.board.hexgrid import Hex
from referee.rules.activation.state import Piece


class PiecePage(QWizardPage):
    """A list of ``pieces`` (each with its words); complete once one is picked."""

    def __init__(
        self, title: str, subtitle: str, pieces: list[Piece], words: Callable[[Piece], str]
    ) -> None:
        super().__init__()
        self.setTitle(title)
        self.setSubTitle(subtitle)
        self.pieces = pieces
        self.list = QListWidget()
        for piece in pieces:
            item = QListWidgetItem(words(piece))
            item.setData(Qt.ItemDataRole.UserRole, piece.uid)
            self.list.addItem(item)
        layout = QVBoxLayout(self)
        if not pieces:
            layout.addWidget(QLabel("None can: close the wizard (the command line takes a pass)."))
        layout.addWidget(self.list, 1)
        self.list.itemSelectionChanged.connect(self._picked)

    def initializePage(self) -> None:
        if self.uid() is None and self.list.count():
            # the first row picked, as the main game's wizards do: Next (or Return) goes on
            # at once, arrows or a click pick another
            self.list.setCurrentRow(0)
        self._draw()

    def cleanupPage(self) -> None:
        wizard = self.wizard()
        if isinstance(wizard, ActivationWizard):
            wizard.overlay.clear_hexes()

    def _draw(self) -> None:
        wizard = self.wizard()
        if not isinstance(wizard, ActivationWizard):
            return
        wizard.overlay.clear_hexes()
        wizard.overlay.hexes(
            [p.hex for p in self.pieces if p.hex is not None], LEGAL, "a unit the wizard may take"
        )
        picked = next((p for p in self.pieces if p.uid == self.uid()), None)
        if picked is not None and picked.hex is not None:
            wizard.overlay.hexes([picked.hex], CHOSEN, "the unit picked")

    def _picked(self) -> None:
        self._draw()
        self.completeChanged.emit()

    def uid(self) -> str | None:
        items = self.list.selectedItems()
        return str(items[0].data(Qt.ItemDataRole.UserRole)) if items else None

    def pick(self, uid: str) -> None:
        """Select ``uid`` (what a click on it does)."""
        for i in range(self.list.count()):
            if self.list.item(i).data(Qt.ItemDataRole.UserRole) == uid:
                self.list.setCurrentRow(i)

    def pick_hex(self, h: Hex) -> bool:
        """A click on ``h`` picks the unit there (the next one, if several are and one of
        them is picked)."""
        here = [p.uid for p in self.pieces if p.hex == h]
        if not here:
            return False
        now = self.uid()
        self.pick(here[(here.index(now) + 1) % len(here)] if now in here else here[0])
        return True

    def isComplete(self) -> bool:
        return self.uid() is not None
