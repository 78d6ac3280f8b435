"""Several desks at once: three desk processes run a 24-player, 5-round event together
(results, corrections, drops and late entries, every desk trying every table and every
pairing) and end with exactly what one desk entering the same results one by one into a
file ends with: the same pairings, the same standings, each result and each change kept
once (several_desks.py holds the plan)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import several_desks
from several_desks import EXTRAS, ROUNDS

from referee.tournament.desk import Desk

DESKS = 3


def run_desks(target: str) -> list[dict[str, int]]:
    script = Path(several_desks.__file__)
    procs = [
        subprocess.Popen(
            [sys.executable, str(script), target, str(n), str(DESKS)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for n in range(DESKS)
    ]
    outs = []
    for p in procs:
        out, err = p.communicate(timeout=600)
        assert p.returncode == 0, err
        outs.append(json.loads(out))
    return outs


def test_three_desks_at_once_end_as_one_desk_entering_the_results_one_by_one(
    tmp_path, event_target
):
    with several_desks.one_by_one(tmp_path / "one-by-one.db") as desk:
        expected = desk.event()
        expected_standings = desk.standings().to_json()
    several_desks.new_event(event_target).close()

    done = run_desks(event_target)

    with Desk.open(event_target) as desk:
        event = desk.event()
        standings = desk.standings().to_json()
    assert event.current_round == ROUNDS
    for rnd, want in zip(event.rounds, expected.rounds, strict=True):
        assert (rnd.tables, rnd.bye) == (want.tables, want.bye), f"round {rnd.number}"
        assert len(rnd.pairing_records) == 1  # one pairing, however many desks tried
        for t, tr in rnd.results.items():
            assert [r.kind for r in tr.trail] == [r.kind for r in want.results[t].trail]
            assert tr.result == want.results[t].result
    assert standings == expected_standings
    kinds = [r.kind for r in event.records]
    assert kinds.count("result") == sum(len(r.tables) for r in expected.rounds)
    assert kinds.count("correction") == len([x for x in EXTRAS if x.kind == "correct"])
    assert kinds.count("drop") == 2 and kinds.count("player") == 24 + 2
    assert sum(d["results"] for d in done) == kinds.count("result")
    assert sum(d["pairings"] for d in done) == ROUNDS
    assert sum(d["extras"] for d in done) == len(EXTRAS)
    assert len({r.who for r in event.records if r.kind == "result"}) > 1  # desks shared it
