"""A result file: the smallest record of a match's outcome, as a desk types it in.

```toml
[[players]]
name = "Ada"
surviving = { ip = 12, mp = 6, cp = 3, xp = 0 }   # own army's points still alive
destroyed = { ip = 6, mp = 0, cp = 0, xp = 3 }    # own army's points destroyed or fled
```

Two ``[[players]]`` tables; a cost kind left out is 0. Every problem of a file is reported
at once, each naming its field (``players[1].surviving.ip``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from referee.errors import DataFileError, read_toml
from referee.tournament.scoring import KINDS, MatchResult, PlayerResult, Points


class ResultFileError(DataFileError):
    """A result file that cannot be read; ``problems`` name every bad field."""

    def __init__(self, path: Path | str, problems: list[str]) -> None:
        super().__init__(path, problems)
        first = problems[0].split(":")[0] if problems else None
        self.field = first


def _points(raw: object, where: str, problems: list[str]) -> Points:
    if not isinstance(raw, dict):
        problems.append(f"{where}: expected a table such as {{ ip = 6, mp = 2, cp = 0, xp = 0 }}")
        return Points()
    values: dict[str, int] = {}
    for key, value in raw.items():
        if key not in KINDS:
            problems.append(f"{where}.{key}: unknown cost kind (use {', '.join(KINDS)})")
        elif isinstance(value, bool) or not isinstance(value, int) or value < 0:
            problems.append(f"{where}.{key}: expected a whole number of points, 0 or more")
        else:
            values[key] = value
    return Points.from_mapping(values)


def parse_result(doc: dict[str, Any], problems: list[str]) -> MatchResult | None:
    """A match result from a parsed result file; problems go to ``problems``."""
    for key in sorted(set(doc) - {"players"}):
        problems.append(f"{key}: unknown key (a result file has [[players]] tables only)")
    raw = doc.get("players")
    if not isinstance(raw, list) or len(raw) != 2:
        problems.append("players: expected two [[players]] tables, one for each player")
        return None
    players: list[PlayerResult] = []
    for i, entry in enumerate(raw):
        where = f"players[{i}]"
        if not isinstance(entry, dict):
            problems.append(f"{where}: expected a table")
            continue
        for key in sorted(set(entry) - {"name", "surviving", "destroyed"}):
            problems.append(f"{where}.{key}: unknown key (name, surviving, destroyed)")
        name = entry.get("name")
        if not isinstance(name, str) or not name.strip():
            problems.append(f"{where}.name: missing (the name given to add-player)")
            name = ""
        for part in ("surviving", "destroyed"):
            if part not in entry:
                problems.append(f"{where}.{part}: missing")
        players.append(
            PlayerResult(
                name.strip(),
                _points(entry.get("surviving", {}), f"{where}.surviving", problems),
                _points(entry.get("destroyed", {}), f"{where}.destroyed", problems),
            )
        )
    if len(players) == 2 and players[0].name and players[0].name == players[1].name:
        problems.append(f"players[1].name: {players[1].name!r} is already players[0]")
    if problems or len(players) != 2:
        return None
    return MatchResult((players[0], players[1]))


def load_result(path: Path | str) -> MatchResult:
    """Read a result file; a malformed one raises :class:`ResultFileError` naming each field."""
    path = Path(path)
    try:
        doc = read_toml(path)
    except DataFileError as exc:
        raise ResultFileError(path, exc.problems) from None
    problems: list[str] = []
    result = parse_result(doc, problems)
    if result is None:
        raise ResultFileError(path, problems)
    return result
