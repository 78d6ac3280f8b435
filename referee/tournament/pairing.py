"""Pairings of a round.

Round 1: the organiser's seeding, or a draw seeded from the event's seed; the first half
meets the second half (1 v n/2+1, ...), and with an odd number the last one has the bye.

Later rounds, in this order of importance:

1. no rematch whenever a pairing of the players without one exists (fewest rematches);
2. the bye to the lowest-ranked player who has not had one, unless that forces a rematch
   (then the next lowest, and only then a player who had one);
3. among the pairings that satisfy both, one with the least sum over tables of the squared
   difference of the two players' total TVP.

The three are one minimum-weight perfect matching, exact with whole-number weights: a table
of two players weighs its squared TVP difference (TVP in millionths), plus a weight larger
than any sum of those for a rematch ... and a "bye" node joins each player at a weight that
grows with their place in the bye order. The weights are nested so that the matching
minimises the rematches first, then the bye's place, then the TVP differences, and never
trades one for the next.

**Which tables the matching looks at.** Not every pair of players. Line the players up by
total TVP, best first (level TVP by ranking); the players strictly between two in that line
are their gap. A table (a, b), a before b, is looked at when its gap holds at most

    2 * t + before_a + after_b + bye

players, where t counts the players of the gap that a or b has met, before_a those before a
in the line that a has met, after_b those after b that b has met, and bye is 1 when a
player has the bye (an odd number); every player is joined to the bye. This keeps the
optimum:

    Take a best pairing P (rematches, then the bye's place, then the squares) which, among
    the best ones, has the least sum of line distances over its tables. Say a table (a, b)
    of P has m players in its gap. Each c in the gap but the bye sits at a table (c, c') of
    P, and exchanging partners makes two tables of a and b each with one of c, c', keeping
    the line's order:
      c' also in the gap: (a, x) and (y, b), x the earlier of c, c' and y the later;
      c' after b:         (a, c) and (b, c');
      c' before a:        (c', a) and (c, b).
    For TVP in line order v1 >= v2 >= v3 >= v4, with p, q, r the three steps between them,
    (p+q+r)^2 + q^2 >= p^2 + r^2 (the first) and (p+q)^2 + (q+r)^2 >= p^2 + r^2 (the other
    two): the squares do not grow. The line distances shrink strictly (by twice y - x,
    b - c or c - a). The bye stays. Unless a new table is a rematch (x met a or y met b;
    c met a or c' met b; c' met a or c met b), the rematches do not grow either: the
    exchange is again a best pairing, with less line distance than P, which cannot be. So
    each c of the gap is the bye, or one of the t players of the gap who met a or b, or
    the partner of one of those, or the partner of one of the after_b players or of the
    before_a ones: m <= 2 * t + before_a + after_b + bye. A table of P with a larger gap
    cannot exist, so P uses only tables looked at, rematches or not, and every pairing of
    those is a pairing of the whole field. Level TVP change nothing (the inequalities hold
    with equal numbers; distances are places in the line).

As t counts some of the players a or b has met, and before_a and after_b others, a gap is
at most 2 * (k_a + k_b) + bye players (k: the players each has met): round r of a large
event looks at fewer than n * (4r - 2) tables, where every pair would be n^2 / 2.
``tests/tournament/test_pairing_tables.py`` checks the optimum against every pair's, and
the argument by trying every pairing of small fields. The matching is rustworkx's (a
compiled blossom algorithm in 128-bit whole numbers, many times as fast as networkx's
pure-Python one and imported in a tenth of its time, only when a round is paired);
weights too large for its numbers (TVP totals beyond billions, from results taken with an
override) are matched by networkx's, exact in Python's whole numbers, on the same tables.
"""

from __future__ import annotations

import random
from bisect import bisect_left, bisect_right
from collections.abc import Mapping, Sequence
from typing import Any

import msgspec

from referee.errors import RefereeError

BYE = "\x00bye"


class PairingError(RefereeError):
    """A round that cannot be paired as asked (the message says why)."""


class Pairing(msgspec.Struct, frozen=True):
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


class History(msgspec.Struct, frozen=True):
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
        return sorted(by_rank, key=lambda n: self.byes.get(n, 0))  # a stable sort


def cost(
    history: History, tables: Sequence[tuple[str, str]], bye: str | None
) -> tuple[int, int, int]:
    """(rematches, the bye's place in the bye order, sum of squared TVP differences) of a
    pairing: the pairing rules compare pairings by this, first number first."""
    rematches = sum(1 for a, b in tables if history.rematch(a, b))
    place = history.bye_order().index(bye) if bye is not None else 0
    squares = sum((history.tvp[a] - history.tvp[b]) ** 2 for a, b in tables)
    return rematches, place, squares


RUSTWORKX_MOST = 2**120
"""The largest weight given to rustworkx's matching, which works in 128-bit whole numbers
(twice a weight, and the dual variables, stay far inside them); larger weights go to
networkx's, which works in Python's."""


def line_up(history: History) -> list[str]:
    """The players by total TVP, best first; level TVP in ranking order (the line the
    tables looked at are measured on: see the module docstring)."""
    rank = {name: i for i, name in enumerate(history.ranked)}
    return sorted(history.ranked, key=lambda n: (-history.tvp[n], rank[n]))


def tables_looked_at(history: History) -> list[tuple[str, str]]:
    """Every table whose gap in the line (:func:`line_up`) holds at most
    ``2 * t + before_a + after_b + bye`` players (the module docstring's names: it shows
    that a best pairing uses only these)."""
    line = line_up(history)
    place = {name: i for i, name in enumerate(line)}
    met: list[list[int]] = [[] for _ in line]  # each player's opponents' places, in order
    for pair in history.met:
        if len(pair) == 2 and pair <= place.keys():
            x, y = (place[n] for n in pair)
            met[x].append(y)
            met[y].append(x)
    for places in met:
        places.sort()
    bye = len(line) % 2
    most = max(map(len, met), default=0)
    out = []
    for i, a in enumerate(line):
        before_a = bisect_left(met[i], i)
        for j in range(i + 1, min(len(line), i + 2 * (len(met[i]) + most) + bye + 2)):
            after_b = len(met[j]) - bisect_right(met[j], j)
            gap = j - i - 1
            if gap > 2 * (len(met[i]) + len(met[j])) + bye:
                continue
            t = len({p for p in (*met[i], *met[j]) if i < p < j})
            if gap <= 2 * t + before_a + after_b + bye:
                out.append((a, line[j]))
    return out


def swiss(history: History) -> tuple[tuple[tuple[str, str], ...], str | None]:
    """The pairing of a later round (see the module docstring), tables best-ranked first."""
    players = list(history.ranked)
    if len(players) < 2:
        raise PairingError(f"{len(players)} player(s) to pair: a round needs two at least")
    tvps = [history.tvp[p] for p in players]
    widest = (max(tvps) - min(tvps)) ** 2
    squares_bound = widest * (len(players) // 2 + 1) + 1  # above any sum of squares
    bye_bound = squares_bound * (len(players) + 1)  # above any bye place + squares
    edges: list[tuple[str, str, int]] = []
    for a, b in tables_looked_at(history):
        w = (history.tvp[a] - history.tvp[b]) ** 2
        if history.rematch(a, b):
            w += bye_bound
        edges.append((a, b, w))
    if len(players) % 2:
        edges += [
            (BYE, name, place * squares_bound) for place, name in enumerate(history.bye_order())
        ]
    matching = _least_matching(players + ([BYE] if len(players) % 2 else []), edges)
    if 2 * len(matching) != len(players) + len(players) % 2:
        raise PairingError("no full pairing found")  # the line's neighbours are one
    rank = {name: i for i, name in enumerate(players)}
    bye = None
    tables: list[tuple[str, str]] = []
    for a, b in matching:
        if BYE in (a, b):
            bye = b if a == BYE else a
            continue
        first, second = sorted((a, b), key=rank.__getitem__)
        tables.append((first, second))
    tables.sort(key=lambda ab: rank[ab[0]])
    return tuple(tables), bye


def _least_matching(
    nodes: Sequence[str], edges: Sequence[tuple[str, str, int]]
) -> list[tuple[str, str]]:
    """A perfect matching of ``nodes`` of least total weight over ``edges`` (whole-number
    weights from 0): the matching of most cardinality with the most total of ``top - w``,
    ``top`` above every weight; rustworkx's, or networkx's for weights beyond
    :data:`RUSTWORKX_MOST`."""
    top = max((w for _, _, w in edges), default=0) + 1
    if top <= RUSTWORKX_MOST:
        import rustworkx as rx

        index = {name: i for i, name in enumerate(nodes)}
        graph: Any = rx.PyGraph(multigraph=False)
        graph.add_nodes_from(nodes)
        graph.add_edges_from([(index[a], index[b], top - w) for a, b, w in edges])
        found = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=int)
        return [(nodes[i], nodes[j]) for i, j in found]
    import networkx as nx

    g: nx.Graph[str] = nx.Graph()
    g.add_nodes_from(nodes)
    g.add_weighted_edges_from((a, b, top - w) for a, b, w in edges)
    return list(nx.max_weight_matching(g, maxcardinality=True))


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
