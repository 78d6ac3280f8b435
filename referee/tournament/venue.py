"""The venue's tables, and which of them each table of a round is played on.

The organiser lists the venue's tables (a ``venue`` record: the last one counts), each with
a name, its terrain, a player it is fixed for (a player who needs that table: reach, a
wheelchair, a light) and whether it is a top table (streamed or filmed). When a round is
paired, each of its tables (table 1: the top pairing) is given a place at the venue, kept in
the pairing record (``places``, one name a table). In this order of importance:

1. a player fixed to a table plays there (when two pairings need one table, or a pairing
   joins two players fixed to different tables, one of them cannot: a warning says so);
2. then, as the event reads ruling ``tournament.top-table``: the top pairings on the top
   tables (pairing 1 on the first top table listed, and so on) before a player's repeat of
   a table (``top-first``, the default), or after it (``no-repeat-first``);
3. a player does not play on a table they have played on in an earlier round;
4. a round paired again (by hand, a swap) keeps each pairing at the place it had (a table
   whose pairing changed, at the place the table had), so the players already seated stay;
5. the tables in the order listed, pairing 1 first, as near as the rest allows.

All five are one least-weight assignment, exact: pairings x tables, each pair weighed by its
broken rules, the weights nested so that no number of breaks of a later rule outweighs one
of an earlier (as in ``pairing``). With fewer listed tables than pairings, the pairings left
over get no place (a warning says so).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import msgspec

from referee.tournament.pairing import _least_matching

MOST_TABLES = 500
"""The most venue tables a list may hold (a venue of 1,000 players); the assignment weighs
every pairing against every table."""


class VenueTable(msgspec.Struct, frozen=True):
    name: str
    terrain: str = ""
    fixed: str | None = None
    """The player who plays every round at this table, or None."""
    top: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "terrain": self.terrain, "fixed": self.fixed, "top": self.top}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> VenueTable:
        fixed = data.get("fixed")
        return cls(
            str(data["name"]),
            str(data.get("terrain", "")),
            str(fixed) if fixed else None,
            bool(data.get("top", False)),
        )


class Places(msgspec.Struct, frozen=True):
    """The venue table of each table of a round (``""``: none), and what could not be kept."""

    names: tuple[str, ...]
    warnings: tuple[str, ...]


def assign_places(
    tables: Sequence[VenueTable],
    pairs: Sequence[tuple[str, str]],
    played_at: Mapping[str, set[str]],
    top_first: bool = True,
    keep: Sequence[str] = (),
) -> Places:
    """A place for each of ``pairs`` (table 1 first) among the venue's ``tables``;
    ``played_at``: the venue tables each player has played at in earlier rounds; ``keep``:
    the places the round had before a change by hand (a swap), kept where the rules above
    allow, so that the tables a change does not touch stay where their players sit."""
    if not tables or not pairs:
        return Places(("",) * len(pairs), ())
    n = max(len(tables), len(pairs))
    slots: list[VenueTable | None] = [*tables, *([None] * (n - len(tables)))]
    tops = [t.name for t in tables if t.top]
    fixed_at = {t.fixed: t.name for t in tables if t.fixed}

    def breaks(i: int, j: int) -> dict[str, int]:
        slot = slots[j]
        name = slot.name if slot is not None else None
        return {
            "fixed": sum(1 for p in pairs[i] if p in fixed_at and fixed_at[p] != name),
            "top": int(i < len(tops) and name != tops[i]),
            "repeat": sum(1 for p in pairs[i] if name is not None and name in played_at.get(p, ())),
            "moved": int(i < len(keep) and bool(keep[i]) and keep[i] != name),
            "order": abs(i - j) if slot is not None else n,
        }

    # each rule's most over n tables; the units nested from the least rule up, so that no
    # number of breaks of a rule outweighs one break of a rule before it
    most = {"fixed": 2 * n, "top": n, "repeat": 2 * n, "moved": n, "order": n * n}
    rules = ["fixed", "top", "repeat"] if top_first else ["fixed", "repeat", "top"]
    rules += ["moved", "order"]
    unit: dict[str, int] = {}
    below = 0
    for rule in reversed(rules):
        unit[rule] = below + 1
        below += most[rule] * unit[rule]

    def weight(i: int, j: int) -> int:
        if i >= len(pairs):  # a table left empty: no pairing to place
            return 0
        return sum(count * unit[rule] for rule, count in breaks(i, j).items())

    nodes = [f"p{i}" for i in range(n)] + [f"t{j}" for j in range(n)]
    edges = [(f"p{i}", f"t{j}", weight(i, j)) for i in range(n) for j in range(n)]
    chosen: dict[int, int] = {}
    for a, b in _least_matching(nodes, edges):
        p, t = (a, b) if a.startswith("p") else (b, a)
        chosen[int(p[1:])] = int(t[1:])
    names = []
    warnings = []
    for i, pair in enumerate(pairs):
        slot = slots[chosen[i]]
        names.append(slot.name if slot is not None else "")
        where = f"table {i + 1} ({pair[0]} v {pair[1]})"
        if slot is None:
            warnings.append(f"{where}: no venue table left for it")
        for p in pair:
            if p in fixed_at and fixed_at[p] != names[-1]:
                warnings.append(f"{where}: {p} is fixed to {fixed_at[p]} but plays elsewhere")
            if slot is not None and slot.name in played_at.get(p, ()):
                warnings.append(f"{where}: {p} plays at {slot.name} again")
    return Places(tuple(names), tuple(warnings))
