"""Where a unit may be set up: the legal hexes of one placement, and why every other hex is
not (clauses ``board.sides``, ``abilities.forward-position``, ``move.stacking``,
``setup.scout``).

A hex is legal when it is in the unit's setup area (its side's zone, or for a unit with
Forward Position[N] up to N hexes beyond it, never in the enemy's zone; ruling
``setup.forward-clash``), the unit could stand on its terrain (no tank in a building), no
enemy stands there, the units already there leave room under the stacking limit, and the
step's sight rule holds: ``in-sight`` needs an enemy scout on the table to see the hex,
``out-of-sight`` needs none to (ruling ``setup.out-of-sight``). A scout set up as a hidden
token does not count: the opponent is not told what stands behind a token.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType

import msgspec

from referee.board.hexgrid import Hex, distance, hex_label
from referee.board.los import LosBoard, line_of_sight, los_board
from referee.board.maps import BattleMap
from referee.board.stacking import STACKING, can_share
from referee.ruleset import Ruleset
from referee.units.model import UnitType


class Standing(msgspec.Struct, frozen=True):
    """A unit already set up (or entered blind for its side): what a placement must respect."""

    uid: str
    side: int
    hex: Hex
    size: str
    scout: bool = False
    hidden: bool = False


class Reason(msgspec.Struct, frozen=True):
    text: str
    clause: str
    ruling: str | None = None


class LegalHexes(msgspec.Struct, frozen=True):
    """The hexes a unit may be set up in, and for every other hex of the map, why not."""

    uid: str
    hexes: frozenset[Hex]
    reasons: Mapping[Hex, Reason] = msgspec.field(default_factory=lambda: MappingProxyType({}))

    def __contains__(self, h: object) -> bool:
        return h in self.hexes

    def why_not(self, h: Hex) -> Reason | None:
        return self.reasons.get(h)


def forward_reach(card: UnitType) -> int:
    """N of the card's Forward Position[N], else 0 (clause ``abilities.forward-position``)."""
    ability = card.ability("forward-position")
    return ability.number(0) if ability is not None else 0


def setup_area(
    battle_map: BattleMap, side: int, card: UnitType, forward_rule: str = "refuse"
) -> tuple[frozenset[Hex], frozenset[Hex]]:
    """The unit's side zone, and the forward hexes Forward Position[N] adds to it (ruling
    ``setup.forward-clash``: ``own-half`` keeps them nearer the own zone than the enemy's)."""
    zone = battle_map.zones.get(f"side{side}", frozenset())
    enemy = battle_map.zones.get(f"side{3 - side}", frozenset())
    reach = forward_reach(card)
    if not reach or not zone:
        return zone, frozenset()
    forward = set()
    for h in battle_map.hexes:
        if h in zone or h in enemy:
            continue
        near = min(distance(h, z) for z in zone)
        if near > reach:
            continue
        if forward_rule == "own-half" and enemy and near >= min(distance(h, e) for e in enemy):
            continue
        forward.add(h)
    return zone, frozenset(forward)


def scout_sight(
    board: LosBoard, side: int, standing: Iterable[Standing]
) -> dict[Hex, frozenset[str]]:
    """For every hex of the map, the enemy scouts (of the side that is not ``side``) on the
    table that see it, at the terrain's height levels (clause ``setup.scout``)."""
    scouts = [s for s in standing if s.side != side and s.scout and not s.hidden]
    seen: dict[Hex, set[str]] = {}
    for scout in scouts:
        for h in board.battle_map.hexes:
            if h == scout.hex or line_of_sight(board, scout.hex, h).visible:
                seen.setdefault(h, set()).add(scout.uid)
    return {h: frozenset(uids) for h, uids in seen.items()}


def legal_hexes(
    rules: Ruleset,
    battle_map: BattleMap,
    uid: str,
    card: UnitType,
    side: int,
    standing: Iterable[Standing],
    hex_rule: str = "zone",
    forward_rule: str = "refuse",
    sight_ruling: str | None = None,
) -> LegalHexes:
    """The legal hexes of setting up ``uid`` (see the module docstring). ``standing``: the
    units already set up, other than ``uid``; ``hex_rule``: ``zone``, ``in-sight`` or
    ``out-of-sight``; ``sight_ruling``: the ruling that gave ``hex_rule``, named in the
    reasons."""
    others = [s for s in standing if s.uid != uid]
    zone, forward = setup_area(battle_map, side, card, forward_rule)
    by_hex: dict[Hex, list[Standing]] = {}
    for s in others:
        by_hex.setdefault(s.hex, []).append(s)
    sight: dict[Hex, frozenset[str]] = {}
    if hex_rule != "zone":
        sight = scout_sight(los_board(battle_map, rules), side, others)
    reach = forward_reach(card)
    legal: set[Hex] = set()
    reasons: dict[Hex, Reason] = {}
    for h in battle_map.hexes:
        label = hex_label(h)
        here = by_hex.get(h, [])
        if h not in zone and h not in forward:
            beyond = f" or within {reach} of it (Forward Position[{reach}])" if reach else ""
            reasons[h] = Reason(
                f"{label} is not in side {side}'s zone{beyond}",
                "abilities.forward-position" if reach else "board.sides",
                "setup.forward-clash" if reach else None,
            )
            continue
        kind = rules.terrain.terrain.get(battle_map.terrain_at(h))
        if kind is not None and kind.enter_cost(card.tags) is None:
            reasons[h] = Reason(f"{card.name} cannot stand in {kind.name} ({label})", kind.clause)
            continue
        enemies = [s.uid for s in here if s.side != side]
        if enemies:
            reasons[h] = Reason(f"{label} holds the enemy's {', '.join(enemies)}", "move.stacking")
            continue
        if not can_share([*((s.size, False) for s in here), (card.size, False)]):
            friends = ", ".join(s.uid for s in here)
            reasons[h] = Reason(
                f"{label} holds {friends}: no room for a {card.size} unit ({STACKING.describe()})",
                "move.stacking",
            )
            continue
        seen_by = sight.get(h, frozenset())
        if hex_rule == "in-sight" and not seen_by:
            reasons[h] = Reason(
                f"no enemy scout on the table sees {label}", "setup.scout", sight_ruling
            )
            continue
        if hex_rule == "out-of-sight" and seen_by:
            reasons[h] = Reason(
                f"{label} is in sight of the enemy scout {', '.join(sorted(seen_by))}: units "
                "in sight were set up in the step before",
                "setup.scout",
                sight_ruling,
            )
            continue
        legal.add(h)
    return LegalHexes(uid, frozenset(legal), MappingProxyType(reasons))
