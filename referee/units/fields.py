"""Reading the values of a unit card, recording each problem under its field path.

A problem reads ``unit standard-tank.weapon[0].damage: 'd7': a d7 is not a die ...``: the
:class:`At` a value is read under carries that path. Used by :mod:`referee.units.parse_unit`
and :mod:`referee.units.parse_tables`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from referee.board.sector_stats import SectorNumbers, SectorStatError, parse_sector_numbers
from referee.dice.expression import DiceExpr, DiceExpressionError, parse_dice

ID_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
"""Ids and names: lower case letters and digits joined by hyphens."""
HIT_RE = re.compile(r"^([1-7])\+$")
"""A success number: ``5+``."""


class At:
    """A field path under which problems are recorded: ``unit standard-tank.weapon[0]``."""

    def __init__(self, where: str, problems: list[str]) -> None:
        self.where = where
        self.problems = problems

    def __call__(self, field: str) -> At:
        sep = "" if field.startswith("[") else "."
        return At(f"{self.where}{sep}{field}", self.problems)

    def add(self, message: str) -> None:
        self.problems.append(f"{self.where}: {message}")

    def unknown_keys(self, raw: Mapping[str, object], allowed: frozenset[str]) -> None:
        for key in sorted(set(raw) - allowed):
            self(key).add(f"unknown key (known: {', '.join(sorted(allowed))})")


def is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def read_int(at: At, value: object, low: int, high: int) -> int | None:
    """``value`` as a whole number in ``low..high``; ``None`` (TOML has no null) is missing."""
    if value is None:
        at.add("missing")
        return None
    if not is_int(value):
        at.add(f"expected a whole number, got {value!r}")
        return None
    assert isinstance(value, int)
    if not low <= value <= high:
        at.add(f"{value} is out of range ({low} to {high})")
        return None
    return value


def read_text(at: At, value: object) -> str | None:
    if not isinstance(value, str) or not value.strip():
        at.add("expected text" if value is not None else "missing")
        return None
    return value.strip()


def required(at: At, raw: Mapping[str, object], key: str) -> object | None:
    if key not in raw:
        at(key).add("missing")
        return None
    return raw[key]


def read_dice(at: At, value: object) -> DiceExpr | None:
    try:
        return parse_dice(value)  # type: ignore[arg-type]
    except DiceExpressionError as exc:
        at.add(str(exc))
        return None


def read_hit(at: At, value: object) -> int | None:
    if value is None:
        at.add("missing")
        return None
    m = HIT_RE.match(value) if isinstance(value, str) else None
    if not m:
        at.add(f"{value!r} is not a success number: write it as '5+' (1+ to 7+)")
        return None
    return int(m.group(1))


def read_sector(at: At, value: object, what: str, high: int) -> SectorNumbers | None:
    if value is None:
        at.add("missing")
        return None
    try:
        stat = parse_sector_numbers(value, what)  # type: ignore[arg-type]
    except SectorStatError as exc:
        at.add(str(exc))
        return None
    bad = [v for v in stat.values if not 0 <= v <= high]
    if bad:
        at.add(f"{stat.text()!r}: every entry must be 0 to {high}")
        return None
    return stat


def read_strings(at: At, value: object) -> list[str] | None:
    if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
        at.add(f"expected a list of strings, got {value!r}")
        return None
    return list(value)
