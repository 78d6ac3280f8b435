"""Area(n+) attacks and evasion (clauses ``fire.area``, ``fire.area-stacking``,
``fire.evasion``, ``fire.improve-evasion``, ``fire.take-cover``)."""

from __future__ import annotations

import pytest
from fire_factory import infantry, state, tank, weapon

from referee.dice.service import Dice
from referee.rules.fire.area import AreaTarget, area_attack, area_fire, area_need, evasion_of
from referee.rules.fire.conditions import AbilityParameterError


def typed(*values: int) -> Dice:
    dice = Dice(seed=1)
    dice.type_in(values)
    return dice


def in_hex(rules, unit, terrain: str = "clear") -> AreaTarget:
    return AreaTarget(unit, rules.terrain[terrain])


def test_draft_000_example_four_area_6_against_one_hex_is_3_plus(first_draft) -> None:
    # "success for 4 x area(6+) attacks versus a single hex becomes 3+": 6 - 3 extra = 3
    target = in_hex(first_draft, state("t2", tank(), 2))
    need = area_need(first_draft, 6, 4, target)
    assert need.need == 3
    assert need.explain() == "needs 3: Area(6+), 3 extra identical area attacks +3"


def test_current_edition_stacks_identical_area_attacks_by_its_ruling(current) -> None:
    target = in_hex(current, state("t2", tank(), 2))
    assert area_need(current, 6, 4, target).need == 3
    separate = current.with_readings({"fire.area-stacking": "separate"})
    assert area_need(separate, 6, 4, target).need == 6


def test_one_die_per_enemy_model_in_the_hex(current) -> None:
    squad = in_hex(current, state("i1", infantry(), 2, alive=3))
    lone = in_hex(current, state("t2", tank(), 2))
    dice = typed(5, 2, 6, 5)
    # Area(5+): three dice for the three alive models (5, 2, 6: 2 hits), one for the tank
    results = area_attack(current, 5, 1, [squad, lone], dice)
    assert [r.hits for r in results] == [2, 1]
    assert [len(r.rolls) for r in results] == [3, 1]
    assert dice.pending == ()


def test_area_dice_ignore_the_to_hit_table_by_default(current) -> None:
    from referee.rules.explain import Term

    terms = (Term("target in forest", -1, "fire.cover"),)
    target = AreaTarget(state("t2", tank(), 2), current.terrain["clear"], to_hit_terms=terms)
    assert area_need(current, 5, 1, target).need == 5
    table = current.with_readings({"fire.area-modifiers": "to-hit-table"})
    assert area_need(table, 5, 1, target).need == 6


def test_current_forest_gives_medium_units_evasion_6(current) -> None:
    squad = in_hex(current, state("i1", infantry(), 2), "forest")
    ev = evasion_of(current, squad)
    assert ev is not None and (ev.method, ev.value) == ("negate", 6)
    # Area(5+), 4 models: 5, 6, 2, 1 = 2 successes; evasion dice 6 (negates), 3 (does not)
    dice = typed(5, 6, 2, 1, 6, 3)
    (result,) = area_attack(current, 5, 1, [squad], dice)
    assert (result.successes, result.negated, result.hits) == (2, 1, 1)
    assert dice.pending == ()


def test_large_units_get_no_terrain_evasion(current) -> None:
    assert evasion_of(current, in_hex(current, state("t2", tank(), 2), "forest")) is None
    dice = typed(5)
    (result,) = area_attack(
        current, 5, 1, [in_hex(current, state("t2", tank(), 2), "forest")], dice
    )
    assert result.hits == 1 and result.evasion_dice == ()


def test_take_cover_improves_evasion_by_one(current) -> None:
    squad = in_hex(current, state("i1", infantry("take-cover[slow,-1]"), 2, speed="slow"), "forest")
    ev = evasion_of(current, squad)
    assert ev is not None and (ev.value, ev.improve) == (6, 1)
    # Area(5+): 5, 6, 2, 1 = 2 successes; evasion 5 + 1 = 6 negates, 3 + 1 = 4 does not
    (result,) = area_attack(current, 5, 1, [squad], typed(5, 6, 2, 1, 5, 3))
    assert (result.negated, result.hits) == (1, 1)


def test_improve_evasion_does_nothing_without_evasion(current) -> None:
    unit = state("i1", infantry("improve-evasion[+2]"), 2, speed="slow")
    assert evasion_of(current, in_hex(current, unit)) is None
    with_ev = evasion_of(current, in_hex(current, unit, "forest"))
    assert with_ev is not None and with_ev.improve == 2


def test_unit_evasion_ability_and_terrain_take_the_better(current) -> None:
    unit = state("i1", infantry("evasion[4+]"), 2)
    ev = evasion_of(current, in_hex(current, unit, "forest"))
    assert ev is not None and ev.value == 4  # 4+ beats the forest's 6+


def test_first_draft_take_cover_in_cover_worsens_the_area_number(first_draft) -> None:
    # draft 001's reading: Evasion[-1] for a unit with active Take Cover in cover terrain;
    # Area(6+) becomes 7+, rolled on the open-ended d6
    unit = state("i1", infantry("take-cover[slow,-1]", models=2), 2, speed="slow")
    target = in_hex(first_draft, unit, "forest")
    need = area_need(first_draft, 6, 1, target)
    assert need.need == 7
    # model 1: 6, then 5 (+1, roll on), then 2: 7, a hit; model 2: 6 then 3: 6, a miss
    dice = typed(6, 5, 2, 6, 3)
    (result,) = area_attack(first_draft, 6, 1, [target], dice)
    assert (result.successes, result.hits) == (1, 1)
    assert result.evasion_dice == ()
    assert dice.pending == ()


def test_first_draft_no_evasion_without_take_cover_or_out_of_cover(first_draft) -> None:
    moving = state("i1", infantry("take-cover[slow,-1]"), 2, speed="fast")
    assert evasion_of(first_draft, in_hex(first_draft, moving, "forest")) is None
    covering = state("i1", infantry("take-cover[slow,-1]"), 2, speed="slow")
    assert evasion_of(first_draft, in_hex(first_draft, covering, "clear")) is None


def test_area_5_becomes_6_with_evasion_minus_1(first_draft) -> None:
    unit = state("i1", infantry("evasion[-1]"), 2)
    assert area_need(first_draft, 5, 1, in_hex(first_draft, unit)).need == 6


def test_evasion_in_the_wrong_form_is_refused(current, first_draft) -> None:
    with pytest.raises(AbilityParameterError, match=r"evasion\[-1\]"):
        evasion_of(current, in_hex(current, state("i1", infantry("evasion[-1]"), 2)))
    with pytest.raises(AbilityParameterError, match=r"evasion\[5\+\]"):
        evasion_of(first_draft, in_hex(first_draft, state("i1", infantry("evasion[5+]"), 2)))


def test_area_fire_counts_each_model_as_an_identical_attack(first_draft) -> None:
    mortar = weapon("mortar", range=4, area=6)
    crew = state("m1", infantry(weapons=(mortar,)), 1, loaded={"mortar": 1})
    target = in_hex(first_draft, state("t2", tank(), 2))
    # 4 models fire Area(6+): 6 - 3 = 3+; the tank's one model rolls 3: a hit
    fired = area_fire(first_draft, crew, mortar, [target], typed(3))
    assert fired.identical == 4
    assert fired.results[0].need.need == 3 and fired.results[0].hits == 1
    assert fired.shooter_after.ammo("mortar") == 0
