"""The armor roll (clauses damage.armor-dice, damage.armor-outcome, damage.no-armor,
damage.range, damage.ap-decay)."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from referee.dice.service import Dice
from referee.rules.damage.armor import armor_check, armor_plan


def typed(*values: int) -> Dice:
    dice = Dice(seed=0)
    dice.type_in(values)
    return dice


def test_armor_4_against_ap_1_rolls_3_dice_at_5_plus(current):
    plan = armor_plan(current, 4, 1, "normal")
    assert (plan.dice, plan.success_text()) == (3, "5+")
    odds = plan.odds()
    # Success 1/3 per die, 3 dice: P(0) = (2/3)^3 = 8/27, P(1) = 3 (1/3)(2/3)^2 = 12/27,
    # P(2 or more) = 1 - 8/27 - 12/27 = 7/27.
    assert odds.blocked == F(7, 27)
    assert odds.partial == F(12, 27)
    assert odds.penetrated == F(8, 27)


def test_point_blank_raises_ap_by_one(current):
    plan = armor_plan(current, 4, 1, "point-blank")
    assert plan.ap == 2 and plan.dice == 2
    odds = plan.odds()
    # 2 dice: blocked (1/3)^2 = 1/9, partial 2 (1/3)(2/3) = 4/9, penetrated (2/3)^2 = 4/9.
    assert (odds.blocked, odds.partial, odds.penetrated) == (F(1, 9), F(4, 9), F(4, 9))


def test_long_range_lowers_ap_by_one(current):
    plan = armor_plan(current, 4, 1, "long")
    assert plan.ap == 0 and plan.dice == 4
    assert [t.clause for t in plan.ap_terms] == ["damage.armor-dice", "damage.range"]


def test_two_successes_stop_the_hit(current):
    result = armor_check(current, 4, 1, "normal", None, typed(5, 6, 1))
    assert result.successes == 2 and result.outcome == "blocked" and result.term is None


def test_exactly_one_success_gives_minus_3(current):
    result = armor_check(current, 4, 1, "normal", None, typed(5, 2, 1))
    assert result.outcome == "partial"
    assert result.term is not None and result.term.value == -3
    assert result.term.clause == "damage.armor-outcome"


def test_no_success_penetrates(current):
    result = armor_check(current, 4, 1, "normal", None, typed(4, 2, 1))
    assert result.outcome == "penetrated" and result.term is None


def test_unit_without_armor_skips_the_roll(current):
    dice = typed(6, 6)
    result = armor_check(current, None, 0, "normal", None, dice)
    assert result.outcome == "penetrated" and result.rolls == ()
    assert dice.pending == (6, 6)  # no armor die was taken


def test_ap_at_least_the_armor_rolls_no_dice(current):
    result = armor_check(current, 2, 3, "normal", None, typed(6))
    assert result.plan.dice == 0 and result.outcome == "penetrated"


def test_ruling_armor_success_six_reads_above_5_literally(current):
    rules = current.with_readings({"damage.armor-success": "six"})
    plan = armor_plan(rules, 4, 1, "normal")
    assert plan.success_text() == "6+"
    # 3 dice at 6: penetrated (5/6)^3 = 125/216.
    assert plan.odds().penetrated == F(125, 216)
    assert armor_check(rules, 4, 1, "normal", None, typed(5, 5, 1)).outcome == "penetrated"


def test_current_negative_ap_adds_dice(current):
    # Armor - AP with AP -1: armor 3 rolls 4 dice (ruling damage.negative-ap, default).
    assert armor_plan(current, 3, -1, "normal").dice == 4
    rules = current.with_readings({"damage.negative-ap": "armor"})
    assert armor_plan(rules, 3, -1, "normal").dice == 3


def test_zero_armor_counts_as_no_armor(current):
    plan = armor_plan(current, 0, -1, None)
    assert plan.skipped and "damage.zero-armor" in plan.rulings
    rolled = armor_plan(current.with_readings({"damage.zero-armor": "roll"}), 0, -1, None)
    assert not rolled.skipped and rolled.dice == 1  # 0 - (-1)


def test_assault_has_no_range_modifier(current):
    plan = armor_plan(current, 4, -1, None)
    assert plan.ap == -1 and len(plan.ap_terms) == 1


def test_first_draft_decay_over_distance(first_draft):
    # AP 2 at 6 hexes: 2 - 6 // 3 = 0, so armor 3 rolls 3 dice at 5+.
    plan = armor_plan(first_draft, 3, 2, "normal", 6)
    assert plan.ap == 0 and plan.dice == 3 and plan.success_text() == "5+"
    assert plan.ap_terms[1].clause == "damage.ap-decay"
    assert plan.ap_terms[1].ruling == "damage.decay-count"


def test_first_draft_needs_the_distance(first_draft):
    with pytest.raises(ValueError, match="distance"):
        armor_plan(first_draft, 3, 2, "normal")


def test_first_draft_point_blank_gives_no_ap(first_draft):
    assert armor_plan(first_draft, 3, 1, "point-blank", 1).ap == 1
    rules = first_draft.with_readings({"damage.first-draft-point-blank": "as-current"})
    assert armor_plan(rules, 3, 1, "point-blank", 1).ap == 2


def test_first_draft_each_success_takes_3_off(first_draft):
    # AP -2: Armor dice (3) at 3+; dice 3, 4, 1: two successes, -6 and not blocked.
    result = armor_check(first_draft, 3, -2, "normal", 2, typed(3, 4, 1))
    assert result.plan.dice == 3 and result.plan.success_text() == "3+"
    assert result.outcome == "partial" and result.term is not None
    assert result.term.value == -6


def test_first_draft_armor_odds_by_successes(first_draft):
    odds = armor_plan(first_draft, 2, 0, "normal", 1).odds()
    # 2 dice at 5+: no success 4/9 (+0), one 4/9 (-3), two 1/9 (-6); never blocked.
    assert odds.modifiers == {0: F(4, 9), -3: F(4, 9), -6: F(1, 9)}
    assert odds.blocked == 0


def test_first_draft_reduction_limit_ruling_blocks_at_two(first_draft):
    rules = first_draft.with_readings({"damage.reduction-limit": "two-block"})
    assert armor_plan(rules, 2, 0, "normal", 1).odds().blocked == F(1, 9)


def test_first_draft_ap_below_the_list(first_draft):
    assert armor_plan(first_draft, 3, -4, "normal", 1).success_text() == "2+"
    rules = first_draft.with_readings({"damage.ap-beyond-table": "extend"})
    assert armor_plan(rules, 3, -4, "normal", 1).success_text() == "1+"


def test_first_draft_ap_equal_to_armor_counts_as_no_armor(first_draft):
    # "If armor_penetration = armor, count as no armor": 3 - 3 = 0 dice, penetrated.
    assert armor_plan(first_draft, 3, 3, "normal", 1).odds().penetrated == 1
