"""The all-pairs engine's compiled loops (``referee/board/bit_kernels.py``) index their
arrays without bounds checks, for speed. Here numba checks every index (its
``NUMBA_BOUNDSCHECK``, compiled apart in a cache of the test's own) while every pair of a
map is worked out by each loop: none may reach outside its arrays, and the answers are the
reference tracer's (clauses ``los.*``)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from referee.board.all_pairs import KERNEL_ENV, numba_installed

CODE = """
import random
from pathlib import Path
import numpy as np
import referee.board.visibility as visibility
from referee.board.all_pairs import dense
from referee.board.hexgrid import hex_label
from referee.board.los import line_of_sight, los_board
from referee.board.maps import parse_map, rectangle_hexes
from referee.ruleset.shipped import load_ruleset

rnd = random.Random(7)
for readings in (
    {},
    {"los.edge-run": "both-sides", "los.vertex-touch": "block", "los.blind-count": "along-line"},
    {"los.edge-run": "either-side", "los.level0-from-level1": "blind-2"},
):
    rs = load_ruleset("current", readings)
    hexes = rectangle_hexes(11, 9)
    kinds = ["clear"] * 5 + ["forest", "hill", "mountain", "building", "rough"]
    doc = {"name": "k", "shape": "rectangle", "columns": 11, "rows": 9,
           "default_terrain": "clear",
           "terrain": {hex_label(h): rnd.choice(kinds) for h in hexes}}
    bm = parse_map(Path("k.toml"), doc, rs.terrain)
    board = los_board(bm, rs, rnd.sample(bm.hexes, 5))
    vis = visibility.Visibility(board)
    assert vis.engine.kernel == "numba"
    n = len(bm.hexes)
    levels = np.array([rnd.choice((0, 0, 1, 2)) for _ in range(n)], np.int8)
    visible, blind = dense(vis.sb, vis.engine.answer(levels))  # the compiled stops
    table_visible, table_blind = vis.all_pairs(levels)  # the pair table: every pair of levels
    visibility.DENSE_HEXES = 0  # visible --all's path: the pairs read out of the words
    rows = list(vis.rows(levels))
    for i, a in enumerate(bm.hexes):
        assert list(rows[i][1]) == list(np.flatnonzero(visible[i]))
        assert list(rows[i][2]) == list(np.flatnonzero(blind[i]))
        for j, b in enumerate(bm.hexes):
            if i != j:
                s = line_of_sight(board, a, b, int(levels[i]), int(levels[j]))
                assert (visible[i, j], blind[i, j]) == (s.visible, s.blind), (i, j)
                assert (table_visible[i, j], table_blind[i, j]) == (s.visible, s.blind), (i, j)
    visibility.DENSE_HEXES = 5000
print("ok")
"""


@pytest.mark.skipif(not numba_installed(), reason="numba is not installed (the extra large-maps)")
def test_the_compiled_loops_stay_inside_their_arrays_and_answer_as_the_reference(tmp_path):
    env = dict(os.environ, NUMBA_BOUNDSCHECK="1", NUMBA_CACHE_DIR=str(tmp_path))
    env[KERNEL_ENV] = "numba"  # the compiled loops, small as the map is
    done = subprocess.run(
        [sys.executable, "-c", CODE], env=env, capture_output=True, text=True, timeout=900
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.split()[-1] == "ok"
