"""``referee bench journal-write``: what writing one step costs as a match grows long.

A match stays open in one handle, as in the app: each step is carried out and written whole
in its own transaction (:meth:`referee.match.games.orders_file.MatchFile.run`), so its cost is the
engine's work, SQLite's commit and whatever the journal's length adds (which should be
nothing). The demo match is filled, in one transaction as a replay writes, with steps a
referee writes at the table (the smoke on a hex corrected, on and off), up to 10, 1,000 and
50,000 steps; at each length ``runs`` steps more are written one by one and timed.

``ms_per_step_at_N``: the median wall time of a step written at about step N;
``ms_per_step_at_N_cpu``: its CPU time, which a busy machine hardly changes (the wall time
holds the commit's wait for the disk, which a busy disk does); ``ratio_50000_to_10`` and
``cpu_ratio_50000_to_10``: the longest match's over the shortest's; ``fill_s``: the time the
fillings took (not timed per step); the load before and after.
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from referee.match.setup.demo import create_demo_match

LENGTHS = (10, 1000, 50000)
"""The journal's lengths at which a step's writing is timed."""


def _step(number: int) -> tuple[str, list[dict[str, Any]]]:
    """A step of the filling: the smoke on C2 corrected, on then off."""
    count = number % 2
    command = {"kind": "correct-hex", "hex": "C2", "marker": "smoke", "count": count}
    return f"Smoke on C2 {'on' if count else 'off'}", [command]


def run(runs: int = 30, lengths: tuple[int, ...] = LENGTHS) -> dict[str, Any]:
    """``{"ms_per_step_at_10", "ms_per_step_at_1000", "ms_per_step_at_50000", ...}``
    (see the module docstring)."""
    result: dict[str, Any] = {
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "cpus": os.cpu_count(),
    }
    fill = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        match = create_demo_match(Path(tmp) / "long.referee")
        try:
            written = match.step_count()
            for length in lengths:
                start = time.perf_counter()
                with match.batch():
                    while written < length:
                        match.run(*_step(written))
                        written += 1
                fill += time.perf_counter() - start
                walls, cpus = [], []
                for _ in range(max(1, runs)):
                    wall, cpu = time.perf_counter(), time.process_time()
                    match.run(*_step(written))
                    walls.append(time.perf_counter() - wall)
                    cpus.append(time.process_time() - cpu)
                    written += 1
                result[f"ms_per_step_at_{length}"] = round(statistics.median(walls) * 1000, 2)
                result[f"ms_per_step_at_{length}_cpu"] = round(statistics.median(cpus) * 1000, 2)
            result["steps_written"] = match.step_count()
        finally:
            match.close()
    first, last = lengths[0], lengths[-1]
    result[f"ratio_{last}_to_{first}"] = round(
        result[f"ms_per_step_at_{last}"] / result[f"ms_per_step_at_{first}"], 2
    )
    result[f"cpu_ratio_{last}_to_{first}"] = round(
        result[f"ms_per_step_at_{last}_cpu"] / max(result[f"ms_per_step_at_{first}_cpu"], 1e-3), 2
    )
    result["fill_s"] = round(fill, 1)
    result["runs"] = max(1, runs)
    result["load_average_after"] = [round(x, 2) for x in os.getloadavg()]
    keys = [f"ms_per_step_at_{n}" for n in lengths]
    return {k: result[k] for k in keys} | result
