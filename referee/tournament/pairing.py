"""Pairings of a round.

Round 1: the organiser's seeding, or a draw seeded from the event's seed; the first half
meets the second half (1 v n/2+1, ...), and with an odd number the last one has the bye.

Later rounds, in this order of importance:

1. no rematch whenever a pairing of the players without one exists (fewest rematches);
2. the bye to the lowest-ranked player who has not had one, unless that forces a rematch
   (then the next lowest, and only then a player who had one);
3. among the pairings that satisfy both, one with the least sum over tables of the squared
   difference of the two players' total TVP.

The three are one minimum-weight perfect matching (networkx's blossom algorithm, exact with
whole-number weights): every pair of players is an edge weighing its squared TVP difference
(TVP in millionths), plus a weight larger than any sum of those for a rematch ... and a
"bye" node joins each player at a weight that grows with their place in the bye order. The
weights are nested so that the matching minimises the rematches first, then the bye's
place, then the TVP differences, and never trades one for the next.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import networkx as nx

from referee.errors import RefereeError

BYE = "\x00bye"


class PairingError(RefereeError):
    """A round that cannot be paired as asked (the message says why)."""


@dataclass(frozen=True, slots=True)
class Pairing:
    round: int
    tables: tuple[tuple[str, str], ...]
    bye: str | None
    warnings: tuple[str, ...] = ()
    how: str = ""

    def to_json(self) -> dict[str, object]:
        return {
            "round": self.round,
            "tables": [{"table": i, "players": list(p)} for i, p in enumerate(self.tables, 1)],
            "bye": self.bye,
            "warnings": list(self.warnings),
        }


def draw_order(names: Sequence[str], seed: int) -> list[str]:
    """The seeded draw: the names shuffled by the event's seed (the same seed, the same draw)."""
    order = sorted(names)
    random.Random(f"{seed}:round-1").shuffle(order)
    return order


def fold_pairing(order: Sequence[str]) -> tuple[tuple[tuple[str, str], ...], str | None]:
    """First half against second half; the last of an odd number has the bye."""
    players = list(order)
    bye = players.pop() if len(players) % 2 else None
    half = len(players) // 2
    return tuple((players[i], players[i + half]) for i in range(half)), bye


@dataclass(frozen=True)
class History:
    """What a later round's pairing needs: players ranked best first, their total TVP in
    millionths, who met whom, and how many byes each had."""

    ranked: tuple[str, ...]
    tvp: Mapping[str, int]
    met: frozenset[frozenset[str]]
    byes: Mapping[str, int]

    def rematch(self, a: str, b: str) -> bool:
        return frozenset((a, b)) in self.met

    def bye_order(self) -> list[str]:
        """Who gets the bye first: those without one, lowest-ranked first; then those with
        the fewest byes, lowest-ranked first."""
        by_rank = list(reversed(self.ranked))
        return sorted(by_rank, key=lambda n: (self.byes.get(n, 0), by_rank.index(n)))


def cost(
    history: History, tables: Sequence[tuple[str, str]], bye: str | None
) -> tuple[int, int, int]:
    """(rematches, the bye's place in the bye order, sum of squared TVP differences) of a
    pairing: the pairing rules compare pairings by this, first number first."""
    rematches = sum(1 for a, b in tables if history.rematch(a, b))
    place = history.bye_order().index(bye) if bye is not None else 0
    squares = sum((history.tvp[a] - history.tvp[b]) ** 2 for a, b in tables)
    return rematches, place, squares


def swiss(history: History) -> tuple[tuple[tuple[str, str], ...], str | None]:
    """The pairing of a later round (see the module docstring), tables best-ranked first."""
    players = list(history.ranked)
    if len(players) < 2:
        raise PairingError(f"{len(players)} player(s) to pair: a round needs two at least")
    order = history.bye_order()
    tvps = [history.tvp[p] for p in players]
    widest = (max(tvps) - min(tvps)) ** 2
    squares_bound = widest * (len(players) // 2 + 1) + 1  # above any sum of squares
    bye_bound = squares_bound * (len(players) + 1)  # above any bye place + squares
    graph: nx.Graph[str] = nx.Graph()
    graph.add_nodes_from(players)
    for i, a in enumerate(players):
        for b in players[i + 1 :]:
            w = (history.tvp[a] - history.tvp[b]) ** 2
            if history.rematch(a, b):
                w += bye_bound
            graph.add_edge(a, b, weight=w)
    if len(players) % 2:
        for place, name in enumerate(order):
            graph.add_edge(BYE, name, weight=place * squares_bound)
    matching = nx.min_weight_matching(graph, weight="weight")
    if 2 * len(matching) != graph.number_of_nodes():
        raise PairingError("no full pairing found")  # a complete graph always has one
    bye = None
    tables: list[tuple[str, str]] = []
    for a, b in matching:
        if BYE in (a, b):
            bye = b if a == BYE else a
            continue
        first, second = sorted((a, b), key=players.index)
        tables.append((first, second))
    tables.sort(key=lambda ab: players.index(ab[0]))
    return tuple(tables), bye


def check_pairing(
    history: History, tables: Sequence[tuple[str, str]], bye: str | None
) -> list[str]:
    """Warnings naming each pairing rule a pairing made by hand breaks, set against the best
    pairing the rules allow."""
    warnings: list[str] = []
    best_tables, best_bye = swiss(history)
    best = cost(history, best_tables, best_bye)
    mine = cost(history, tables, bye)
    if mine[0] > best[0]:
        for a, b in tables:
            if history.rematch(a, b):
                warnings.append(
                    f"rule 'no rematch whenever avoidable': {a} and {b} have met before, and "
                    f"a pairing with {best[0]} rematch(es) exists"
                )
    if bye is not None and mine[0] <= best[0] and mine[1] > best[1]:
        warnings.append(
            f"rule 'the bye to the lowest-ranked player who has not had one': {bye} has the "
            f"bye, {best_bye} should have it"
        )
    if mine[:2] == best[:2] and mine[2] > best[2]:
        warnings.append(
            "rule 'least squared TVP difference': the tables' sum is "
            f"{mine[2] / 1e12:.2f}, the best pairing's {best[2] / 1e12:.2f}"
        )
    return warnings
