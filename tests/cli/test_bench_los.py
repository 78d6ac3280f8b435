"""``referee bench los`` sets the engine against a baseline that answers the same question
(every pair, visible and blind, as the reference tracer answers it), and says on what
machine it measured: the load, and CPU time beside wall time."""

from __future__ import annotations

import json
import random
import time

import numpy as np

from referee.bench.los_bench import _with_blockers, baseline_pairs, interleaved
from referee.bench.measure import on_machine
from referee.board.los import line_of_sight, los_board
from referee.board.maps import load_map
from referee.board.visibility import Visibility
from referee.cli.main import main
from referee.ruleset.shipped import ruleset

SMALL = """name = "Small hexagon"
shape = "hexagon"
side = 5
default_terrain = "clear"
"""


def test_the_baseline_gives_the_reference_tracers_answer_for_every_pair(tmp_path):
    path = tmp_path / "small.toml"
    path.write_text(SMALL)
    bm = _with_blockers(load_map(path), 15, seed=4)
    board = los_board(bm, ruleset("current"))
    rnd = random.Random(4)
    vis = Visibility(board)
    levels = vis.levels({h: 2 for h in rnd.sample(bm.hexes, 8)})
    visible, blind = baseline_pairs(board, levels)
    hexes = bm.hexes
    for i, a in enumerate(hexes):
        for j, b in enumerate(hexes):
            if i != j:
                sight = line_of_sight(board, a, b, int(levels[i]), int(levels[j]))
                assert (visible[i, j], blind[i, j]) == (sight.visible, sight.blind), (a, b)
    assert not visible.diagonal().any()
    engine_visible, engine_blind = vis.all_pairs(levels)
    assert (engine_visible == visible).all() and (engine_blind == blind).all()


def test_a_bench_names_the_load_it_ran_under_and_its_cpu_time():
    def busy() -> dict[str, object]:
        end = time.process_time() + 0.05
        while time.process_time() < end:
            pass
        return {"figure_ms": 1.0, "cpus": "kept as the bench gave it"}

    result = on_machine(busy)
    assert result["figure_ms"] == 1.0
    assert result["cpus"] == "kept as the bench gave it"
    assert len(result["load_average"]) == 3 and len(result["load_average_after"]) == 3
    assert result["bench_cpu_ms"] >= 50
    assert result["bench_wall_ms"] >= result["bench_cpu_ms"] * 0.5


def test_bench_los_reports_cold_and_warm_against_a_baseline_that_agrees(tmp_path, capsys):
    path = tmp_path / "small.toml"
    path.write_text(SMALL)
    assert main(["bench", "los", str(path), "--no-big", "--runs", "1", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["hexes"] == 61 and result["pairs"] == 61 * 60
    assert result["baseline_agrees"] is True
    assert result["visible_pairs"] == result["baseline_visible_pairs"]
    for figure in ("cold_all_pairs", "all_pairs", "shapely_loop", "single_source_50x50"):
        assert result[f"{figure}_ms"] > 0 and result[f"{figure}_cpu_ms"] >= 0
    assert len(result["load_average"]) == 3 and result["cpus"] >= 1
    assert "all_pairs_200x200_ms" not in result  # --no-big leaves the large maps out
    assert np.isfinite(result["bench_cpu_ms"])


def test_a_fresh_process_peak_memory_is_its_own_not_that_of_the_bench_that_started_it():
    # the bench measures a map's memory in a fresh process; a bench holding 300 MB (a large
    # map prepared) must not make that process look 300 MB large (ru_maxrss carries over)
    import subprocess
    import sys

    held = np.ones(300 * 2**20 // 8)  # 300 MB, every page touched
    code = "from referee.bench.los_bench import peak_mb\nprint(peak_mb())\n"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert float(out.stdout.split()[-1]) < 200
    del held


def test_figures_set_against_each_other_take_turns_and_keep_every_run():
    # a ratio of two figures is fair only if both saw the same stretch of the machine's
    # load: the engine and the floor run by turns, and each keeps its median and best
    calls: list[tuple[str, int]] = []

    def busy(name: str, seconds: float):
        def run(i: int) -> None:
            calls.append((name, i))
            end = time.process_time() + seconds
            while time.process_time() < end:
                pass

        return run

    engine, floor = interleaved([busy("engine", 0.02), busy("floor", 0.005)], 3)
    assert calls == [(name, i) for i in range(3) for name in ("engine", "floor")]
    assert 20 <= engine.best <= engine.median[1]
    assert 5 <= floor.best <= floor.median[1]
    # a ratio sets the two sides of each round against each other, then takes the median
    per_round = sorted(a / b for a, b in zip(engine.cpu, floor.cpu, strict=True))
    assert len(per_round) == 3 and engine.over(floor) == per_round[1]
