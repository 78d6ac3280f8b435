"""Terrain as data: movement costs, heights, blocking levels and cover per edition.

Loaded from ``data/rulesets/<edition>/terrain.toml`` (clauses ``terrain.*``); the schema
is documented in ``data/README.md``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any

import msgspec

from referee.errors import DataFileError

SIZES: tuple[str, ...] = ("small", "medium", "large", "huge")


def size_rank(size: str) -> int:
    """Order of unit sizes, smallest first (``small`` < ``medium`` < ``large`` < ``huge``)."""
    return SIZES.index(size)


def _cost_for(table: Mapping[str, int], tags: Iterable[str]) -> int | None:
    """The highest cost among the tags the table names, else its default, else None."""
    matches = [table[t] for t in tags if t in table]
    if matches:
        return max(matches)
    return table.get("default")


class Terrain(msgspec.Struct, frozen=True):
    """One kind of terrain of an edition (clause in ``clause``)."""

    id: str
    name: str
    clause: str
    height: int = 0
    blocking: int | None = None
    enter: Mapping[str, int] = msgspec.field(
        default_factory=lambda: MappingProxyType({"default": 1})
    )
    leave: Mapping[str, int] | None = None
    up: int | None = None
    down: int | None = None
    cover: int = 0
    evasion: int | None = None
    evasion_max_size: str | None = None
    advanced: bool = False
    stuck_tags: frozenset[str] = frozenset()
    stuck_on: int = 0
    burns_to: str | None = None

    @property
    def is_blocking(self) -> bool:
        return self.blocking is not None

    def enter_cost(self, tags: Iterable[str]) -> int | None:
        """Movement points to enter for a mover with ``tags``; None if it may not enter."""
        return _cost_for(self.enter, tags)

    def leave_cost(self, tags: Iterable[str]) -> int:
        """Movement points to leave (the first draft's swamp); 0 when leaving is free."""
        if self.leave is None:
            return 0
        return _cost_for(self.leave, tags) or 0

    def evasion_for(self, size: str) -> int | None:
        """Evasion(N+) this terrain grants a unit of ``size`` (clause ``fire.evasion``)."""
        if self.evasion is None:
            return None
        if self.evasion_max_size and size_rank(size) > size_rank(self.evasion_max_size):
            return None
        return self.evasion

    def can_get_stuck(self, tags: Iterable[str]) -> bool:
        return bool(self.stuck_tags.intersection(tags))


class Feature(msgspec.Struct, frozen=True):
    """Something a map lays on top of terrain along a path of hexes: a road or a river."""

    id: str
    name: str
    clause: str
    advanced: bool = False
    road_cost: int | None = None
    enter_extra: int = 0


class Marker(msgspec.Struct, frozen=True):
    """Something placed on a hex during a match: smoke."""

    id: str
    name: str
    clause: str
    advanced: bool = False
    blocks_los: bool = False
    enter_extra: int = 0
    cover: int = 0


class TerrainTable(msgspec.Struct, frozen=True):
    """Every terrain, feature and marker of one edition."""

    edition: str
    terrain: Mapping[str, Terrain]
    features: Mapping[str, Feature]
    markers: Mapping[str, Marker]

    def __getitem__(self, terrain_id: str) -> Terrain:
        return self.terrain[terrain_id]

    def __contains__(self, terrain_id: object) -> bool:
        return terrain_id in self.terrain


_TERRAIN_KEYS = {
    "name": str,
    "clause": str,
    "height": int,
    "blocking": int,
    "enter": dict,
    "leave": dict,
    "up": int,
    "down": int,
    "cover": int,
    "evasion": int,
    "evasion_max_size": str,
    "advanced": bool,
    "stuck": dict,
    "burns_to": str,
}
_FEATURE_KEYS = {"name": str, "clause": str, "advanced": bool, "road_cost": int, "enter_extra": int}
_MARKER_KEYS = {
    "name": str,
    "clause": str,
    "advanced": bool,
    "blocks_los": bool,
    "enter_extra": int,
    "cover": int,
}


def _check_keys(
    where: str, raw: Mapping[str, object], schema: Mapping[str, type], problems: list[str]
) -> bool:
    ok = True
    for key, value in raw.items():
        expected = schema.get(key)
        if expected is None:
            problems.append(f"{where}.{key}: unknown key (known: {', '.join(sorted(schema))})")
            ok = False
        elif not isinstance(value, expected) or (expected is int and isinstance(value, bool)):
            problems.append(f"{where}.{key}: expected {expected.__name__}, got {value!r}")
            ok = False
    for key in ("name", "clause"):
        if key not in raw:
            problems.append(f"{where}.{key}: missing")
            ok = False
    return ok


def _cost_table(where: str, raw: object, problems: list[str]) -> Mapping[str, int] | None:
    if not isinstance(raw, dict) or not raw:
        problems.append(f"{where}: expected a table of tag = cost")
        return None
    for tag, cost in raw.items():
        if not isinstance(cost, int) or isinstance(cost, bool) or cost < 0:
            problems.append(f"{where}.{tag}: a cost must be a whole number >= 0, got {cost!r}")
            return None
    return MappingProxyType(dict(raw))


def _stuck(where: str, raw: object, problems: list[str]) -> tuple[frozenset[str], int]:
    """``stuck = { tags = [...], on = N }``: movers with a tag are stuck on a d6 of N or less."""
    if not isinstance(raw, dict):
        problems.append(f"{where}: expected {{ tags = [...], on = N }}")
        return frozenset(), 0
    for key in sorted(set(raw) - {"tags", "on"}):
        problems.append(f"{where}.{key}: unknown key (known: on, tags)")
    tags = raw.get("tags", [])
    if not isinstance(tags, list) or not all(isinstance(t, str) for t in tags):
        problems.append(f"{where}.tags: expected a list of mover tags")
        tags = []
    on = raw.get("on", 0)
    if not isinstance(on, int) or isinstance(on, bool) or not 0 <= on <= 6:
        problems.append(f"{where}.on: expected a d6 result from 0 to 6, got {on!r}")
        on = 0
    return frozenset(tags), on


def _section(
    name: str, doc: Mapping[str, object], problems: list[str]
) -> dict[str, dict[str, Any]]:
    """The ``[name.ID]`` tables of a section; anything else is reported."""
    raw = doc.get(name, {})
    if not isinstance(raw, dict):
        problems.append(f"{name}: expected [{name}.NAME] tables")
        return {}
    out: dict[str, dict[str, Any]] = {}
    for key, value in raw.items():
        if isinstance(value, dict):
            out[key] = value
        else:
            problems.append(f"{name}.{key}: expected a table")
    return out


def parse_terrain_table(path: Path, doc: Mapping[str, object], edition: str) -> TerrainTable:
    """Build the table from a parsed ``terrain.toml``; every problem names its key."""
    problems: list[str] = []
    for key in doc:
        if key not in ("terrain", "features", "markers"):
            problems.append(f"{key}: unknown section (known: terrain, features, markers)")
    terrain: dict[str, Terrain] = {}
    raw_terrain = doc.get("terrain", {})
    if not isinstance(raw_terrain, dict) or not raw_terrain:
        problems.append("terrain: missing: at least one [terrain.NAME] table")
        raw_terrain = {}
    for tid, raw in raw_terrain.items():
        where = f"terrain.{tid}"
        if not isinstance(raw, dict) or not _check_keys(where, raw, _TERRAIN_KEYS, problems):
            continue
        enter = _cost_table(f"{where}.enter", raw.get("enter", {"default": 1}), problems)
        leave = _cost_table(f"{where}.leave", raw["leave"], problems) if "leave" in raw else None
        stuck = _stuck(f"{where}.stuck", raw.get("stuck", {}), problems)
        size = raw.get("evasion_max_size")
        if size is not None and size not in SIZES:
            problems.append(f"{where}.evasion_max_size: {size!r} is not one of {', '.join(SIZES)}")
        if raw.get("blocking") is not None and raw["blocking"] not in (0, 1, 2):
            problems.append(f"{where}.blocking: a blocking level is 0, 1 or 2")
        if raw.get("height", 0) not in (0, 1, 2):
            problems.append(f"{where}.height: a height level is 0, 1 or 2")
        if enter is None:
            continue
        terrain[tid] = Terrain(
            id=tid,
            name=raw["name"],
            clause=raw["clause"],
            height=raw.get("height", 0),
            blocking=raw.get("blocking"),
            enter=enter,
            leave=leave,
            up=raw.get("up"),
            down=raw.get("down"),
            cover=raw.get("cover", 0),
            evasion=raw.get("evasion"),
            evasion_max_size=size,
            advanced=raw.get("advanced", False),
            stuck_tags=stuck[0],
            stuck_on=stuck[1],
            burns_to=raw.get("burns_to"),
        )
    for tid, t in terrain.items():
        if t.burns_to is not None and t.burns_to not in terrain:
            problems.append(f"terrain.{tid}.burns_to: unknown terrain {t.burns_to!r}")
    features: dict[str, Feature] = {}
    for fid, raw in _section("features", doc, problems).items():
        if _check_keys(f"features.{fid}", raw, _FEATURE_KEYS, problems):
            features[fid] = Feature(id=fid, **raw)
    markers: dict[str, Marker] = {}
    for mid, raw in _section("markers", doc, problems).items():
        if _check_keys(f"markers.{mid}", raw, _MARKER_KEYS, problems):
            markers[mid] = Marker(id=mid, **raw)
    if problems:
        raise DataFileError(path, problems)
    return TerrainTable(
        edition=edition,
        terrain=MappingProxyType(terrain),
        features=MappingProxyType(features),
        markers=MappingProxyType(markers),
    )
