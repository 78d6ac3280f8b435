"""The working of a ruling in words: each term that changed a number and its clause.

A :class:`Term` is one line of "needs 4: base 5, aim +2, long range -1 ...": a label,
a signed value, the clause id it comes from and, when a ruling decided it, the ruling id.
"""

from __future__ import annotations

from collections.abc import Iterable

import msgspec


class Term(msgspec.Struct, frozen=True):
    """One term of a sum the engine explains: its label, value, clause and ruling."""

    label: str
    value: int
    clause: str
    ruling: str | None = None

    def text(self) -> str:
        return f"{self.label} {signed(self.value)}"

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"label": self.label, "value": self.value, "clause": self.clause}
        if self.ruling:
            out["ruling"] = self.ruling
        return out


def signed(value: int) -> str:
    """``+2``, ``-1``, ``0``."""
    return f"{value:+d}" if value else "0"


def total(terms: Iterable[Term]) -> int:
    return sum(t.value for t in terms)


def clauses(terms: Iterable[Term]) -> tuple[str, ...]:
    """Clause ids in first-use order, without repeats."""
    return tuple(dict.fromkeys(t.clause for t in terms))
