"""Helpers for the desk's tests: results made up from a seeded random source, and a brute
force enumeration of every pairing of a few players (to check the matching against)."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from referee.tournament.pairing import History, cost
from referee.tournament.scoring import MatchResult, PlayerResult, Points


def random_result(rng: random.Random, a: str, b: str) -> MatchResult:
    def side() -> tuple[Points, Points]:
        total = dict.fromkeys(("ip", "mp", "cp", "xp"), 24)  # a standard army
        lost = {k: rng.randint(0, v) for k, v in total.items()}
        return (
            Points.from_mapping({k: total[k] - lost[k] for k in total}),
            Points.from_mapping(lost),
        )

    (sa, da), (sb, db) = side(), side()
    return MatchResult((PlayerResult(a, sa, da), PlayerResult(b, sb, db)))


def pairings_of(players: Sequence[str]) -> Iterator[list[tuple[str, str]]]:
    """Every way to seat an even number of players at tables of two."""
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for i, other in enumerate(rest):
        for more in pairings_of(rest[:i] + rest[i + 1 :]):
            yield [(first, other), *more]


def best_cost(history: History) -> tuple[int, int, int]:
    """The least (rematches, bye place, squares) over every pairing, by brute force."""
    players = list(history.ranked)
    byes: list[str | None] = list(players) if len(players) % 2 else [None]
    best = None
    for bye in byes:
        rest = [p for p in players if p != bye]
        for tables in pairings_of(rest):
            c = cost(history, tables, bye)
            best = c if best is None or c < best else best
    assert best is not None
    return best
