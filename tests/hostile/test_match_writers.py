"""Several writers on one match file: processes stepping, undoing and redoing at once, and a
long-lived handle beside them (as the app keeps one). Every operation is one write
transaction that reads what it builds on inside it, so the journal replays exactly and holds
exactly what the writers committed: no step lost, none doubled (issue 11).

The soak (more writers, more operations) is marked ``soak`` and runs only when asked:
``REFEREE_SOAK=1 pytest -m soak tests/hostile``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from referee.match.games.orders_file import MatchFile

WRITER = Path(__file__).with_name("match_writer.py")


def new_match(path: Path) -> Path:
    MatchFile.create(
        path,
        map_name="entrenched",
        seed=5,
        units=[
            {"uid": "tank", "unit": "standard-tank", "side": 1, "hex": "C2", "facing": 3},
            {"uid": "grunts", "unit": "ork-grunts", "side": 2, "hex": "E6"},
        ],
    ).close()
    return path


def run_writers(path: Path, writers: int, operations: int, seed: int) -> list[dict[str, object]]:
    """Start ``writers`` short-lived writers and one long-lived one at once; every committed
    operation they report, after checking none crashed."""
    procs = [
        subprocess.Popen(
            [
                sys.executable,
                str(WRITER),
                str(path),
                f"w{n}",
                str(seed * 100 + n),
                str(operations),
                *(["long"] if n == 0 else []),
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for n in range(writers + 1)
    ]
    done: list[dict[str, object]] = []
    for proc in procs:
        out, err = proc.communicate(timeout=600)
        assert proc.returncode == 0, err
        assert "Traceback" not in err, err
        done += [json.loads(line) for line in out.splitlines()]
    return done


def check_journal(path: Path, done: list[dict[str, object]]) -> None:
    refused = [d for d in done if "refused" in d]
    assert refused == [], refused  # the lock is waited for: nobody is turned away
    steps = [d for d in done if d["op"] == "step"]
    undone = [d for d in done if d["op"] == "undo" and d["number"] is not None]
    redone = [d for d in done if d["op"] == "redo" and d["number"] is not None]
    with MatchFile.open(path) as m:
        assert m.replay_check() == []
        active = m.steps()
        every = m.steps(include_undone=True)
    # each step adds one, each undo takes one away, each redo brings one back
    assert len(active) == len(steps) - len(undone) + len(redone)
    names = Counter(s.name for s in every)
    assert [n for n, k in names.items() if k > 1] == []  # no step doubled
    written = {str(d["name"]) for d in steps}
    assert {s.name for s in every} <= written
    assert all(len(s.events) == 2 for s in every)  # every step whole


@pytest.mark.parametrize("seed", [1, 2])
def test_writers_at_once_never_lose_or_double_a_step_and_the_journal_replays(tmp_path, seed):
    path = new_match(tmp_path / "shared.referee")
    done = run_writers(path, writers=3, operations=12, seed=seed)
    check_journal(path, done)


def test_a_long_lived_handle_builds_on_a_step_written_meanwhile(tmp_path):
    path = new_match(tmp_path / "m.referee")
    app = MatchFile.open(path)
    try:
        assert not app.moved_on()
        with MatchFile.open(path) as other:
            other.run(
                "From the command line",
                [{"kind": "correct", "uid": "grunts", "set": {"shaken": 2}}],
            )
        assert app.moved_on()
        step = app.run("From the app", [{"kind": "correct", "uid": "tank", "set": {"fire": 1}}])
        assert step.number == 2
        assert app.state.units["grunts"].shaken == 2  # the other's step is not lost
        assert not app.moved_on()
    finally:
        app.close()
    with MatchFile.open(path) as m:
        assert [s.name for s in m.steps()] == ["From the command line", "From the app"]
        assert m.replay_check() == []


def test_a_strict_handle_refuses_to_write_over_a_file_that_moved_on(tmp_path):
    from referee.match.games.orders_file import MatchMovedOn

    path = new_match(tmp_path / "m.referee")
    with MatchFile.open(path) as app:
        with MatchFile.open(path) as other:
            other.run("Elsewhere", [{"kind": "correct", "uid": "grunts", "set": {"shaken": 1}}])
        before = path.read_bytes()
        with pytest.raises(MatchMovedOn, match="another program wrote"):
            app.run(
                "Here", [{"kind": "correct", "uid": "grunts", "set": {"shaken": 1}}], strict=True
            )
        with pytest.raises(MatchMovedOn):
            app.undo(strict=True)
        assert path.read_bytes() == before
        assert app.refresh() is True
        assert app.undo(strict=True) is not None  # now it has read the file again


@pytest.mark.soak
@pytest.mark.skipif(not os.environ.get("REFEREE_SOAK"), reason="soak: set REFEREE_SOAK=1")
@pytest.mark.parametrize("seed", range(20))
def test_soak_many_writers_many_operations(tmp_path, seed):
    path = new_match(tmp_path / "shared.referee")
    done = run_writers(path, writers=5, operations=40, seed=seed)
    check_journal(path, done)
