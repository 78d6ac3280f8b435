"""The exact odds of gaining the advantage from an assault's pools (clauses
``assault.advantage``, ``assault.deflection``, ``assault.nation-order``,
``abilities.ork-assault``; ruling ``assault.tie-rank``): worked by hand, and checked
against every face of every die enumerated through the engine's own roll and advantage."""

from __future__ import annotations

from fractions import Fraction as F
from itertools import product

import msgspec
from assault_units import NE, N, S, contest, fighter, state, typed
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from referee.rules.assault.advantage import advantage
from referee.rules.assault.advantage_odds import advantage_odds
from referee.rules.assault.pools import assault_pools
from referee.rules.assault.roll import roll_pools
from referee.units.catalogue import find_unit


def test_two_rangers_against_one_ork_grunt_ties_go_to_the_ork(current):
    # Side 1: two rangers, a die each at 5+: 0 hits 4/9, 1 hit 4/9, 2 hits 1/9.
    # Side 2: one grunt, a die at 5+, a 6 counts twice (Ork Assault): 0 4/6, 1 1/6, 2 1/6.
    # Side 1 more: 4/9*4/6 + 1/9*5/6 = 7/18; side 2 more: 4/9*2/6 + 4/9*1/6 = 2/9;
    # equal 7/18, won by the Ork nation (higher in the assault order than the Elf).
    c = contest(
        "C3",
        [fighter(state("A", "elf-rangers", 1, "C2", S, alive=2))],
        [fighter(state("B", "ork-grunts", 2, "C3", N, alive=1), "stationary", "front")],
    )
    odds = advantage_odds(current, assault_pools(current, c))
    assert odds.equal == F(7, 18)
    assert dict(odds.side) == {1: F(7, 18), 2: F(2, 9) + F(7, 18)}
    assert (odds.tie_by, odds.tie_side) == ("nation-order", 2)
    assert "side 1 38.9%, side 2 61.1%" in odds.text()


def test_the_same_nation_rolls_off_half_each(current):
    # One ranger each, a die at 5+: equal hits 4/9 + 1/9 = 5/9, a roll-off shares it.
    c = contest(
        "C3",
        [fighter(state("A", "elf-rangers", 1, "C2", S, alive=1))],
        [fighter(state("B", "elf-rangers", 2, "C3", N, alive=1), "stationary", "front")],
    )
    odds = advantage_odds(current, assault_pools(current, c))
    assert odds.equal == F(5, 9) and odds.tie_by == "roll-off"
    assert dict(odds.side) == {1: F(1, 2), 2: F(1, 2)}
    referee = current.with_readings({"assault.tie-rank": "referee"})
    odds = advantage_odds(referee, assault_pools(referee, c))
    assert dict(odds.side) == {1: F(2, 9), 2: F(2, 9)}
    assert "the referee names the side" in odds.text()


def test_a_stationary_tank_deflects_only_the_side_it_chose(current):
    # Rangers A (from C2) and B (from D2), one model each, a die at 5+; the tank chose A's
    # side: its 2 deflection dice at 5+ (0: 4/9, 1: 4/9, 2: 1/9) cancel A's hit only.
    # Side 1 has no hit left: B misses (2/3) and A misses or is deflected
    # (2/3 + 1/3*5/9): 2/3 * 23/27 = 46/81. Deflecting either side it would be
    # P(A+B <= deflections) = 4/9 + 4/9*5/9 + 1/9*1/9 = 57/81.
    def pools(deflects_from):
        tank = fighter(
            state("T", "standard-tank", 2, "C3", N), "stationary", "front", deflects_from
        )
        a = fighter(state("A", "elf-rangers", 1, "C2", S, alive=1))
        b = fighter(state("B", "elf-rangers", 1, "D2", NE + 3, alive=1))
        return assault_pools(current, contest("C3", [a, b], [tank]))

    assert advantage_odds(current, pools(("A",))).nets[1][0] == F(46, 81)
    assert advantage_odds(current, pools(None)).nets[1][0] == F(57, 81)


def test_reroll_assault_is_named_as_not_counted(current):
    c = contest(
        "C3",
        [fighter(state("A", "boar-riders", 1, "C2", S, alive=1))],
        [fighter(state("B", "elf-rangers", 2, "C3", N, alive=1), "stationary", "front")],
    )
    odds = advantage_odds(current, assault_pools(current, c))
    assert odds.rerolls == ("A",)
    assert "Before Reroll Assault (A)" in odds.text()


UNITS = ["elf-rangers", "ork-grunts", "ironbreakers", "dark-elf-warriors", "shades", "talos"]


@settings(max_examples=25, deadline=None)
@given(
    one=st.lists(st.tuples(st.sampled_from(UNITS), st.integers(1, 2)), min_size=1, max_size=2),
    two=st.tuples(st.sampled_from(UNITS), st.integers(1, 2)),
    chosen=st.sampled_from([None, ("A0",), ("A1",)]),
    hit=st.integers(2, 6),
)
def test_the_odds_match_every_face_enumerated(current, one, two, chosen, hit):
    rules = current.with_readings({"assault.tie-rank": "referee"})
    starts = [("C2", S), ("D2", NE + 3)]
    side1 = [
        fighter(state(f"A{i}", unit, 1, *starts[i], alive=min(alive, find_unit(unit).models)))
        for i, (unit, alive) in enumerate(one)
    ]
    assume(chosen is None or int(chosen[0][1]) < len(side1))
    unit, alive = two
    alive = min(alive, find_unit(unit).models)
    defender = fighter(state("T", unit, 2, "C3", N, alive=alive), "stationary", "front", chosen)
    pools = assault_pools(rules, contest("C3", side1, [defender]))
    # the success numbers vary too: the first pool's is drawn
    first = pools.pools[0]
    pools = msgspec.structs.replace(
        pools, pools=(msgspec.structs.replace(first, hit=hit), *pools.pools[1:])
    )
    total = sum(p.dice for p in pools.pools)
    assume(total <= 5)
    wins = {1: F(0), 2: F(0)}
    equal = F(0)
    each = F(1, 6**total)
    for faces in product(range(1, 7), repeat=total):
        adv = advantage(rules, roll_pools(rules, pools, typed(*faces)), tie_winner=1)
        if adv.tie is not None and adv.tie.by == "referee":
            equal += each
        else:
            wins[adv.side] += each
    odds = advantage_odds(rules, pools)
    assert dict(odds.side) == wins
    if odds.tie_by == "referee":
        assert odds.equal == equal
