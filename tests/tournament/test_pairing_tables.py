"""A round is paired looking only at the tables the pairing module's docstring shows a best
pairing needs (a gap in the TVP line no larger than what the players have met allows) and
every player's bye: the pairing is as good as the reference's, networkx's matching over
every pair of players (``reference_pairing``), on random events up to 64 players, and is
the reference's own where the best pairing is unique; the argument itself is checked by
brute force on small fields."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest
from desk_helpers import pairings_of
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reference_pairing import reference_swiss

from referee.tournament.pairing import (
    RUSTWORKX_MOST,
    History,
    cost,
    line_up,
    swiss,
    tables_looked_at,
)


def history(ranked, tvp, met=(), byes=None):
    return History(
        tuple(ranked),
        dict(zip(ranked, tvp, strict=True)),
        frozenset(frozenset(m) for m in met),
        byes or {},
    )


def played_rounds(names, rounds, rng):
    """The tables of ``rounds`` earlier rounds, each a random pairing of ``names``."""
    met = set()
    for _ in range(rounds):
        order = list(names)
        rng.shuffle(order)
        met |= {frozenset(t) for t in zip(order[::2], order[1::2], strict=False)}
    return met


@st.composite
def events(draw, max_players=64):
    """A random event before a later round: its players ranked, their total TVP (from a few
    levels, so that many are level, or spread), the earlier rounds' tables (random pairings,
    as a Swiss event's, plus any pairs at all, as a crowded small event's), and byes."""
    n = draw(st.integers(2, max_players))
    names = [f"p{i:02d}" for i in range(n)]
    ranked = draw(st.permutations(names))
    top = draw(st.sampled_from([2, 12, 300]))
    tvp = draw(st.lists(st.integers(0, top), min_size=n, max_size=n))
    rng = draw(st.randoms(use_true_random=False))
    met = played_rounds(names, draw(st.integers(0, min(n - 1, 7))), rng)
    if draw(st.booleans()):
        pairs = [(a, b) for i, a in enumerate(names) for b in names[i + 1 :]]
        met |= {frozenset(p) for p in rng.sample(pairs, rng.randint(0, len(pairs)))}
    byes = {name: 1 for name in draw(st.lists(st.sampled_from(names), max_size=3))}
    return history(ranked, [t * 1_000_003 for t in tvp], met, byes)


def seated(tables, bye):
    return sorted([p for t in tables for p in t] + ([bye] if bye else []))


def unique_best(h, tables):
    """Whether ``tables`` (a best pairing) is the only best one: for each of its tables
    that is no rematch, marking those two as met must make the reference's best worse (a
    pairing as good without that table would keep the best cost); None when a table of
    the best pairing is a rematch (this cannot tell then)."""
    best = cost(h, *reference_swiss(h))
    for a, b in tables:
        if h.rematch(a, b):
            return None
        marked = History(h.ranked, h.tvp, h.met | {frozenset((a, b))}, h.byes)
        if cost(marked, *reference_swiss(marked)) <= best:
            return False
    return True


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(events())
def test_a_round_of_up_to_64_players_is_paired_as_well_as_over_every_pair(h):
    tables, bye = swiss(h)
    assert seated(tables, bye) == sorted(h.ranked)
    assert cost(h, tables, bye) == cost(h, *reference_swiss(h))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(events(max_players=20))
def test_where_the_best_pairing_is_unique_the_desk_makes_that_pairing(h):
    best_tables, best_bye = reference_swiss(h)
    tables, bye = swiss(h)
    assert cost(h, tables, bye) == cost(h, best_tables, best_bye)
    if unique_best(h, best_tables):
        assert (tables, bye) == (best_tables, best_bye)


def line_distance(line, tables):
    place = {name: i for i, name in enumerate(line)}
    return sum(abs(place[a] - place[b]) for a, b in tables)


@settings(max_examples=200, deadline=None)
@given(events(max_players=9))
def test_every_best_pairing_of_least_line_distance_uses_only_the_tables_looked_at(h):
    # the module docstring's argument, checked by trying every pairing: among the best
    # pairings, those whose tables are nearest in the TVP line never need another table
    looked = {frozenset(t) for t in tables_looked_at(h)}
    line = line_up(h)
    players = list(h.ranked)
    found = []
    for bye in players if len(players) % 2 else [None]:
        rest = [p for p in players if p != bye]
        found += [(cost(h, t, bye), line_distance(line, t), t) for t in pairings_of(rest)]
    best = min(c for c, _, _ in found)
    nearest = min(d for c, d, _ in found if c == best)
    for c, d, tables in found:
        if c == best and d == nearest:
            assert {frozenset(t) for t in tables} <= looked


def test_a_gap_holds_at_most_twice_the_players_met_and_one_for_the_bye():
    # seven players in a line of distinct TVP, nobody has met anybody: a table's gap may
    # hold the bye only (one player), so the tables looked at are neighbours and the
    # players one apart
    names = list("abcdefg")
    h = history(names, [70, 60, 50, 40, 30, 20, 10])
    assert {frozenset(t) for t in tables_looked_at(h)} == {
        frozenset(t) for t in [*pairwise(names), *zip(names, names[2:], strict=False)]
    }


def test_a_rematch_is_looked_at_when_its_gap_allows_it():
    # a met b: both have met one player, so a gap of up to 2 * (1 + 1) (+1 for the bye)
    # players is looked at, and a v b (neighbours) is among them, a rematch or not
    h = history("abcd", [40, 39, 10, 9], met=[("a", "b")])
    assert frozenset("ab") in {frozenset(t) for t in tables_looked_at(h)}


def test_a_large_round_looks_at_a_few_tables_per_player():
    # 1024 players after two rounds: a gap of at most 2 * (2 + 2) players (an even field
    # has no bye), so each player is looked at with at most the 9 next in the line: 9
    # tables a player at most, where every pair would be 511.5
    rng = random.Random(7)
    names = [f"p{i:04d}" for i in range(1024)]
    h = history(
        names, [rng.randint(0, 80) * 1_000_000 for _ in names], played_rounds(names, 2, rng)
    )
    assert len(tables_looked_at(h)) <= 1024 * 9


def test_tvp_beyond_rustworkx_numbers_are_paired_as_well_as_over_every_pair():
    # totals in the 10^30s (results taken with an override): the weights pass 2^120 and
    # the matching is networkx's, on the same tables
    rng = random.Random(3)
    names = [f"p{i:02d}" for i in range(21)]
    tvp = [rng.randint(0, 10**6) * 10**30 for _ in names]
    h = history(names, tvp, played_rounds(names, 3, rng))
    assert (max(tvp) - min(tvp)) ** 2 > RUSTWORKX_MOST
    tables, bye = swiss(h)
    assert seated(tables, bye) == sorted(names)
    assert cost(h, tables, bye) == cost(h, *reference_swiss(h))


@pytest.mark.parametrize("n", [2, 3, 5, 64, 65])
def test_a_round_where_everybody_has_met_everybody_is_still_paired(n):
    # every table is a rematch: the fewest rematches is every table, and the line still
    # pairs every player
    names = [f"p{i:02d}" for i in range(n)]
    met = [(a, b) for i, a in enumerate(names) for b in names[i + 1 :]]
    h = history(names, list(range(n, 0, -1)), met)
    tables, bye = swiss(h)
    assert seated(tables, bye) == sorted(names)
    assert cost(h, tables, bye) == cost(h, *reference_swiss(h))
