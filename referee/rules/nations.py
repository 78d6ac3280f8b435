"""The nations' orders of precedence, read from ``rulesets/<id>/nations.toml``.

Clauses ``orders.choice-order`` (who chooses last when choices depend on each other),
``assault.hex-fought-over`` (who decides an ambiguous head-on assault) and
``assault.advantage`` (who gains the advantage on equal successes).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

import msgspec

from referee.errors import DataFileError
from referee.ruleset.tables import TableKind

if TYPE_CHECKING:
    from referee.ruleset import Ruleset

FILE_NAME = "nations.toml"
LISTS = ("choice", "melee", "assault_tie")


class Precedence(msgspec.Struct, frozen=True):
    """Nations from the highest rank down, and the clause that gives the list."""

    order: tuple[str, ...]
    clause: str

    def rank(self, nation: str) -> int:
        """0 for the highest rank; a nation not listed ranks below every listed one."""
        return self.order.index(nation) if nation in self.order else len(self.order)

    def highest(self, nations: list[str] | tuple[str, ...]) -> str:
        """The highest-ranked of ``nations``."""
        return min(nations, key=self.rank)


class Nations(msgspec.Struct, frozen=True):
    """The three orders of precedence of the nations (see the module docstring)."""

    choice: Precedence
    melee: Precedence
    assault_tie: Precedence


def parse_nations(path: Path, doc: Mapping[str, object]) -> Nations:
    """The precedence lists of a parsed ``nations.toml``; every problem at once."""
    problems: list[str] = []
    lists: dict[str, Precedence] = {}
    for key in sorted(set(doc) - set(LISTS)):
        problems.append(f"{key}: unknown section (expected {', '.join(LISTS)})")
    for key in LISTS:
        raw = doc.get(key)
        if not isinstance(raw, dict):
            problems.append(f"{key}: missing [{key}] table")
            continue
        order, clause = raw.get("order"), raw.get("clause")
        for extra in sorted(set(raw) - {"order", "clause"}):
            problems.append(f"{key}.{extra}: unknown key")
        if not isinstance(order, list) or not order or not all(isinstance(n, str) for n in order):
            problems.append(f"{key}.order: expected a list of nation ids")
            continue
        if len(set(order)) != len(order):
            problems.append(f"{key}.order: a nation is listed twice")
        if not isinstance(clause, str) or not clause:
            problems.append(f"{key}.clause: missing")
            continue
        lists[key] = Precedence(tuple(order), clause)
    if problems:
        raise DataFileError(path, problems)
    return Nations(lists["choice"], lists["melee"], lists["assault_tie"])


NATIONS: TableKind[Nations] = TableKind(
    "nations", (FILE_NAME,), lambda src: parse_nations(src.path(FILE_NAME), src.doc(FILE_NAME))
)
"""The nations' orders of precedence of a ruleset (``nations.toml``)."""


def nations(rules: Ruleset) -> Nations:
    """The ruleset's precedence lists (``nations.toml`` in its folder)."""
    return rules.table(NATIONS)
