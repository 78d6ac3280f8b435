"""The standings' tie-breakers and their default order, read from
``data/tournament/tiebreakers.toml`` (clause ``tournament.tie-breaks``): the same data the
catalogue's clause states in words, so the rules lookup and the desk cannot disagree.

The keys are those :mod:`referee.tournament.standings` computes; the file orders them and
names them. A file naming an unknown key, leaving one out or naming one twice is refused,
naming the entry.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from referee.errors import DataFileError, read_toml
from referee.paths import data_dir

KEYS = frozenset({"tvp", "mvp", "sos", "h2h", "destroyed"})
"""What the standings can compare (:func:`referee.tournament.standings.standings`)."""


def tiebreakers_path(data: Path | None = None) -> Path:
    return (data or data_dir()) / "tournament" / "tiebreakers.toml"


def load_tiebreakers(path: Path) -> dict[str, str]:
    """Key -> name of each tie-breaker, in the default order; every problem named at once."""
    doc = read_toml(path)
    problems = [f"{k}: unknown key" for k in sorted(set(doc) - {"tiebreaker", "clause"})]
    raw = doc.get("tiebreaker", [])
    if not isinstance(raw, list):
        raise DataFileError(path, ["tiebreaker: expected [[tiebreaker]] tables"])
    order: dict[str, str] = {}
    for i, entry in enumerate(raw):
        where = f"tiebreaker[{i}]"
        if not isinstance(entry, dict):
            problems.append(f"{where}: expected a table")
            continue
        problems += [f"{where}.{k}: unknown key" for k in sorted(set(entry) - {"key", "name"})]
        key, name = entry.get("key"), entry.get("name")
        if key not in KEYS:
            problems.append(f"{where}.key: expected one of {', '.join(sorted(KEYS))}")
        elif key in order:
            problems.append(f"{where}.key: {key!r} is listed twice")
        elif not isinstance(name, str) or not name.strip():
            problems.append(f"{where}.name: missing")
        else:
            order[key] = name.strip()
    if not problems and set(order) != KEYS:
        problems.append(f"tiebreaker: {', '.join(sorted(KEYS - set(order)))} not listed")
    if problems:
        raise DataFileError(path, problems)
    return order


@cache
def tiebreakers() -> dict[str, str]:
    """The shipped tie-breakers (key -> name) in the desk's default order, read once."""
    return load_tiebreakers(tiebreakers_path())
