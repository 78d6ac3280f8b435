"""Line-of-sight benchmark: preparation, all pairs with blind hexes, single source.

Run ``referee bench los [MAP] [--json]``. The blockers and levels are drawn from a fixed
seed so that runs compare: on MAP (default: the 169-hex activation map) 30 hexes get
forest, hills, mountains or buildings at random and 10 hexes a unit at level 2, so the
all-pairs figure covers blocking, blind hexes and mixed height levels.
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from referee.board.hexgrid import hex_label
from referee.board.los import los_board
from referee.board.maps import BattleMap, load_map, parse_map, rectangle_hexes
from referee.board.visibility import MapGeometry, Visibility
from referee.rules.ruleset import ruleset

BLOCKERS = ("forest", "hill", "mountain", "building")


def _median_ms(fn: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1000


def _with_blockers(bm: BattleMap, count: int, seed: int) -> BattleMap:
    rnd = random.Random(seed)
    rs = ruleset("current")
    doc: dict[str, Any] = {
        "name": bm.name,
        "shape": "hexagon" if bm.shape == "hexagon" else "rectangle",
        "default_terrain": "clear",
        "terrain": {hex_label(h): rnd.choice(BLOCKERS) for h in rnd.sample(bm.hexes, count)},
    }
    if bm.shape == "hexagon":
        doc["side"] = bm.side
    else:
        doc["columns"], doc["rows"] = bm.columns, bm.rows
    return parse_map(Path(f"{bm.name}.toml"), doc, rs.terrain)


def run(map_path: Path, runs: int = 15, seed: int = 1) -> dict[str, Any]:
    rs = ruleset("current")
    base = load_map(map_path, rs.terrain)
    bm = _with_blockers(base, min(30, len(base) // 5), seed)
    with tempfile.TemporaryDirectory() as tmp:
        # preparation measured cold: no disk cache, no trace cache
        prepare_ms = _median_ms(
            lambda: Visibility(los_board(bm, rs), MapGeometry(bm.hexes)).all_pairs(), 3
        )
        vis = Visibility(los_board(bm, rs), cache=Path(tmp))
        rnd = random.Random(seed)
        levels = vis.levels({h: 2 for h in rnd.sample(bm.hexes, 10)})
        vis.all_pairs(levels)  # the pair table is built on first use
        all_pairs_ms = _median_ms(lambda: vis.all_pairs(levels), runs)

        big = _with_blockers(
            BattleMap(
                name="50x50",
                shape="rectangle",
                columns=50,
                rows=50,
                hexes=tuple(rectangle_hexes(50, 50)),
                terrain={},
                default_terrain="clear",
            ),
            450,
            seed,
        )
        t = time.perf_counter()
        big_geometry = MapGeometry(big.hexes, Path(tmp))
        prepare_50_ms = (time.perf_counter() - t) * 1000
        big_vis = Visibility(los_board(big, rs), big_geometry)
        centre = big.hexes[len(big.hexes) // 2 + 25]
        single_ms = _median_ms(lambda: big_vis.from_hex(centre, 1), runs)
    n = len(bm)
    return {
        "map": bm.name,
        "hexes": n,
        "pairs": n * (n - 1),
        "blockers": sum(1 for h in bm.hexes if bm.terrain[h] != "clear"),
        "precompute_ms": round(prepare_ms, 3),
        "all_pairs_ms": round(all_pairs_ms, 3),
        "single_source_50x50_ms": round(single_ms, 3),
        "prepare_50x50_ms": round(prepare_50_ms, 1),
        "runs": runs,
    }
