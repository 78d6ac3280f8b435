"""The reserves wizard: a unit of the side whose turn it is waiting in the reserves enters
the battle on its player's edge (ruling ``activation.reserves-entry``, clauses
``activation.reserves`` and ``activation.move-actions``): the unit, then the tile of the
edge (those the engine takes green on the map, a click picks one), its facing and, under
ruling ``activation.reserves-ammunition``'s reading ``choose``, the ammunition it starts
with (0 to its card's, its card's to begin with; clause ``activation.ammunition``); it
builds ``enter uid=U hex=H facing=F ammunition=N`` (the ammunition always written: an enter
naming none enters with what it had in the reserves, none). Under the readings ``full`` and
``none`` the page says what it enters with and the command names none.

Each tile of the edge is dry-run on a copy of the match for the facing chosen, so the
wizard never offers a tile the step would refuse (a vehicle's slots taken); under the
ruling's ``mission`` reading the engine refuses every tile, and the page says so."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from referee.app.activation.wizards.base import DicePage, Situation
from referee.app.activation.wizards.pieces import PiecePage
from referee.app.activation.wizards.tiles import PlacingWizard, TilePage
from referee.app.map.map_overlay import MapOverlay
from referee.app.widgets.boxes import SpinBox
from referee.board.edge_words import edge_words
from referee.board.hexgrid import Hex
from referee.rules.activation.commands import Command, Enter
from referee.rules.activation.deployment import facing_into_map
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
        self.where = EnterPage(
            "Where it enters",
            f"The tiles of side {side}'s edge it may "
            "enter on are green on the map: click one, or pick it below.",
            "a tile of the edge it may enter on",
        )
        self.dice = DicePage()
        for page in (self.unit, self.where, self.dice):
            self.addPage(page)
        if self.state.mission:  # facing into the map, away from its edge, to begin with
            self.where.facing.setCurrentIndex(facing_into_map(battle_map(game, self.state), edge))

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
        return Enter(
            piece.uid, tile, self.where.facing.currentIndex(), self.where.ammunition_given()
        )


class EnterPage(TilePage):
    """The tile and facing, and the ammunition the unit enters with (ruling
    ``activation.reserves-ammunition``)."""

    def __init__(self, title: str, subtitle: str, words: str) -> None:
        super().__init__(title, subtitle, words)
        self.subtitle = subtitle
        self.ammunition = SpinBox()
        self.ammunition.setToolTip(
            "The ammunition the unit enters with: from none to its card's, chosen as at "
            "deployment (ruling activation.reserves-ammunition)"
        )
        self.form.addRow("Ammunition", self.ammunition)

    def initializePage(self) -> None:
        wizard = self.wizard()
        assert isinstance(wizard, EnterWizard)
        piece = wizard.piece()
        if piece is not None:
            reading = wizard.game.rules.start.reserves_ammunition
            most = wizard.game.card(piece).ammunition
            self.form.setRowVisible(self.ammunition, reading == "choose")
            self.ammunition.setRange(0, most)
            self.ammunition.setValue(most)
            self.ammunition.setSuffix(f" of {most}")
            has = {"choose": "", "full": f" It enters with its card's {most} ammunition"}
            said = has.get(reading, " It enters with no ammunition")
            if said:
                said += f" (ruling activation.reserves-ammunition: {reading})."
            self.setSubTitle(self.subtitle + said)
        super().initializePage()

    def ammunition_given(self) -> int | None:
        """The ammunition chosen (None where the ruling leaves nothing to choose)."""
        if not self.form.isRowVisible(self.ammunition):
            return None
        return self.ammunition.value()
