"""A battle map written back as a map file (``data/README.md``, section "Maps"), the way the
shipped maps are written: the keys, the hexes that are not the default terrain, roads and
rivers, and the zones. :func:`map_text` and :func:`referee.board.maps.parse_map` are a pair:
what one writes the other reads back to the same map. Also a blank map to start from.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from types import MappingProxyType

from referee.board.hexgrid import Hex, hex_label, to_offset
from referee.board.maps import ZONES, BattleMap, hexagon_hexes, rectangle_hexes


def _string(text: str) -> str:
    """A TOML basic string (JSON's escapes are TOML's)."""
    return json.dumps(text, ensure_ascii=False)


def _labels(hexes: object) -> str:
    return "[" + ", ".join(_string(hex_label(h)) for h in hexes) + "]"  # type: ignore[attr-defined]


def _inline(raw: object) -> str:
    """A zone written in one of the map forms (``{ rows = [1, 3] }``) as an inline table."""
    if not isinstance(raw, Mapping):
        raise TypeError(f"a zone form is a table, not {raw!r}")
    parts = []
    for key, value in raw.items():
        if isinstance(value, str):
            parts.append(f"{key} = {_string(value)}")
        elif isinstance(value, list):
            items = ", ".join(_string(v) if isinstance(v, str) else str(v) for v in value)
            parts.append(f"{key} = [{items}]")
        else:
            parts.append(f"{key} = {value}")
    return "{ " + ", ".join(parts) + " }"


def map_text(
    battle_map: BattleMap,
    zone_forms: Mapping[str, object] | None = None,
    comment: str = "",
) -> str:
    """The map file of ``battle_map``. Zones are written in ``zone_forms`` (a zone name to
    its form, as a scenario gives them) where given, else as the list of their hexes;
    ``comment`` heads the file (each line a TOML comment)."""
    lines = [f"# {line}".rstrip() for line in comment.splitlines()]
    lines += [
        f"name = {_string(battle_map.name)}",
        f"description = {_string(battle_map.description)}",
        f"edition = {_string(battle_map.edition)}",
        f"shape = {_string(battle_map.shape)}",
    ]
    if battle_map.shape == "hexagon":
        lines.append(f"side = {battle_map.side}")
    else:
        lines += [f"columns = {battle_map.columns}", f"rows = {battle_map.rows}"]
    lines.append(f"default_terrain = {_string(battle_map.default_terrain)}")
    for key, paths in (("roads", battle_map.roads), ("rivers", battle_map.rivers)):
        if paths:
            lines.append(f"{key} = [" + ", ".join(_labels(p) for p in paths) + "]")
    painted = sorted(
        (h for h in battle_map.hexes if battle_map.terrain[h] != battle_map.default_terrain),
        key=to_offset,
    )
    if painted:
        lines += ["", "[terrain]"]
        lines += [f"{hex_label(h)} = {_string(battle_map.terrain[h])}" for h in painted]
    if battle_map.zones or battle_map.forbid_in_no_mans_land:
        lines += ["", "[zones]"]
        for name in ZONES:
            if zone_forms is not None and name in zone_forms:
                lines.append(f"{name} = {_inline(zone_forms[name])}")
            elif battle_map.zones.get(name):
                hexes = sorted(battle_map.zones[name], key=to_offset)
                lines.append(f"{name} = {{ hexes = {_labels(hexes)} }}")
        if battle_map.forbid_in_no_mans_land:
            forbid = sorted(battle_map.forbid_in_no_mans_land)
            lines.append(f"forbid_in_no_mans_land = [{', '.join(map(_string, forbid))}]")
    return "\n".join(lines) + "\n"


def blank_map(
    name: str,
    edition: str,
    columns: int = 7,
    rows: int = 9,
    default_terrain: str = "clear",
    side: int | None = None,
) -> BattleMap:
    """A map of ``default_terrain`` only: a rectangle, or a hexagon when ``side`` is given."""
    if side is not None:
        hexes, columns, rows = hexagon_hexes(side)
        shape = "hexagon"
    else:
        hexes, shape = rectangle_hexes(columns, rows), "rectangle"
    cells: dict[Hex, str] = dict.fromkeys(hexes, default_terrain)
    return BattleMap(
        name=name,
        shape=shape,
        columns=columns,
        rows=rows,
        hexes=tuple(hexes),
        terrain=MappingProxyType(cells),
        default_terrain=default_terrain,
        edition=edition,
        side=side,
    )
