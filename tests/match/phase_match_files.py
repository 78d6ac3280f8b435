"""The small match both tests of steps out of their phase play (a tank and Ork grunts on
ENTRENCHED!), as a match file, as a file of an earlier format and as a text journal."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from referee.match.games.orders_file import MatchFile

UNITS = [
    {"uid": "tank", "unit": "standard-tank", "side": 1, "hex": "C2", "facing": 3},
    {"uid": "grunts", "unit": "ork-grunts", "side": 2, "hex": "E6"},
]

JOURNAL_HEAD = """\
format: {format}
map: entrenched
seed: 7
unit: tank standard-tank side=1 hex=C2 facing=3
unit: grunts ork-grunts side=2 hex=E6

"""
"""A text journal of the same match up to its first step (``{format}`` to fill in)."""


def new_match(tmp_path: Path, readings: dict[str, str] | None = None) -> MatchFile:
    return MatchFile.create(
        tmp_path / "m.referee", map_name="entrenched", units=UNITS, seed=7, readings=readings
    )


def as_format(path: Path, version: int) -> None:
    """The match file at ``path`` marked as written by an earlier format ``version``."""
    with sqlite3.connect(path) as conn:
        conn.execute(
            "UPDATE meta SET value = ? WHERE key = 'format_version'", [json.dumps(version)]
        )
    conn.close()
