"""Line-of-sight benchmark: preparation, all pairs, single source, on maps of every size.

Run ``referee bench los [MAP] [--json]``. Timings are medians of several runs in this
process; the machine may be shared, so each figure also has its CPU time (``*_cpu_ms``),
which load hardly changes, and the all-pairs figure is set against a per-pair shapely
STRtree loop timed in the same process (``shapely_ratio``), which load changes alike.

* MAP (default: the 169-hex activation map): 30 hexes get forest, hills, mountains or
  buildings at random and, per run, 10 hexes a unit at level 2, so all pairs covers
  blocking, blind hexes and mixed levels. ``precompute_ms`` is the cold preparation (no
  disk cache) and the first query; ``all_pairs_ms`` a query after it.
* 50 x 50 (450 blockers): the cold preparation and one hex (the centre, at level 1) to all
  (a median of at least 51 runs: one run is well under a millisecond).
* 100 x 100 (:mod:`referee.bench.big_map`, 18% blockers, 100 units at level 2): the cold
  preparation, every pair, one hex to all, the line table's size in memory and on disk,
  and the peak memory of a fresh process that prepares it cold and works out every pair.
"""

from __future__ import annotations

import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from referee.board.hexgrid import Hex, centre, corners, hex_label
from referee.board.los import LosBoard, los_board
from referee.board.maps import BattleMap, load_map, parse_map, rectangle_hexes
from referee.board.sight_board import BLOCK, SightBoard, class_index
from referee.board.sightlines import cache_path
from referee.board.visibility import MapGeometry, Visibility
from referee.rules.ruleset import ruleset

BLOCKERS = ("forest", "hill", "mountain", "building")
BIG = 100  # the large map is BIG x BIG hexes
QUICK_RUNS = 51  # runs of a figure under a millisecond, at least (a steadier median)


def _median_ms(fn: Callable[[], object], runs: int) -> tuple[float, float]:
    """Median wall and CPU milliseconds of ``runs`` calls."""
    walls, cpus = [], []
    for _ in range(runs):
        t, c = time.perf_counter(), time.process_time()
        fn()
        walls.append(time.perf_counter() - t)
        cpus.append(time.process_time() - c)
    return statistics.median(walls) * 1000, statistics.median(cpus) * 1000


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


def _square(size: int, blockers: int, seed: int) -> BattleMap:
    return _with_blockers(
        BattleMap(
            name=f"{size}x{size}",
            shape="rectangle",
            columns=size,
            rows=size,
            hexes=tuple(rectangle_hexes(size, size)),
            terrain={},
            default_terrain="clear",
        ),
        blockers,
        seed,
    )


def shapely_loop(board: LosBoard, levels: Any) -> int:
    """The baseline: every ordered pair in a Python loop, its line queried against an
    STRtree of the hexes that can stop a line (shapely), each hit looked up in the height
    table. Returns the number of pairs that see each other."""
    from shapely import LineString, Polygon, STRtree  # type: ignore[import-untyped]

    sb = SightBoard(board)
    hexes = board.battle_map.hexes
    stoppers = [int(i) for i in sb.stoppers]
    tree = STRtree([Polygon(corners(hexes[i])) for i in stoppers])
    points = [centre(h) for h in hexes]
    effects = sb.effects
    seen = 0
    for i, a in enumerate(hexes):
        for j, b in enumerate(hexes):
            if i == j:
                continue
            la, lb = int(levels[i]), int(levels[j])
            low = b if lb < la else a
            cls = int(class_index(la, lb))
            stopped = False
            for k in tree.query(LineString([points[i], points[j]]), predicate="intersects"):
                h = stoppers[int(k)]
                if h in (i, j):
                    continue
                eff = int(effects[h, cls])
                if eff == BLOCK or (eff and _steps(hexes[h], low) <= eff):
                    stopped = True
                    break
            seen += not stopped
    return seen


def _steps(a: Hex, b: Hex) -> int:
    dq, dr = a.q - b.q, a.r - b.r
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def _small_map(map_path: Path, runs: int, seed: int) -> dict[str, Any]:
    rs = ruleset("current")
    base = load_map(map_path, rs.terrain)
    bm = _with_blockers(base, min(30, len(base) // 5), seed)
    board = los_board(bm, rs)
    rnd = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp:
        # preparation measured cold: no disk cache, then the first query (pair table)
        prepare_ms, _ = _median_ms(lambda: Visibility(board, MapGeometry(bm.hexes)).all_pairs(), 3)
        vis = Visibility(board, cache=Path(tmp))
        draws = [vis.levels({h: 2 for h in rnd.sample(bm.hexes, 10)}) for _ in range(runs)]
        vis.all_pairs(draws[0])  # the pair table is built on first use
        it = iter(draws * 2)
        all_ms, all_cpu = _median_ms(lambda: vis.all_pairs(next(it)), runs)
        loops = max(1, min(3, runs))
        loop_ms, _ = _median_ms(lambda: shapely_loop(board, draws[0]), loops)
    n = len(bm)
    return {
        "map": bm.name,
        "hexes": n,
        "pairs": n * (n - 1),
        "blockers": sum(1 for h in bm.hexes if bm.terrain[h] != "clear"),
        "precompute_ms": round(prepare_ms, 3),
        "all_pairs_ms": round(all_ms, 3),
        "all_pairs_cpu_ms": round(all_cpu, 3),
        "shapely_loop_ms": round(loop_ms, 1),
        "shapely_ratio": round(loop_ms / all_ms, 1) if all_ms else None,
    }


def _fifty(runs: int, seed: int) -> dict[str, Any]:
    rs = ruleset("current")
    big = _square(50, 450, seed)
    with tempfile.TemporaryDirectory() as tmp:
        t = time.perf_counter()
        geometry = MapGeometry(big.hexes, Path(tmp))
        prepare_ms = (time.perf_counter() - t) * 1000
        vis = Visibility(los_board(big, rs), geometry)
        middle = big.hexes[len(big.hexes) // 2 + 25]
        vis.from_hex(middle, 1)
        single_ms, single_cpu = _median_ms(lambda: vis.from_hex(middle, 1), max(runs, QUICK_RUNS))
    return {
        "single_source_50x50_ms": round(single_ms, 3),
        "single_source_50x50_cpu_ms": round(single_cpu, 3),
        "prepare_50x50_ms": round(prepare_ms, 1),
    }


def _hundred(runs: int, seed: int) -> dict[str, Any]:
    from referee.bench.big_map import big_map

    rs = ruleset("current")
    bm = big_map(BIG, BIG, seed)
    board = los_board(bm, rs)
    rnd = random.Random(seed)
    heavy = max(1, min(3, runs))
    with tempfile.TemporaryDirectory() as tmp:

        def prepare() -> Visibility:
            for old in Path(tmp).glob("*"):
                old.unlink()
            vis = Visibility(board, cache=Path(tmp))
            _ = vis.engine.points  # the engine's grids and entries
            return vis

        prepare_ms, prepare_cpu = _median_ms(prepare, heavy)
        vis = prepare()
        disk = cache_path(Path(tmp), vis.g.lines.radius).stat().st_size
        draws = [vis.levels({h: 2 for h in rnd.sample(bm.hexes, BIG)}) for _ in range(heavy)]
        it = iter(draws)
        all_ms, all_cpu = _median_ms(lambda: vis.pair_blocks(next(it)), heavy)
        middle = bm.hexes[len(bm.hexes) // 2 + BIG // 2]
        vis.from_hex(middle, 1)
        single_ms, single_cpu = _median_ms(lambda: vis.from_hex(middle, 1), max(runs, QUICK_RUNS))
        table_mb = vis.g.lines.nbytes / 1e6
    return {
        "prepare_100x100_ms": round(prepare_ms, 1),
        "prepare_100x100_cpu_ms": round(prepare_cpu, 1),
        "all_pairs_100x100_ms": round(all_ms, 1),
        "all_pairs_100x100_cpu_ms": round(all_cpu, 1),
        "single_source_100x100_ms": round(single_ms, 3),
        "single_source_100x100_cpu_ms": round(single_cpu, 3),
        "memory_100x100_mb": round(memory_mb(seed), 1),
        "line_table_100x100_mb": round(table_mb, 1),
        "line_table_100x100_disk_mb": round(disk / 1e6, 1),
    }


def memory_mb(seed: int = 1) -> float:
    """Peak memory (resident, MB) of a fresh process that prepares the 100 x 100 map cold
    (no disk cache) and works out every pair of it."""
    code = (
        "import resource, sys, tempfile\n"
        "from pathlib import Path\n"
        "from referee.bench.los_bench import all_pairs_cold\n"
        f"all_pairs_cold({seed})\n"
        "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    kib = int(out.split()[-1])
    return kib / 1024 if sys.platform != "darwin" else kib / 1024 / 1024


def all_pairs_cold(seed: int = 1) -> int:
    """Prepare the 100 x 100 map with no disk cache and work out every pair of it."""
    from referee.bench.big_map import big_map

    bm = big_map(BIG, BIG, seed)
    rnd = random.Random(seed)
    vis = Visibility(los_board(bm, ruleset("current")))
    levels = vis.levels({h: 2 for h in rnd.sample(bm.hexes, BIG)})
    return len(vis.pair_blocks(levels))


def run(map_path: Path, runs: int = 15, seed: int = 1, big: bool = True) -> dict[str, Any]:
    result = _small_map(map_path, runs, seed)
    result.update(_fifty(runs, seed))
    if big:
        result.update(_hundred(runs, seed))
    result["runs"] = runs
    return result


def main() -> None:  # pragma: no cover - for ``python -m referee.bench.los_bench``
    print(json.dumps(run(Path(sys.argv[1])), indent=2))
