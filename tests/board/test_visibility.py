"""The fast engines give exactly the answers of the one-line reference tracer.

The reference is :func:`referee.board.los.line_of_sight` (and its geometry
:func:`referee.board.line.trace`). Every fast path is compared with it on random maps
(hypothesis draws the map, its terrain, smoke, every ruling's reading and the levels):
the canonical line table, its inverted part, one hex to all, every pair (packed bit
planes, half or all displacements, streamed a few columns at a time) and the pair table.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import referee.board.visibility as visibility
from referee.board.all_pairs import KERNEL_ENV, numba_installed
from referee.board.hexgrid import DIRECTIONS, Hex, hex_label
from referee.board.line import CROSS, EDGE, VERTEX, trace
from referee.board.los import SightError, line_of_sight, los_board
from referee.board.maps import hexagon_hexes, parse_map, rectangle_hexes
from referee.board.sightlines import (
    EDGE_KIND,
    build_table,
    cache_path,
    hex_distance,
    line_table,
    map_back,
    shadow_path,
    trace_many,
    walk,
    walk_in_parts,
)
from referee.board.visibility import MapGeometry, Visibility
from referee.ruleset.shipped import load_ruleset

TERRAIN = ["clear"] * 6 + ["forest", "hill", "mountain", "building", "sand-dunes", "rough"]
READINGS = {
    "los.edge-run": ["both-sides", "either-side"],
    "los.vertex-touch": ["ignore", "block"],
    "los.blind-count": ["steps", "along-line"],
    "los.smoke": ["blocks-always", "level-0"],
    "los.level0-from-level1": ["blind-1", "blind-2", "block"],
    "los.level2-to-level1": ["clear", "blind-1"],
    "los.level2-to-level1-hills": ["blind-2", "clear", "block"],
    "los.both-level-2": ["clear", "block"],
}


# every exactness test of the all-pairs engine runs on both kernels that OR its lines
KERNELS = [
    "numpy",
    pytest.param(
        "numba",
        marks=pytest.mark.skipif(
            not numba_installed(), reason="numba is not installed (the extra large-maps)"
        ),
    ),
]


@contextmanager
def _kernel(kernel: str) -> Iterator[None]:
    """Engines made inside use ``kernel``, whatever the map's size."""
    old = os.environ.get(KERNEL_ENV)
    os.environ[KERNEL_ENV] = kernel
    try:
        yield
    finally:
        if old is None:
            del os.environ[KERNEL_ENV]
        else:
            os.environ[KERNEL_ENV] = old


def _expected_points(dq: int, dr: int) -> set[tuple[int, int, int, int, int]]:
    """The trace's crossed hexes and corner touches with their positions, by hand from
    the reference: a crossed hex has ``before + 1`` crossed hexes up to and including it
    from the start and ``total - before`` from the end; a corner one more from the end."""
    t = trace(Hex(0, 0), Hex(dq, dr))
    total, before, out = len(t.crossed), 0, set()
    for touch in t.touches:
        h = touch.hexes[0]
        if touch.kind == CROSS:
            out.add((h.q, h.r, 0, before + 1, total - before))
            before += 1
        elif touch.kind == VERTEX:
            out.add((h.q, h.r, 1, before + 1, total - before + 1))
    return out


def test_every_line_is_its_canonical_line_mapped_back_by_a_symmetry():
    table = build_table(7)
    for dq in range(-7, 8):
        for dr in range(-7, 8):
            if not (dq or dr) or hex_distance(np.array(dq), np.array(dr)) > 7:
                continue
            (row,), (sym,) = table.rows(np.array([dq]), np.array([dr]))
            lo, hi = table.point_start[row], table.point_start[row + 1]
            q, r = map_back(sym, table.point_q[lo:hi].astype(np.int64), table.point_r[lo:hi])
            got = set(
                zip(
                    q.tolist(),
                    r.tolist(),
                    table.point_kind[lo:hi].tolist(),
                    table.point_pos_s[lo:hi].tolist(),
                    table.point_pos_t[lo:hi].tolist(),
                    strict=True,
                )
            )
            assert got == _expected_points(dq, dr), (dq, dr)
            elo, ehi = table.edge_start[row], table.edge_start[row + 1]
            aq, ar = map_back(sym, table.edge_aq[elo:ehi].astype(np.int64), table.edge_ar[elo:ehi])
            bq, br = map_back(sym, table.edge_bq[elo:ehi].astype(np.int64), table.edge_br[elo:ehi])
            edges = {frozenset({(a, b), (c, d)}) for a, b, c, d in zip(aq, ar, bq, br, strict=True)}
            t = trace(Hex(0, 0), Hex(dq, dr))
            assert edges == {frozenset({(a.q, a.r), (b.q, b.r)}) for a, b in t.edges}


def test_a_canonical_line_is_one_twelfth_of_the_lines_or_so():
    table = build_table(30)
    lines = 3 * 30 * 31  # displacements of 1 to 30 steps
    assert lines / 12 <= len(table.line_q) <= lines / 12 + 2 * 30 + 1


def test_the_inverted_table_lists_every_line_through_each_hex():
    radius = 6
    table = build_table(radius)
    through: dict[tuple[int, int], set[tuple[int, ...]]] = {}
    steps = [(d.q, d.r) for d in DIRECTIONS]
    for dq in range(-radius, radius + 1):
        for dr in range(-radius, radius + 1):
            if (dq or dr) and hex_distance(np.array(dq), np.array(dr)) <= radius:
                for q, r, kind, ps, pt in _expected_points(dq, dr):
                    through.setdefault((q, r), set()).add((dq, dr, kind, ps, pt))
                # an edge run is listed under both hexes, with the way to the other
                t = trace(Hex(0, 0), Hex(dq, dr))
                total, before = len(t.crossed), 0
                for touch in t.touches:
                    if touch.kind == CROSS:
                        before += 1
                    elif touch.kind == EDGE:
                        a, b = touch.hexes
                        for f, other in ((a, b), (b, a)):
                            towards = steps.index((other.q - f.q, other.r - f.r))
                            through.setdefault((f.q, f.r), set()).add(
                                (dq, dr, EDGE_KIND + towards, before + 1, total - before + 1)
                            )
    for k in range(len(table.line_q)):
        lo, hi = table.shadow_start[k], table.shadow_start[k + 1]
        got = set(
            zip(
                table.shadow_q[lo:hi].tolist(),
                table.shadow_r[lo:hi].tolist(),
                table.shadow_kind[lo:hi].tolist(),
                table.shadow_pos_s[lo:hi].tolist(),
                table.shadow_pos_t[lo:hi].tolist(),
                strict=True,
            )
        )
        o = (int(table.line_q[k]), int(table.line_r[k]))
        assert got == through.get(o, set()), o
        # crossings, corner touches, edge runs, each shortest line first; the steps from
        # the hex to each line's end
        lengths = hex_distance(table.shadow_q[lo:hi], table.shadow_r[lo:hi])
        order = list(zip(table.shadow_kind[lo:hi].tolist(), lengths.tolist(), strict=True))
        assert order == sorted(order)
        assert (
            table.shadow_dt[lo:hi]
            == hex_distance(table.shadow_q[lo:hi] - o[0], table.shadow_r[lo:hi] - o[1])
        ).all()


def test_lines_walked_together_equal_the_one_line_tracer():
    # every displacement in a box, not one per symmetry class: order, left and right of
    # edge runs, and the crossed-hex counts must all be those of ``trace``
    box = [(dq, dr) for dq in range(-9, 10) for dr in range(-9, 10) if dq or dr]
    dq = np.array([d[0] for d in box], np.int64)
    dr = np.array([d[1] for d in box], np.int64)
    points, edges = trace_many(dq, dr)
    for n, (q, r) in enumerate(box):
        t = trace(Hex(0, 0), Hex(q, r))
        total = len(t.crossed)
        want_p, want_e, before = [], [], 0
        for touch in t.touches:
            if touch.kind == CROSS:
                h = touch.hexes[0]
                want_p.append((h.q, h.r, 0, before + 1, total - before))
                before += 1
            elif touch.kind == VERTEX:
                h = touch.hexes[0]
                want_p.append((h.q, h.r, 1, before + 1, total - before + 1))
            else:
                a, b = touch.hexes
                want_e.append((a.q, a.r, b.q, b.r, before + 1, total - before + 1))
        got_p = [tuple(map(int, row[1:])) for row in points[points[:, 0] == n]]
        got_e = [tuple(map(int, row[1:])) for row in edges[edges[:, 0] == n]]
        assert (got_p, got_e) == (want_p, want_e), (q, r)


def test_lines_walked_a_few_at_a_time_are_the_lines_walked_together():
    """Clause ``los.straight-line``: a large map's table walks its lines in parts (so that
    the memory of the walk is given back); the traces are those of one walk, in order."""
    box = [(dq, dr) for dq in range(-12, 13) for dr in range(-12, 13) if dq or dr]
    dq = np.array([d[0] for d in box], np.int64)
    dr = np.array([d[1] for d in box], np.int64)
    whole = walk(dq, dr)
    for per in (1, 7, 100, len(box) - 1):
        parts = walk_in_parts(dq, dr, per)
        for name, want in vars(whole).items():
            got = getattr(parts, name)
            assert got.dtype == want.dtype and np.array_equal(got, want), (per, name)


@st.composite
def boards(draw, max_side: int = 8):
    """A random map (rectangle or hexagon), terrain, smoke, readings and levels."""
    readings = {k: draw(st.sampled_from(v)) for k, v in READINGS.items()}
    rs = load_ruleset("current", readings)
    if draw(st.booleans()):
        cols, rows = draw(st.integers(1, max_side)), draw(st.integers(1, max_side))
        hexes = rectangle_hexes(cols, rows)
        shape = {"shape": "rectangle", "columns": cols, "rows": rows}
    else:
        side = draw(st.integers(1, 4))
        hexes = hexagon_hexes(side)[0]
        shape = {"shape": "hexagon", "side": side}
    terrain = draw(st.lists(st.sampled_from(TERRAIN), min_size=len(hexes), max_size=len(hexes)))
    doc = {
        "name": "r",
        **shape,
        "default_terrain": "clear",
        "terrain": {hex_label(h): t for h, t in zip(hexes, terrain, strict=True)},
    }
    bm = parse_map(Path("r.toml"), doc, rs.terrain)
    smoke = draw(st.lists(st.booleans(), min_size=len(hexes), max_size=len(hexes)))
    board = los_board(bm, rs, [h for h, s in zip(bm.hexes, smoke, strict=True) if s])
    flying = draw(st.lists(st.integers(0, 5), min_size=len(hexes), max_size=len(hexes)))
    return board, {h: 2 for h, f in zip(bm.hexes, flying, strict=True) if f == 0}


def _reference(board, levels):
    hexes = board.battle_map.hexes
    n = len(hexes)
    visible = np.zeros((n, n), bool)
    blind = np.zeros((n, n), bool)
    for i, a in enumerate(hexes):
        for j, b in enumerate(hexes):
            if i != j:
                s = line_of_sight(board, a, b, int(levels[i]), int(levels[j]))
                visible[i, j], blind[i, j] = s.visible, s.blind
    return visible, blind


@pytest.mark.parametrize("kernel", KERNELS)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(drawn=boards())
def test_every_engine_agrees_with_the_reference_tracer(kernel, drawn):
    board, flying = drawn
    with _kernel(kernel):
        vis = Visibility(board)
        assert vis.engine.kernel == kernel
    levels = vis.levels(flying)
    want_visible, want_blind = _reference(board, levels)
    # the pair table (small maps), at these levels
    visible, blind = vis.all_pairs(levels)
    assert (visible == want_visible).all() and (blind == want_blind).all()
    # the bit planes, half and all displacements
    from referee.board.all_pairs import dense

    for half in (True, False):
        visible, blind = dense(vis.sb, vis.engine.answer(levels, half=half), half=half)
        assert (visible == want_visible).all() and (blind == want_blind).all()
    # the entries within the largest N of an end (los.blind-count) are listed a slab of
    # lines at a time, to bound a large map's memory: cut into slabs of a line or a few
    from referee.board import all_pairs

    old, all_pairs._SLAB = all_pairs._SLAB, 3
    try:
        sliced = all_pairs.AllPairs(vis.sb, vis.g.lines, kernel)
        visible, blind = dense(vis.sb, sliced.answer(levels))
    finally:
        all_pairs._SLAB = old
    assert (visible == want_visible).all() and (blind == want_blind).all()
    # one hex to all, at its own level and at every other
    for i, h in enumerate(board.battle_map.hexes):
        v1, b1 = vis.from_hex(h, levels=levels)
        assert (v1 == want_visible[i]).all() and (b1 == want_blind[i]).all()
        for level in range(3):
            v2, b2 = vis.from_hex(h, level, levels)
            for j, other in enumerate(board.battle_map.hexes):
                if j != i:
                    s = line_of_sight(board, h, other, level, int(levels[j]))
                    assert (v2[j], b2[j]) == (s.visible, s.blind)


@pytest.mark.parametrize("kernel", KERNELS)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(drawn=boards(max_side=7), data=st.data())
def test_every_pair_at_any_levels_of_its_ends_is_the_reference_tracers(kernel, drawn, data):
    """Clauses ``los.*``: the bit planes (by numpy, and by the compiled loops of
    ``bit_kernels``) give the reference tracer's answer at every pair of end levels, each
    hex at a level drawn from 0-2 (blind hexes, hard edge runs and the far grids of each
    class of levels)."""
    board, _ = drawn
    n = len(board.battle_map.hexes)
    levels = np.array(data.draw(st.lists(st.integers(0, 2), min_size=n, max_size=n)), np.int8)
    with _kernel(kernel):
        vis = Visibility(board)
        assert vis.engine.kernel == kernel
    want_visible, want_blind = _reference(board, levels)
    from referee.board.all_pairs import dense

    for half in (True, False):
        visible, blind = dense(vis.sb, vis.engine.answer(levels, half=half), half=half)
        assert (visible == want_visible).all() and (blind == want_blind).all()
    # every pair of levels at once (the planes the pair table is built from)
    planes = dense(vis.sb, vis.engine.answer(None, half=False), half=False, planes=18)
    for i, a in enumerate(board.battle_map.hexes):
        for j, b in enumerate(board.battle_map.hexes):
            if i != j:
                la, lb = int(levels[i]), int(levels[j])
                s = line_of_sight(board, a, b, la, lb)
                c = 3 * la + lb
                assert (planes[2 * c][i, j], planes[2 * c + 1][i, j]) == (s.visible, s.blind)


@settings(max_examples=25, deadline=None)
@given(boards(max_side=6))
def test_line_of_sight_is_the_same_both_ways(drawn):
    # what lets all pairs be worked out from half the displacements
    board, flying = drawn
    levels = Visibility(board).levels(flying)
    visible, blind = _reference(board, levels)
    assert (visible == visible.T).all() and (blind == blind.T).all()


@pytest.mark.parametrize("kernel", KERNELS)
@pytest.mark.parametrize(
    "kept",
    [
        visibility.ROW_PAIRS,  # the pairs worked out once, half of them, and kept
        0,  # too many pairs to keep: sixteen columns at a time, both ways
    ],
)
@settings(max_examples=10, deadline=None)
@given(drawn=boards())
def test_streamed_rows_are_the_pairs_of_each_hex(kernel, kept, drawn):
    board, flying = drawn
    with _kernel(kernel):
        vis = Visibility(board)
        assert vis.engine.kernel == kernel
    levels = vis.levels(flying)
    visible, blind = vis.all_pairs(levels)
    names = ("DENSE_HEXES", "CHUNK_COLUMNS", "ROW_PAIRS")
    old = [getattr(visibility, name) for name in names]
    for name, value in zip(names, (0, 2, kept), strict=True):
        setattr(visibility, name, value)  # stream even a small map
    try:
        rows = list(vis.rows(levels))
    finally:
        for name, value in zip(names, old, strict=True):
            setattr(visibility, name, value)
    assert [i for i, _, _ in rows] == list(range(len(board.battle_map)))
    for i, seen, blind_to in rows:
        assert list(seen) == list(np.flatnonzero(visible[i]))
        assert list(blind_to) == list(np.flatnonzero(blind[i]))


def _room(size: int, seed: int):
    from referee.bench.big_map import big_map

    rs = load_ruleset("current", {})
    return los_board(big_map(size, size, seed), rs)


@pytest.mark.slow
@pytest.mark.parametrize("kernel", KERNELS)
def test_a_large_map_agrees_with_the_reference_on_sampled_lines(kernel, tmp_path):
    # 40 x 40 hexes (every engine's tiling and chunking at work), checked on lines drawn
    # at random and on every line of a few sources
    import random

    board = _room(40, 3)
    with _kernel(kernel):
        vis = Visibility(board, cache=tmp_path)
        assert vis.engine.kernel == kernel
    hexes = board.battle_map.hexes
    rnd = random.Random(3)
    levels = vis.levels({h: 2 for h in rnd.sample(hexes, 40)})
    blocks = vis.pair_blocks(levels)
    from referee.board.all_pairs import dense

    visible, blind = dense(vis.sb, iter(blocks))
    for _ in range(3000):
        i, j = rnd.randrange(len(hexes)), rnd.randrange(len(hexes))
        if i != j:
            s = line_of_sight(board, hexes[i], hexes[j], int(levels[i]), int(levels[j]))
            assert (visible[i, j], blind[i, j]) == (s.visible, s.blind), s.working
    for i in rnd.sample(range(len(hexes)), 4):
        v1, b1 = vis.from_hex(hexes[i], levels=levels)
        assert (v1 == visible[i]).all() and (b1 == blind[i]).all()


def test_a_hundred_by_hundred_map_gives_one_hexs_view_as_the_reference(tmp_path):
    board = _room(100, 1)
    vis = Visibility(board, cache=tmp_path)
    hexes = board.battle_map.hexes
    source = hexes[5050]
    visible, blind = vis.from_hex(source, 1)
    for j in range(0, len(hexes), 97):
        if j != 5050:
            s = line_of_sight(board, source, hexes[j], 1, None)
            assert (visible[j], blind[j]) == (s.visible, s.blind), s.working


def test_the_line_table_cache_is_reused_and_a_bad_one_rebuilt(tmp_path):
    first = line_table(3, tmp_path)
    cached = cache_path(tmp_path, 3)
    assert cached.exists()
    stamp = cached.stat().st_mtime_ns
    again = line_table(3, tmp_path)
    assert cached.stat().st_mtime_ns == stamp  # read, not written again
    assert (again.point_q == first.point_q).all() and (again.shadow_key == first.shadow_key).all()
    for bad in (b"not a numpy file", b""):
        cached.write_bytes(bad)
        rebuilt = line_table(3, tmp_path)
        assert (rebuilt.shadow_q == first.shadow_q).all()
    # a file of another radius under this one's name is not trusted either
    cached.write_bytes(cache_path(tmp_path, 3).read_bytes())
    assert line_table(4, tmp_path).radius == 4
    cache_path(tmp_path, 3).write_bytes(cache_path(tmp_path, 4).read_bytes())
    assert line_table(3, tmp_path).radius == 3


def test_the_line_table_of_a_club_table_room_is_small():
    # 100 x 100 hexes: lines up to 149 steps; the bound is 30 MB
    assert MapGeometry(tuple(rectangle_hexes(100, 100))).lines.nbytes < 30e6


def test_a_hex_off_the_map_or_a_level_that_is_not_one_is_refused():
    rs = load_ruleset("current", {})
    bm = parse_map(
        Path("t.toml"), {"name": "t", "shape": "rectangle", "columns": 3, "rows": 3}, rs.terrain
    )
    vis = Visibility(los_board(bm, rs))
    with pytest.raises(SightError, match="not on the map"):
        vis.from_hex(Hex(9, 9))
    with pytest.raises(SightError, match="0, 1 or 2"):
        vis.from_hex(bm.hexes[0], 3)
    with pytest.raises(SightError, match="0, 1 or 2"):
        vis.all_pairs(np.full(len(bm), 5))
    with pytest.raises(SightError, match="one per hex"):
        vis.all_pairs(np.zeros(2))


@pytest.mark.parametrize("name", ["standard", "entrenched", "activation"])
def test_the_reference_one_hex_to_all_equals_the_engine_on_the_shipped_maps(name):
    from referee.board.los import seen_from
    from referee.board.maps import find_map, load_map
    from referee.ruleset.shipped import ruleset

    bm = load_map(find_map(name))
    board = los_board(bm, ruleset(bm.edition))
    vis = Visibility(board)
    for h in bm.hexes:
        for level in (None, 0, 2):
            seen, blind = seen_from(board, h, level)
            v, b = vis.from_hex(h, level)
            assert [bm.index[x] for x in seen] == list(np.flatnonzero(v))
            assert [bm.index[x] for x in blind] == list(np.flatnonzero(b))


def test_every_pair_leaves_the_shadows_alone_and_one_hex_to_all_caches_them(tmp_path):
    # the inverted table is for one hex to all only: all pairs neither builds nor writes it
    rs = load_ruleset("current", {})
    bm = parse_map(
        Path("t.toml"),
        {"name": "t", "shape": "rectangle", "columns": 9, "rows": 9, "default_terrain": "forest"},
        rs.terrain,
    )
    board = los_board(bm, rs)
    vis = Visibility(board, cache=tmp_path)
    visible, _ = vis.all_pairs()
    shadows = shadow_path(tmp_path, vis.g.lines.radius)
    assert cache_path(tmp_path, vis.g.lines.radius).exists() and not shadows.exists()
    seen, _ = vis.from_hex(bm.hexes[40])
    assert (seen == visible[40]).all() and shadows.exists()
    stamp = shadows.stat().st_mtime_ns
    again = Visibility(board, cache=tmp_path)
    assert (again.from_hex(bm.hexes[40])[0] == seen).all()
    assert shadows.stat().st_mtime_ns == stamp  # read, not written again
    for bad in (b"not a numpy file", cache_path(tmp_path, vis.g.lines.radius).read_bytes()):
        shadows.write_bytes(bad)  # garbage, or the lines' file under the shadows' name
        assert (Visibility(board, cache=tmp_path).from_hex(bm.hexes[40])[0] == seen).all()


def test_numpy_ors_a_small_maps_lines_and_numba_a_large_maps_when_installed(monkeypatch):
    from referee.board import all_pairs

    monkeypatch.delenv(KERNEL_ENV, raising=False)
    assert all_pairs.kernel_for(all_pairs.NUMBA_HEXES - 1) == "numpy"
    large = "numba" if numba_installed() else "numpy"
    assert all_pairs.kernel_for(all_pairs.NUMBA_HEXES) == large
    monkeypatch.setattr(all_pairs, "numba_installed", lambda: False)
    assert all_pairs.kernel_for(200 * 200) == "numpy"  # no numba: numpy, whatever the size
    with pytest.raises(ValueError, match="not installed"):
        monkeypatch.setenv(KERNEL_ENV, "numba")
        all_pairs.kernel_for(10)
    monkeypatch.setenv(KERNEL_ENV, "numpy")
    assert all_pairs.kernel_for(200 * 200) == "numpy"
    monkeypatch.setenv(KERNEL_ENV, "fast")
    with pytest.raises(ValueError, match="numpy or numba"):
        all_pairs.kernel_for(10)


def test_every_pair_of_a_shipped_map_is_worked_out_without_importing_numba():
    # a small map answers sooner by numpy than numba is imported and its loops loaded
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from referee.cli.main import main\n"
        "main(['visible', 'standard', '--all'])\n"
        "print('numba' in sys.modules, file=sys.stderr)\n"
    )
    env = {k: v for k, v in os.environ.items() if k != KERNEL_ENV}
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stderr.split()[-1] == "False"


@pytest.mark.parametrize(("reading", "shared"), [("blind-1", True), ("blind-2", False)])
def test_level_pairs_blind_behind_the_same_hexes_share_one_set_of_near_stops(reading, shared):
    # data/rulesets/current/los.toml: read "blind-1", ruling los.level0-from-level1 makes
    # the rows "1-0" and "2-0" the same (blind 1, blind 2, block), so the lines stopped
    # near a low end are the same for both and are worked out once; read "blind-2", level-0
    # terrain leaves two blind hexes seen from level 1 and one seen from level 2
    rs = load_ruleset("current", {"los.level0-from-level1": reading})
    hexes = rectangle_hexes(6, 5)
    kinds = ["clear", "forest", "hill", "mountain", "building"]
    doc = {
        "name": "shared",
        "shape": "rectangle",
        "columns": 6,
        "rows": 5,
        "default_terrain": "clear",
        "terrain": {hex_label(h): kinds[i % len(kinds)] for i, h in enumerate(hexes)},
    }
    engine = Visibility(los_board(parse_map(Path("shared.toml"), doc, rs.terrain), rs)).engine
    one_to_zero, two_to_zero = 1 * 3 + 0, 2 * 3 + 0
    assert (engine.near_of[one_to_zero] == engine.near_of[two_to_zero]) is shared
    assert engine.blind_classes == sorted(set(engine.near_of.values()))
    assert len(engine.blind_classes) == len(engine.near_of) - shared
