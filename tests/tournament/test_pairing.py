"""Pairings: round 1 by seeded draw or seeding; later rounds with no avoidable rematch, the
bye to the lowest-ranked player without one (unless that forces a rematch), and the least sum
of squared TVP differences. Checked by brute force on small fields and on many random
histories."""

from __future__ import annotations

import pytest
from desk_helpers import best_cost, pairings_of
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.tournament.pairing import History, check_pairing, cost, draw_order, fold_pairing, swiss


def history(ranked, tvp, met=(), byes=None):
    return History(
        tuple(ranked),
        dict(zip(ranked, tvp, strict=True)),
        frozenset(frozenset(m) for m in met),
        byes or {},
    )


def test_round_one_draw_is_the_same_for_the_same_seed_and_differs_for_another():
    names = [f"p{i}" for i in range(24)]
    assert draw_order(names, 5) == draw_order(list(reversed(names)), 5)
    assert draw_order(names, 5) != draw_order(names, 6)


def test_round_one_pairs_the_first_half_against_the_second_and_the_last_has_the_bye():
    tables, bye = fold_pairing(["s1", "s2", "s3", "s4", "s5"])
    assert tables == (("s1", "s3"), ("s2", "s4")) and bye == "s5"


def test_least_squared_difference_pairs_neighbours():
    # TVP 40, 39, 10, 9: (40,39)+(10,9) gives 1+1 = 2; (40,10)+(39,9) gives 900+900.
    h = history("abcd", [40, 39, 10, 9])
    tables, bye = swiss(h)
    assert {frozenset(t) for t in tables} == {frozenset("ab"), frozenset("cd")} and bye is None


def test_a_rematch_is_avoided_even_at_a_large_tvp_cost():
    h = history("abcd", [40, 39, 10, 9], met=[("a", "b")])
    tables, _ = swiss(h)
    assert frozenset("ab") not in {frozenset(t) for t in tables}


def test_an_unavoidable_rematch_is_made_once_only():
    # a met b, c and d... with four players and a having met all three, one rematch must be.
    h = history("abcd", [4, 3, 2, 1], met=[("a", "b"), ("a", "c"), ("a", "d")])
    tables, _ = swiss(h)
    assert cost(h, tables, None)[0] == 1


def test_the_bye_goes_to_the_lowest_ranked_player_without_one():
    h = history("abcde", [5, 4, 3, 2, 1], byes={"e": 1})
    _, bye = swiss(h)
    assert bye == "d"


def test_the_bye_moves_up_when_the_lowest_would_force_a_rematch():
    # The bye order: d (lowest without a bye), c, b, a, then e (had one). With d out, a must
    # play one of b, c, e, all met before: a rematch. With c out: a v d and b v e, none met.
    h = history("abcde", [5, 4, 3, 2, 1], met=[("a", "b"), ("a", "c"), ("a", "e")], byes={"e": 1})
    tables, bye = swiss(h)
    assert bye == "c" and cost(h, tables, bye)[0] == 0


def test_a_hand_made_rematch_is_warned_naming_the_rule():
    h = history("abcd", [4, 3, 2, 1], met=[("a", "b")])
    warnings = check_pairing(h, [("a", "b"), ("c", "d")], None)
    assert any("no rematch" in w and "a and b" in w for w in warnings)


def test_a_hand_made_bye_is_warned_naming_the_rule():
    h = history("abc", [3, 2, 1])
    warnings = check_pairing(h, [("b", "c")], "a")
    assert any("bye" in w and "c should have it" in w for w in warnings)


def test_the_best_pairing_has_no_warning():
    h = history("abcde", [5, 4, 3, 2, 1], met=[("a", "b")])
    tables, bye = swiss(h)
    assert check_pairing(h, tables, bye) == []


def test_brute_force_knows_every_pairing_of_six():
    assert len(list(pairings_of(list("abcdef")))) == 15  # 5 x 3 x 1


@st.composite
def histories(draw, max_players=9):
    n = draw(st.integers(2, max_players))
    names = [f"p{i}" for i in range(n)]
    ranked = draw(st.permutations(names))
    tvp = draw(st.lists(st.integers(0, 300_000_000), min_size=n, max_size=n))
    pairs = [(a, b) for i, a in enumerate(names) for b in names[i + 1 :]]
    met = draw(st.lists(st.sampled_from(pairs), max_size=len(pairs))) if pairs else []
    byes = draw(st.dictionaries(st.sampled_from(names), st.integers(1, 2)))
    return history(ranked, tvp, met, byes)


@settings(max_examples=300, deadline=None)
@given(histories())
def test_the_matching_is_as_good_as_the_best_of_every_pairing(h):
    tables, bye = swiss(h)
    seated = [p for t in tables for p in t] + ([bye] if bye else [])
    assert sorted(seated) == sorted(h.ranked)
    assert cost(h, tables, bye) == best_cost(h)


@settings(max_examples=60, deadline=None)
@given(histories(max_players=24))
def test_a_large_field_gets_no_avoidable_rematch(h):
    import networkx as nx

    tables, bye = swiss(h)
    rest = [p for p in h.ranked if p != bye]
    allowed = nx.Graph()
    allowed.add_nodes_from(rest)
    allowed.add_edges_from(
        (a, b) for i, a in enumerate(rest) for b in rest[i + 1 :] if not h.rematch(a, b)
    )
    rematch_free = 2 * len(nx.max_weight_matching(allowed, maxcardinality=True)) == len(rest)
    if rematch_free:
        assert cost(h, tables, bye)[0] == 0


@pytest.mark.parametrize("n", [2, 3, 4, 7, 8])
def test_every_player_is_seated_once(n):
    h = history([f"p{i}" for i in range(n)], list(range(n)))
    tables, bye = swiss(h)
    seated = [p for t in tables for p in t] + ([bye] if bye else [])
    assert sorted(seated) == sorted(h.ranked)
