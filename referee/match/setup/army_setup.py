"""A match's set-up from army lists: every unit base of each side's army (its card with the
army's upgrades, :func:`referee.army.table_units`), named and placed in its side's
deployment zone front rows first (:func:`referee.match.setup.setup_place.place_units`, clauses
``setup.blind``, ``setup.order``, ``move.stacking``), as :meth:`MatchFile.create` takes it.

Unit ids are the catalogue's unit id, then ``-2``, ``-3``... for the next base of the same
type on either side, as the new-match wizard names them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from referee.army import Army, TableUnit, table_units
from referee.board.hexgrid import Hex, hex_label, parse_label
from referee.board.maps import BattleMap
from referee.board.stacking import Occupant
from referee.match.setup.setup_place import ToPlace, front_facing, place_units
from referee.ruleset import Ruleset


def name_units(
    sides: Sequence[tuple[int, Sequence[TableUnit]]], taken: Sequence[str] = ()
) -> list[tuple[int, str, TableUnit]]:
    """Each side's units with a match id: the unit type's id, then ``-2``, ``-3``..., never
    one of ``taken``."""
    used = set(taken)
    out = []
    for side, units in sides:
        for unit in units:
            uid, n = unit.type, 1
            while uid in used:
                n += 1
                uid = f"{unit.type}-{n}"
            used.add(uid)
            out.append((side, uid, unit))
    return out


def army_units(
    battle_map: BattleMap,
    rules: Ruleset,
    armies: Mapping[int, Army],
    others: Sequence[Mapping[str, Any]] = (),
) -> list[dict[str, Any]]:
    """The set-up of ``armies`` (side -> army) beside the units ``others`` already set up
    (mappings as :meth:`MatchFile.create` takes them, with their hexes): each army's units
    placed in its side's zone, facing the enemy."""
    from referee.units.catalogue import find_unit

    sides = [(side, table_units(army, rules=rules)) for side, army in sorted(armies.items())]
    named = name_units(sides, [str(o["uid"]) for o in others])
    standing: list[tuple[int, Hex, str]] = []
    for o in others:
        card = o.get("card")
        size = str(card["raw"].get("size", "medium")) if card else find_unit(str(o["unit"])).size
        standing.append((int(o.get("side", 1)), parse_label(str(o["hex"])), size))
    specs: list[dict[str, Any]] = []
    for side in sorted(armies):
        occupied: dict[Hex, list[Occupant]] = {}
        for s, h, size in standing:
            occupied.setdefault(h, []).append(Occupant(size, enemy=s != side))
        mine = [(uid, u) for s, uid, u in named if s == side]
        placed = place_units(
            battle_map,
            side,
            [ToPlace(uid, u.card.size, u.card.tags) for uid, u in mine],
            occupied,
            rules.terrain,
        )
        facing = front_facing(battle_map, side)
        for uid, u in mine:
            standing.append((side, placed[uid], u.card.size))
            specs.append(
                {
                    "uid": uid,
                    "unit": u.card.id,
                    "side": side,
                    "hex": hex_label(placed[uid]),
                    "facing": facing,
                    "card": dict(u.card_data),
                }
            )
    return specs
