"""Timing whole ``referee`` commands, each in a fresh process, as a user runs them.

The machine may be shared: each figure is the median of several runs, wall and CPU time
(the CPU time of a process does not grow when other programs take the cores, its wall time
does), with the load average before and after, and Python's own start (``python -c pass``)
measured in the same runs as the floor no command can go under.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from referee.bench.measure import load_average


def environment(home: Path) -> dict[str, str]:
    """The environment of a timed command: fresh user folders in ``home``, the cache folder
    (the rules index, maps' line tables) under ``home/cache``;
    bytecode written and read as in an installed copy (pip and the packaged app compile
    every module). On Linux the cache folder is moved as a user's is (``XDG_CACHE_HOME``), so
    a command finds it as it does for a user (:func:`referee.paths.cache_dir`)."""
    env = dict(os.environ)
    for name in (
        "REFEREE_MATCHES",
        "REFEREE_CACHE",
        "XDG_DATA_HOME",
        "XDG_CONFIG_HOME",
        "XDG_CACHE_HOME",
    ):
        env.pop(name, None)
    env["REFEREE_HOME"] = str(home)
    if sys.platform.startswith("linux"):
        env["XDG_CACHE_HOME"] = str(home / "cache")
    else:
        env["REFEREE_CACHE"] = str(home / "cache")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def process_ms(argv: Sequence[str], home: Path) -> tuple[float, float]:
    """Wall and CPU milliseconds of ``python argv...`` run to its end, in the folder
    ``home`` (``python -m`` puts the working folder first on the module path: run from
    another checkout's folder, the child would time that checkout's referee, not the
    installed one; paths in ``argv`` are absolute); a command that fails raises
    ``RuntimeError`` with what it said."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, *argv],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env=environment(home),
        text=True,
        timeout=300,
        check=False,
        cwd=home,
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise RuntimeError(
            f"{' '.join(argv)}: exit status {done.returncode}: {done.stderr.strip()[-300:]}"
        )
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall * 1000, cpu * 1000


def medians(name: str, runs: list[tuple[float, float]]) -> dict[str, float]:
    """``{NAME_ms: wall, NAME_cpu_ms: cpu}``, medians of ``runs``."""
    return {
        f"{name}_ms": round(statistics.median(w for w, _ in runs), 1),
        f"{name}_cpu_ms": round(statistics.median(c for _, c in runs), 1),
    }


COLD_RUNS = 3


def time_commands(commands: dict[str, list[str]], runs: int) -> dict[str, Any]:
    """Each of ``commands`` (name -> ``python`` arguments) run ``runs`` times in turns, after
    one untimed run of each (bytecode, disk caches), with the Python floor; medians. Each
    is also timed cold (``NAME_cold_ms``, ``NAME_cold_cpu_ms``: medians of up to
    :data:`COLD_RUNS` first runs, each on an empty cache folder, as after an install or with
    the cache deleted)."""
    timed: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
    cold: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
    timed["python_floor"] = []
    every = {**commands, "python_floor": ["-c", "pass"]}
    result: dict[str, Any] = {"load_average": load_average(), "cpus": os.cpu_count()}
    with tempfile.TemporaryDirectory() as home:
        for argv in every.values():
            process_ms(argv, Path(home))
        for _ in range(max(1, runs)):
            for name, argv in every.items():
                timed[name].append(process_ms(argv, Path(home)))
        for n in range(min(COLD_RUNS, max(1, runs))):
            for name, argv in commands.items():
                fresh = Path(home) / f"cold-{name}-{n}"
                fresh.mkdir()
                cold[name].append(process_ms(argv, fresh))
    for name, values in timed.items():
        result.update(medians(name, values))
    for name, values in cold.items():
        result.update(medians(f"{name}_cold", values))
    result["runs"] = max(1, runs)
    result["load_average_after"] = load_average()
    return result
