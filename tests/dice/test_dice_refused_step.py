"""A step refused after rolling (choices still to make) leaves no dice in any event: the dice
service takes the rolls made since the step began out of its log."""

from __future__ import annotations

from referee.dice.service import Dice


def test_the_rolls_of_a_refused_step_leave_the_log() -> None:
    dice = Dice(seed=1)
    dice.type_in([4, 2, 6])
    dice.roll(6, "kept")
    start = len(dice.log)
    dice.roll(6, "refused")
    dice.roll(6, "refused")
    assert [r.value for r in dice.since(start)] == [2, 6]
    dice.forget_since(start)
    assert [(r.value, r.purpose) for r in dice.log] == [(4, "kept")]
    assert dice.since(start) == ()
