"""The page of a tile and a facing where a unit is set down (disembarking from a transport,
entering from the reserves): the tiles the engine takes for the facing chosen are listed
and green on the map, a click picks one. The wizard gives the candidate tiles and the
command for a tile and facing (:class:`PlacingWizard`); each candidate is dry-run on a copy of
the match, so a tile is offered only if the step would take it. Changing the facing tries
the tiles again (a vehicle's slots lie along its facing, clause ``activation.slots``)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QFormLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWizardPage,
)

from referee.app.activation.wizards.base import CHOSEN, LEGAL, ActivationWizard, dry_run
from referee.app.activation.wizards.health_words import health_check_words
from referee.app.activation.wizards.sharing import sharing_words
from referee.app.widgets.boxes import ComboBox
from referee.board.hexgrid import DIRECTION_NAMES, Hex, facing_name, hex_label
from referee.rules.activation.commands import Command
from referee.rules.activation.state import Piece


class PlacingWizard(ActivationWizard):
    """A wizard with a :class:`TilePage`: it names the tiles worth trying and the command
    for each."""

    def candidates(self) -> list[Hex]:
        """The tiles worth trying (the engine has the last word on each)."""
        raise NotImplementedError

    def tile_command(self, h: Hex, facing: int) -> Command | None:
        """The command that sets the unit down on ``h`` facing ``facing``."""
        raise NotImplementedError

    def placed(self) -> Piece | None:
        """The unit or structure set down (None: none picked yet)."""
        return self.piece()


class TilePage(QWizardPage):
    """A tile the engine takes and a facing; ``words`` names the tiles on the map."""

    def __init__(self, title: str, subtitle: str, words: str) -> None:
        super().__init__()
        self.words = words
        self.setTitle(title)
        self.setSubTitle(subtitle)
        self.facing = ComboBox()
        self.facing.addItems(DIRECTION_NAMES)
        self.tiles = QListWidget()
        self.none = QLabel()
        self.none.setTextFormat(Qt.TextFormat.PlainText)
        self.none.setWordWrap(True)
        self.form = QFormLayout()
        self.form.addRow("Facing", self.facing)
        layout = QVBoxLayout(self)
        layout.addLayout(self.form)
        layout.addWidget(self.none)
        layout.addWidget(self.tiles, 1)
        self.legal: list[Hex] = []
        self.tiles.itemSelectionChanged.connect(self._picked)
        self.facing.currentIndexChanged.connect(lambda _i: self._try())

    def _wizard(self) -> PlacingWizard:
        wizard = self.wizard()
        assert isinstance(wizard, PlacingWizard)
        return wizard

    def initializePage(self) -> None:
        self._try()

    def _try(self) -> None:
        """The tiles the engine takes for the facing chosen (the tile picked kept if it
        still is one)."""
        if self.wizard() is None:
            return
        wizard = self._wizard()
        kept = self.tile()
        facing = self.facing.currentIndex()
        self.legal, refused = [], []
        for h in sorted(wizard.candidates(), key=hex_label):
            command = wizard.tile_command(h, facing)
            outcome = dry_run(wizard, command) if command is not None else "no unit picked"
            if isinstance(outcome, str):
                refused.append(outcome)
            else:
                self.legal.append(h)
        self.tiles.blockSignals(True)
        self.tiles.clear()
        piece = wizard.placed()
        for h in self.legal:
            shared = (
                sharing_words(wizard.game, wizard.state, piece, h)
                + health_check_words(wizard.game, wizard.state, piece, h)
                if piece is not None and piece.kind == "unit"
                else ""
            )
            item = QListWidgetItem(hex_label(h) + shared)
            item.setData(Qt.ItemDataRole.UserRole, hex_label(h))
            self.tiles.addItem(item)
        if kept in self.legal:
            self.tiles.setCurrentRow(self.legal.index(kept))
        self.tiles.blockSignals(False)
        self.none.setText(
            ""
            if self.legal
            else f"No tile facing {facing_name(facing)}: the engine refuses "
            f"each ({refused[0] if refused else 'none to try'})."
        )
        self.none.setVisible(not self.legal)
        self._picked()

    def cleanupPage(self) -> None:
        self._wizard().overlay.clear_hexes()

    def _draw(self) -> None:
        overlay = self._wizard().overlay
        overlay.clear_hexes()
        overlay.hexes(self.legal, LEGAL, self.words)
        tile = self.tile()
        if tile is not None:
            overlay.hexes([tile], CHOSEN, "the tile picked")

    def _picked(self) -> None:
        self._draw()
        self.completeChanged.emit()

    def tile(self) -> Hex | None:
        items = self.tiles.selectedItems()
        if not items:
            return None
        label = str(items[0].data(Qt.ItemDataRole.UserRole))
        return next((h for h in self.legal if hex_label(h) == label), None)

    def pick_hex(self, h: Hex) -> bool:
        if h not in self.legal:
            return False
        self.tiles.setCurrentRow(self.legal.index(h))
        return True

    def isComplete(self) -> bool:
        return self.tile() is not None
