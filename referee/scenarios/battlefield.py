"""A map under a scenario: the zones the scenario gives it (by the reading the ruleset takes
of the scenario's zones ruling), and what the scenario forbids (clauses
``board.battle-ground``, ``board.no-mans-land``, ``board.sides``, ``terrain.advanced``).

:func:`battlefield_problems` is the one verdict: ``referee map check --scenario`` prints
it and the map editor shows it live, so both say the same thing about the same map.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from types import MappingProxyType

from referee.board.hexgrid import Hex
from referee.board.maps import (
    ZONES,
    BattleMap,
    MapError,
    parse_map,
    restricted_problems,
    zone_hexes,
)
from referee.ruleset import Ruleset
from referee.scenarios.model import Layout, Scenario, VictoryCondition


def resolved(value: object, rules: Ruleset) -> tuple[object, str | None]:
    """``value``, or for ``"@ruling-id"`` the value of the reading ``rules`` takes, with the
    ruling's id (None when no ruling decided it)."""
    if isinstance(value, str) and value.startswith("@"):
        rid = value[1:]
        return rules.reading(rid).value, rid
    return value, None


def layout_for(scenario: Scenario, rules: Ruleset) -> Layout:
    """The battlefield's size and zones under the reading ``rules`` takes of the zones ruling."""
    field = scenario.battlefield
    if field.zones_ruling is None:
        return field.layouts[""]
    return field.layouts[rules.reading(field.zones_ruling).id]


def zones_of(
    scenario: Scenario, rules: Ruleset, battle_map: BattleMap
) -> dict[str, frozenset[Hex]]:
    """The scenario's zones on ``battle_map`` (``side1``, ``no_mans_land``, ``side2``)."""
    layout = layout_for(scenario, rules)
    problems: list[str] = []
    return {
        name: zone_hexes(f"zones.{name}", layout.zones[name], battle_map, problems)
        for name in ZONES
    }


def restricted_hexes(scenario: Scenario, rules: Ruleset, battle_map: BattleMap) -> frozenset[Hex]:
    """Where no man's land's restrictions apply: no man's land, or the layout's own
    ``restricted`` hexes (ruling ``setup.first-draft-zones``, reading ``overlap``)."""
    layout = layout_for(scenario, rules)
    problems: list[str] = []
    if layout.restricted is not None:
        return zone_hexes("zones.restricted", layout.restricted, battle_map, problems)
    return zone_hexes("zones.no_mans_land", layout.zones["no_mans_land"], battle_map, problems)


def _size_problems(battle_map: BattleMap, scenario: Scenario, rules: Ruleset) -> list[str]:
    layout = layout_for(scenario, rules)
    problems = []
    if battle_map.edition != scenario.edition:
        problems.append(
            f"edition: the scenario {scenario.name} is played under {scenario.edition}, "
            f"the map is a {battle_map.edition} map"
        )
    field = scenario.battlefield
    ruling = f" (ruling {field.zones_ruling}: {layout.reading})" if field.zones_ruling else ""
    if battle_map.shape != field.shape:
        problems.append(
            f"shape: the scenario {scenario.name} needs a {field.shape} map"
            f"{ruling}, this one is a {battle_map.shape}"
        )
    elif (battle_map.columns, battle_map.rows) != (layout.columns, layout.rows):
        problems.append(
            f"columns, rows: the scenario {scenario.name} needs a {layout.columns}x{layout.rows} "
            f"map{ruling}, this one is {battle_map.columns}x{battle_map.rows}"
        )
    return problems


def battlefield_problems(battle_map: BattleMap, scenario: Scenario, rules: Ruleset) -> list[str]:
    """Everything ``battle_map`` does that ``scenario`` does not allow, each naming its key and
    hex: another edition, another size, and what its no man's land may not hold (blocking,
    advanced terrain, an advanced road or river)."""
    problems = _size_problems(battle_map, scenario, rules)
    if problems:
        return problems
    restricted = restricted_hexes(scenario, rules, battle_map)
    return restricted_problems(
        battle_map.terrain,
        battle_map.roads,
        battle_map.rivers,
        restricted,
        scenario.battlefield.forbid_in_no_mans_land,
        rules.terrain,
    )


def scenario_problems(battle_map: BattleMap, scenario: Scenario, rules: Ruleset) -> list[str]:
    """:func:`battlefield_problems`, each saying the scenario it breaks: what ``referee map
    check --scenario`` prints and the map editor lists."""
    return [
        f"scenario {scenario.id}: {p}" for p in battlefield_problems(battle_map, scenario, rules)
    ]


def map_verdicts(
    path: Path, doc: Mapping[str, object], rules: Ruleset, scenario: Scenario | None
) -> tuple[BattleMap | None, list[str]]:
    """What ``referee map check`` says of a map file's parsed ``doc`` under ``rules``: the
    map, or None when it cannot be read, and every problem (the file's own, else what
    ``scenario`` does not allow). The map editor calls it on the text it would save, so its
    live check and ``map check`` cannot disagree."""
    try:
        battle_map = parse_map(path, doc, rules.terrain)
    except MapError as exc:
        return None, list(exc.problems)
    if scenario is None:
        return battle_map, []
    return battle_map, scenario_problems(battle_map, scenario, rules)


def scenario_map(battle_map: BattleMap, scenario: Scenario, rules: Ruleset) -> BattleMap:
    """``battle_map`` with the scenario's zones and restrictions; a map that breaks the
    scenario raises :class:`MapError` naming the map's file and every problem."""
    problems = scenario_problems(battle_map, scenario, rules)
    if problems:
        raise MapError(battle_map.source or Path(battle_map.name), problems)
    return replace(
        battle_map,
        zones=MappingProxyType(zones_of(scenario, rules, battle_map)),
        forbid_in_no_mans_land=scenario.battlefield.forbid_in_no_mans_land,
    )


def victories_offered(scenario: Scenario, rules: Ruleset) -> tuple[VictoryCondition, ...]:
    """The victory conditions a match of ``scenario`` may choose from (clause
    ``victory.conditions``; ruling ``victory.first-draft`` for the first draft)."""
    offered, _ = resolved(scenario.victory_offered, rules)
    if offered is None:
        return scenario.victory
    ids = set(offered) if isinstance(offered, (list, tuple)) else set()
    return tuple(v for v in scenario.victory if v.id in ids)
