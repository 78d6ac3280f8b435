"""The readings a ruleset takes of the rulings, and the one resolver every table reads them by.

A table refers to a ruling as ``"@ruling-id"`` and receives the value of the reading the
ruleset takes (the register's default where the ruleset names none).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path

from referee.errors import DataFileError
from referee.ruleset.rulings import Ruling, register

Resolve = Callable[[str], object]


def readings_key(readings: Mapping[str, str]) -> tuple[tuple[str, str], ...]:
    """A ruleset's readings as a hashable key, for caching what is loaded under them."""
    return tuple(sorted(readings.items()))


def ruling_resolver(readings: Mapping[str, str]) -> Resolve:
    """The value of the reading ``readings`` takes of a ruling (``KeyError`` if unknown)."""

    def resolve(ruling_id: str) -> object:
        rulings = register()
        if ruling_id not in rulings:
            raise KeyError(ruling_id)
        chosen = readings.get(ruling_id, rulings[ruling_id].default)
        return rulings[ruling_id].option(chosen).value

    return resolve


def choose_readings(
    path: Path, chosen: Mapping[str, object], rulings: Mapping[str, Ruling]
) -> dict[str, str]:
    """Every ruling's reading: the register's default, or the one ``chosen`` names; every
    unknown ruling or reading is one problem of ``path``."""
    problems: list[str] = []
    readings = {rid: r.default for rid, r in rulings.items()}
    for rid, option in chosen.items():
        if rid not in rulings:
            problems.append(f"rulings.{rid}: no such ruling in the register")
        elif not isinstance(option, str) or option not in {o.id for o in rulings[rid].options}:
            known = ", ".join(o.id for o in rulings[rid].options)
            problems.append(f"rulings.{rid}: {option!r} is not one of its readings ({known})")
        else:
            readings[rid] = option
    if problems:
        raise DataFileError(path, problems)
    return readings
