"""What a game of the activation rules is played with, and what the state looks like to a rule.

:class:`ActivationGame` holds the ruleset's tables, cards and missions and the maps of the
missions: everything fixed for a game. The functions below read the state as the rules need
it: the map with its buildings, the line-of-sight board, a player's edge, the enemy tiles,
the slots taken, the board a unit moves on and the units inside a fortification.

Clauses ``activation.tiles``, ``activation.map``.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

import msgspec

from referee.board.hexgrid import Hex
from referee.board.los import LosBoard
from referee.board.maps import BattleMap
from referee.rules.activation.cards import Cards, UnitCard, activation_cards
from referee.rules.activation.deployment import with_deploy_zones
from referee.rules.activation.missions import (
    BUILDING_TERRAIN,
    Mission,
    Missions,
    activation_missions,
    base_map,
)
from referee.rules.activation.movement import MoveBoard, Mover
from referee.rules.activation.slots import Slot, footprint, slots_at
from referee.rules.activation.state import ActivationState, Piece, StateError, other
from referee.rules.activation.tables import ActivationRules, SlotRef, activation_rules
from referee.ruleset.los_rules import LosRules
from referee.ruleset.terrain import TerrainTable

if TYPE_CHECKING:
    from referee.ruleset import Ruleset


class ActivationGame(msgspec.Struct, frozen=True):
    """The fixed parts of a game (see the module docstring)."""

    ruleset: str
    readings: Mapping[str, str]
    rules: ActivationRules
    cards: Cards
    missions: Missions
    maps: Mapping[str, BattleMap]
    """Mission id -> its map before the buildings, its zones the rows each side deploys in
    (:func:`~referee.rules.activation.deployment.with_deploy_zones`)."""
    terrain: TerrainTable
    los: LosRules

    @staticmethod
    def of(ruleset: Ruleset) -> ActivationGame:
        """The game of ``ruleset`` (its tables, cards and missions under its readings)."""
        missions = activation_missions(ruleset)
        rules = activation_rules(ruleset)
        depth = rules.start.depth
        return ActivationGame(
            ruleset=ruleset.id,
            readings=ruleset.readings,
            rules=rules,
            cards=activation_cards(ruleset),
            missions=missions,
            maps=MappingProxyType(
                {
                    m.id: with_deploy_zones(base_map(m), m.edges, depth)
                    for m in missions.missions.values()
                }
            ),
            terrain=ruleset.terrain,
            los=ruleset.los,
        )

    def mission(self, state: ActivationState) -> Mission:
        if state.mission is None:
            raise StateError("no mission has been chosen yet", "mission")
        return self.missions.get(state.mission)

    def card(self, piece: Piece) -> UnitCard:
        return self.cards.unit(piece.card)

    def moves(self, piece: Piece) -> str:
        return self.rules.movement.moves[self.card(piece).type]

    def is_aircraft(self, piece: Piece) -> bool:
        return piece.kind == "unit" and self.moves(piece) == "aircraft"

    def mover(self, piece: Piece) -> Mover:
        return Mover.of(piece.uid, self.card(piece), self.rules.movement)

    def refs(self, piece: Piece) -> tuple[SlotRef, ...]:
        card = self.card(piece)
        return footprint(
            self.rules.movement.moves[card.type], card.vehicle_class, self.rules.movement
        )


def battle_map(game: ActivationGame, state: ActivationState) -> BattleMap:
    """The mission's map with a building on every fortification tile (clause
    ``activation.map``); before a mission is chosen, the first mission's map."""
    mission = state.mission or next(iter(game.maps))
    plain = game.maps[mission]
    return plain.with_terrain({h: BUILDING_TERRAIN for h in state.fortifications})


def sight(game: ActivationGame, state: ActivationState) -> LosBoard:
    """The line-of-sight board of the game now."""
    return LosBoard(battle_map(game, state), game.terrain, game.los)


def edge_of(game: ActivationGame, state: ActivationState, side: int) -> str:
    return game.mission(state).edges[side]


def enemy_tiles(state: ActivationState, side: int) -> frozenset[Hex]:
    """Tiles with units of the other side or a building it deployed (clause
    ``activation.tiles``)."""
    foe = other(side)
    units = {p.hex for p in state.on_map() if p.side == foe and p.hex is not None}
    buildings = {h for h, f in state.fortifications.items() if f.owner == foe}
    return frozenset(units | buildings)


def enemy_buildings(state: ActivationState, side: int) -> frozenset[Hex]:
    """Tiles with a building the other side holds: more of its pips are the other side's
    colour, or, with the pips tied, the other side deployed it (ruling
    ``activation.aircraft-enemy-building``)."""
    foe = other(side)
    return frozenset(
        h
        for h, f in state.fortifications.items()
        if (holder := f.pips.holder()) == foe or (holder is None and f.owner == foe)
    )


def taken_slots(game: ActivationGame, state: ActivationState, mover: Piece) -> frozenset[Slot]:
    """The slots of other units that ``mover`` must keep clear of: ground units' slots for a
    ground unit; for an aircraft none, or the ground units' under ruling
    ``activation.aircraft-layer`` = ground (aircraft meet aircraft by collision instead)."""
    layer = game.rules.movement.layer
    flying = game.is_aircraft(mover)
    out: set[Slot] = set()
    for p in state.on_map():
        if p.uid == mover.uid or p.pose is None:
            continue
        if game.is_aircraft(p) and (flying or layer == "air"):
            continue
        if flying and layer == "air":
            continue
        out |= slots_at(p.pose, game.refs(p))
    return frozenset(out)


def move_board(game: ActivationGame, state: ActivationState, piece: Piece) -> MoveBoard:
    """The board ``piece`` moves on now (clauses ``activation.move-actions``,
    ``activation.slots``, ``activation.aircraft-collisions``)."""
    aircraft = {
        p.uid: p.pose
        for p in state.on_map()
        if p.uid != piece.uid and game.is_aircraft(p) and p.pose is not None
    }
    return MoveBoard(
        tiles=frozenset(battle_map(game, state).hexes),
        taken=taken_slots(game, state, piece),
        enemy=enemy_tiles(state, piece.side),
        enemy_buildings=enemy_buildings(state, piece.side),
        aircraft=MappingProxyType(aircraft),
        aircraft_refs=MappingProxyType({uid: game.refs(state.pieces[uid]) for uid in aircraft}),
    )


def garrison(game: ActivationGame, state: ActivationState, h: Hex) -> list[Piece]:
    """The units inside the fortification on ``h``: ground units on its tile (aircraft are
    never inside, ruling ``activation.aircraft-layer``)."""
    if h not in state.fortifications:
        return []
    return [p for p in state.at(h) if not game.is_aircraft(p)]
