"""Missions of the activation rules (sample data) and the map each sets up.

``data/rulesets/<id>/missions.toml`` (schema: data/README.md, "The activation rules"). The
draft has the players ban missions until one is left and set the map up "based on the active
mission", but describes none: the shipped missions are sample data. A mission names its map
(the 169-tile hexagon), each player's edge, each player's capacity and its buildings.

Clauses ``activation.map``, ``activation.mission-choosing``.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING

import msgspec

from referee.board.hexgrid import Hex, LabelError, hex_label, parse_label
from referee.board.maps import EDGES, BattleMap, MapError, edge_depth, find_map, load_map
from referee.errors import RefereeError
from referee.rules.activation.cards import CARDS, Cards
from referee.rules.activation.pips import Pips
from referee.rules.activation.tables import ACTIVATION
from referee.rules.table_reader import TableReader
from referee.ruleset.readings import ruling_resolver
from referee.ruleset.tables import TableKind

if TYPE_CHECKING:
    from referee.ruleset import Ruleset

MISSIONS_FILE = "missions.toml"
BUILDING_TERRAIN = "building"


class UnknownMission(RefereeError):
    pass


class MissionBuilding(msgspec.Struct, frozen=True):
    hex: Hex
    structure: str
    pips: Pips


class Mission(msgspec.Struct, frozen=True):
    id: str
    name: str
    text: str
    map_name: str
    edges: Mapping[int, str]
    """Side -> the side of the hexagon that is its edge (N, NE, SE, S, SW, NW)."""
    capacity: int
    buildings: tuple[MissionBuilding, ...] = ()

    def to_json(self) -> dict[str, object]:
        return {
            "id": self.id,
            "name": self.name,
            "text": self.text,
            "map": self.map_name,
            "edges": {f"side{s}": e for s, e in self.edges.items()},
            "capacity": self.capacity,
            "buildings": [
                {"hex": hex_label(b.hex), "structure": b.structure, "pips": b.pips.to_json()}
                for b in self.buildings
            ],
        }


class Missions(msgspec.Struct, frozen=True):
    missions: Mapping[str, Mission]

    def ids(self) -> tuple[str, ...]:
        return tuple(self.missions)

    def get(self, mission_id: str) -> Mission:
        if mission_id not in self.missions:
            raise UnknownMission(
                f"no mission {mission_id!r} (missions: {', '.join(self.missions)})"
            )
        return self.missions[mission_id]


def base_map(mission: Mission) -> BattleMap:
    """The map a mission is played on, before its buildings."""
    return load_map(find_map(mission.map_name))


def mission_map(mission: Mission, battle_map: BattleMap) -> BattleMap:
    """``battle_map`` with the mission's buildings on it (clause ``activation.map``)."""
    return battle_map.with_terrain({b.hex: BUILDING_TERRAIN for b in mission.buildings})


def edge_tiles(battle_map: BattleMap, edge: str) -> frozenset[Hex]:
    """The tiles of ``battle_map`` along its ``edge`` (clause ``activation.deployment``)."""
    return frozenset(h for h in battle_map.hexes if edge_depth(battle_map, h, edge) == 1)


def _mission(
    r: TableReader,
    raw: Mapping[str, object],
    index: int,
    cards: Cards,
    maps: dict[str, BattleMap],
    most_pips: int,
) -> Mission | None:
    mid = raw.get("id")
    if not isinstance(mid, str) or not mid:
        r.problem(f"mission[{index}].id", "missing")
        return None
    where = f"mission {mid}"
    r.keys(raw, where, ("id", "name", "text", "map", "edges", "capacity", "building"))
    map_name = r.text(raw, where, "map")
    battle_map = maps.get(map_name)
    if battle_map is None and map_name:
        try:
            battle_map = maps[map_name] = load_map(find_map(map_name))
        except (FileNotFoundError, MapError) as exc:
            r.problem(f"{where}.map", str(exc).splitlines()[0])
    if battle_map is not None and battle_map.shape != "hexagon":
        r.problem(f"{where}.map", "the activation rules are played on a hexagonal map")
    edges_raw = r.table(raw.get("edges", {}), f"{where}.edges")
    r.keys(edges_raw, f"{where}.edges", ("side1", "side2"))
    edges = {s: r.text(edges_raw, f"{where}.edges", f"side{s}", choices=EDGES) for s in (1, 2)}
    if edges[1] and edges[1] == edges[2]:
        r.problem(f"{where}.edges", "the two players need different edges")
    buildings: list[MissionBuilding] = []
    raw_buildings = raw.get("building", [])
    if not isinstance(raw_buildings, list):
        r.problem(f"{where}.building", "expected [[mission.building]] tables")
        raw_buildings = []
    seen: set[Hex] = set()
    for i, b in enumerate(raw_buildings):
        bw = f"{where}.building[{i}]"
        bt = r.table(b, bw)
        r.keys(bt, bw, ("hex", "structure", "pips"))
        try:
            h = parse_label(r.text(bt, bw, "hex"))
        except LabelError as exc:
            r.problem(f"{bw}.hex", str(exc))
            continue
        if battle_map is not None and h not in battle_map:
            r.problem(f"{bw}.hex", f"{hex_label(h)} is not on the map {map_name!r}")
        if h in seen:
            r.problem(f"{bw}.hex", f"{hex_label(h)} already has a building")
        seen.add(h)
        structure = r.text(bt, bw, "structure", choices=tuple(cards.structures))
        pips_raw = r.table(bt.get("pips", {}), f"{bw}.pips")
        r.keys(pips_raw, f"{bw}.pips", ("side1", "side2", "neutral"))
        counts = {
            k: r.integer(pips_raw, f"{bw}.pips", k, 0, low=0, high=most_pips)
            for k in ("side1", "side2", "neutral")
        }
        if sum(counts.values()) == 0:
            r.problem(f"{bw}.pips", "a building needs at least one pip")
        elif sum(counts.values()) > most_pips:
            r.problem(
                f"{bw}.pips",
                f"{sum(counts.values())} pips in all, more than a building holds "
                f"(at most {most_pips}, ruling activation.most-pips)",
            )
        buildings.append(MissionBuilding(h, structure, Pips(**counts)))
    return Mission(
        id=mid,
        name=r.text(raw, where, "name"),
        text=r.text(raw, where, "text", ""),
        map_name=map_name,
        edges=MappingProxyType(edges),
        capacity=r.integer(raw, where, "capacity", low=0, high=999),
        buildings=tuple(buildings),
    )


def parse_missions(path: Path, raw: Mapping[str, object], cards: Cards, most_pips: int) -> Missions:
    """The missions of a parsed ``missions.toml``, each building with at most ``most_pips``
    pips (ruling ``activation.most-pips``); every problem at once."""
    r = TableReader(path, ruling_resolver({}))
    r.keys(raw, "missions", ("mission",))
    entries = raw.get("mission", [])
    if not isinstance(entries, list) or not entries:
        r.problem("mission", "expected at least one [[mission]] table")
        entries = []
    missions: dict[str, Mission] = {}
    maps: dict[str, BattleMap] = {}
    for i, entry in enumerate(entries):
        m = _mission(r, r.table(entry, f"mission[{i}]"), i, cards, maps, most_pips)
        if m is None:
            continue
        if m.id in missions:
            r.problem(f"mission {m.id}", "already defined in this file")
        missions[m.id] = m
    r.check()
    return Missions(MappingProxyType(missions))


MISSIONS: TableKind[Missions] = TableKind(
    "activation_missions",
    (MISSIONS_FILE,),
    lambda src: parse_missions(
        src.path(MISSIONS_FILE),
        src.doc(MISSIONS_FILE),
        src.table(CARDS),
        src.table(ACTIVATION).fortifications.most_pips,
    ),
    needs=("activation", "activation_cards"),
)
"""The sample missions of an activation ruleset."""


def activation_missions(rules: Ruleset) -> Missions:
    """The missions of ``rules``."""
    return rules.table(MISSIONS)
