"""The dice service: seeded rolls, typed rolls checked for range, open-ended dice."""

from __future__ import annotations

import pytest

from referee.dice.expression import DiceExpr, DiceExpressionError, parse_dice
from referee.dice.service import Dice, DieOutOfRange, RollRequest


def test_open_ended_d6_example_of_the_draft():
    # Draft 004, "Open ended dN": 6, then 5 (+1), then 6 (+1), then 3 stops: 6+1+1 = 8.
    dice = Dice(seed=1)
    dice.type_in([6, 5, 6, 3])
    roll = dice.open_ended(6, "to-hit")
    assert roll.value == 8
    assert roll.dice == (6, 5, 6, 3)
    assert roll.natural == 6


def test_open_ended_stops_at_once_below_the_top_face():
    dice = Dice(seed=1)
    dice.type_in([5, 6])
    assert dice.open_ended(6).value == 5
    assert dice.pending == (6,)  # the 6 was not used: a natural 5 does not roll on


def test_open_ended_natural_six_then_four_adds_nothing():
    # "each die above 4 adds one": a 4 is not above 4.
    dice = Dice(seed=1)
    dice.type_in([6, 4])
    assert dice.open_ended(6).value == 6


def test_typed_die_out_of_range_is_refused_with_its_purpose():
    dice = Dice(seed=1)
    dice.type_in([7])
    with pytest.raises(DieOutOfRange, match=r"d6 shows 1 to 6; 7 typed for to-hit B3 "):
        dice.roll(6, "to-hit B3")
    assert dice.log == []  # nothing recorded for a refused die


@pytest.mark.parametrize("bad", [0, -1, 13, True, "x", 2.5])
def test_typed_values_that_a_d12_cannot_show(bad):
    dice = Dice(seed=1)
    dice.type_in([bad])  # type: ignore[list-item]
    with pytest.raises(DieOutOfRange):
        dice.roll(12)


def test_typed_text_digits_are_accepted():
    dice = Dice(seed=1)
    dice.type_in(["4"])  # type: ignore[list-item]
    assert dice.roll(6) == 4


def test_same_seed_same_rolls_and_typed_dice_are_logged_as_typed():
    a, b = Dice(seed=42), Dice(seed=42)
    assert a.roll_many(20, 6) == b.roll_many(20, 6)
    a.type_in([3])
    a.roll(6, "armor")
    assert a.log[-1].typed and a.log[-1].value == 3 and a.log[-1].purpose == "armor"
    assert not a.log[0].typed


def test_rolls_stay_on_the_faces():
    dice = Dice(seed=7)
    values = dice.roll_many(2000, 8)
    assert set(values) == set(range(1, 9))


def test_ask_callback_answers_when_nothing_is_typed_and_none_lets_the_app_roll():
    asked: list[RollRequest] = []

    def ask(req: RollRequest) -> int | None:
        asked.append(req)
        return 2 if req.purpose == "stuck" else None

    dice = Dice(seed=3, ask=ask)
    assert dice.roll(6, "stuck") == 2
    dice.roll(6, "to-hit")
    assert [r.purpose for r in asked] == ["stuck", "to-hit"]
    assert [r.typed for r in dice.log] == [True, False]


def test_dice_expression_roll():
    dice = Dice(seed=1)
    dice.type_in([3])
    assert dice.expression(parse_dice("d6-1")).value == 2


@pytest.mark.parametrize(
    "text, expr",
    [
        ("d6", DiceExpr(1, 6, 0)),
        ("d6-1", DiceExpr(1, 6, -1)),
        ("2d6+1", DiceExpr(2, 6, 1)),
        ("D12", DiceExpr(1, 12, 0)),
        ("3", DiceExpr(0, 0, 3)),
        (" d4 + 2 ", DiceExpr(1, 4, 2)),
    ],
)
def test_parse_dice_and_text_are_a_pair(text, expr):
    assert parse_dice(text) == expr
    assert parse_dice(expr.text()) == expr


@pytest.mark.parametrize("bad", ["d7", "", "d", "2x6", "d6-", "0d6", True])
def test_parse_dice_refuses(bad):
    with pytest.raises(DiceExpressionError):
        parse_dice(bad)


def test_dice_expression_distribution_two_d6():
    dist = parse_dice("2d6").distribution()
    # 7 comes up 6 ways in 36; 2 and 12 one way each.
    assert dist[7] * 36 == 6 and dist[2] * 36 == 1 and dist[12] * 36 == 1
    assert sum(dist.values()) == 1
