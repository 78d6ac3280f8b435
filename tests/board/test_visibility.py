"""The fast all-lines engine gives exactly the answers of the one-line reference."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from referee.board.hexgrid import Hex, hex_label
from referee.board.line import CROSS, VERTEX, trace
from referee.board.los import line_of_sight, los_board
from referee.board.maps import parse_map, rectangle_hexes
from referee.board.visibility import MapGeometry, Visibility, _trace_many, relative_lines
from referee.rules.ruleset import load_ruleset

TERRAIN = ["clear"] * 6 + ["forest", "hill", "mountain", "building", "sand-dunes", "rough"]
READINGS = {
    "los.edge-run": ["both-sides", "either-side"],
    "los.vertex-touch": ["ignore", "block"],
    "los.blind-count": ["steps", "along-line"],
    "los.smoke": ["blocks-always", "level-0"],
}


def test_symmetry_built_table_equals_direct_traces():
    rel = relative_lines(6, 6)
    for dq in range(-6, 7):
        for dr in range(-6, 7):
            if not (dq or dr):
                continue
            k = rel.index(np.int32(dq), np.int32(dr))
            lo, hi = rel.point_start[k], rel.point_start[k + 1]
            got = {
                (int(q), int(r), int(kind))
                for q, r, kind in zip(
                    rel.point_q[lo:hi], rel.point_r[lo:hi], rel.point_kind[lo:hi], strict=True
                )
            }
            t = trace(Hex(0, 0), Hex(dq, dr))
            want = {(h.q, h.r, 0) for h in t.crossed} | {(h.q, h.r, 1) for h in t.vertices}
            assert got == want, (dq, dr)
            elo, ehi = rel.edge_start[k], rel.edge_start[k + 1]
            got_e = {
                frozenset(zip(map(int, rel.edge_q[i]), map(int, rel.edge_r[i]), strict=True))
                for i in range(elo, ehi)
            }
            assert got_e == {frozenset({(a.q, a.r), (b.q, b.r)}) for a, b in t.edges}


def test_lines_walked_together_equal_the_one_line_tracer():
    # every displacement in a box, not only one per symmetry class: order, left and right
    # of edge runs, and the crossed-hex counts must all be those of ``trace``
    box = [(dq, dr) for dq in range(-9, 10) for dr in range(-9, 10) if dq or dr]
    dq = np.array([d[0] for d in box], np.int64)
    dr = np.array([d[1] for d in box], np.int64)
    points, edges = _trace_many(dq, dr)
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


@pytest.mark.parametrize("seed", range(8))
def test_all_pairs_and_single_source_agree_with_reference(seed, tmp_path):
    rnd = random.Random(seed)
    readings = {k: rnd.choice(v) for k, v in READINGS.items()}
    rs = load_ruleset("current", readings)
    cols, rows = rnd.randint(3, 8), rnd.randint(3, 8)
    doc = {
        "name": "r",
        "shape": "rectangle",
        "columns": cols,
        "rows": rows,
        "default_terrain": "clear",
        "terrain": {hex_label(h): rnd.choice(TERRAIN) for h in rectangle_hexes(cols, rows)},
    }
    bm = parse_map(Path("r.toml"), doc, rs.terrain)
    board = los_board(bm, rs, [h for h in bm.hexes if rnd.random() < 0.1])
    vis = Visibility(board, MapGeometry(bm.hexes, tmp_path))
    levels = vis.levels({h: 2 for h in bm.hexes if rnd.random() < 0.15})
    visible, blind = vis.all_pairs(levels)
    for i, a in enumerate(bm.hexes):
        for j, b in enumerate(bm.hexes):
            if i != j:
                s = line_of_sight(board, a, b, int(levels[i]), int(levels[j]))
                assert (s.visible, s.blind) == (visible[i, j], blind[i, j]), s.working
    for i, a in enumerate(bm.hexes):
        v1, b1 = vis.from_hex(a, levels=levels)
        assert (v1 == visible[i]).all() and (b1 == blind[i]).all()


def test_geometry_cache_file_is_reused_and_a_corrupt_one_rebuilt(tmp_path):
    first = relative_lines(3, 3, tmp_path)
    (cached,) = tmp_path.glob("*.npz")
    again = relative_lines(3, 3, tmp_path)
    assert (again.point_q == first.point_q).all()
    cached.write_bytes(b"not a numpy file")
    rebuilt = relative_lines(3, 3, tmp_path)
    assert (rebuilt.point_q == first.point_q).all()
