"""A fire action: Misfire, Burst ammo, Limited Ammo counts, unit-base unloading
(clauses ``fire.misfire``, ``fire.burst``, ``fire.load``, ``fire.limited-ammo``,
``army.unit-base-weapon``, ``fire.roll``)."""

from __future__ import annotations

import pytest
from fire_factory import infantry, shot, state, tank, weapon

from referee.dice.service import Dice
from referee.rules.fire.action import fire
from referee.rules.fire.ammo import shots_per_action, spend


def typed(*values: int) -> Dice:
    dice = Dice(seed=1)
    dice.type_in(values)
    return dice


def test_burst_fires_n_times_per_model_and_spends_n_ammo(current) -> None:
    mg = weapon("mg", range=3, burst=3)
    squad = state("i1", infantry(weapons=(mg,), models=2), 1, speed="slow", loaded={"mg": 4})
    target = state("t2", tank(), 2, speed="slow")
    # 2 models x Burst(3) = 6 rolls at 5+ (slow vs slow, normal range): 5, 1, 6, 4, 5, 2
    action = fire(current, shot(current, squad, target, mg), typed(5, 1, 6, 4, 5, 2))
    assert len(action.rolls) == 6 and action.hits == 3
    assert action.shooter_after.ammo("mg") == 1  # 4 - 3


def test_shots_per_action_counts_fixed_guns(current) -> None:
    guns = weapon("guns", range=3, fixed="x2/x1/x1/-")
    assert shots_per_action(current, state("t1", tank(weapons=(guns,)), 1), guns, guns=2) == 2


def test_misfire_spends_no_ammo_and_fires_nothing(current) -> None:
    rocket = weapon("rocket", range=3, misfire=2, limited_ammo=3)
    shooter = state("t1", tank(weapons=(rocket,)), 1, speed="slow", loaded={"rocket": 1})
    target = state("t2", tank(), 2, speed="slow")
    dice = typed(2)  # Misfire[2-]: a 2 misfires
    action = fire(current, shot(current, shooter, target, rocket), dice)
    assert action.misfired and action.rolls == ()
    assert action.shooter_after.ammo("rocket") == 1
    assert action.shooter_after.shots_fired("rocket") == 0
    assert dice.pending == ()


def test_no_misfire_then_the_shot_is_rolled(current) -> None:
    rocket = weapon("rocket", range=3, misfire=2, limited_ammo=3)
    shooter = state("t1", tank(weapons=(rocket,)), 1, speed="slow", loaded={"rocket": 1})
    target = state("t2", tank(), 2, speed="slow")
    # misfire die 3 (above 2), then the to-hit die 5 against 5+
    action = fire(current, shot(current, shooter, target, rocket), typed(3, 5))
    assert not action.misfired and action.hits == 1
    assert action.shooter_after.ammo("rocket") == 0
    assert action.shooter_after.shots_fired("rocket") == 1
    assert action.explain()[0] == "misfire[2-] rolled 3: no misfire"


def test_limited_ammo_count_by_ammo_reading(current) -> None:
    rockets = weapon("rockets", range=3, burst=2, limited_ammo=4)
    shooter = state("t1", tank(weapons=(rockets,)), 1, loaded={"rockets": 2})
    assert spend(current, shooter, rockets).shots_fired("rockets") == 1
    ammo = current.with_readings({"fire.limited-ammo-count": "ammo"})
    assert spend(ammo, shooter, rockets).shots_fired("rockets") == 2


def test_firing_either_weapon_of_a_unit_with_a_base_weapon_unloads_all(current) -> None:
    cannon = weapon("hand cannon", range=3, carried="unit-base")
    rifle = weapon("rifle", range=5, abilities=())
    squad = state("i1", infantry(weapons=(rifle, cannon)), 1, loaded={"rifle": 3, "hand cannon": 1})
    after = spend(current, squad, rifle)
    assert after.ammo("rifle") == 0 and after.ammo("hand cannon") == 0


def test_unit_base_weapon_fires_once(current) -> None:
    cannon = weapon("hand cannon", range=3, carried="unit-base")
    squad = state("i1", infantry(weapons=(cannon,)), 1, speed="slow", loaded={"hand cannon": 1})
    target = state("t2", tank(), 2, speed="slow")
    action = fire(current, shot(current, squad, target, cannon), typed(6))
    assert len(action.rolls) == 1


def test_firing_with_an_aim_adds_two_and_uses_it_up(current) -> None:
    gun = weapon("gun", range=3)
    shooter = state(
        "t1", tank(weapons=(gun,)), 1, speed="slow", loaded={"gun": 1}, aim=("A1", 1, 1)
    )
    target = state("t2", tank(), 2, speed="slow")
    # 5 - 2 = 3: a 3 hits
    action = fire(current, shot(current, shooter, target, gun, aim=True), typed(3))
    assert action.to_hit.need == 3 and action.hits == 1
    assert action.shooter_after.aim is None


def test_spending_more_than_is_loaded_is_refused(current) -> None:
    mg = weapon("mg", range=3, burst=3)
    with pytest.raises(ValueError, match="mg has 1 ammo loaded"):
        spend(current, state("t1", tank(weapons=(mg,)), 1, loaded={"mg": 1}), mg)


def test_area_weapons_go_through_area_fire(current) -> None:
    mortar = weapon("mortar", range=4, area=6)
    shooter = state("m1", tank(weapons=(mortar,)), 1, loaded={"mortar": 1})
    with pytest.raises(ValueError, match="area_fire"):
        fire(current, shot(current, shooter, state("t2", tank(), 2), mortar), typed())
