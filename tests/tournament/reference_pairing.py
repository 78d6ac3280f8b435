"""The pairing of a later round as the desk made it before the tables looked at were cut
down and the matching moved to rustworkx: networkx's minimum-weight matching over every
pair of players (the weights of ``referee.tournament.pairing``'s docstring). Kept word for
word as the reference the tests hold the desk's pairing to: the same cost on every event,
the same pairing where the best one is unique."""

from __future__ import annotations

import networkx as nx

from referee.tournament.pairing import BYE, History, PairingError


def reference_swiss(history: History) -> tuple[tuple[tuple[str, str], ...], str | None]:
    """The pairing of a later round, tables best-ranked first (every pair of players)."""
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
