"""Where every unit of a new match stands, before the match exists: each unit's match id
(``hoplite-phalanx``, then ``hoplite-phalanx-2`` ...) and what stops the set-up (a hex off
the map, two sides or too many units in one hex) or only deserves a look (a unit outside
its side's zone: clauses ``setup.order``, ``move.stacking``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import msgspec

from referee.board.hexgrid import Hex, hex_label, parse_label
from referee.board.maps import BattleMap
from referee.board.stacking import STACKING, can_share
from referee.units.model import UnitType


class Placement(msgspec.Struct, frozen=True):
    """One unit of the new match: its id, card, side and hex label (``""``: no room)."""

    key: tuple[int, str, int]
    """(side, unit id, n): what a hex the referee typed stays attached to."""
    uid: str
    unit: UnitType
    side: int
    hex: str
    edited: bool = False


def unit_ids(
    armies: Sequence[tuple[int, Sequence[tuple[UnitType, int]]]],
    stems: Mapping[str, str] | None = None,
) -> list[tuple[tuple[int, str, int], str, UnitType]]:
    """Each unit of the armies with its key and a match id: the unit's catalogue id (for an
    army file's upgraded card, its unit type's: ``stems``), then ``-2``, ``-3``... for the
    next ones of the same type (on either side)."""
    used: dict[str, int] = {}
    found = []
    for side, army in armies:
        for unit, count in army:
            stem = (stems or {}).get(unit.id, unit.id)
            for n in range(count):
                used[stem] = used.get(stem, 0) + 1
                uid = stem if used[stem] == 1 else f"{stem}-{used[stem]}"
                found.append(((side, unit.id, n), uid, unit))
    return found


def placement_problems(
    battle_map: BattleMap, placements: Sequence[Placement]
) -> tuple[list[str], list[str]]:
    """What stops the set-up (a hex off the map, two sides or too many units in a hex), and
    what only deserves a look (a unit outside its side's zone)."""
    problems: list[str] = []
    notes: list[str] = []
    by_hex: dict[Hex, list[Placement]] = {}
    for p in placements:
        if not p.hex:
            problems.append(f"{p.uid}: no room left in side {p.side}'s zone")
            continue
        try:
            h = parse_label(p.hex)
        except ValueError:
            problems.append(f"{p.uid}: {p.hex!r} is not a hex label (such as C4)")
            continue
        if h not in battle_map:
            problems.append(f"{p.uid}: {p.hex} is not on the map")
            continue
        by_hex.setdefault(h, []).append(p)
        if h not in battle_map.zones.get(f"side{p.side}", frozenset()):
            notes.append(f"{p.uid} at {p.hex} is outside side {p.side}'s deployment zone")
    for h, here in by_hex.items():
        if len({p.side for p in here}) > 1:
            problems.append(f"{hex_label(h)}: units of both sides")
        elif not can_share((p.unit.size, False) for p in here):
            problems.append(f"{hex_label(h)}: over the stacking limit ({STACKING.describe()})")
    return problems, notes
