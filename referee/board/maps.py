"""Battle maps: shape, terrain per hex, roads, rivers and deployment zones.

Map files are TOML in ``data/maps/`` (schema in ``data/README.md``, section "Maps").
Loading checks every key against the schema and the terrain of the map's edition and
reports all problems at once, each naming the file and the key or hex.

Clauses ``board.no-mans-land``, ``terrain.advanced``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path
from types import MappingProxyType

from referee.board.hexgrid import (
    Hex,
    LabelError,
    distance,
    from_offset,
    hex_label,
    parse_label,
    spiral,
    to_offset,
)
from referee.errors import DataFileError, read_toml
from referee.limits import MAP_MAX_COLUMNS, MAP_MAX_HEXES, MAP_MAX_ROWS, MAP_MAX_SIDE
from referee.ruleset.terrain import TerrainTable

SHAPES = ("rectangle", "hexagon")
ZONES = ("side1", "no_mans_land", "side2")
EDGES = ("N", "NE", "SE", "S", "SW", "NW")
FORBIDDABLE = ("blocking", "advanced")
_TOP_KEYS = {
    "name",
    "description",
    "edition",
    "shape",
    "columns",
    "rows",
    "side",
    "default_terrain",
    "terrain",
    "roads",
    "rivers",
    "zones",
}


class MapError(DataFileError):
    """A map file that cannot be used; ``problems`` name the key or hex of each."""


@dataclass(frozen=True)
class BattleMap:
    """One battlefield. Hexes are kept in label order (column by column)."""

    name: str
    shape: str
    columns: int
    rows: int
    hexes: tuple[Hex, ...]
    terrain: Mapping[Hex, str]
    default_terrain: str
    edition: str = "current"
    description: str = ""
    side: int | None = None
    roads: tuple[tuple[Hex, ...], ...] = ()
    rivers: tuple[tuple[Hex, ...], ...] = ()
    zones: Mapping[str, frozenset[Hex]] = field(default_factory=lambda: MappingProxyType({}))
    forbid_in_no_mans_land: frozenset[str] = frozenset()
    source: Path | None = None
    index: Mapping[Hex, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(
            self, "index", MappingProxyType({h: i for i, h in enumerate(self.hexes)})
        )

    def __contains__(self, h: object) -> bool:
        return h in self.index

    def __iter__(self) -> Iterator[Hex]:
        return iter(self.hexes)

    def __len__(self) -> int:
        return len(self.hexes)

    def parse(self, label: str) -> Hex:
        """The hex of ``label``, refusing labels that are not on this map."""
        h = parse_label(label)
        if h not in self.index:
            raise LabelError(f"{label.strip().upper()} is not on the map {self.name!r}")
        return h

    def terrain_at(self, h: Hex) -> str:
        return self.terrain[h]

    def road_steps(self) -> frozenset[tuple[Hex, Hex]]:
        """Pairs of neighbouring hexes joined by a road, both ways round."""
        steps: set[tuple[Hex, Hex]] = set()
        for road in self.roads:
            for a, b in pairwise(road):
                steps.add((a, b))
                steps.add((b, a))
        return frozenset(steps)

    def river_hexes(self) -> frozenset[Hex]:
        return frozenset(h for river in self.rivers for h in river)

    def zone_of(self, h: Hex) -> str | None:
        for name, hexes in self.zones.items():
            if h in hexes:
                return name
        return None

    def with_terrain(self, changes: Mapping[Hex, str]) -> BattleMap:
        """A copy with some hexes' terrain changed (a forest burnt to rough)."""
        from dataclasses import replace

        return replace(self, terrain=MappingProxyType({**self.terrain, **changes}))


# --- shapes ----------------------------------------------------------------------


def rectangle_hexes(columns: int, rows: int) -> list[Hex]:
    return [from_offset(c, r) for c in range(columns) for r in range(rows)]


def hexagon_hexes(side: int) -> tuple[list[Hex], int, int]:
    """Hexes of a hexagon of ``side`` hexes a side, centred in its bounding grid.

    The centre is at column and row index ``side - 1``; the printed grid is
    ``2·side - 1`` columns wide and as many rows high; column A starts at row ``side // 2 + 1``.
    """
    radius = side - 1
    centre = from_offset(radius, radius)
    hexes = sorted(spiral(centre, radius), key=to_offset)
    rows = max(to_offset(h)[1] for h in hexes) + 1
    return hexes, 2 * side - 1, rows


def edge_depth(battle_map: BattleMap, h: Hex, edge: str) -> int:
    """1 for a hex on the map's ``edge`` (N, S, ... for hexagons; N, S for rectangles),
    2 next in."""
    _, row = to_offset(h)
    if battle_map.shape == "rectangle":
        if edge == "N":
            return row + 1
        if edge == "S":
            return battle_map.rows - row
        raise ValueError(f"a rectangle map has edges N and S, not {edge}")
    radius = (battle_map.side or 1) - 1
    c = from_offset(radius, radius)
    rel = h - c
    component = {"N": -rel.r, "NE": rel.q, "SE": -rel.s, "S": rel.r, "SW": -rel.q, "NW": rel.s}
    return radius - component[edge] + 1


# --- loading -----------------------------------------------------------------------


def _labels(where: str, raw: object, on_map: Mapping[Hex, int], problems: list[str]) -> list[Hex]:
    if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
        problems.append(f"{where}: expected a list of hex labels")
        return []
    out: list[Hex] = []
    for label in raw:
        try:
            h = parse_label(label)
        except LabelError as exc:
            problems.append(f"{where}: {exc}")
            continue
        if on_map and h not in on_map:  # no hexes: the map's size is wrong, said once
            problems.append(f"{where}: {label} is outside the map")
            continue
        out.append(h)
    return out


def _paths(
    where: str, raw: object, on_map: Mapping[Hex, int], problems: list[str]
) -> tuple[tuple[Hex, ...], ...]:
    if not isinstance(raw, list):
        problems.append(f"{where}: expected a list of paths (each a list of hex labels)")
        return ()
    paths = []
    for i, path in enumerate(raw):
        hexes = _labels(f"{where}[{i}]", path, on_map, problems)
        for a, b in pairwise(hexes):
            if distance(a, b) != 1:
                problems.append(
                    f"{where}[{i}]: {hex_label(a)} and {hex_label(b)} are not neighbours"
                )
        paths.append(tuple(hexes))
    return tuple(paths)


def _zone(
    where: str,
    raw: object,
    hexes: list[Hex],
    shape: str,
    rows: int,
    on_map: Mapping[Hex, int],
    problems: list[str],
    probe: BattleMap,
) -> frozenset[Hex]:
    if not isinstance(raw, dict) or len(raw) == 0:
        problems.append(
            f"{where}: expected {{ rows = [first, last] }}, {{ hexes = [...] }} "
            'or { edge = "S", depth = N }'
        )
        return frozenset()
    keys = set(raw)
    if keys == {"rows"}:
        span = raw["rows"]
        if (
            not isinstance(span, list)
            or len(span) != 2
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in span)
            or not 1 <= span[0] <= span[1] <= (rows or span[1])
        ):
            most = f" <= {rows}" if rows else ""  # no rows: the map's size is wrong, said once
            problems.append(f"{where}.rows: expected [first, last] with 1 <= first <= last{most}")
            return frozenset()
        return frozenset(h for h in hexes if span[0] <= to_offset(h)[1] + 1 <= span[1])
    if keys == {"hexes"}:
        return frozenset(_labels(f"{where}.hexes", raw["hexes"], on_map, problems))
    if keys == {"edge", "depth"}:
        edge, depth = raw["edge"], raw["depth"]
        allowed = EDGES if shape == "hexagon" else ("N", "S")
        if edge not in allowed:
            problems.append(f"{where}.edge: {edge!r} is not one of {', '.join(allowed)}")
            return frozenset()
        if not isinstance(depth, int) or depth < 1:
            problems.append(f"{where}.depth: expected a whole number >= 1")
            return frozenset()
        return frozenset(h for h in hexes if edge_depth(probe, h, edge) <= depth)
    problems.append(
        f"{where}: unknown zone form {sorted(keys)}: use rows, hexes, or edge and depth"
    )
    return frozenset()


def zone_hexes(
    where: str, raw: object, battle_map: BattleMap, problems: list[str]
) -> frozenset[Hex]:
    """The hexes of one zone of ``battle_map`` written in a form of a map's ``[zones]``
    (rows, hexes, or edge and depth); what is wrong is added to ``problems`` under ``where``."""
    return _zone(
        where,
        raw,
        list(battle_map.hexes),
        battle_map.shape,
        battle_map.rows,
        battle_map.index,
        problems,
        battle_map,
    )


def parse_map(
    path: Path, doc: Mapping[str, object], terrain: TerrainTable | None = None
) -> BattleMap:
    """Build a :class:`BattleMap` from a parsed map file; raises :class:`MapError`.

    With ``terrain`` (the table of the map's edition) terrain names, features and the
    no-man's-land restrictions are checked too.
    """
    problems: list[str] = []
    for key in sorted(set(doc) - _TOP_KEYS):
        problems.append(f"{key}: unknown key (known: {', '.join(sorted(_TOP_KEYS))})")
    name = doc.get("name")
    if not isinstance(name, str) or not name.strip():
        problems.append("name: missing")
        name = path.stem
    shape = doc.get("shape")
    hexes: list[Hex] = []
    columns = rows = 0
    side: int | None = None
    if shape == "rectangle":
        columns, rows = doc.get("columns"), doc.get("rows")  # type: ignore[assignment]
        sized = True
        for key, value, most in (
            ("columns", columns, MAP_MAX_COLUMNS),
            ("rows", rows, MAP_MAX_ROWS),
        ):
            if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= most:
                problems.append(
                    f"{key}: expected a whole number from 1 to {most} (the limit), got {value!r}"
                )
                sized = False
        if sized and columns * rows > MAP_MAX_HEXES:  # checked before a hex is built
            problems.append(
                f"columns x rows: {columns * rows} hexes, over the limit of {MAP_MAX_HEXES}"
            )
        elif sized:
            hexes = rectangle_hexes(columns, rows)
        else:
            columns = rows = 0
        if "side" in doc:
            problems.append("side: only a hexagon map has a side length")
    elif shape == "hexagon":
        side = doc.get("side")  # type: ignore[assignment]
        if not isinstance(side, int) or isinstance(side, bool) or not 1 <= side <= MAP_MAX_SIDE:
            problems.append(
                f"side: expected a whole number from 1 to {MAP_MAX_SIDE} (the limit), got {side!r}"
            )
            side = None
        else:
            hexes, columns, rows = hexagon_hexes(side)
        for key in ("columns", "rows"):
            if key in doc:
                problems.append(f"{key}: a hexagon map is sized by 'side' only")
    else:
        problems.append(f"shape: expected one of {', '.join(SHAPES)}, got {shape!r}")

    on_map = {h: i for i, h in enumerate(hexes)}
    default = doc.get("default_terrain", "clear")
    if not isinstance(default, str):
        problems.append("default_terrain: expected a terrain name")
        default = "clear"
    cells: dict[Hex, str] = dict.fromkeys(hexes, default)
    raw_terrain = doc.get("terrain", {})
    if not isinstance(raw_terrain, dict):
        problems.append('terrain: expected a table of LABEL = "terrain"')
        raw_terrain = {}
    where_of: dict[Hex, str] = {}
    for label, value in raw_terrain.items():
        try:
            h = parse_label(label)
        except LabelError as exc:
            problems.append(f"terrain.{label}: {exc}")
            continue
        if hexes and h not in on_map:
            problems.append(f"terrain.{label}: {label} is outside the map")
            continue
        if h in where_of:
            problems.append(f"terrain.{label}: {hex_label(h)} is already given as {where_of[h]}")
            continue
        if not isinstance(value, str):
            problems.append(f"terrain.{label}: expected a terrain name, got {value!r}")
            continue
        where_of[h] = f"terrain.{label}"
        cells[h] = value

    roads = _paths("roads", doc.get("roads", []), on_map, problems)
    rivers = _paths("rivers", doc.get("rivers", []), on_map, problems)
    edition = doc.get("edition", "current")
    if not isinstance(edition, str):
        problems.append("edition: expected a ruleset id such as current or first-draft")
        edition = "current"
    description = doc.get("description", "")
    probe = BattleMap(
        name=str(name),
        shape=str(shape),
        columns=columns,
        rows=rows,
        hexes=tuple(hexes),
        terrain=MappingProxyType(cells),
        default_terrain=default,
        side=side,
    )
    zones: dict[str, frozenset[Hex]] = {}
    forbid: frozenset[str] = frozenset()
    raw_zones = doc.get("zones", {})
    if not isinstance(raw_zones, dict):
        problems.append("zones: expected a table")
        raw_zones = {}
    for key, raw in raw_zones.items():
        if key == "forbid_in_no_mans_land":
            if not isinstance(raw, list) or not all(x in FORBIDDABLE for x in raw):
                problems.append(
                    f"zones.forbid_in_no_mans_land: expected a list of {', '.join(FORBIDDABLE)}"
                )
            else:
                forbid = frozenset(raw)
        elif key in ZONES:
            zones[key] = _zone(
                f"zones.{key}", raw, hexes, str(shape), rows, on_map, problems, probe
            )
        else:
            problems.append(f"zones.{key}: unknown zone (known: {', '.join(ZONES)})")
    seen: dict[Hex, str] = {}
    for zname, zhexes in zones.items():
        for h in sorted(zhexes):
            if h in seen:
                problems.append(f"zones.{zname}: {hex_label(h)} is already in {seen[h]}")
            seen[h] = zname

    if terrain is not None and hexes:
        problems.extend(
            _terrain_problems(cells, where_of, default, roads, rivers, zones, forbid, terrain)
        )
    if problems:
        raise MapError(path, problems)
    return BattleMap(
        name=str(name),
        shape=str(shape),
        columns=columns,
        rows=rows,
        hexes=tuple(hexes),
        terrain=MappingProxyType(cells),
        default_terrain=default,
        edition=edition,
        description=str(description),
        side=side,
        roads=roads,
        rivers=rivers,
        zones=MappingProxyType(zones),
        forbid_in_no_mans_land=forbid,
        source=path,
    )


def _terrain_problems(
    cells: Mapping[Hex, str],
    where_of: Mapping[Hex, str],
    default: str,
    roads: tuple[tuple[Hex, ...], ...],
    rivers: tuple[tuple[Hex, ...], ...],
    zones: Mapping[str, frozenset[Hex]],
    forbid: frozenset[str],
    table: TerrainTable,
) -> list[str]:
    problems: list[str] = []
    known = ", ".join(sorted(table.terrain))
    if default not in table:
        problems.append(
            f"default_terrain: unknown terrain {default!r} in {table.edition} ({known})"
        )
    for h, where in sorted(where_of.items()):
        if cells[h] not in table:
            problems.append(f"{where}: unknown terrain {cells[h]!r} in {table.edition} ({known})")
    for feature, paths in (("road", roads), ("river", rivers)):
        if paths and feature not in table.features:
            problems.append(f"{feature}s: the {table.edition} edition has no {feature}s")
    problems.extend(
        restricted_problems(
            cells, roads, rivers, zones.get("no_mans_land", frozenset()), forbid, table
        )
    )
    return problems


def restricted_problems(
    cells: Mapping[Hex, str],
    roads: tuple[tuple[Hex, ...], ...],
    rivers: tuple[tuple[Hex, ...], ...],
    nml: frozenset[Hex],
    forbid: frozenset[str],
    table: TerrainTable,
    key: str = "zones.no_mans_land",
) -> list[str]:
    """What the hexes of no man's land (``nml``) hold that ``forbid`` keeps out of it:
    blocking terrain, advanced terrain, an advanced road or river (clauses
    ``board.no-mans-land``, ``terrain.advanced``). Each problem starts with ``key``."""
    problems: list[str] = []
    road_hexes = {h for p in roads for h in p}
    river_hexes = {h for p in rivers for h in p}
    for h in sorted(nml):
        t = table.terrain.get(cells[h])
        if t is None:
            continue
        label = hex_label(h)
        if "blocking" in forbid and t.is_blocking:
            problems.append(
                f"{key}: {label} is {t.name}, blocking terrain, which no man's land may not hold"
            )
        if "advanced" in forbid:
            if t.advanced:
                problems.append(
                    f"{key}: {label} is {t.name}, advanced terrain, "
                    "which no man's land may not hold"
                )
            for fid, fhexes in (("road", road_hexes), ("river", river_hexes)):
                feat = table.features.get(fid)
                if h in fhexes and feat is not None and feat.advanced:
                    problems.append(
                        f"{key}: {label} has a {feat.name.lower()}, "
                        "advanced terrain, which no man's land may not hold"
                    )
    return problems


def load_map(path: Path | str, terrain: TerrainTable | None = None) -> BattleMap:
    """Load and check a map file against the terrain of its edition.

    Without ``terrain`` the table of the edition the file names is loaded.
    """
    path = Path(path)
    try:
        doc = read_toml(path)
    except DataFileError as exc:
        raise MapError(exc.path, exc.problems) from None
    if terrain is None:
        from referee.ruleset.load import UnknownRuleset, ruleset_terrain

        edition = doc.get("edition", "current")
        try:
            terrain = ruleset_terrain(str(edition))
        except UnknownRuleset as exc:
            raise MapError(path, [f"edition: {exc}"]) from None
    return parse_map(path, doc, terrain)


def find_map(name: str) -> Path:
    """A map by file path or by the stem of a file in ``data/maps`` (``standard``)."""
    from referee.paths import data_dir

    p = Path(name)
    if p.suffix == ".toml" or p.exists():
        return p
    candidate = data_dir() / "maps" / f"{name}.toml"
    if candidate.exists():
        return candidate
    known = ", ".join(sorted(x.stem for x in (data_dir() / "maps").glob("*.toml")))
    raise MapError(p, [f"no such map: give a file path or one of: {known}"])
