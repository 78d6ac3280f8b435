"""The deploy wizard: a unit or structure of the side whose turn it is (still on its
roster), then its tile (the legal ones highlighted on the map, a click picks one) and its
facing (into the map to begin with: :func:`~referee.rules.activation.deployment.facing_into_map`),
and for a unit the ammunition it starts with (at most its card's; clause
``activation.ammunition``); it builds ``deploy side=S uid=U hex=H facing=F ammunition=N``
(clause ``activation.deployment``). The last row of the first page is the pass, ``deploy-pass
side=S``: the side deploys nothing more (ruling ``activation.deploy-pass`` says whether it
may deploy again after the other side's turn).

The legal tiles are those the engine takes: each tile of the map is tried on a copy of the
match (:func:`~referee.app.activation.wizards.base.dry_run`) with the facing chosen (a
vehicle's slots lie along it), so the wizard never offers a tile the step would refuse."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QListWidgetItem, QWidget

from referee.app.activation.wizards.base import DicePage, Situation
from referee.app.activation.wizards.pieces import PiecePage
from referee.app.activation.wizards.tiles import PlacingWizard, TilePage
from referee.app.map.map_overlay import MapOverlay
from referee.app.widgets.boxes import SpinBox
from referee.board.edge_words import edge_words
from referee.board.hexgrid import Hex, hex_label
from referee.rules.activation.commands import Command, Deploy, DeployPass
from referee.rules.activation.deployment import facing_into_map
from referee.rules.activation.game import battle_map, edge_of
from referee.rules.activation.state import Piece

PIECE, WHERE, DICE = range(3)
PASS = ""
"""The pass row's data, in place of a uid."""


class DeployWizard(PlacingWizard):
    """See the module docstring."""

    def __init__(
        self, situation: Situation, overlay: MapOverlay, parent: QWidget | None = None
    ) -> None:
        super().__init__(situation, overlay, "Deploy", parent)
        side = self.side or 0
        game = self.game
        pieces = sorted(
            (p for p in self.state.of_side(side) if p.status == "roster"), key=lambda p: p.uid
        )

        def words(piece: Piece) -> str:
            name = (
                game.cards.structure(piece.card).name
                if piece.kind == "structure"
                else game.card(piece).name
            )
            return f"{piece.uid}: {name} ({piece.kind})"

        after = game.rules.start.after_pass
        edge = (
            f"Side {side} deploys from "
            f"{edge_words(battle_map(game, self.state), edge_of(game, self.state, side))}, "
            f"within {game.rules.start.depth} rows of it. "
            if self.state.mission
            else ""
        )
        self.pieces = DeployPiecePage(
            f"Side {side} deploys",
            f"{edge}Which unit or structure? (Those still on the roster.) Or the pass, last.",
            pieces,
            words,
        )
        passing = (
            "its deployment ends"
            if after == "done"
            else "deployment ends if the other side passes next"
        )
        item = QListWidgetItem(
            f"Pass: side {side} deploys nothing more now ({passing}; ruling "
            f"activation.deploy-pass: {after})"
        )
        item.setData(Qt.ItemDataRole.UserRole, PASS)
        self.pieces.list.addItem(item)
        self.where = WherePage()
        if self.state.mission:  # facing into the map, away from its edge, to begin with
            self.where.facing.setCurrentIndex(
                facing_into_map(battle_map(game, self.state), edge_of(game, self.state, side))
            )
        self.dice = DicePage()
        self.setPage(PIECE, self.pieces)
        self.setPage(WHERE, self.where)
        self.setPage(DICE, self.dice)

    def command(self) -> Command | None:
        if self.pieces.passing() and self.side is not None:
            return DeployPass(self.side)
        uid, tile = self.pieces.uid(), self.where.tile()
        if uid is None or tile is None or self.side is None:
            return None
        return Deploy(
            self.side, uid, tile, self.where.facing.currentIndex(), self.where.ammunition_given()
        )

    def candidates(self) -> list[Hex]:
        if self.pieces.uid() is None:
            return []
        return sorted(battle_map(self.game, self.state).hexes, key=hex_label)

    def placed(self) -> Piece | None:
        uid = self.pieces.uid()
        return self.state.pieces[uid] if uid is not None else None

    def tile_command(self, h: Hex, facing: int) -> Command | None:
        uid = self.pieces.uid()
        if uid is None or self.side is None:
            return None
        return Deploy(self.side, uid, h, facing)


class DeployPiecePage(PiecePage):
    """The pieces of the roster, and the pass (the last row)."""

    def passing(self) -> bool:
        items = self.list.selectedItems()
        return bool(items) and items[0].data(Qt.ItemDataRole.UserRole) == PASS

    def uid(self) -> str | None:
        return None if self.passing() else super().uid()

    def isComplete(self) -> bool:
        return self.passing() or super().isComplete()

    def nextId(self) -> int:
        return DICE if self.passing() else WHERE


class WherePage(TilePage):
    """The tile (the legal ones listed and highlighted), the facing and, for a unit, the
    ammunition it starts with."""

    def __init__(self) -> None:
        super().__init__(
            "Where",
            "The tiles it may deploy on are green on the map: click one, or pick it below.",
            "a tile it may deploy on",
        )
        self.ammunition = SpinBox()
        self.ammunition.setToolTip(
            "The ammunition the unit starts with: from none to its "
            "card's (clause activation.ammunition)"
        )
        self.form.addRow("Ammunition", self.ammunition)

    def initializePage(self) -> None:
        wizard = self._wizard()
        assert isinstance(wizard, DeployWizard)
        uid = wizard.pieces.uid()
        if uid is not None:
            piece = wizard.state.pieces[uid]
            unit = piece.kind != "structure"
            self.form.setRowVisible(self.ammunition, unit)  # a structure has no ammunition
            if unit:
                most = wizard.game.card(piece).ammunition
                self.ammunition.setRange(0, most)
                self.ammunition.setValue(most)
                self.ammunition.setSuffix(f" of {most}")
        super().initializePage()

    def ammunition_given(self) -> int | None:
        """The starting ammunition chosen; None for a structure, and for a unit's full load
        (the command's default, left out of the command as a referee would type it)."""
        if not self.form.isRowVisible(self.ammunition):
            return None
        value = self.ammunition.value()
        return None if value == self.ammunition.maximum() else value
