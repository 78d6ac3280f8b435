"""What the map editor does to a map, without Qt: paint a hex, lay a road or a river hex by
hex, erase them, say who may design a hex (each side its own territory, clause
``board.battle-ground``), put a scenario's zones on the map, and check it.

The check writes the map as the file it would save and reads it back with the loader of
``referee map check``, then asks the scenario (:func:`referee.scenarios.battlefield.
map_verdicts`): what the editor shows is what ``referee map check --scenario`` prints.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import replace
from pathlib import Path
from types import MappingProxyType

from referee.board.hexgrid import Hex, distance, hex_label, parse_label
from referee.board.map_text import map_text
from referee.board.maps import BattleMap
from referee.ruleset import Ruleset
from referee.scenarios.battlefield import layout_for, map_verdicts, zones_of
from referee.scenarios.model import Scenario

PATHS = ("roads", "rivers")
DESIGNERS = ("referee", "side1", "side2")
"""Who paints: the referee (the whole map), or one side (its own territory only)."""
ZONE_WORDS = {
    "side1": "side 1's territory",
    "side2": "side 2's territory",
    "no_mans_land": "no man's land",
}


def paint(battle_map: BattleMap, h: Hex, terrain: str) -> BattleMap:
    """``battle_map`` with ``h`` of ``terrain``."""
    return battle_map.with_terrain({h: terrain})


def extend_path(
    battle_map: BattleMap, kind: str, index: int | None, h: Hex
) -> tuple[BattleMap, int]:
    """Lay a road or river (``kind``: ``roads`` or ``rivers``) on to ``h``: path ``index``
    goes on when ``h`` neighbours its last hex, else a new path starts at ``h``. Returns the
    map and the index of the path laid."""
    paths = [list(p) for p in getattr(battle_map, kind)]
    if (
        index is not None
        and index < len(paths)
        and paths[index]
        and h not in paths[index]
        and distance(paths[index][-1], h) == 1
    ):
        paths[index].append(h)
    else:
        paths.append([h])
        index = len(paths) - 1
    laid = tuple(tuple(p) for p in paths)
    if kind == "roads":
        return replace(battle_map, roads=laid), index
    return replace(battle_map, rivers=laid), index


def erase_paths(battle_map: BattleMap, h: Hex) -> BattleMap:
    """``battle_map`` with every road and river cut at ``h`` (pieces of one hex go)."""
    changes: dict[str, tuple[tuple[Hex, ...], ...]] = {}
    for kind in PATHS:
        pieces: list[tuple[Hex, ...]] = []
        for path in getattr(battle_map, kind):
            run: list[Hex] = []
            for step in path:
                if step == h:
                    pieces.append(tuple(run))
                    run = []
                else:
                    run.append(step)
            pieces.append(tuple(run))
        changes[kind] = tuple(p for p in pieces if len(p) >= 2)
    return replace(battle_map, roads=changes["roads"], rivers=changes["rivers"])


def has_paths_at(battle_map: BattleMap, h: Hex) -> bool:
    return any(h in path for kind in PATHS for path in getattr(battle_map, kind))


def refusal(battle_map: BattleMap, designer: str, h: Hex) -> str | None:
    """Why ``designer`` may not paint ``h``: each side designs its own territory (no man's
    land and the enemy's side are not theirs); the referee may paint anywhere."""
    if designer == "referee" or not battle_map.zones:
        return None
    if h in battle_map.zones.get(designer, frozenset()):
        return None
    zone = battle_map.zone_of(h)
    where = ZONE_WORDS.get(zone or "", "outside every zone")
    side = designer[-1]
    return (
        f"side {side} designs only its own territory: {hex_label(h)} is in {where} "
        "(clause board.battle-ground)"
    )


def under_scenario(battle_map: BattleMap, scenario: Scenario | None, rules: Ruleset) -> BattleMap:
    """``battle_map`` with the scenario's zones and restrictions when its size fits them;
    else as it is (the check then names the size)."""
    if scenario is None:
        return battle_map
    layout = layout_for(scenario, rules)
    if (battle_map.columns, battle_map.rows) != (
        layout.columns,
        layout.rows,
    ) or battle_map.shape != scenario.battlefield.shape:
        return battle_map
    return replace(
        battle_map,
        zones=MappingProxyType(zones_of(scenario, rules, battle_map)),
        forbid_in_no_mans_land=scenario.battlefield.forbid_in_no_mans_land,
    )


def file_text(battle_map: BattleMap, scenario: Scenario | None, rules: Ruleset) -> str:
    """The map file the editor saves: with a scenario, its zones as the scenario writes
    them, and a comment naming the ruling they follow."""
    shown = under_scenario(battle_map, scenario, rules)
    if scenario is None or shown is battle_map:
        return map_text(battle_map, comment="Made in the referee map editor.")
    layout = layout_for(scenario, rules)
    ruling = scenario.battlefield.zones_ruling
    note = f"\nZones of ruling {ruling}, reading {layout.reading}." if ruling else ""
    return map_text(
        shown,
        layout.zones,
        comment=f"Made in the referee map editor for the scenario {scenario.name}.{note}",
    )


def verdicts(battle_map: BattleMap, scenario: Scenario | None, rules: Ruleset) -> list[str]:
    """What ``referee map check [--scenario]`` would print of the saved file."""
    text = file_text(battle_map, scenario, rules)
    path = battle_map.source or Path(f"{battle_map.name}.toml")
    _, problems = map_verdicts(path, tomllib.loads(text), rules, scenario)
    return problems


_HEX = re.compile(r": ([A-Z]{1,3}[0-9]{1,3}) ")


def problem_hexes(problems: list[str]) -> set[Hex]:
    """The hexes the problems name (``... no_mans_land: C5 is Forest ...``)."""
    out = set()
    for p in problems:
        for label in _HEX.findall(p):
            out.add(parse_label(label))
    return out
