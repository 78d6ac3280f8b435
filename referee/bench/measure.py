"""What every bench reports beside its figures: the machine's load, and CPU time beside
wall time.

The machine a bench runs on may be shared. Wall time grows with the load; the CPU time of
the work hardly does. So every timed figure ``NAME_ms`` comes with ``NAME_cpu_ms``
(:func:`median_ms` times a call in this process; :mod:`referee.bench.process` a whole
command in a fresh one), and every bench's result carries the machine it ran on
(:func:`on_machine`): the load average before and after (1, 5 and 15 minutes), the
number of CPUs, and the bench's own wall and CPU time, its children's included.
"""

from __future__ import annotations

import os
import resource
import statistics
import time
from collections.abc import Callable
from typing import Any


def load_average() -> list[float]:
    """The machine's load average over 1, 5 and 15 minutes (empty where unknown)."""
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except OSError:  # pragma: no cover - a platform without it
        return []


def cpu_seconds() -> float:
    """CPU time (user and system) of this process and of its children that have ended."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def median_ms(fn: Callable[[], object], runs: int) -> tuple[float, float]:
    """Median wall and CPU milliseconds of ``runs`` calls of ``fn`` in this process."""
    walls, cpus = [], []
    for _ in range(max(1, runs)):
        wall, cpu = time.perf_counter(), time.process_time()
        fn()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return statistics.median(walls) * 1000, statistics.median(cpus) * 1000


def timing(name: str, wall_ms: float, cpu_ms: float, digits: int = 1) -> dict[str, float]:
    """``{NAME_ms: wall, NAME_cpu_ms: cpu}``, rounded."""
    return {f"{name}_ms": round(wall_ms, digits), f"{name}_cpu_ms": round(cpu_ms, digits)}


def on_machine(run: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    """``run()``'s figures, with the machine they were measured on: ``load_average``
    (before), ``load_average_after``, ``cpus``, and the bench's whole ``bench_wall_ms``
    and ``bench_cpu_ms`` (this process and the commands it ran). Keys ``run()`` gives
    itself are kept as it gave them."""
    before = load_average()
    wall, cpu = time.perf_counter(), cpu_seconds()
    result = run()
    machine = {
        "load_average": before,
        "load_average_after": load_average(),
        "cpus": os.cpu_count(),
        "bench_wall_ms": round((time.perf_counter() - wall) * 1000, 1),
        "bench_cpu_ms": round((cpu_seconds() - cpu) * 1000, 1),
    }
    return {**result, **{k: v for k, v in machine.items() if k not in result}}
