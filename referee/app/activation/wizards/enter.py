"""The reserves wizard: a unit of the side whose turn it is waiting in the reserves enters
the battle on its player's edge (ruling ``activation.reserves-entry``, clauses
``activation.reserves`` and ``activation.move-actions``): the unit, then the tile of the
edge (those the engine takes green on the map, a click picks one) and its facing; it builds
``enter uid=U hex=H facing=F``.

Each tile of the edge is dry-run on a copy of the match for the facing chosen, so the
wizard never offers a tile the step would refuse (a vehicle's slots taken); under the
ruling's ``mission`` reading the engine refuses every tile, and the page says so."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from referee.app.activation.wizards.base import DicePage, Situation
from referee.app.activation.wizards.pieces import PiecePage
from referee.app.activation.wizards.tiles import PlacingWizard, TilePage
from referee.app.map.map_overlay import MapOverlay
from referee.board.edge_words import edge_words
from referee.board.hexgrid import DIRECTION_NAMES, Hex
from referee.rules.activation.commands import Command, Enter
from referee.rules.activation.game import battle_map, edge_of
from referee.rules.activation.missions import edge_tiles
from referee.rules.activation.state import Piece


class EnterWizard(PlacingWizard):
    """See the module docstring."""

    def __init__(
        self, situation: Situation, overlay: MapOverlay, parent: QWidget | None = None
    ) -> None:
        super().__init__(situation, overlay, "Enter from the reserves", parent)
        game = self.game
        side = self.side or 0
        pieces = sorted(
            (p for p in self.state.of_side(side) if p.kind == "unit" and p.status == "reserve"),
            key=lambda p: p.uid,
        )
        edge = edge_of(game, self.state, side) if self.state.mission else "?"
        where = f", {edge_words(battle_map(game, self.state), edge)}" if self.state.mission else ""

        def words(piece: Piece) -> str:
            card = game.card(piece)
            return f"{piece.uid}: {card.name} ({card.type}), in the reserves"

        self.unit = PiecePage(
            f"Side {side} brings in a unit from the reserves",
            f"Which unit? It enters on a tile of side {side}'s edge{where}.",
            pieces,
            words,
        )
        self.where = TilePage(
            "Where it enters",
            f"The tiles of side {side}'s edge it may "
            "enter on are green on the map: click one, or pick it below.",
            "a tile of the edge it may enter on",
        )
        self.dice = DicePage()
        for page in (self.unit, self.where, self.dice):
            self.addPage(page)
        if edge in DIRECTION_NAMES:  # facing into the map, away from its edge, to begin with
            self.where.facing.setCurrentIndex((DIRECTION_NAMES.index(edge) + 3) % 6)

    def piece(self) -> Piece | None:
        uid = self.unit.uid()
        return self.state.pieces[uid] if uid is not None else None

    def candidates(self) -> list[Hex]:
        piece = self.piece()
        if piece is None:
            return []
        game = self.game
        return list(edge_tiles(battle_map(game, self.state), edge_of(game, self.state, piece.side)))

    def tile_command(self, h: Hex, facing: int) -> Command | None:
        piece = self.piece()
        return Enter(piece.uid, h, facing) if piece is not None else None

    def command(self) -> Command | None:
        piece, tile = self.piece(), self.where.tile()
        if piece is None or tile is None:
            return None
        return Enter(piece.uid, tile, self.where.facing.currentIndex())
