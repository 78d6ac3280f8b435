"""Rolling the pools: Ork Assault and Reroll Assault (draft 001; clauses
abilities.ork-assault, abilities.reroll-assault)."""

from __future__ import annotations

import pytest
from assault_units import N, S, contest, fighter, state, typed

from referee.rules.assault.contest import AssaultError
from referee.rules.assault.pools import assault_pools
from referee.rules.assault.roll import DieRef, propose_rerolls, roll_pools, roll_with_rerolls


def ork_grunts(rules):
    grunts = fighter(state("G", "ork-grunts", 1, "C2", S))
    enemy = fighter(state("E", "elf-rangers", 2, "C3", N), "stationary", "front")
    return assault_pools(rules, contest("C3", [grunts], [enemy]))


def test_ork_assault_counts_each_six_twice(current):
    # 4 grunts, 1 die each at 5+: 6, 6, 5, 1 -> 2 x 2 + 1 = 5 successes.
    rolled = roll_pools(current, ork_grunts(current), typed(6, 6, 5, 1, 1, 1, 1, 1))
    assert rolled.successes(1, "assault")["G"] == 5


def hoplites(rules):
    # Hoplite phalanx, Reroll Assault[1]: front 2 dice x 4 models at 5+; deflection 1 x 4 at
    # 5+. The enemy rangers hold C3 and roll 4 dice.
    phalanx = fighter(state("H", "hoplite-phalanx", 1, "C2", S))
    enemy = fighter(state("E", "elf-rangers", 2, "C3", N), "stationary", "front")
    return assault_pools(rules, contest("C3", [phalanx], [enemy]))


FIRST = (6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 5, 5, 1, 1)


def test_each_six_offers_n_rerolls_of_own_assault_or_deflection_dice(current):
    rolled = roll_pools(current, hoplites(current), typed(*FIRST))
    (offer,) = rolled.offers
    assert (offer.uid, offer.sixes, offer.allowed) == ("H", 1, 1)
    assert DieRef("H/deflection", 0) in offer.eligible
    assert all(ref.pool in ("H", "H/deflection") for ref in offer.eligible)


def test_a_six_on_a_rerolled_assault_die_repeats_the_process(current):
    rolled = roll_pools(current, hoplites(current), typed(*FIRST))
    dice = typed(6, 3)
    rolled = rolled.reroll({"H": [DieRef("H", 1)]}, dice)
    (offer,) = rolled.offers  # the rerolled die came up 6: one more reroll
    assert (offer.sixes, offer.allowed) == (1, 1)
    assert DieRef("H", 1) not in offer.eligible  # no die is rerolled twice
    rolled = rolled.reroll({"H": [DieRef("H", 2)]}, dice)
    assert rolled.offers == ()  # a 3: the process ends
    assert rolled.of("H").dice[:3] == (6, 6, 3)
    assert rolled.successes(1, "assault")["H"] == 2


def test_a_die_may_not_be_rerolled_twice_nor_beyond_the_allowance(current):
    rolled = roll_pools(current, hoplites(current), typed(*FIRST))
    rolled = rolled.reroll({"H": [DieRef("H", 1)]}, typed(6))
    problems = rolled.check_reroll({"H": [DieRef("H", 1), DieRef("H", 2)]})
    assert problems == [
        "H: 2 dice chosen, 1 allowed (1 sixes)",
        "H: H#2 may not be rerolled by it (another base's die, or rerolled already)",
    ]
    with pytest.raises(AssaultError):
        rolled.reroll({"H": [DieRef("H", 1)]}, typed(4))


def test_a_friends_dice_only_under_the_side_reading(current):
    # Hoplites (8 dice, then 4 deflection) with peltasts (1 die x 2 models at 6+).
    phalanx = fighter(state("H", "hoplite-phalanx", 1, "C2", S))
    peltasts = fighter(state("P", "peltast-skirmishers", 1, "C4", N))
    enemy = fighter(state("E", "elf-rangers", 2, "C3", N), "stationary", "front")
    c = contest("C3", [phalanx, peltasts], [enemy])
    faces = (6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 5, 5, 1, 1)
    own = roll_pools(current, assault_pools(current, c), typed(*faces))
    assert own.check_reroll({"H": [DieRef("P", 0)]}) != []
    side = current.with_readings({"assault.reroll-dice": "side"})
    shared = roll_pools(side, assault_pools(side, c), typed(*faces))
    assert shared.check_reroll({"H": [DieRef("P", 0)]}) == []
    assert shared.check_reroll({"H": [DieRef("E", 0)]}) != []  # never the enemy's


def test_the_proposal_rerolls_failed_assault_dice_first(current):
    rolled = roll_pools(current, hoplites(current), typed(*FIRST))
    assert propose_rerolls(rolled) == {"H": (DieRef("H", 1),)}


def test_rolling_with_rerolls_takes_the_proposals_until_none_is_left(current):
    # the reroll of H#2 shows 5: a success but no 6, so the process ends
    rolled = roll_with_rerolls(current, hoplites(current), typed(*FIRST, 5))
    assert rolled.offers == () and rolled.of("H").dice[1] == 5
    assert rolled.successes(1, "assault")["H"] == 2


def test_the_advantage_waits_for_the_rerolls(current):
    from referee.rules.assault.advantage import advantage

    rolled = roll_pools(current, hoplites(current), typed(*FIRST))
    with pytest.raises(AssaultError, match="rerolls are still on offer"):
        advantage(current, rolled)
