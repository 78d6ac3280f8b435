"""The to-hit roll: an open-ended d6 against the need (clauses ``fire.roll``,
``dice.open-ended``) and ruling ``fire.natural-one``."""

from __future__ import annotations

from referee.dice.service import Dice
from referee.rules.fire.roll import roll_to_hit


def typed(*values: int) -> Dice:
    dice = Dice(seed=1)
    dice.type_in(values)
    return dice


def test_hit_when_the_roll_reaches_the_need(current) -> None:
    assert roll_to_hit(current, 4, typed(4)).hit
    assert not roll_to_hit(current, 4, typed(3)).hit


def test_need_7_is_reached_on_the_open_ended_d6(current) -> None:
    # 6, then 5 (> 4: +1 and roll on), then 2 (stops): 6 + 1 = 7
    dice = typed(6, 5, 2)
    roll = roll_to_hit(current, 7, dice)
    assert roll.result == 7 and roll.hit
    assert dice.pending == ()
    # 6 then 4: stops at once, 6 < 7
    assert not roll_to_hit(current, 7, typed(6, 4)).hit


def test_draft_example_6_5_6_3_gives_8(current) -> None:
    roll = roll_to_hit(current, 8, typed(6, 5, 6, 3))
    assert roll.result == 8 and roll.hit
    assert roll.explain() == "rolled 6, 5, 6, 3 = 8 against 8+: hit"


def test_natural_one_has_no_effect_by_default(current) -> None:
    roll = roll_to_hit(current, 1, typed(1))
    assert roll.hit and roll.ruling == "fire.natural-one"
    assert not roll_to_hit(current, 2, typed(1)).hit


def test_natural_one_always_misses_under_that_reading(current) -> None:
    rules = current.with_readings({"fire.natural-one": "always-misses"})
    roll = roll_to_hit(rules, 0, typed(1))
    assert not roll.hit
    assert "natural 1" in roll.explain()
    assert roll_to_hit(rules, 0, typed(2)).hit
