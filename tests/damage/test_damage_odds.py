"""Exact odds (clauses dice.open-ended, fire.to-hit, damage.armor-*, damage.table)."""

from __future__ import annotations

from fractions import Fraction as F

from damage_units import REGULAR, target, weapon

from referee.dice.expression import parse_dice
from referee.dice.odds import OpenEndedOdds, hit_odds
from referee.dice.service import Dice
from referee.rules.damage.damage_roll import shot_odds
from referee.rules.damage.odds import armor_odds, damage_odds, row_odds
from referee.rules.fire.odds import to_hit_odds

D6 = OpenEndedOdds(6)


def test_open_ended_d6_reaches_7_one_time_in_18():
    # A natural 6 (1/6), then a die above 4 (2/6): 1/6 * 1/3 = 1/18.
    assert D6.p_at_least(7) == F(1, 18)


def test_the_drafts_example_6_5_6_3_gives_8_and_its_chance():
    dice = Dice(seed=0)
    dice.type_in([6, 5, 6, 3])
    assert dice.open_ended(6).value == 8
    # P(8) = 1/6 (natural 6) * 1/3 * 1/3 (two dice above 4) * 2/3 (then one of 4 or less).
    assert D6.p_equal(8) == F(1, 81)


def test_open_ended_faces_below_the_top_are_one_in_six():
    assert [D6.p_equal(v) for v in range(1, 6)] == [F(1, 6)] * 5
    assert D6.p_equal(6) == F(1, 6) * F(2, 3)  # a natural 6 then a die of 4 or less
    assert D6.p_equal(0) == 0


def test_open_ended_truncation_keeps_the_exact_rest():
    head, nxt, rest = D6.truncated(F(1, 1000))
    assert sum(head.values()) + rest == 1
    assert rest <= F(1, 1000) < D6.p_at_least(nxt - 1)
    # P(>= 6 + k) = 1/6 (1/3)^k: k = 4 gives 1/486 > 1/1000, k = 5 gives 1/1458 <= 1/1000.
    assert nxt == 11


def test_open_ended_mean():
    # (1 + ... + 5)/6 + 1/6 (6 + E[k]) with E[k] = (1/3)/(2/3) = 1/2: 15/6 + 13/12 = 43/12.
    assert D6.mean == F(43, 12)


def test_hit_any_need():
    assert hit_odds(4, D6) == F(1, 2)
    assert hit_odds(6, D6) == F(1, 6)
    assert hit_odds(9, D6) == F(1, 6) * F(1, 27)  # three dice above 4
    assert hit_odds(1, D6) == 1 and hit_odds(-2, D6) == 1


def test_hit_ruling_natural_one(current):
    # Ruling fire.natural-one: by default a need of 1 or less always hits ...
    assert to_hit_odds(current, 0) == 1
    # ... and with "always-misses" a natural 1 misses: 5/6.
    rules = current.with_readings({"fire.natural-one": "always-misses"})
    assert to_hit_odds(rules, 0) == F(5, 6) and to_hit_odds(rules, 3) == F(2, 3)


def test_open_ended_follow_die_ruling(current):
    rules = current.with_readings({"dice.open-ended-follow-die": "same-die"})
    # An open-ended d8 rolling on with d8s above 4: P(>= 9) = 1/8 * 4/8 = 1/16.
    assert to_hit_odds(rules, 9, 8) == F(1, 16)
    assert to_hit_odds(current, 9, 8) == F(1, 8) * F(1, 3)


def test_armor_odds_sum_to_one():
    odds = armor_odds(5, 6, 4, 0, -3)
    assert odds.blocked + odds.partial + odds.penetrated == 1
    assert sum(odds.modifiers.values()) == 1
    assert odds.penetrated == F(1, 32)  # (1/2)^5


def test_damage_odds_of_d6_minus_1_against_armor():
    # Armor 4 vs AP 1: 3 dice at 5+ (blocked 7/27, -3 12/27, +0 8/27), d6-1, +2 constant.
    odds = damage_odds(parse_dice("d6-1"), 2, armor_odds(3, 6, 5, 2, -3))
    assert odds.blocked == F(7, 27)
    # Result 7 needs penetration and a 6: 8/27 * 1/6 = 4/81.
    assert odds.results[7] == F(4, 81)
    # Result 2 comes from penetration with a 1 (8/27 * 1/6) or a partial hit with a 4 (12/27 * 1/6).
    assert odds.results[2] == F(20, 27) * F(1, 6)
    assert sum(odds.results.values()) + odds.blocked == 1


def test_hit_scales_every_result():
    odds = damage_odds(parse_dice("d6"), 0, p_hit=F(1, 2))
    assert odds.miss == F(1, 2) and odds.results[3] == F(1, 12)


def test_rows_of_the_damage_table():
    odds = damage_odds(parse_dice("d6"), 2)  # results 3..8, 1/6 each
    rows = {r.label: r.p for r in row_odds(REGULAR, odds)}
    assert rows == {
        "no damage (below the table)": F(1, 6),
        "+1 to future damage": F(2, 6),
        "shaken, +1 to future damage": F(2, 6),
        "one model dies": F(1, 6),
    }


def test_shot_odds_use_the_same_terms_as_the_roll(current):
    t = target(damage_tokens=1)
    odds = shot_odds(current, weapon("d6", ap=1, bonus=3), t, "point-blank", p_hit=F(1, 2))
    # Armor 4, AP 2: 2 dice (blocked 1/9, partial 4/9, penetrated 4/9); d6 +1 range +1 token.
    # Penetrated: d6 + 2 + 3 = 6..11; partial: d6 + 2 - 3 = 0..5.
    assert odds.damage.blocked == F(1, 2) * F(1, 9)
    assert odds.damage.results[11] == F(1, 2) * F(4, 9) * F(1, 6)
    assert odds.damage.results[0] == F(1, 2) * F(4, 9) * F(1, 6)
    rows = {r.label: r.p for r in odds.rows}
    # destroyed (11+): only penetrated with a 6.
    assert rows["destroyed"] == F(1, 2) * F(4, 9) * F(1, 6)
