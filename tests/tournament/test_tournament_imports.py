"""The desk's commands load only what their work needs: no graph library (networkx,
rustworkx) unless a Swiss round is paired, and then rustworkx's compiled matching, never
networkx; no sqlite-utils (and numpy behind it) to open, read or append to an event file.
Each command runs in a fresh interpreter, as a desk runs it (times are the benchmarks',
``referee bench pairing``, never asserted)."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys

from desk_helpers import random_result

from referee.tournament.desk import Desk

GRAPHS = ("networkx", "rustworkx")
HEAVY = ("sqlite_utils", "numpy")


def _loaded(argv: list[str], home) -> list[str]:
    code = (
        "import json, os, runpy, sys\n"
        f"sys.argv = {['referee', *argv]!r}\n"
        "try:\n"
        "    runpy.run_module('referee', run_name='__main__')\n"
        "except SystemExit as done:\n"
        "    assert not done.code, done.code\n"
        "finally:\n"
        "    sys.stdout = sys.__stdout__\n"
        "os.write(2, ('MODULES ' + json.dumps(sorted(sys.modules))).encode())\n"
    )
    env = {**os.environ, "REFEREE_HOME": str(home), "REFEREE_CACHE": str(home / "cache")}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=300
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stderr.rsplit("MODULES ", 1)[1])


def _among(loaded: list[str], names: tuple[str, ...]) -> list[str]:
    return sorted({m.split(".")[0] for m in loaded if m.split(".")[0] in names})


def _event_after_round_one(path) -> None:
    with Desk.create(path, name="Imports Open", rounds=3, seed=2, who="test") as desk:
        for name in ("Ada", "Brin", "Cato", "Dana", "Eli"):
            desk.add_player(name)
        rng = random.Random(2)
        for table, (a, b) in enumerate(desk.pair().tables, 1):
            desk.record_result(1, table, random_result(rng, a, b))


def test_reading_an_event_imports_no_graph_library_and_no_sqlite_utils(tmp_path):
    event = tmp_path / "event.db"
    _event_after_round_one(event)
    for argv in (
        ["tournament", "players", str(event)],
        ["tournament", "standings", str(event)],
        ["tournament", "pairings", str(event), "--round", "1"],
        ["tournament", "trail", str(event)],
        ["tournament", "clock", str(event), "show"],
    ):
        loaded = _loaded(argv, tmp_path)
        assert _among(loaded, GRAPHS + HEAVY) == [], argv


def test_pairing_a_swiss_round_takes_rustworkx_and_leaves_networkx(tmp_path):
    event = tmp_path / "event.db"
    _event_after_round_one(event)
    loaded = _loaded(["tournament", "pair", str(event)], tmp_path)
    assert _among(loaded, GRAPHS + HEAVY) == ["rustworkx"]
    with Desk.open(event) as desk:
        assert desk.event().current_round == 2  # the round was paired


def test_pairing_round_one_is_a_draw_with_no_graph_library(tmp_path):
    event = tmp_path / "event.db"
    with Desk.create(event, name="Draw Open", rounds=3, seed=2, who="test") as desk:
        for name in ("Ada", "Brin", "Cato"):
            desk.add_player(name)
    assert _among(_loaded(["tournament", "pair", str(event)], tmp_path), GRAPHS) == []
