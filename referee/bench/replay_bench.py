"""``referee bench replay [JOURNAL]``: replaying and checking a long match, each command in a
fresh process as a user runs it (:mod:`referee.bench.process`).

``replay_ms``: ``referee replay JOURNAL`` (the journal played into a new match file, the
state printed); ``check_ms``: ``referee match check FILE`` on the file it wrote (every step
run again and compared); ``imports_ms``: importing the modules both load before they start
(``referee.match.games.systems``, ``referee.cli.main``), measured in the same runs, the part of
each figure the commands' own work does not change. ``check_floor_ratio``: the CPU time of
``match check`` as a multiple of Python's own start (``python -c pass``, ``python_floor_*``)
measured in the same runs, against ``check_floor_budget`` (issue 26: 12 times; the machine's
load slows both alike, and CPU time hardly grows with it). The default journal is
``data/journals/ten-turns.journal``, ten turns played by the engine
(:mod:`referee.bench.long_match`).
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from referee.bench.process import process_ms, time_commands
from referee.match.journal.journal_text import read_journal
from referee.paths import data_dir

DEFAULT_JOURNAL = "journals/ten-turns.journal"
CHECK_FLOOR_BUDGET = 12
"""``match check`` of the shipped ten-turn match in at most this many times the CPU time of
``python -c pass`` measured in the same run."""
IMPORTS = "import referee.match.games.systems, referee.cli.main"
"""What ``referee replay`` and ``referee match check`` import before they start."""


def default_journal() -> Path:
    return data_dir() / DEFAULT_JOURNAL


def run(journal: Path, runs: int = 5) -> dict[str, Any]:
    """``{"steps", "replay_ms", "check_ms", ...}`` for ``journal`` (medians of ``runs``)."""
    journal = journal.resolve()  # the commands run in a folder of their own
    steps = len(read_journal(journal).steps)  # a journal that cannot be read stops here
    with tempfile.TemporaryDirectory() as tmp:
        kept = Path(tmp) / "replayed.referee"
        process_ms(["-m", "referee", "replay", str(journal), "--keep", str(kept)], Path(tmp))
        result: dict[str, Any] = {"journal": str(journal)}
        result.update(
            time_commands(
                {
                    "replay": ["-m", "referee", "replay", str(journal)],
                    "check": ["-m", "referee", "match", "check", str(kept)],
                    "imports": ["-c", IMPORTS],
                },
                runs,
            )
        )
    return {
        "steps": steps,
        "replay_ms": result.pop("replay_ms"),
        "check_ms": result.pop("check_ms"),
        "check_floor_ratio": floor_ratio(result["check_cpu_ms"], result["python_floor_cpu_ms"]),
        "check_floor_budget": CHECK_FLOOR_BUDGET,
        **result,
    }


def floor_ratio(cpu_ms: float, floor_cpu_ms: float) -> float | None:
    """``cpu_ms`` as a multiple of ``floor_cpu_ms`` (None when the floor measured nothing)."""
    return round(cpu_ms / floor_cpu_ms, 2) if floor_cpu_ms > 0 else None
