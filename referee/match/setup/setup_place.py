"""Where a side's units stand when the match begins, placed automatically in its deployment
zone (clauses ``setup.blind``, ``setup.order``) without breaking the stacking limit (clause
``move.stacking``). Pure: no Qt, no dice; the referee can move any unit afterwards.

The *front* of a zone is the part nearest the enemy's zone (else nearest the rest of the
map): its hexes are taken by their distance to it, then from the zone's middle column
outwards (left first). A unit takes the first empty hex of that order; when none is left it
joins friends where the stacking limit lets it share. A hex holding an enemy is never used,
nor, when a terrain table is given, a hex the unit could not enter (a building for a tank).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import msgspec

from referee.board.hexgrid import Hex, distance, to_offset
from referee.board.maps import BattleMap
from referee.board.stacking import Occupant, can_share
from referee.errors import RefereeError
from referee.ruleset.terrain import TerrainTable

NORTH, SOUTH = 0, 3
"""Facings (``referee.board.hexgrid.DIRECTION_NAMES``) towards the top and the bottom."""


class PlacementError(RefereeError):
    """A side that cannot be placed: no zone on the map, or no room left in it."""


class ToPlace(msgspec.Struct, frozen=True):
    """A unit to place: its id, its size and its mover tags (type line and size)."""

    uid: str
    size: str = "medium"
    tags: frozenset[str] = frozenset()


def side_zone(battle_map: BattleMap, side: int) -> frozenset[Hex]:
    """The deployment zone of ``side`` (``side1``, ``side2`` in the map file)."""
    zone = battle_map.zones.get(f"side{side}")
    if not zone:
        raise PlacementError(f"map {battle_map.name!r}: no deployment zone side{side}")
    return zone


def _towards(battle_map: BattleMap, side: int) -> frozenset[Hex]:
    """What the front of ``side``'s zone faces: the other side's zone, else the rest."""
    zone = side_zone(battle_map, side)
    others = [z for name, z in battle_map.zones.items() if name.startswith("side") and z != zone]
    enemy = frozenset().union(*others) if others else frozenset()
    return enemy or frozenset(h for h in battle_map.hexes if h not in zone)


def front_order(battle_map: BattleMap, side: int) -> tuple[Hex, ...]:
    """The hexes of ``side``'s zone, front rows first, each row from the middle outwards."""
    zone = side_zone(battle_map, side)
    towards = _towards(battle_map, side)
    columns = [to_offset(h)[0] for h in zone]
    middle = min(columns) + max(columns)  # twice the middle column: no fractions

    def key(h: Hex) -> tuple[int, int, int, int]:
        col, row = to_offset(h)
        depth = min((distance(h, t) for t in towards), default=0)
        return (depth, abs(2 * col - middle), col, row)

    return tuple(sorted(zone, key=key))


def front_facing(battle_map: BattleMap, side: int) -> int:
    """The facing of ``side``'s units towards the enemy: north when the enemy's zone lies
    above theirs, south otherwise."""
    zone, towards = side_zone(battle_map, side), _towards(battle_map, side)
    own = sum(to_offset(h)[1] for h in zone) / len(zone)
    other = sum(to_offset(h)[1] for h in towards) / max(len(towards), 1)
    return NORTH if other < own else SOUTH


def _can_enter(terrain: TerrainTable | None, battle_map: BattleMap, h: Hex, unit: ToPlace) -> bool:
    if terrain is None:
        return True
    kind = terrain.terrain.get(battle_map.terrain_at(h))
    return kind is None or kind.enter_cost(unit.tags | {unit.size}) is not None


def place_units(
    battle_map: BattleMap,
    side: int,
    units: Sequence[ToPlace],
    occupied: Mapping[Hex, Sequence[Occupant]] | None = None,
    terrain: TerrainTable | None = None,
) -> dict[str, Hex]:
    """The hex of each unit of ``units``, in their order (see the module docstring).

    ``occupied``: units already standing (placed by hand, or the other side's), seen from
    this side (``enemy=True`` for the other side's). :class:`PlacementError` names the first
    unit that finds no room.
    """
    order = front_order(battle_map, side)
    standing: dict[Hex, list[Occupant]] = {h: list(o) for h, o in (occupied or {}).items()}
    placed: dict[str, Hex] = {}
    for unit in units:
        me = Occupant(unit.size)
        usable = [
            h
            for h in order
            if not any(o.enemy for o in standing.get(h, ()))
            and _can_enter(terrain, battle_map, h, unit)
        ]
        empty = [h for h in usable if not standing.get(h)]
        shared = [h for h in usable if standing.get(h) and can_share([*standing[h], me])]
        choices = empty or shared
        if not choices:
            raise PlacementError(
                f"side {side}: no room left for {unit.uid} in the {len(order)} hexes of its "
                "deployment zone (stacking limit, clause move.stacking)"
            )
        standing.setdefault(choices[0], []).append(me)
        placed[unit.uid] = choices[0]
    return placed
