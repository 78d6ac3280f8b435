"""The advantage and the deflection choice (clauses assault.advantage,
assault.nation-order, assault.deflection, assault.facing; ruling assault.tie-rank)."""

from __future__ import annotations

import pytest
from assault_units import NE, N, S, contest, fighter, state, typed

from referee.rules.assault.advantage import advantage
from referee.rules.assault.contest import AssaultError
from referee.rules.assault.deflection import (
    check_deflection,
    choice,
    deflect,
    propose_deflection,
)
from referee.rules.assault.pools import assault_pools
from referee.rules.assault.roll import roll_pools


def duel(rules, one: str, two: str, faces):
    """Two infantry bases of 4 models, 1 die each at 5+, no deflection."""
    c = contest(
        "C3",
        [fighter(state("A", one, 1, "C2", S))],
        [fighter(state("B", two, 2, "C3", N), "stationary", "front")],
    )
    return roll_pools(rules, assault_pools(rules, c), typed(*faces))


def test_more_hits_gain_the_advantage(current):
    adv = advantage(current, duel(current, "elf-rangers", "elf-rangers", (5, 1, 1, 1, 5, 5, 1, 1)))
    assert adv.side == 2 and adv.tie is None


def test_a_tie_goes_to_the_higher_nation_of_the_assault_order(current):
    # Assault winning-power order: Spartan, Dark Elf, Ork, Dwarf, Elf. 2 hits each.
    adv = advantage(current, duel(current, "elf-rangers", "ork-grunts", (5, 5, 1, 1, 5, 5, 1, 1)))
    assert adv.side == 2
    assert adv.tie is not None and adv.tie.by == "nation-order"
    assert dict(adv.tie.nations) == {1: "elf", 2: "ork"}


def test_the_same_nation_rolls_off(current):
    rolled = duel(current, "elf-rangers", "elf-rangers", (5, 1, 1, 1, 5, 1, 1, 1))
    adv = advantage(current, rolled, typed(3, 3, 2, 5))  # 3 vs 3 again, 2 vs 5
    assert adv.side == 2 and adv.tie is not None
    assert (adv.tie.by, adv.tie.rolls) == ("roll-off", ((3, 3), (2, 5)))
    assert adv.rulings == ("assault.tie-rank",)


def test_the_referee_decides_a_tie_of_the_same_nation_under_the_other_reading(current):
    rules = current.with_readings({"assault.tie-rank": "referee"})
    rolled = duel(rules, "elf-rangers", "elf-rangers", (5, 1, 1, 1, 5, 1, 1, 1))
    with pytest.raises(AssaultError, match="the referee names the side"):
        advantage(rules, rolled)
    assert advantage(rules, rolled, tie_winner=1).side == 1


def two_attackers(rules, faces, deflects_from=("A",)):
    # The standard tank holds C3 facing N, assaulted from the front by A (from C2) and from
    # the front-side by B (from D2); it chose the front: 4 dice and 2 deflection at 5+.
    tank = fighter(state("T", "standard-tank", 2, "C3", N), "stationary", "front", deflects_from)
    a = fighter(state("A", "elf-rangers", 1, "C2", S))
    b = fighter(state("B", "elf-rangers", 1, "D2", NE + 3))
    c = contest("C3", [a, b], [tank])
    return roll_pools(rules, assault_pools(rules, c), typed(*faces))


# A: 4 dice 1 hit; B: 4 dice 2 hits; tank: 4 dice 0 hits, deflections 5, 6 -> 2.
FACES = (5, 1, 1, 1, 5, 6, 1, 1, 1, 1, 1, 1, 5, 6)


def test_a_stationary_unit_deflects_only_hits_from_its_chosen_side(current):
    adv = advantage(current, two_attackers(current, FACES))
    assert adv.cancelled[1] == 1  # only A's single hit can be deflected
    legal = choice(1, {1: {"A": 1}})
    assert check_deflection(current, adv, legal) == []
    wrong = choice(1, {1: {"B": 1}})
    assert check_deflection(current, adv, wrong) == [
        "side 1: those hits cannot all be deflected: a stationary unit deflects only hits "
        "from the side it chose"
    ]


def test_the_first_draft_has_no_such_limit(first_draft):
    adv = advantage(first_draft, two_attackers(first_draft, FACES))
    assert adv.cancelled[1] == 2


def test_every_deflection_violation_is_named(current):
    adv = advantage(current, two_attackers(current, FACES, deflects_from=None))
    # side 1 (3 - 2 = 1 hit left) vs side 2 (0): side 1 has the advantage
    assert adv.side == 1
    bad = choice(2, {1: {"A": 2, "X": 1}})
    assert check_deflection(current, adv, bad) == [
        "side 1 has the advantage and chooses the deflections, not side 2",
        "side 1: 2 of A's successes deflected, it has 1",
        "side 1: X is not one of its assault pools",
        "side 1: 3 successes deflected, the enemy's deflections cancel exactly 2",
    ]
    with pytest.raises(AssaultError, match="not side 2"):
        deflect(current, adv, bad)


def orks_and_warriors(rules, orks_hit: tuple[int, ...], warriors_hit: tuple[int, ...]):
    """An ork war-hero (3 dice at 4+, d6+1, AP 1) and grunts (4 dice at 5+, d6) against
    dark-elf warriors (4 dice at 5+, d6-1; 8 deflection dice at 6+, one 6)."""
    hero = fighter(state("O", "ork-warhero", 1, "C2", S))
    grunts = fighter(state("G", "ork-grunts", 1, "C2", S))
    warriors = fighter(state("W", "dark-elf-warriors", 2, "C3", N), "stationary", "front")
    c = contest("C3", [hero, grunts], [warriors])
    faces = (*orks_hit, *warriors_hit, 6, 1, 1, 1, 1, 1, 1, 1)
    return advantage(rules, roll_pools(rules, assault_pools(rules, c), typed(*faces)))


def test_the_proposal_deflects_the_enemys_most_dangerous_hit(current):
    # hero 4, 1, 1 -> 1 hit; grunts 5, 1, 1, 1 -> 1; warriors 5, 5, 5, 1 -> 3:
    # 3 against 2 - 1 = 1, the warriors gain the advantage and deflect the hero's hit.
    adv = orks_and_warriors(current, (4, 1, 1, 5, 1, 1, 1), (5, 5, 5, 1))
    assert adv.side == 2
    proposal = propose_deflection(current, adv)
    assert proposal.by == 2 and dict(proposal.of(1)) == {"O": 1}


def test_the_proposal_lets_the_advantaged_sides_weakest_hit_go(current):
    # hero 4, 4, 1 -> 2; grunts 5, 1, 1, 1 -> 1; warriors none: the orks gain the advantage
    # and let the warriors deflect a grunt's hit rather than the hero's.
    adv = orks_and_warriors(current, (4, 4, 1, 5, 1, 1, 1), (1, 1, 1, 1))
    assert adv.side == 1
    assert dict(propose_deflection(current, adv).of(1)) == {"G": 1}
