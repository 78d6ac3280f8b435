"""Dice pools (clauses assault.stats, assault.facing, assault.multiple-units,
assault.deflection, abilities.fear)."""

from __future__ import annotations

import pytest
from assault_units import N, S, contest, fighter, state

from referee.rules.assault.contest import AssaultError, AssaultSide, Contest
from referee.rules.assault.pools import assault_pools

# Draft 004, "Examples: Standard Tank": Assault 4/3/3/2 5+; Deflection 2, 5+ / -, - / ...
TANK = "standard-tank"
ENEMY = "elf-rangers"


def tank_pools(rules, role, sector=None):
    where = "C3" if role == "stationary" else "C2"
    tank = state("T", TANK, 1, where, S if where == "C2" else N)
    c = contest("C3", [fighter(tank, role, sector)], [fighter(state("E", ENEMY, 2, "C4", N))])
    return assault_pools(rules, c)


def counts(pools, side=1):
    return pools.dice(side, "assault"), pools.dice(side, "deflection")


def test_standard_tank_assaulting_rolls_four_dice_and_two_deflections(current):
    pools = tank_pools(current, "entering")
    assert counts(pools) == (4, 2)
    assert [(p.kind, p.hit) for p in pools.of(1, "assault") + pools.of(1, "deflection")] == [
        ("assault", 5),
        ("deflection", 5),
    ]


def test_standard_tank_assaulted_from_the_front_as_when_assaulting(current):
    assert counts(tank_pools(current, "stationary", "front")) == (4, 2)


@pytest.mark.parametrize("sector", ["front-side", "back-side"])
def test_standard_tank_assaulted_from_the_sides_three_dice_no_deflection(current, sector):
    assert counts(tank_pools(current, "stationary", sector)) == (3, 0)


def test_reversing_into_an_assault_uses_the_back(current):
    pools = tank_pools(current, "reversing")
    assert counts(pools) == (2, 0)
    assert pools.of(1, "assault")[0].sector == "back"


def test_every_model_adds_its_dice(current):
    # Elf rangers: 1 assault die per model; 3 alive of 4 roll 3 dice.
    c = contest(
        "C3",
        [fighter(state("T", TANK, 1, "C2", S))],
        [fighter(state("E", ENEMY, 2, "C3", N, alive=3), "stationary", "front")],
    )
    assert assault_pools(current, c).dice(2, "assault") == 3


def three_bases(contributors=None):
    one = [fighter(state(u, "hoplite-phalanx", 1, "C2", S)) for u in ("A", "B")]
    one.append(fighter(state("C", "peltast-skirmishers", 1, "C4", N)))
    return Contest(
        one[0].unit.hex.neighbour(3),
        (
            AssaultSide(1, tuple(one), contributors),
            AssaultSide(2, (fighter(state("E", ENEMY, 2, "C3", N), "stationary", "front"),)),
        ),
    )


def test_at_most_two_bases_add_their_dice(current):
    pools = assault_pools(current, three_bases())
    assert pools.contributors[1] == ("A", "B") and pools.left_out == ("C",)
    # hoplites 2 front dice x 4 models each; the peltasts roll none
    assert pools.dice(1, "assault") == 16


def test_the_side_chooses_its_two_contributors(current):
    pools = assault_pools(current, three_bases(("A", "C")))
    # hoplites 8 + peltasts 1 x 2 models
    assert pools.dice(1, "assault") == 10 and pools.left_out == ("B",)


def test_three_contributors_are_refused(current):
    with pytest.raises(AssaultError, match="3 contributors, at most 2"):
        assault_pools(current, three_bases(("A", "B", "C")))


def test_deflection_of_bases_over_the_limit_follows_the_ruling(current):
    # hoplites deflect 1 at 5+ per model in front; the peltasts have no deflection, so use
    # a third hoplite base to see the ruling.
    one = [fighter(state(u, "hoplite-phalanx", 1, "C2", S)) for u in ("A", "B", "D")]
    c = Contest(
        one[0].unit.hex.neighbour(3),
        (
            AssaultSide(1, tuple(one)),
            AssaultSide(2, (fighter(state("E", ENEMY, 2, "C3", N), "stationary", "front"),)),
        ),
    )
    assert assault_pools(current, c).dice(1, "deflection") == 8  # A and B: 4 + 4
    every = current.with_readings({"assault.deflectors": "all"})
    assert assault_pools(every, c).dice(1, "deflection") == 12


def test_shaken_base_entering_against_fear_rolls_half_its_dice(current):
    # Ork war-hero with Fear[4] holds C3; Elf rangers (4 dice) enter shaken: 4 // 2 = 2.
    hero = fighter(state("O", "ork-warhero", 1, "C3", N), "stationary", "front")
    rangers = fighter(state("E", ENEMY, 2, "C2", S, shaken=2))
    pools = assault_pools(current, contest("C3", [hero], [rangers]))
    (pool,) = pools.of(2, "assault")
    assert (pool.dice, pool.halved_from) == (2, 4)
    assert pools.rulings == ("assault.fear-halving",)


def test_under_the_other_reading_fear_does_not_halve_assault_dice(current):
    hero = fighter(state("O", "ork-warhero", 1, "C3", N), "stationary", "front")
    rangers = fighter(state("E", ENEMY, 2, "C2", S, shaken=2))
    rules = current.with_readings({"assault.fear-halving": "fear-dice"})
    assert assault_pools(rules, contest("C3", [hero], [rangers])).dice(2, "assault") == 4


def test_a_stationary_unit_needs_its_sector():
    with pytest.raises(AssaultError, match="needs the sector"):
        fighter(state("T", TANK, 1, "C3"), "stationary")


def test_a_contest_names_every_bad_unit_at_once():
    with pytest.raises(AssaultError) as info:
        contest(
            "C3",
            [fighter(state("T", TANK, 2, "C1", S))],
            [fighter(state("E", ENEMY, 2, "D2", N), "stationary", "front")],
        )
    text = str(info.value)
    assert "T: a unit of side 2 listed on side 1" in text
    assert "T: entering from C1, not next to C3" in text
    assert "E: stationary but in D2, not C3" in text
