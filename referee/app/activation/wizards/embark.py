"""The embark / disembark wizard (clause ``activation.embark``, a move action of clause
``activation.move-actions``): a unit of the side whose turn it is, then

* on the map: the transport it embarks into, within ``movement.toml`` ``costs.embark``
  tiles (1), of its side, carrying its type and with room (how full each is said: aboard
  and capacity, ruling ``activation.transport-capacity``); their tiles are green on the
  map and a click picks one: ``embark uid=U transport=T``;
* aboard a transport: the tile it disembarks onto, up to that far from the transport, and
  its facing: ``disembark uid=U hex=H facing=F``.

Out of an enemy tile (the unit's, or its transport's) the unit's row names ruling
``activation.embark-leaving``, which says whether the 1 tile is reached from there.

Only what the engine takes is offered: every unit, transport and tile is dry-run on a copy
of the match first. With none, the first page says why each unit cannot (the engine's
refusal of embarking into its nearest transport)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
    QWizardPage,
)

from referee.app.activation.wizards.base import CHOSEN, LEGAL, DicePage, Situation, dry_run
from referee.app.activation.wizards.pieces import PiecePage
from referee.app.activation.wizards.tiles import PlacingWizard, TilePage
from referee.app.map.map_overlay import MapOverlay
from referee.board.hexgrid import Hex, distance, hex_label, spiral
from referee.rules.activation.commands import Command, Disembark, Embark
from referee.rules.activation.game import battle_map, enemy_tiles
from referee.rules.activation.state import Piece
from referee.rules.activation.transport import room_text

UNIT, TRANSPORT, TILE, DICE = range(4)


class EmbarkWizard(PlacingWizard):
    """See the module docstring."""

    def __init__(
        self, situation: Situation, overlay: MapOverlay, parent: QWidget | None = None
    ) -> None:
        super().__init__(situation, overlay, "Embark / disembark", parent)
        game, state = self.game, self.state
        units = [p for p in state.of_side(self.side or 0) if p.kind == "unit"]
        self.transports: dict[str, list[Piece]] = {}
        pieces: list[Piece] = []
        for piece in sorted(units, key=lambda p: p.uid):
            if piece.on_map:
                into = [
                    t
                    for t in sorted(units, key=lambda p: p.uid)
                    if not isinstance(dry_run(self, Embark(piece.uid, t.uid)), str)
                ]
                if into:
                    self.transports[piece.uid] = into
                    pieces.append(piece)
            elif piece.status == "embarked" and self._can_disembark(piece):
                pieces.append(piece)

        enemy = enemy_tiles(state, self.side or 0)
        leaving = (
            f"; out of an enemy tile (ruling activation.embark-leaving: "
            f"{game.rules.movement.embark_leaving})"
        )

        def words(piece: Piece) -> str:
            name = game.card(piece).name
            if piece.status == "embarked":
                carrier = state.pieces[piece.carrier or ""]
                where = hex_label(carrier.hex) if carrier.hex is not None else "?"
                out = leaving if carrier.hex in enemy else ""
                return f"{piece.uid}: {name} aboard {carrier.uid} on {where}: disembarks{out}"
            into = ", ".join(t.uid for t in self.transports[piece.uid])
            where = hex_label(piece.hex) if piece.hex is not None else "?"
            out = leaving if piece.hex in enemy else ""
            return f"{piece.uid}: {name} on {where}: embarks (into {into}){out}"

        self.unit = UnitPage(
            f"Side {self.side} embarks or disembarks",
            "Which unit? Those on the map that can reach a transport with "
            "room embark; those aboard one disembark.",
            pieces,
            words,
        )
        if not pieces:
            self.unit.setSubTitle(self._why_none(units))
        self.transport = TransportPage()
        self.tile_page = TilePage(
            "Disembark",
            "The tiles it may disembark onto are green on the map: click one, or pick it below.",
            "a tile it may disembark onto",
        )
        self.dice = DicePage()
        self.setPage(UNIT, self.unit)
        self.setPage(TRANSPORT, self.transport)
        self.setPage(TILE, self.tile_page)
        self.setPage(DICE, self.dice)

    def _why_none(self, units: list[Piece]) -> str:
        """Why no unit of the side can embark or disembark: each unit on the map (not a
        transport) with the engine's refusal of embarking into the nearest transport of its
        side, as the capture wizard says why for its nearest building."""
        game = self.game
        transports = sorted(
            (t for t in units if t.hex is not None and game.card(t).transport_types),
            key=lambda t: t.uid,
        )
        why: list[str] = []
        for piece in sorted(units, key=lambda p: p.uid):
            here = piece.hex
            if here is None or piece in transports:
                continue
            if not transports:
                why.append(f"{piece.uid}: side {self.side} has no transport on the map")
                continue
            nearest = min(transports, key=lambda t: (distance(t.hex or here, here), t.uid))
            refused = dry_run(self, Embark(piece.uid, nearest.uid))
            if isinstance(refused, str):
                why.append(refused)
        head = f"No unit of side {self.side} can embark or disembark now"
        return head + (":\n" + "\n".join(why) if why else ".")

    def _can_disembark(self, piece: Piece) -> bool:
        tiles = self._near(piece)
        return any(
            not isinstance(dry_run(self, Disembark(piece.uid, h, f)), str)
            for h in tiles
            for f in range(6)
        )

    def _near(self, piece: Piece) -> list[Hex]:
        carrier = self.state.pieces.get(piece.carrier or "")
        if carrier is None or carrier.hex is None:
            return []
        tiles = battle_map(self.game, self.state).hexes
        reach = self.game.rules.movement.embark_reach
        return [h for h in spiral(carrier.hex, reach) if h in tiles]

    def piece(self) -> Piece | None:
        uid = self.unit.uid()
        return self.state.pieces[uid] if uid is not None else None

    def disembarking(self) -> bool:
        piece = self.piece()
        return piece is not None and piece.status == "embarked"

    def candidates(self) -> list[Hex]:
        piece = self.piece()
        return self._near(piece) if piece is not None else []

    def tile_command(self, h: Hex, facing: int) -> Command | None:
        piece = self.piece()
        return Disembark(piece.uid, h, facing) if piece is not None else None

    def command(self) -> Command | None:
        piece = self.piece()
        if piece is None:
            return None
        if self.disembarking():
            tile = self.tile_page.tile()
            return (
                Disembark(piece.uid, tile, self.tile_page.facing.currentIndex())
                if tile is not None
                else None
            )
        transport = self.transport.uid()
        return Embark(piece.uid, transport) if transport is not None else None


class UnitPage(PiecePage):
    """The unit; then its transport, or the tile it disembarks onto."""

    def nextId(self) -> int:
        wizard = self.wizard()
        return TILE if isinstance(wizard, EmbarkWizard) and wizard.disembarking() else TRANSPORT


class TransportPage(QWizardPage):
    """The transports the unit may embark into, with how full each is."""

    def __init__(self) -> None:
        super().__init__()
        self.setTitle("Embark")
        self.setSubTitle(
            "The transports it can embark into are green on the map: click one, or pick it below."
        )
        self.list = QListWidget()
        layout = QVBoxLayout(self)
        layout.addWidget(self.list, 1)
        self.offered: list[Piece] = []
        self.list.itemSelectionChanged.connect(self._picked)

    def _wizard(self) -> EmbarkWizard:
        wizard = self.wizard()
        assert isinstance(wizard, EmbarkWizard)
        return wizard

    def initializePage(self) -> None:
        wizard = self._wizard()
        piece = wizard.piece()
        self.list.clear()
        self.offered = list(wizard.transports.get(piece.uid, [])) if piece is not None else []
        game, state = wizard.game, wizard.state
        counts = game.rules.movement.transport_counts
        for t in self.offered:
            card = game.card(t)
            aboard = state.aboard(t.uid)
            who = f": {', '.join(p.uid for p in aboard)}" if aboard else ""
            where = hex_label(t.hex) if t.hex is not None else "?"
            room = room_text(card, [game.card(p) for p in aboard], counts)
            item = QListWidgetItem(
                f"{t.uid}: {card.name} on {where}, carries {', '.join(card.transport_types)}; "
                f"{room}{who}"
            )
            item.setData(Qt.ItemDataRole.UserRole, t.uid)
            self.list.addItem(item)
        self._draw()

    def cleanupPage(self) -> None:
        self._wizard().overlay.clear_hexes()

    def _draw(self) -> None:
        overlay = self._wizard().overlay
        overlay.clear_hexes()
        overlay.hexes(
            [t.hex for t in self.offered if t.hex is not None],
            LEGAL,
            "a transport it can embark into",
        )
        uid = self.uid()
        picked = next((t for t in self.offered if t.uid == uid), None)
        if picked is not None and picked.hex is not None:
            overlay.hexes([picked.hex], CHOSEN, "the transport picked")

    def _picked(self) -> None:
        self._draw()
        self.completeChanged.emit()

    def uid(self) -> str | None:
        items = self.list.selectedItems()
        return str(items[0].data(Qt.ItemDataRole.UserRole)) if items else None

    def pick_hex(self, h: Hex) -> bool:
        for i, t in enumerate(self.offered):
            if t.hex == h:
                self.list.setCurrentRow(i)
                return True
        return False

    def isComplete(self) -> bool:
        return self.uid() is not None

    def nextId(self) -> int:
        return DICE
