"""A large map made from a seed: a club's whole table room (100 x 100 hexes by default).

The map is generated rather than shipped (its file would be large and say nothing a seed
does not): 18% of its hexes hold blocking terrain (forest, hills, mountains, buildings,
as the line-of-sight benchmark has always drawn them), a few more rough, swamp and water,
and each side has the ten rows at its edge. The same seed gives the same map on every
machine, so benchmarks and tests compare. ``referee bench map FILE`` writes it out.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from referee.board.hexgrid import hex_label
from referee.board.maps import BattleMap, parse_map, rectangle_hexes

BLOCKERS = ("forest", "hill", "mountain", "building")
OTHERS = ("rough", "swamp", "water")
BLOCKING_SHARE = 0.18
OTHER_SHARE = 0.04


def big_map_doc(columns: int = 100, rows: int = 100, seed: int = 1) -> dict[str, Any]:
    """The map file's contents (a TOML document as a dict) for a seed."""
    rnd = random.Random(seed)
    hexes = rectangle_hexes(columns, rows)
    n_block = round(len(hexes) * BLOCKING_SHARE)
    n_other = round(len(hexes) * OTHER_SHARE)
    picked = rnd.sample(hexes, n_block + n_other)
    terrain = {hex_label(h): rnd.choice(BLOCKERS) for h in picked[:n_block]}
    terrain.update({hex_label(h): rnd.choice(OTHERS) for h in picked[n_block:]})
    depth = max(1, min(10, rows // 3))
    doc: dict[str, Any] = {
        "name": f"Table room {columns}x{rows} (seed {seed})",
        "description": "Generated: a club's whole table room, for benchmarks and tests.",
        "edition": "current",
        "shape": "rectangle",
        "columns": columns,
        "rows": rows,
        "default_terrain": "clear",
        "terrain": dict(sorted(terrain.items(), key=lambda kv: _label_key(kv[0]))),
        "zones": {
            "side2": {"rows": [1, depth]},
            "side1": {"rows": [rows - depth + 1, rows]},
        },
    }
    return doc


def _label_key(label: str) -> tuple[int, str, int]:
    letters = label.rstrip("0123456789")
    return len(letters), letters, int(label[len(letters) :])


def big_map(columns: int = 100, rows: int = 100, seed: int = 1) -> BattleMap:
    """The generated map, checked against the current edition's terrain."""
    from referee.ruleset.shipped import ruleset

    return parse_map(
        Path(f"table-room-{columns}x{rows}-{seed}.toml"),
        big_map_doc(columns, rows, seed),
        ruleset("current").terrain,
    )


def to_toml(doc: dict[str, Any]) -> str:
    """A map document as TOML text (the keys a map file has; strings, numbers, tables)."""

    def value(v: Any) -> str:
        if isinstance(v, str):
            return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, int):
            return str(v)
        if isinstance(v, list):
            return "[" + ", ".join(value(x) for x in v) + "]"
        if isinstance(v, dict):
            return "{ " + ", ".join(f"{k} = {value(x)}" for k, x in v.items()) + " }"
        raise TypeError(f"cannot write {v!r} as TOML")

    lines = [f"{k} = {value(v)}" for k, v in doc.items() if not isinstance(v, dict)]
    for table in (k for k, v in doc.items() if isinstance(v, dict)):
        lines += ["", f"[{table}]"]
        lines += [f"{k} = {value(v)}" for k, v in doc[table].items()]
    return "\n".join(lines) + "\n"


def write_big_map(path: Path, columns: int = 100, rows: int = 100, seed: int = 1) -> Path:
    """Write the generated map to ``path`` (replacing it whole, never half-written)."""
    text = to_toml(big_map_doc(columns, rows, seed))
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)
    return path
