"""Rolling up (N+) and rolling down (N-): the dice service's two comparisons and their exact
odds (draft 002, "Rolling"; clause dice.success)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.dice.expression import DiceExpr, parse_dice
from referee.dice.service import Dice, DieOutOfRange
from referee.dice.success import Effect, Target, TargetError, parse_target, roll_down, roll_up


def typed(*values: int) -> Dice:
    dice = Dice(seed=1)
    dice.type_in(values)
    return dice


def test_rolling_up_succeeds_on_the_number_or_higher():
    # "For this roll, you need to roll the shown number or higher."
    assert typed(9).roll_up(9, 12, "9+ on a d12").success
    assert typed(12).roll_up(9, 12).success
    assert not typed(8).roll_up(9, 12).success


def test_rolling_down_succeeds_on_the_number_or_lower():
    # "For this roll, you need to roll the shown number or lower."
    assert typed(2).roll_down(2, 6).success
    assert typed(1).roll_down(2, 6).success
    assert not typed(3).roll_down(2, 6).success


def test_effects_are_added_to_the_rolled_value_before_comparing():
    check = typed(8).roll_up(9, parse_dice("d12"), "penetration", [Effect("scope", 1)])
    assert (check.rolled, check.value, check.success) == (8, 9, True)
    assert check.text() == "d12 rolled 8, +1 scope = 9 against 9+: success"


def test_a_dice_expression_is_rolled_whole():
    check = typed(3, 4).check(roll_up(7), parse_dice("2d6"), "2d6 7+")
    assert check.dice == (3, 4) and check.value == 7 and check.success


def test_every_die_goes_through_the_service_and_is_logged():
    dice = typed(10)
    dice.roll_up(9, 12, "fortification d12")
    assert [(r.sides, r.value, r.purpose, r.typed) for r in dice.log] == [
        (12, 10, "fortification d12", True)
    ]


def test_a_typed_value_the_die_cannot_show_is_refused():
    with pytest.raises(DieOutOfRange, match="d12 shows 1 to 12; 13 typed for pen"):
        typed(13).roll_up(9, 12, "pen")


@pytest.mark.parametrize(
    ("text", "expr", "odds"),
    [
        ("9+", "d12", Fraction(4, 12)),  # 9, 10, 11, 12
        ("2-", "d6", Fraction(2, 6)),  # 1, 2
        ("7+", "2d6", Fraction(21, 36)),  # 6+5+4+3+2+1 ways of 7..12
        ("9+", "d12+2", Fraction(6, 12)),  # a natural 7 or more
        ("1+", "d6", Fraction(1)),
        ("0-", "d6", Fraction(0)),
        ("4-", "d6-1", Fraction(5, 6)),  # a natural 5 or less
    ],
)
def test_the_exact_odds_of_rolling_up_and_down(text, expr, odds):
    assert parse_target(text).odds(parse_dice(expr)) == odds


def test_effects_count_in_the_odds():
    assert roll_up(9).odds(DiceExpr(1, 12), modifier=1) == Fraction(5, 12)


@given(st.integers(-30, 30), st.sampled_from(["up", "down"]))
def test_a_success_number_reads_back_as_written(number, way):
    target = Target(number, way)
    assert parse_target(target.text()) == target


@given(st.integers(1, 12))
def test_up_and_down_split_the_faces(n):
    # N+ and (N-1)- between them take every face of the die exactly once
    d12 = DiceExpr(1, 12)
    assert roll_up(n).odds(d12) + roll_down(n - 1).odds(d12) == 1


@pytest.mark.parametrize("bad", ["9", "+9", "9++", "nine+", "", "9 +-"])
def test_a_success_number_that_is_not_n_plus_or_minus_is_refused(bad):
    with pytest.raises(TargetError, match="not a success number"):
        parse_target(bad)


def test_roll_down_is_the_pair_of_roll_up():
    assert roll_down(2).text() == "2-" and roll_up(9).text() == "9+"


def test_the_odds_of_rolling_up_and_down_from_the_command_line(capsys):
    import json

    from referee.cli.main import main

    assert main(["odds", "roll", "--need", "9+", "--dice", "d12", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["exact"] == "1/3"
    assert main(["odds", "roll", "--need", "2-"]) == 0
    assert "needing 2- (2 or less): 33.33% (exactly 1/3)" in capsys.readouterr().out
    assert main(["odds", "roll", "--need", "9"]) == 2
    assert "not a success number" in capsys.readouterr().err
