"""The deploy wizard: a unit or structure of the side whose turn it is (still on its
roster), then its tile (the legal ones highlighted on the map, a click picks one) and its
facing, and for a unit the ammunition it starts with (at most its card's; clause
``activation.ammunition``); it builds ``deploy side=S uid=U hex=H facing=F ammunition=N``
(clause ``activation.deployment``).

The legal tiles are those the engine takes: each tile of the map is tried on a copy of the
match (:func:`~referee.app.activation.wizards.base.dry_run`) with the facing chosen (a
vehicle's slots lie along it), so the wizard never offers a tile the step would refuse."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QListWidget,
    QListWidgetItem,
    QSpinBox,
    QVBoxLayout,
    QWidget,
    QWizardPage,
)

from referee.app.activation.wizards.base import CHOSEN, LEGAL, ActivationWizard, DicePage, dry_run
from referee.app.activation.wizards.pieces import PiecePage
from referee.app.map_overlay import MapOverlay
from referee.board.hexgrid import DIRECTION_NAMES, Hex, hex_label
from referee.match.activation_file import ActivationMatch
from referee.rules.activation.commands import Command, Deploy
from referee.rules.activation.game import battle_map
from referee.rules.activation.state import Piece


class DeployWizard(ActivationWizard):
    """See the module docstring."""

    def __init__(self, match: ActivationMatch, overlay: MapOverlay,
                 parent: QWidget | None = None) -> None:
        super().__init__(match, overlay, "Deploy", parent)
        side = self.side or 0
        game = match.game
        pieces = sorted((p for p in self.state.of_side(side) if p.status == "roster"),
                        key=lambda p: p.uid)

        def words(piece: Piece) -> str:
            name = (game.cards.structure(piece.card).name if piece.kind == "structure"
                    else game.card(piece).name)
            return f"{piece.uid}: {name} ({piece.kind})"

        self.pieces = PiecePage(f"Side {side} deploys", "Which unit or structure? (Those "
                                "still on the roster.)", pieces, words)
        self.where = WherePage()
        self.dice = DicePage()
        for page in (self.pieces, self.where, self.dice):
            self.addPage(page)

    def command(self) -> Command | None:
        uid, tile = self.pieces.uid(), self.where.tile()
        if uid is None or tile is None or self.side is None:
            return None
        return Deploy(self.side, uid, tile, self.where.facing.currentIndex(),
                      self.where.ammunition_given())


class WherePage(QWizardPage):
    """The tile (the legal ones listed and highlighted) and the facing."""

    def __init__(self) -> None:
        super().__init__()
        self.setTitle("Where")
        self.setSubTitle("The tiles it may deploy on are green on the map: click one, or "
                         "pick it below.")
        self.facing = QComboBox()
        self.facing.addItems(DIRECTION_NAMES)
        self.ammunition = QSpinBox()
        self.ammunition.setToolTip("The ammunition the unit starts with: from none to its "
                                   "card's (clause activation.ammunition)")
        self.tiles = QListWidget()
        self.form = QFormLayout()
        form = self.form
        form.addRow("Facing", self.facing)
        form.addRow("Ammunition", self.ammunition)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.tiles, 1)
        self.legal: list[Hex] = []
        self.tiles.itemSelectionChanged.connect(self._picked)
        self.facing.currentIndexChanged.connect(lambda _i: self._try())

    def _wizard(self) -> DeployWizard:
        wizard = self.wizard()
        assert isinstance(wizard, DeployWizard)
        return wizard

    def initializePage(self) -> None:
        wizard = self._wizard()
        uid = wizard.pieces.uid()
        self.tiles.clear()
        self.legal = []
        if uid is None or wizard.side is None:
            return
        piece = wizard.state.pieces[uid]
        unit = piece.kind != "structure"
        self.form.setRowVisible(self.ammunition, unit)  # a structure has no ammunition
        if unit:
            most = wizard.match.game.card(piece).ammunition
            self.ammunition.setRange(0, most)
            self.ammunition.setValue(most)
            self.ammunition.setSuffix(f" of {most}")
        self._try()

    def _try(self) -> None:
        """The tiles the engine takes for the facing chosen (a vehicle's slots lie along
        its facing, clause ``activation.slots``); the tile picked kept if still one."""
        wizard = self.wizard()
        if not isinstance(wizard, DeployWizard):
            return
        uid, kept = wizard.pieces.uid(), self.tile()
        if uid is None or wizard.side is None:
            return
        facing = self.facing.currentIndex()
        bm = battle_map(wizard.match.game, wizard.state)
        self.legal = [h for h in sorted(bm.hexes, key=hex_label) if not isinstance(
            dry_run(wizard, Deploy(wizard.side, uid, h, facing)), str)]
        self.tiles.blockSignals(True)
        self.tiles.clear()
        for h in self.legal:
            item = QListWidgetItem(hex_label(h))
            item.setData(Qt.ItemDataRole.UserRole, hex_label(h))
            self.tiles.addItem(item)
        if kept in self.legal:
            self.tiles.setCurrentRow(self.legal.index(kept))
        self.tiles.blockSignals(False)
        self._picked()

    def cleanupPage(self) -> None:
        self._wizard().overlay.clear_hexes()

    def _draw(self) -> None:
        overlay = self._wizard().overlay
        overlay.clear_hexes()
        overlay.hexes(self.legal, LEGAL, "a tile it may deploy on")
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

    def ammunition_given(self) -> int | None:
        """The starting ammunition chosen; None for a structure, and for a unit's full load
        (the command's default, left out of the command as a referee would type it)."""
        if not self.form.isRowVisible(self.ammunition):
            return None
        value = self.ammunition.value()
        return None if value == self.ammunition.maximum() else value

    def isComplete(self) -> bool:
        return self.tile() is not None
