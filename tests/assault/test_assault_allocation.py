"""Dealing the hits (clauses assault.allocation, assault.damaging, assault.support,
assault.psychic, abilities.cunning-assault, assault.set-on-fire, assault.acid,
assault.poison)."""

from __future__ import annotations

import pytest
from assault_units import N, S, contest, fighter, state, typed
from msgspec.structs import replace

from referee.board.sector_stats import parse_sector_numbers
from referee.dice.expression import parse_dice
from referee.dice.service import Dice
from referee.rules.assault.allocation import (
    LightRoll,
    SideAllocation,
    TokenPlan,
    check_allocation,
    roll_plan,
)
from referee.rules.assault.contest import AssaultError
from referee.rules.assault.flow import Assault
from referee.rules.assault.proposal import propose_allocation
from referee.units.catalogue import find_unit
from referee.units.model import Ability, SpecialDamage, Weapon
from referee.units.model import Assault as AssaultStats


def dealt(rules, one, two, faces):
    """The assault up to the deflections (none in these tests), with typed dice."""
    return Assault(rules, contest("C3", one, two)).roll(typed(*faces)).decide().deflect()


def holders(*units):
    return [fighter(u, "stationary", "front") for u in units]


# --- the limits of a dealing --------------------------------------------------------------


def test_every_violation_is_named_at_once(current):
    # Dark-elf warriors (4 dice at 5+: 3 hits) against Elf rangers with 2 alive models.
    a = dealt(
        current,
        [fighter(state("DW", "dark-elf-warriors", 1, "C2", S))],
        holders(state("ER", "elf-rangers", 2, "C3", N, alive=2)),
        (5, 5, 5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1),
    )
    bad = SideAllocation(
        1,
        2,
        (
            roll_plan("DW", "DW"),
            roll_plan("XX", "ER"),
            roll_plan("DW", "ER"),
            roll_plan("DW", "ER"),
            roll_plan("DW", "ER"),
        ),
    )
    assert check_allocation(current, a.deflected, bad) == [
        "side 1's hits are dealt by side 1, not side 2",
        "side 1 roll 1 (DW -> DW): DW is not a living enemy base in the assault",
        "side 1 roll 2 (XX -> ER): XX has no hits to deal",
        "side 1: 3 regular damaging hits on ER, at most one per alive model (2)",
        "DW: 4 hits dealt, it has 3",
        "DW: places 1 poison (one per N hits), 0 placed",
    ]


def test_hits_left_over_must_be_support(current):
    a = dealt(
        current,
        [fighter(state("DW", "dark-elf-warriors", 1, "C2", S))],
        holders(state("ER", "elf-rangers", 2, "C3", N, alive=2)),
        (5, 5, 5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1),
    )
    short = SideAllocation(
        1,
        1,
        (roll_plan("DW", "ER"), roll_plan("DW", "ER")),
        tokens=(TokenPlan("DW", "ER", "poison"),),
    )
    assert check_allocation(current, a.deflected, short) == [
        "DW: 1 of its 3 hits not dealt; every hit is a damaging hit or support"
    ]
    full = replace(short, rolls=(roll_plan("DW", "ER", {"DW": 1}), roll_plan("DW", "ER")))
    assert check_allocation(current, a.deflected, full) == []
    with pytest.raises(AssaultError, match="1 of its 3 hits not dealt"):
        a.allocate({1: short})


def test_the_free_reading_lets_hits_be_support_while_models_lack_one(current):
    rules = current.with_readings({"assault.damaging-first": "free"})
    a = dealt(
        rules,
        [fighter(state("DW", "dark-elf-warriors", 1, "C2", S))],
        holders(state("ER", "elf-rangers", 2, "C3", N, alive=2)),
        (5, 5, 5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1),
    )
    one_roll = SideAllocation(
        1, 1, (roll_plan("DW", "ER", {"DW": 2}),), tokens=(TokenPlan("DW", "ER", "poison"),)
    )
    assert check_allocation(rules, a.deflected, one_roll) == []
    assert check_allocation(current, a.deflected, one_roll) != []  # fill-first refuses it


# --- psychic and real damage --------------------------------------------------------------

WRAITH = replace(
    find_unit("dread-sorceress"),
    id="wraith",
    name="Wraith",
    assault=AssaultStats(
        parse_sector_numbers("3"),
        5,
        0,
        None,
        Weapon("assault", 0, 0, None, special_damage=(SpecialDamage("psychic", parse_dice("d6")),)),
    ),
)


def psychic_side(rules):
    # wraith (psychic only) 3 dice: 3 hits; warriors 5, 5, 5, 1: 3 hits; rangers (3) none.
    return dealt(
        rules,
        [
            fighter(state("WR", WRAITH, 1, "C2", S)),
            fighter(state("DW", "dark-elf-warriors", 1, "C2", S)),
        ],
        holders(state("ER", "elf-rangers", 2, "C3", N, alive=3)),
        (5, 5, 5, 5, 5, 5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1),
    )


def test_psychic_hits_are_a_separate_entry_per_model(current):
    a = psychic_side(current)
    both = SideAllocation(
        1,
        1,
        (*[roll_plan("DW", "ER")] * 3, *[roll_plan("WR", "ER")] * 3),
        tokens=(TokenPlan("DW", "ER", "poison"),),
    )
    assert check_allocation(current, a.deflected, both) == []


def test_real_damage_does_not_support_psychic_damage(current):
    a = psychic_side(current)
    mixed = SideAllocation(
        1,
        1,
        (
            roll_plan("WR", "ER", {"DW": 1}),
            *[roll_plan("WR", "ER")] * 2,
            *[roll_plan("DW", "ER")] * 2,
        ),
        tokens=(TokenPlan("DW", "ER", "poison"),),
    )
    assert check_allocation(current, a.deflected, mixed) == [
        "side 1 roll 1 (WR -> ER +1 support): DW deals no damage of this roll's kind; real "
        "damage supports real damage, psychic supports psychic",
        "side 1: 2 regular damaging hits, but 3 are required: every hit must be damaging "
        "while an enemy model has none (3 hits, 3 alive enemy models)",
    ]


def test_the_first_draft_counts_one_entry_per_model(first_draft):
    a = psychic_side(first_draft)
    both = SideAllocation(1, 1, (*[roll_plan("DW", "ER")] * 3, *[roll_plan("WR", "ER")] * 3))
    assert check_allocation(first_draft, a.deflected, both) == [
        "side 1: 6 damaging hits on ER, at most one per alive model (3)",
        # the warriors' Poison[M][1 for N] works as in the current edition (ruling
        # weapons.first-draft-conditions)
        "DW: places 1 poison (one per N hits), 0 placed",
    ]


def test_real_support_adds_to_the_real_damage_of_a_mixed_attack_only(current):
    # Nightmare riders (d6 and psychic d4, 3 front dice per model at 4+): 4 -> 1 hit;
    # warriors 5, 5 -> 2 hits; rangers with 2 models alive roll none.
    a = dealt(
        current,
        [
            fighter(state("NR", "nightmare-riders", 1, "C2", S)),
            fighter(state("DW", "dark-elf-warriors", 1, "C2", S)),
        ],
        holders(state("ER", "elf-rangers", 2, "C3", N, alive=2)),
        (4, 1, 1, 1, 1, 1, 5, 5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1),
    )
    a = a.allocate(
        {
            1: SideAllocation(
                1,
                1,
                (roll_plan("NR", "ER", {"DW": 1}), roll_plan("DW", "ER")),
                tokens=(TokenPlan("DW", "ER", "poison"),),
            )
        }
    )
    # no armor: d6 = 3 (+1 support = 4), psychic d4 = 2 (no support); warriors d6-1 = 1
    a = a.roll_damage(typed(3, 2, 1))
    first = a.damage.rolls[0]
    assert dict(first.support) == {"psychic": 0, "regular": 1}
    assert first.result.regular is not None and first.result.regular.result == 4
    (psychic,) = first.result.special
    assert psychic.roll is not None and psychic.roll.result == 2


# --- Cunning Assault ------------------------------------------------------------------------


def boars(rules, unit="boar-riders", faces=(4, 4, 4, 1)):
    # boar riders: 2 front dice per model at 4+, 2 models; E34 holds C3 and rolls 1s
    return dealt(
        rules,
        [fighter(state("BR", unit, 1, "C2", S))],
        holders(state("E34", "e34", 2, "C3", N)),
        (*faces, 1, 1, 1, 1, 1),
    )


def test_cunning_assault_adds_light_damage_per_n_hits_on_one_base(current):
    a = boars(current)  # 3 hits: 1 damaging + 2 support on the E34
    a = a.allocate({1: SideAllocation(1, 1, (roll_plan("BR", "E34", {"BR": 2}),))})
    assert a.allocated.light[1] == (LightRoll("BR", "E34"),)  # 3 // 2 = 1
    # armor 4 against AP 0: 4 dice 5, 5, 1, 1 -> blocked; light d6 5 -> "Tracks cut"
    a = a.roll_damage(typed(5, 5, 1, 1, 5))
    light = a.damage.rolls[-1]
    assert light.light and light.result.special[0].roll is not None
    assert light.result.special[0].roll.row is not None
    assert light.result.special[0].roll.row.text == "Tracks cut: immobilised"


def test_cunning_assault_counts_only_damaging_hits_under_the_other_reading(current):
    rules = current.with_readings({"assault.cunning-hits": "damaging-only"})
    a = boars(rules).allocate({1: SideAllocation(1, 1, (roll_plan("BR", "E34", {"BR": 2}),))})
    assert a.allocated.light[1] == ()


def test_light_damage_is_not_chosen_in_the_current_edition(current):
    alloc = SideAllocation(
        1, 1, (roll_plan("BR", "E34", {"BR": 2}),), light=(LightRoll("BR", "E34"),)
    )
    assert check_allocation(current, boars(current).deflected, alloc)[0].endswith(
        "light damage follows from the hits in this edition; it is not chosen"
    )


CUNNING_ONLY = replace(
    find_unit("boar-riders"), models=4, abilities=(Ability("cunning-assault", ("1 per 2",)),)
)


def first_draft_boars(rules, faces):
    # 4 models x 2 front dice at 4+ against the E34 and 3 Elf rangers
    return dealt(
        rules,
        [fighter(state("BR", CUNNING_ONLY, 1, "C2", S))],
        holders(state("E34", "e34", 2, "C3", N), state("ER", "elf-rangers", 2, "C3", N, alive=3)),
        (*faces, 1, 1, 1, 1, 1, 1, 1, 1),
    )


def test_first_draft_cunning_assault_replaces_n_hits_on_a_base_with_a_light_table(first_draft):
    a = first_draft_boars(first_draft, (4, 4, 4, 4, 4, 1, 1, 1))  # 5 hits
    # 3 on the rangers, and the E34's damaging + support hit replaced by one light roll
    alloc = SideAllocation(
        1, 1, tuple([roll_plan("BR", "ER")] * 3), light=(LightRoll("BR", "E34"),)
    )
    assert check_allocation(first_draft, a.deflected, alloc) == []
    on_rangers = replace(alloc, light=(LightRoll("BR", "ER"),))
    assert check_allocation(first_draft, a.deflected, on_rangers) == [
        "cunning assault BR -> ER: ER has no light damage table; only hits on such a base "
        "can be replaced",
        # and the E34 is left without the damaging hit its model must have
        "side 1: 3 damaging hits, but 4 are required: every hit must be damaging while an "
        "enemy model has none (5 hits, 4 alive enemy models)",
    ]


def test_first_draft_replaced_hits_must_have_been_assigned_to_that_base(first_draft):
    a = first_draft_boars(first_draft, (4, 4, 4, 4, 1, 1, 1, 1))  # 4 hits, 4 models
    # every hit must be damaging, so the E34 had only 1 hit: 2 cannot be replaced there
    alloc = SideAllocation(
        1, 1, tuple([roll_plan("BR", "ER")] * 2), light=(LightRoll("BR", "E34"),)
    )
    assert check_allocation(first_draft, a.deflected, alloc) == [
        "side 1: 3 damaging hits, but 4 are required: every hit must be damaging while an "
        "enemy model has none (4 hits, 4 alive enemy models)"
    ]


# --- assault weapons ------------------------------------------------------------------------


def warhero_and_grunts(rules, faces, *targets):
    return dealt(
        rules,
        [
            fighter(state("O", "ork-warhero", 1, "C2", S)),
            fighter(state("G", "ork-grunts", 1, "C2", S)),
        ],
        holders(*targets),
        faces,
    )


def test_only_bases_hit_by_the_heros_own_dice_are_set_on_fire(current):
    # hero 3 dice at 4+: 4, 4, 1 -> 2; grunts 5, 5, 1, 1 -> 2; the E34 and 3 rangers roll 1s.
    a = warhero_and_grunts(
        current,
        (4, 4, 1, 5, 5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1),
        state("E34", "e34", 2, "C3", N),
        state("ER", "elf-rangers", 2, "C3", N, alive=3),
    )
    a = a.allocate(
        {
            1: SideAllocation(
                1,
                1,
                (
                    roll_plan("O", "ER"),
                    roll_plan("O", "ER"),
                    roll_plan("G", "E34"),
                    roll_plan("G", "ER"),
                ),
            )
        }
    )
    assert a.allocated.fires[1] == (("O", "ER"),)


def test_support_from_the_hero_sets_on_fire_unless_ruled_otherwise(current):
    faces = (4, 4, 1, 5, 5, 1, 1, 1, 1, 1, 1, 1)
    alloc = SideAllocation(1, 1, (roll_plan("G", "E34", {"O": 2, "G": 1}),))
    a = warhero_and_grunts(current, faces, state("E34", "e34", 2, "C3", N))
    assert a.allocate({1: alloc}).allocated.fires[1] == (("O", "E34"),)
    rules = current.with_readings({"assault.set-on-fire-hit": "damaging"})
    a = warhero_and_grunts(rules, faces, state("E34", "e34", 2, "C3", N))
    assert a.allocate({1: alloc}).allocated.fires[1] == ()


def test_the_fire_is_placed_at_the_apply_damage_step(current):
    faces = (4, 4, 1, 5, 5, 1, 1, 1, 1, 1, 1, 1)
    a = warhero_and_grunts(current, faces, state("E34", "e34", 2, "C3", N))
    a = a.allocate({1: SideAllocation(1, 1, (roll_plan("O", "E34", {"O": 1, "G": 2}),))})
    # E34 front armor 4 against AP 1: 3 armor dice 5, 5, 1 -> blocked
    a = a.roll_damage(typed(5, 5, 1))
    states, _ = a.damage.apply()
    assert states["E34"].fire == 1


# --- proposals ------------------------------------------------------------------------------


MATCHES = [
    (["shadow-tank", "dark-elf-warriors"], ["e34", "elf-rangers"]),
    (["ork-warhero", "boar-riders"], ["standard-tank", "hoplite-phalanx"]),
    (["nightmare-riders", "dread-sorceress"], ["ironbreakers", "steam-tank"]),
]


@pytest.mark.parametrize("edition", ["current", "first-draft"])
@pytest.mark.parametrize(("one", "two"), MATCHES)
def test_the_proposals_are_always_legal(edition, one, two):
    from referee.ruleset.shipped import ruleset

    rules = ruleset(edition)
    for seed in range(12):
        units = contest(
            "C3",
            [fighter(state(f"A{i}", u, 1, "C2", S)) for i, u in enumerate(one)],
            holders(*(state(f"B{i}", u, 2, "C3", N) for i, u in enumerate(two))),
        )
        dice = Dice(seed=seed)
        a = Assault(rules, units).roll(dice)
        while a.rolled is not None and a.rolled.offers:
            from referee.rules.assault.roll import propose_rerolls

            a = a.reroll(propose_rerolls(a.rolled), dice)
        a = a.decide(dice).deflect()
        for side in (1, 2):
            assert (
                check_allocation(rules, a.deflected, propose_allocation(rules, a.deflected, side))
                == []
            ), (seed, side)


def test_the_first_draft_sets_on_fire_as_the_current_edition_unless_ruled_none(first_draft):
    # the first draft has no assault-weapon abilities: the warhero's Set on Fire works as
    # the current edition writes it (ruling weapons.first-draft-conditions, as-current),
    # and places nothing under the reading 'none'
    faces = (4, 4, 1, 5, 5, 1, 1, 1, 1, 1, 1, 1)
    alloc = SideAllocation(1, 1, (roll_plan("G", "E34", {"O": 2, "G": 1}),))
    a = warhero_and_grunts(first_draft, faces, state("E34", "e34", 2, "C3", N))
    allocated = a.allocate({1: alloc}).allocated
    assert allocated.fires[1] == (("O", "E34"),)
    assert "weapons.first-draft-conditions" in allocated.rulings
    rules = first_draft.with_readings({"weapons.first-draft-conditions": "none"})
    a = warhero_and_grunts(rules, faces, state("E34", "e34", 2, "C3", N))
    assert a.allocate({1: alloc}).allocated.fires[1] == ()
