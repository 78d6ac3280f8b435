"""Round 1 apart: players of one club, or of one nation, do not meet in round 1 when it can
be avoided (ruling ``tournament.round-one-apart`` says which of the two count).

The draw lines the players up and folds the line (first half against second half, the
last of an odd number with the bye: ``pairing.fold_pairing``). When a table of the fold
seats a clash, the tables are repaired by one minimum-weight perfect matching over every
pair of the players (and the bye, as one more node joined to each player, clashing with
nobody): a table weighs ``clashes * W`` (clashes: 1 for one club, 1 for one nation), plus
``C`` when it is not a table of the fold (the bye counts as a table), with ``W`` above ``C``
times the tables. So the
matching seats the fewest clashes any pairing can (a clash costs more than changing every
table of the fold), and among those pairings keeps the most tables of the fold: a draw with
no clash stands as drawn, and a repaired one differs from it only where it must. Among
pairings equal on both, a seeded draw decides (each table weighs a random number below
:data:`TIE` more, the changed-table weight being ``TIE`` times the tables plus one). A clash
no pairing avoids is kept, and the pairing says so in a warning. The organiser's seeding
is not repaired (the desk warns of each table it seats together that a pairing avoids).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

from referee.tournament.pairing import BYE, fold_pairing
from referee.tournament.pairing import _least_matching as least_matching

Tables = tuple[tuple[str, str], ...]
MODES = ("club-and-nation", "club", "off")
TIE = 2**40
"""The seeded tie-breaks' range: each table also weighs a number below this, drawn from the
event's seed, so that one pairing is the best (the matching finds the same one on every
desk, whatever order it meets ties in) and the repair is itself a draw."""


def same(value: str) -> str:
    """A club or nation as compared: case, spaces, hyphens and underscores ignored."""
    return "-".join(value.replace("_", " ").replace("-", " ").casefold().split())


def clash_of(
    clubs: Mapping[str, str], nations: Mapping[str, str], mode: str
) -> Callable[[str, str], list[str]]:
    """What two players share that round 1 keeps apart under ``mode`` (words, e.g.
    ``club Hex Club``); an empty club or nation is shared with nobody."""

    def clash(a: str, b: str) -> list[str]:
        out = []
        if mode in ("club-and-nation", "club"):
            ca, cb = clubs.get(a, ""), clubs.get(b, "")
            if ca and same(ca) == same(cb):
                out.append(f"club {ca}")
        if mode == "club-and-nation":
            na, nb = nations.get(a, ""), nations.get(b, "")
            if na and same(na) == same(nb):
                out.append(f"nation {na}")
        return out

    return clash


def round_one(
    order: Sequence[str],
    clubs: Mapping[str, str],
    nations: Mapping[str, str],
    mode: str,
    seed: int = 0,
) -> tuple[Tables, str | None, tuple[str, ...]]:
    """The tables, the bye and the warnings of round 1 from the line ``order`` (see the
    module docstring); a club or nation every player shares is kept without a warning."""
    drawn, bye = fold_pairing(order)
    clash = clash_of(clubs, nations, mode)
    if mode != "off" and any(clash(a, b) for a, b in drawn):
        kept = {frozenset(t) for t in drawn} | ({frozenset((BYE, bye))} if bye else set())
        nodes = [*order, *([BYE] if bye else [])]
        rng = random.Random(f"{seed}:round-1-apart")
        change = TIE * (len(order) + 1)
        heavy = change * (len(order) + 1)
        edges = [
            (
                a,
                b,
                (len(clash(a, b)) * heavy if BYE not in (a, b) else 0)
                + (frozenset((a, b)) not in kept) * change
                + rng.randrange(TIE),
            )
            for i, a in enumerate(nodes)
            for b in nodes[i + 1 :]
        ]
        place = {name: i for i, name in enumerate(order)}
        bye = None
        tables = []
        for pair in least_matching(nodes, edges):
            if BYE in pair:
                bye = pair[0] if pair[1] == BYE else pair[1]
            else:
                a, b = sorted(pair, key=place.__getitem__)
                tables.append((a, b))
        drawn = tuple(sorted(tables, key=lambda t: place[t[0]]))
    seated = [n for pair in drawn for n in pair]

    def told(a: str, b: str) -> list[str]:  # what everyone shares is no news
        return [w for w in clash(a, b) if not all(w in clash(x, a) for x in seated if x != a)]

    return drawn, bye, clash_warnings(drawn, told, "no pairing of round 1 keeps them apart")


def clash_warnings(
    tables: Tables, clash: Callable[[str, str], list[str]], why: str
) -> tuple[str, ...]:
    """A warning for each table of round 1 whose players share a club or nation."""
    return tuple(
        f"round 1 apart: {a} and {b} share {' and '.join(shared)} ({why})"
        for a, b in tables
        if (shared := clash(a, b))
    )


def least_clashes(
    order: Sequence[str], clubs: Mapping[str, str], nations: Mapping[str, str], mode: str
) -> int:
    """The fewest tables sharing a club or nation any pairing of round 1 has."""
    tables, _, _ = round_one(order, clubs, nations, mode)
    clash = clash_of(clubs, nations, mode)
    return sum(1 for a, b in tables if clash(a, b))
