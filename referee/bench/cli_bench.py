"""``referee bench cli``: how soon the quick commands answer, each a whole fresh process as a
user runs it (:mod:`referee.bench.process`): ``referee shot``, ``referee visible`` and
``referee rules search``, against Python's own start (``python_floor_ms``)."""

from __future__ import annotations

from typing import Any

from referee.bench.process import time_commands

COMMANDS: dict[str, list[str]] = {
    "shot": ["-m", "referee", "shot", "standard", "e34@C2", "ork-grunts@E6"],
    "visible": ["-m", "referee", "visible", "standard", "C2"],
    "rules_search": ["-m", "referee", "rules", "search", "line of sight"],
}


def run(runs: int = 7) -> dict[str, Any]:
    """``{"shot_ms", "visible_ms", "rules_search_ms", "python_floor_ms", ...}``: medians of
    ``runs``, each also as CPU time (``*_cpu_ms``). The rules index is kept in the cache
    folder by the untimed first run, as by a user's first command; ``*_cold_ms`` and
    ``*_cold_cpu_ms`` time first runs on an empty cache folder."""
    return time_commands(COMMANDS, runs)
