"""Crash safety: a process killed while writing steps leaves a file that opens and replays."""

from __future__ import annotations

import signal
import subprocess
import sys
import textwrap
import time

from referee.match.games.orders_file import MatchFile

WRITER = textwrap.dedent("""
    import sys
    import referee.rules.orders.step  # the engine, loaded by the first step: before "ready"
    from referee.match.games.orders_file import MatchFile
    from referee.rules.orders.commands import Agony, Correct
    m = MatchFile.open(sys.argv[1])
    print("ready", flush=True)
    i = 0
    while True:
        m.run(f"step {i}", [
            Correct(uid="grunts", set={"shaken": i % 3}),
            Agony(step=i % 5),
        ])
        i += 1
""")


def test_killing_the_writer_at_any_moment_leaves_a_file_that_opens(tmp_path):
    path = tmp_path / "crash.referee"
    MatchFile.create(
        path,
        map_name="entrenched",
        seed=3,
        readings={"turn.step-outside-phase": "any-step"},  # agony steps one after another
        units=[
            {"uid": "tank", "unit": "standard-tank", "side": 1, "hex": "C2"},
            {"uid": "grunts", "unit": "ork-grunts", "side": 2, "hex": "E6", "speed": "slow"},
        ],
    ).close()
    counts = []
    for delay in (0.05, 0.2, 0.35):
        proc = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(path)], stdout=subprocess.PIPE, text=True
        )
        assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
        time.sleep(delay)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        with MatchFile.open(path) as m:
            steps = m.steps()
            # every step is whole: a correction and an agony step, never one without the other
            assert all(len(s.events) == 2 for s in steps)
            assert m.replay_check() == []
            counts.append(len(steps))
    assert counts == sorted(counts) and counts[-1] > 0
