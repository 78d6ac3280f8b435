"""The first draft's assault example (draft 000, Assault), with the first draft's data.

"DarkElf: 1 tank, a infantry base with 4 unit member: 7 success, 3 deflections. Elf: 1 tank,
a infantry base with 3 alive member: 6 success. Total: DarkElf 1 scored 7 hits, Elf scored
3. Winner: DarkElf. ... The DarkElf then must apply 3 hits to the elf infantry and 1 to the
tank, but may choose where to apply the remaining 3 hits for extra damage. DarkElf choose to
get +3 to the damage roll against the tank. For the 3 hits scored against the DarkElf, the
DarkElf has the choise to apply 3 hits versus his infantry or to apply 2 hits to the infantry
1 to the tank. In this case the DarkElf chooses the later."
"""

from __future__ import annotations

import pytest
from assault_units import N, S, contest, fighter, state, typed

from referee.rules.assault.allocation import SideAllocation, check_allocation, roll_plan
from referee.rules.assault.deflection import choice
from referee.rules.assault.flow import Assault


@pytest.fixture
def first_draft(first_draft):
    """The first draft as the example knows it: no weapon abilities, so the sample cards'
    Acid (the shadow tank) and Poison (the warriors) place nothing (ruling
    ``weapons.first-draft-conditions``, reading ``none``) and the hits alone are dealt."""
    return first_draft.with_readings({"weapons.first-draft-conditions": "none"})


# side 1: tank 5 dice 3 at 5+, infantry 4 dice 4 at 5+ = 7; deflections 1 + 2 = 3 (6+)
# side 2: E34 3 + infantry 3 = 6
DICE = (5, 6, 5, 1, 2, 5, 5, 6, 5, 6, 1, 2, 6, 6, 1, 1, 1, 1, 1, 1, 5, 6, 5, 1, 2, 5, 5, 6)


def deflected(first_draft):
    units = contest(
        "C3",
        [
            fighter(state("DT", "shadow-tank", 1, "C2", S)),
            fighter(state("DW", "dark-elf-warriors", 1, "C2", S)),
        ],
        [
            fighter(state("E34", "e34", 2, "C3", N), "stationary", "front"),
            fighter(state("ER", "elf-rangers", 2, "C3", N, alive=3), "stationary", "front"),
        ],
    )
    a = Assault(first_draft, units).roll(typed(*DICE)).decide()
    return a.deflect(choice(1, {2: {"E34": 3}}))


def test_seven_hits_against_three_winner_dark_elf(first_draft):
    adv = deflected(first_draft).advantage
    assert (adv.net(1), adv.net(2), adv.side) == (7, 6 - 3, 1)


def test_the_winner_fills_every_model_then_adds_three_to_the_tank(first_draft):
    a = deflected(first_draft)
    # DW: 3 damaging + 1 support = 4 hits; DT: 1 damaging + 2 support = 3 hits.
    dark = SideAllocation(
        1, 1, (*[roll_plan("DW", "ER")] * 3, roll_plan("DT", "E34", {"DT": 2, "DW": 1}))
    )
    assert check_allocation(first_draft, a.deflected, dark) == []


def test_the_winner_may_not_keep_a_model_without_a_hit(first_draft):
    a = deflected(first_draft)
    # 2 on the infantry, 1 on the tank, 4 support: 7 hits >= 4 alive models, so 4 damaging.
    dark = SideAllocation(
        1,
        1,
        (
            roll_plan("DW", "ER"),
            roll_plan("DW", "ER", {"DW": 2}),
            roll_plan("DT", "E34", {"DT": 2}),
        ),
    )
    assert check_allocation(first_draft, a.deflected, dark) == [
        "side 1: 3 damaging hits, but 4 are required: every hit must be damaging while an "
        "enemy model has none (7 hits, 4 alive enemy models)"
    ]


def test_the_winner_deals_the_losers_hits_either_way(first_draft):
    a = deflected(first_draft)
    two_and_one = SideAllocation(
        2, 1, (roll_plan("ER", "DW"), roll_plan("ER", "DW"), roll_plan("ER", "DT"))
    )
    all_three = SideAllocation(2, 1, tuple([roll_plan("ER", "DW")] * 3))
    assert check_allocation(first_draft, a.deflected, two_and_one) == []
    assert check_allocation(first_draft, a.deflected, all_three) == []


def test_the_loser_does_not_deal_its_own_hits(first_draft):
    a = deflected(first_draft)
    by_elf = SideAllocation(2, 2, tuple([roll_plan("ER", "DW")] * 3))
    assert check_allocation(first_draft, a.deflected, by_elf) == [
        "side 2's hits are dealt by side 1, not side 2"
    ]


def test_the_proposal_puts_the_losers_hit_on_the_tank_that_will_survive(first_draft):
    # The winner places the Elf's hits where they hurt least: one on the tank (one model,
    # armored), two on the infantry, as the example's Dark Elf chooses.
    a = deflected(first_draft)
    proposal = a.proposal(2)
    assert proposal.by == 1
    assert sorted((r.source, r.target) for r in proposal.rolls) == [
        ("ER", "DT"),
        ("ER", "DW"),
        ("ER", "DW"),
    ]
    assert check_allocation(first_draft, a.deflected, proposal) == []
