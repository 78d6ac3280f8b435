"""Line-of-sight benchmark: preparation, all pairs, single source, on maps of every size.

Run ``referee bench los [MAP] [--json]``. Timings are medians of several runs in this
process; the machine may be shared, so each figure also has its CPU time (``*_cpu_ms``),
which load hardly changes, and the result names the load (:mod:`referee.bench.measure`).

* MAP (default: the 169-hex activation map): 30 hexes get forest, hills, mountains or
  buildings at random and, per run, 10 hexes a unit at level 2, so all pairs covers
  blocking, blind hexes and mixed levels. ``cold_all_pairs_ms`` (also ``precompute_ms``, its
  old name) prepares with no disk cache and answers every pair; ``all_pairs_ms`` answers
  them again, prepared (warm). The baseline (``shapely_loop_ms``) takes every ordered pair
  in a Python loop: a shapely STRtree of the hexes that can stop a line says whether any of
  them comes near the line, and when one does, the reference tracer
  (:func:`referee.board.los.line_of_sight`) decides. It gives the engine's answers, visible
  and blind, and the bench checks that pair by pair (``baseline_agrees``).
  ``shapely_ratio`` sets it against the warm query, ``shapely_cold_ratio`` the cold one.
* 50 x 50 (450 blockers): the cold preparation and one hex (the centre, at level 1) to all
  (a median of at least 51 runs: one run is well under a millisecond).
* 100 x 100 (:mod:`referee.bench.big_map`, 18% blockers, 100 units at level 2): the cold
  preparation, every pair, ``visible --all``'s path (every hex's list of the hexes it sees
  and those blind to it, :meth:`~referee.board.visibility.Visibility.rows`), one hex to
  all, the line table's size in memory and on disk, the peak memory of a fresh process
  that prepares it cold and works out every pair, and the floor (below).
* 200 x 200 (the largest map the limits allow, 200 units at level 2): every pair, prepared
  (the preparation timed apart, cold), and the peak memory of a fresh process that
  prepares it cold and works out every pair.

``kernel_100x100``, ``kernel_200x200``: which kernel ORed the lines of all pairs at that
size, ``"numba"`` (the extra ``large-maps`` installed, from
:data:`referee.board.all_pairs.NUMBA_HEXES` hexes on) or ``"numpy"``
(``REFEREE_LOS_KERNEL=numpy`` gives numpy's figures with numba installed).
``kernels_load_ms`` (numba installed only): a fresh process importing numba and loading the
compiled all-pairs loops from its cache, which the first all-pairs query of a session pays
once (the figures above are medians of queries in a process that has loaded them: the
100 x 100 map's loads them first). ``fresh_all_pairs_200x200_ms``: what a user's first
``visible --all`` on a new 200 x 200 map pays, in a fresh process (the one that measures
``memory_200x200_mb``): importing the engine, loading the compiled loops, preparing the
map with no disk cache and every pair.

The floor (``floor_all_pairs_100x100_ms``): every pair answered by ORing, for each hex a
line meets, a bit of each grid of blocking hexes into the pair's bit, 64 pairs to a word
with no word wasted (``floor_word_ors_100x100`` words), done as numpy ORs long runs of words
in place (:func:`floor_ors`: those words ORed, timed).

The 100 x 100 figures set against each other (all pairs, ``visible --all``'s path, the
floor) take turns, round by round, ``ratio_runs_100x100`` rounds (7 at most, ``--runs``
fewer), so that a busy stretch of the machine weighs on them alike, and each ratio sets
the same statistic of both sides: ``floor_ratio_100x100`` and ``visible_all_ratio`` the
median over the rounds of the ratio of CPU times within a round (both sides measured
under the same load); ``*_ratio_median`` the ratio of the median CPU times,
``*_ratio_best`` that of the best (fastest, ``*_best_cpu_ms``). ``all_pairs_100x100_ms``,
``visible_all_100x100_ms`` and ``floor_all_pairs_100x100_ms`` are the medians of those
rounds.
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

import msgspec
import numpy as np
import numpy.typing as npt

from referee.bench.measure import median_ms, on_machine, timing
from referee.board.all_pairs import numba_installed
from referee.board.hexgrid import centre, corners, hex_label
from referee.board.los import LosBoard, line_of_sight, los_board
from referee.board.maps import BattleMap, load_map, parse_map, rectangle_hexes
from referee.board.sight_board import SightBoard
from referee.board.visibility import MapGeometry, Visibility
from referee.ruleset.shipped import ruleset

BLOCKERS = ("forest", "hill", "mountain", "building")
BIG = 100  # the large map is BIG x BIG hexes
HUGE = 200  # the largest map the limits allow (referee.limits.MAP_MAX_COLUMNS, _ROWS)
QUICK_RUNS = 51  # runs of a figure under a millisecond, at least (a steadier median)
RATIO_RUNS = 7  # rounds of the 100 x 100 figures set against each other (at most)
BoolArray = npt.NDArray[np.bool_]


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


def baseline_pairs(board: LosBoard, levels: Any) -> tuple[BoolArray, BoolArray]:
    """The baseline: every ordered pair in a Python loop. A shapely STRtree of the hexes
    that can stop a line (each a hair larger than the hex, so that a line along an edge or
    through a corner is never missed) says whether any of them other than the two ends
    comes near the line; if none does, the hexes see each other, else the reference
    tracer decides. Returns ``(visible, blind)`` as ``n x n`` matrices (rows: from)."""
    from shapely import LineString, Polygon, STRtree  # type: ignore[import-untyped]

    sb = SightBoard(board)
    hexes = board.battle_map.hexes
    stoppers = [int(i) for i in sb.stoppers]
    tree = STRtree([Polygon(corners(hexes[i])).buffer(1e-6) for i in stoppers])
    points = [centre(h) for h in hexes]
    n = len(hexes)
    visible = np.zeros((n, n), np.bool_)
    blind = np.zeros((n, n), np.bool_)
    for i, a in enumerate(hexes):
        for j, b in enumerate(hexes):
            if i == j:
                continue
            near = tree.query(LineString([points[i], points[j]]), predicate="intersects")
            if all(stoppers[int(k)] in (i, j) for k in near):
                visible[i, j] = True
                continue
            sight = line_of_sight(board, a, b, int(levels[i]), int(levels[j]))
            visible[i, j], blind[i, j] = sight.visible, sight.blind
    return visible, blind


def shapely_loop(board: LosBoard, levels: Any) -> int:
    """The number of ordered pairs that see each other, by :func:`baseline_pairs`."""
    return int(baseline_pairs(board, levels)[0].sum())


def _small_map(map_path: Path, runs: int, seed: int) -> dict[str, Any]:
    rs = ruleset("current")
    base = load_map(map_path, rs.terrain)
    bm = _with_blockers(base, min(30, len(base) // 5), seed)
    board = los_board(bm, rs)
    rnd = random.Random(seed)
    vis = Visibility(board)
    draws = [vis.levels({h: 2 for h in rnd.sample(bm.hexes, 10)}) for _ in range(runs)]
    # cold: no disk cache, nothing prepared; every pair at the first draw's levels
    cold_ms, cold_cpu = median_ms(
        lambda: Visibility(board, MapGeometry(bm.hexes)).all_pairs(draws[0]), 3
    )
    # warm: prepared (the pair table built on first use), every pair at new levels
    vis.all_pairs(draws[0])
    it = iter(draws * 2)
    all_ms, all_cpu = median_ms(lambda: vis.all_pairs(next(it)), runs)
    loops = max(1, min(3, runs))
    answers: list[tuple[BoolArray, BoolArray]] = []
    loop_ms, loop_cpu = median_ms(lambda: answers.append(baseline_pairs(board, draws[0])), loops)
    visible, blind = vis.all_pairs(draws[0])
    base_visible, base_blind = answers[-1]  # the baseline's answers, checked pair by pair
    n = len(bm)
    return {
        "map": bm.name,
        "hexes": n,
        "pairs": n * (n - 1),
        "blockers": sum(1 for h in bm.hexes if bm.terrain[h] != "clear"),
        **timing("cold_all_pairs", cold_ms, cold_cpu, 3),
        **timing("precompute", cold_ms, cold_cpu, 3),
        **timing("all_pairs", all_ms, all_cpu, 3),
        **timing("shapely_loop", loop_ms, loop_cpu),
        "shapely_ratio": round(loop_ms / all_ms, 1) if all_ms else None,
        "shapely_cold_ratio": round(loop_ms / cold_ms, 1) if cold_ms else None,
        "visible_pairs": int(visible.sum()),
        "blind_pairs": int(blind.sum()),
        "baseline_visible_pairs": int(base_visible.sum()),
        "baseline_blind_pairs": int(base_blind.sum()),
        "baseline_agrees": bool((visible == base_visible).all() and (blind == base_blind).all()),
    }


def _fifty(runs: int, seed: int) -> dict[str, Any]:
    rs = ruleset("current")
    big = _square(50, 450, seed)
    with tempfile.TemporaryDirectory() as tmp:
        wall, cpu = time.perf_counter(), time.process_time()
        geometry = MapGeometry(big.hexes, Path(tmp))
        prepare = (time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000
        vis = Visibility(los_board(big, rs), geometry)
        middle = big.hexes[len(big.hexes) // 2 + 25]
        vis.from_hex(middle, 1)
        single_ms, single_cpu = median_ms(lambda: vis.from_hex(middle, 1), max(runs, QUICK_RUNS))
    return {
        **timing("single_source_50x50", single_ms, single_cpu, 3),
        **timing("prepare_50x50", *prepare),
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
            _ = vis.engine.edges  # the engine's grids and entries
            return vis

        prepare_ms, prepare_cpu = median_ms(prepare, heavy)
        vis = prepare()
        words = floor_word_ors(vis)
        rounds = max(1, min(RATIO_RUNS, runs))
        draws = [vis.levels({h: 2 for h in rnd.sample(bm.hexes, BIG)}) for _ in range(rounds)]
        vis.pair_blocks(draws[0])  # the compiled loops loaded, the arrays' pages touched
        engine, rows, floor = interleaved(
            [
                lambda i: vis.pair_blocks(draws[i]),
                lambda i: _every_row(vis, draws[i]),
                lambda i: floor_ors(words),
            ],
            rounds,
        )
        middle = bm.hexes[len(bm.hexes) // 2 + BIG // 2]
        vis.from_hex(middle, 1)
        single_ms, single_cpu = median_ms(lambda: vis.from_hex(middle, 1), max(runs, QUICK_RUNS))
        table_mb = vis.g.lines.nbytes / 1e6  # the shadows too: from_hex made them
        disk = sum(f.stat().st_size for f in Path(tmp).glob("sightlines-*.npz"))
    return {
        **timing("prepare_100x100", prepare_ms, prepare_cpu),
        **timing("all_pairs_100x100", *engine.median),
        **timing("visible_all_100x100", *rows.median),
        "visible_all_ratio": _rounded(rows.over(engine), 2),
        "visible_all_ratio_median": _rounded(rows.median[1] / engine.median[1], 2),
        "visible_all_ratio_best": _rounded(rows.best / engine.best, 2),
        **timing("single_source_100x100", single_ms, single_cpu, 3),
        **timing("floor_all_pairs_100x100", *floor.median),
        "floor_word_ors_100x100": words,
        "floor_ratio_100x100": _rounded(engine.over(floor), 1),
        "floor_ratio_100x100_median": _rounded(engine.median[1] / floor.median[1], 1),
        "floor_ratio_100x100_best": _rounded(engine.best / floor.best, 1),
        "all_pairs_100x100_best_cpu_ms": round(engine.best, 1),
        "visible_all_100x100_best_cpu_ms": round(rows.best, 1),
        "floor_all_pairs_100x100_best_cpu_ms": round(floor.best, 1),
        "ratio_runs_100x100": rounds,
        "kernel_100x100": vis.engine.kernel,
        "memory_100x100_mb": round(memory_mb(seed), 1),
        "line_table_100x100_mb": round(table_mb, 1),
        "line_table_100x100_disk_mb": round(disk / 1e6, 1),
    }


def _every_row(vis: Visibility, levels: Any) -> int:
    """``visible --all``'s work: every hex's sorted lists of the hexes it sees and of
    those blind to it (:meth:`Visibility.rows`), all of them walked."""
    count = 0
    for _, seen, blind in vis.rows(levels):
        count += len(seen) + len(blind)
    return count


def _two_hundred(runs: int, seed: int) -> dict[str, Any]:
    from referee.bench.big_map import big_map

    bm = big_map(HUGE, HUGE, seed)
    board = los_board(bm, ruleset("current"))
    rnd = random.Random(seed)
    heavy = max(1, min(2, runs // 5))
    with tempfile.TemporaryDirectory() as tmp:
        wall, cpu = time.perf_counter(), time.process_time()
        vis = Visibility(board, cache=Path(tmp))
        _ = vis.engine.edges
        prepare = (time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000
        draws = [vis.levels({h: 2 for h in rnd.sample(bm.hexes, HUGE)}) for _ in range(heavy)]
        it = iter(draws)
        all_ms, all_cpu = median_ms(lambda: _stream(vis, next(it)), heavy)
    peak, fresh_ms, fresh_cpu = fresh_all_pairs(seed, HUGE)
    return {
        **timing("prepare_200x200", *prepare),
        **timing("all_pairs_200x200", all_ms, all_cpu),
        **timing("fresh_all_pairs_200x200", fresh_ms, fresh_cpu),
        "kernel_200x200": vis.engine.kernel,
        "memory_200x200_mb": round(peak, 1),
    }


def _stream(vis: Visibility, levels: Any) -> int:
    """Every pair, each block of answers let go once made: the visible pairs counted (a
    population count per word: unpacking the bits took a tenth of the time)."""
    return sum(int(np.bitwise_count(b.planes[0]).sum()) for b in vis.stream_pair_blocks(levels))


def floor_word_ors(vis: Visibility) -> int:
    """Word-ORs of every pair with no word wasted: per unordered pair, one bit per far
    grid (the hexes that block at some pair of levels) for every hex its line meets
    (crossed, and touched at a corner where that counts; both hexes of an edge run),
    64 bits to a word."""
    engine = vis.engine
    sb = vis.sb
    dq, dr = engine.displacements(True)
    rows, _ = engine.table.rows(dq, dr)
    points = engine.points
    a, _ = engine.edges
    entries = (points.start[rows + 1] - points.start[rows]) + 2 * (
        a.start[rows + 1] - a.start[rows]
    )
    # how many sources have the other end on the map too: the map's autocorrelation
    grid, _, _, width = sb.axial_grid(0)
    occupied = (grid != sb.n).reshape(-1, width).astype(np.float64)
    shape = [2 * x for x in occupied.shape]
    spectrum = np.fft.rfft2(occupied, shape)
    both = np.fft.irfft2(spectrum * np.conj(spectrum), shape)
    sources = np.rint(both[dq % shape[0], dr % shape[1]]).astype(np.int64)
    return int(-(-int((sources * entries).sum()) * max(1, engine.n_far) // 64))


def _rounded(x: float | None, digits: int) -> float | None:
    return None if x is None else round(x, digits)


def floor_ors(words: int) -> None:
    """The floor's work: ``words`` word-ORs, as numpy ORs long runs of words in place (runs
    of 2^18 words, 2 MB, the last one shorter)."""
    size = 1 << 18
    x = np.ones(size, np.uint64)
    y = np.arange(size, dtype=np.uint64)
    for at in range(0, words, size):
        n = min(size, words - at)
        np.bitwise_or(x[:n], y[:n], out=x[:n])


class Runs(msgspec.Struct, frozen=True):
    """One figure's runs: the median wall and CPU milliseconds, the best (fastest) CPU
    milliseconds, and every round's CPU milliseconds."""

    median: tuple[float, float]
    best: float
    cpu: tuple[float, ...]

    def over(self, other: Runs) -> float | None:
        """This figure over ``other``, round by round (both measured in that round), the
        median of those ratios: a busy stretch of the machine weighs on both sides of
        each alike."""
        ratios = [a / b for a, b in zip(self.cpu, other.cpu, strict=True) if b]
        return statistics.median(ratios) if ratios else None


def interleaved(work: list[Callable[[int], object]], rounds: int) -> list[Runs]:
    """Each of ``work`` run ``rounds`` times, taking turns (round ``i`` calls each with
    ``i``), so that every figure sees the machine's load alike: a figure set against
    another is measured by the same statistic over the same stretch of time."""
    walls: list[list[float]] = [[] for _ in work]
    cpus: list[list[float]] = [[] for _ in work]
    for i in range(max(1, rounds)):
        for fn, wall_list, cpu_list in zip(work, walls, cpus, strict=True):
            wall, cpu = time.perf_counter(), time.process_time()
            fn(i)
            wall_list.append((time.perf_counter() - wall) * 1000)
            cpu_list.append((time.process_time() - cpu) * 1000)
    return [
        Runs((statistics.median(w), statistics.median(c)), min(c), tuple(c))
        for w, c in zip(walls, cpus, strict=True)
    ]


def kernels_load_ms() -> tuple[float, float]:
    """Wall and CPU milliseconds a fresh process takes to import numba and load the
    all-pairs loops (:mod:`referee.board.bit_kernels`) from numba's cache, compiled by an
    earlier run: the first all-pairs query of a session pays it once."""
    code = (
        "import time\n"
        "w, c = time.perf_counter(), time.process_time()\n"
        "from referee.board import bit_kernels\n"
        "bit_kernels.warm()\n"
        "print((time.perf_counter() - w) * 1000, (time.process_time() - c) * 1000)\n"
    )
    run = [sys.executable, "-c", code]
    subprocess.run(run, capture_output=True, check=True)  # compiled and cached, if not yet
    out = subprocess.run(run, capture_output=True, text=True, check=True).stdout.split()
    return float(out[-2]), float(out[-1])


def memory_mb(seed: int = 1, size: int = BIG) -> float:
    """Peak memory (resident, MB) of a fresh process that prepares the ``size x size`` map
    cold (no disk cache) and works out every pair of it."""
    return fresh_all_pairs(seed, size)[0]


def fresh_all_pairs(seed: int = 1, size: int = BIG) -> tuple[float, float, float]:
    """A fresh process that prepares the ``size x size`` map cold (no disk cache) and
    works out every pair of it, as a user's first ``visible --all`` on a new map does:
    its peak memory (resident, MB), and the wall and CPU milliseconds from its first
    import of the engine to the last answer (the compiled loops loaded on the way, when
    they answer: what the session's first all-pairs query pays once)."""
    code = (
        "import time\n"
        "w, c = time.perf_counter(), time.process_time()\n"
        "from referee.bench.los_bench import all_pairs_cold, peak_mb\n"
        f"all_pairs_cold({seed}, {size})\n"
        "print((time.perf_counter() - w) * 1000, (time.process_time() - c) * 1000)\n"
        "print(peak_mb())\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.split()
    return float(out[-1]), float(out[-3]), float(out[-2])


def peak_mb() -> float:
    """This process's own peak resident memory in MB. On Linux the high-water mark of its
    memory map (``VmHWM``): ``ru_maxrss`` carries over the peak of the process that started
    it (a bench holding a large map made a fresh process look that large)."""
    import resource

    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return kib / 1024 if sys.platform != "darwin" else kib / 1024 / 1024


def all_pairs_cold(seed: int = 1, size: int = BIG) -> int:
    """Prepare the ``size x size`` map with no disk cache and work out every pair of it,
    streamed (each block of answers counted and let go, as ``visible --all`` does)."""
    from referee.bench.big_map import big_map

    bm = big_map(size, size, seed)
    rnd = random.Random(seed)
    vis = Visibility(los_board(bm, ruleset("current")))
    levels = vis.levels({h: 2 for h in rnd.sample(bm.hexes, size)})
    return sum(len(b.dq) for b in vis.stream_pair_blocks(levels))


def run(
    map_path: Path, runs: int = 15, seed: int = 1, big: bool = True, huge: bool = True
) -> dict[str, Any]:
    """Every figure of the bench (the 100 x 100 ones unless ``big`` is false, the
    200 x 200 ones unless ``huge`` is), with the machine's load."""

    def figures() -> dict[str, Any]:
        result = _small_map(map_path, runs, seed)
        result.update(_fifty(runs, seed))
        if big:
            result.update(_hundred(runs, seed))
        if big and huge:
            result.update(_two_hundred(runs, seed))
        if numba_installed():
            result.update(timing("kernels_load", *kernels_load_ms()))
        result["runs"] = runs
        return result

    return on_machine(figures)


def main() -> None:  # pragma: no cover - for ``python -m referee.bench.los_bench``
    print(json.dumps(run(Path(sys.argv[1])), indent=2))
