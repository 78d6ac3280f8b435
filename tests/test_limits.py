"""The limits on input (referee/limits.py) are documented where a user looks for them: every
limit's name and value is in the README's Limits table, and those of data files in
data/README.md (issue 11)."""

from __future__ import annotations

import re
from pathlib import Path

from referee import limits

ROOT = Path(__file__).parent.parent
DATA_FILE_LIMITS = (
    "DATA_FILE_MAX_BYTES",
    "MAP_MAX_COLUMNS",
    "MAP_MAX_ROWS",
    "MAP_MAX_SIDE",
    "MAP_MAX_HEXES",
    "DICE_MAX_COUNT",
    "DICE_MAX_MODIFIER",
    "MATCH_MAX_UNITS",
    "MATCH_MAX_STEPS",
    "NAME_MAX_CHARS",
    "JOURNAL_MAX_BYTES",
    "IMPORT_MAX_BYTES",
)


def _table(text: str) -> dict[str, str]:
    """``name -> value`` from the rows of a limits table (several names share a row)."""
    out = {}
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 2 and cells[0].startswith("`"):
            names = re.findall(r"`([A-Z_]+)`", cells[0])
            values = [v.strip() for v in cells[1].split(",")]
            if len(names) == len(values):
                out.update(zip(names, values, strict=True))
    return out


def test_every_limit_is_in_the_readme_with_its_value():
    table = _table((ROOT / "README.md").read_text(encoding="utf-8"))
    assert {k: str(v) for k, v in limits.LIMITS.items()} == {k: table.get(k) for k in limits.LIMITS}


def test_the_limits_of_data_files_are_in_the_data_readme_with_their_values():
    table = _table((ROOT / "data" / "README.md").read_text(encoding="utf-8"))
    assert {k: str(limits.LIMITS[k]) for k in DATA_FILE_LIMITS} == {
        k: table.get(k) for k in DATA_FILE_LIMITS
    }


def test_a_map_may_be_at_least_200_by_200():
    assert limits.MAP_MAX_COLUMNS >= 200 and limits.MAP_MAX_ROWS >= 200
    assert limits.MAP_MAX_HEXES >= 200 * 200
