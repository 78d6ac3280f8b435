"""``referee bench pairing --players N``: how long the desk waits for a round's pairing of a
large event, each round paired by ``referee tournament pair FILE`` as a whole fresh process,
as a desk runs it (:mod:`referee.bench.process`: wall and CPU time, the load before and
after).

An event of ``N`` players (no armies checked in, the draw seeded) is paired round by round:
round 1 (the draw), then Swiss rounds on results made up from a seeded random source (each
player's own standard army of 24 points a kind, part of it destroyed, so that every result
adds up as the desk checks it). Each round's pairing is timed ``runs`` times, each on its
own copy of the event as it was before the round; the results of the round are then
recorded (not timed) and the next round is paired. ``round_ms`` is the slowest round's
median (the figure the desk waits for) and ``round_cpu_ms`` its CPU time (which a busy
machine hardly changes), ``round_N_ms`` and ``round_N_cpu_ms`` each round's;
``rematches`` counts the tables of the rounds paired that seat two players who met before
(0 unless one cannot be avoided).
"""

from __future__ import annotations

import os
import random
import shutil
import statistics
import tempfile
from pathlib import Path
from typing import Any

from referee.bench.process import process_ms
from referee.tournament.desk import Desk
from referee.tournament.scoring import KINDS, MatchResult, PlayerResult, Points
from referee.tournament.store import NewRecord

ARMY = 24
"""Points of each kind in a standard army (a player without an army is held to them)."""


def _result(rng: random.Random, a: str, b: str) -> MatchResult:
    def side(name: str) -> PlayerResult:
        lost = {k: rng.randint(0, ARMY) for k in KINDS}
        return PlayerResult(
            name,
            Points.from_mapping({k: ARMY - v for k, v in lost.items()}),
            Points.from_mapping(lost),
        )

    return MatchResult((side(a), side(b)))


def _record_results(desk: Desk, round_number: int, rng: random.Random) -> None:
    """Every table's made-up result for ``round_number``, in one write (as ``result``
    records, each checked by the desk's own check first)."""
    from referee.tournament.result_check import result_problems

    event = desk.event()
    rnd = event.round(round_number)
    assert rnd is not None
    records = []
    for table, (a, b) in enumerate(rnd.tables, 1):
        result = _result(rng, a, b)
        problems = result_problems(event, result)
        if problems:
            raise RuntimeError(f"bench pairing: a made-up result was refused: {problems[0]}")
        data = {"round": round_number, "table": table, "result": result.to_json()}
        records.append(NewRecord("result", {**data, "source": "bench"}))
    desk.store.append(records, who="bench", expected_revision=event.revision)


def run(players: int, rounds: int = 3, runs: int = 3, seed: int = 1) -> dict[str, Any]:
    """``{"players", "round_ms", "rematches", ...}`` (see the module docstring)."""
    rng = random.Random(seed)
    result: dict[str, Any] = {
        "players": players,
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "cpus": os.cpu_count(),
    }
    rematches = 0
    slowest, slowest_cpu = 0.0, 0.0
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        event = home / "event.db"
        desk = Desk.create(event, name=f"{players} players", rounds=rounds, seed=seed, who="bench")
        names = [f"Player {i:04d}" for i in range(1, players + 1)]
        records = [NewRecord("player", {"name": n, "nation": "", "entered": 1}) for n in names]
        desk.store.append(records, who="bench", expected_revision=desk.event().revision)
        desk.close()
        for number in range(1, rounds + 1):
            timed = []
            warm = home / f"round-{number}-untimed.db"  # bytecode and caches, as a desk's
            shutil.copyfile(event, warm)  # second command finds them
            process_ms(["-m", "referee", "tournament", "pair", str(warm)], home)
            for n in range(max(1, runs)):
                copy = home / f"round-{number}-run-{n}.db"
                shutil.copyfile(event, copy)
                timed.append(process_ms(["-m", "referee", "tournament", "pair", str(copy)], home))
            shutil.copyfile(copy, event)  # the round as the last run paired it
            wall = statistics.median(w for w, _ in timed)
            result[f"round_{number}_ms"] = round(wall, 1)
            result[f"round_{number}_cpu_ms"] = round(statistics.median(c for _, c in timed), 1)
            if wall >= slowest:
                slowest, slowest_cpu = wall, result[f"round_{number}_cpu_ms"]
            with Desk.open(event, who="bench") as desk:
                paired = desk.event()
                rnd = paired.round(number)
                assert rnd is not None
                earlier = {frozenset(t) for r in paired.rounds[: number - 1] for t in r.tables}
                rematches += sum(1 for t in rnd.tables if frozenset(t) in earlier)
                _record_results(desk, number, rng)
    result["round_ms"] = round(slowest, 1)
    result["round_cpu_ms"] = slowest_cpu
    result["rematches"] = rematches
    result["rounds"] = rounds
    result["runs"] = max(1, runs)
    result["load_average_after"] = [round(x, 2) for x in os.getloadavg()]
    return {k: result[k] for k in ("players", "round_ms", "rematches")} | result
