"""A command naming a step of the turn is checked against the turn's own steps (clause
turn.sequence): three movement steps, two gunnery steps, agony steps 0 to 4 (the turn of
draft 004 and of the first draft alike)."""

from __future__ import annotations

import pytest

from referee.rules.turn.sequence import either, step_numbers
from referee.ruleset.shipped import ruleset


@pytest.mark.parametrize("edition", ["current", "first-draft"])
def test_the_steps_a_command_may_name_are_the_turns(edition: str) -> None:
    rules = ruleset(edition)
    assert step_numbers(rules, "movement") == (1, 2, 3)
    assert step_numbers(rules, "gunnery") == (1, 2)
    assert step_numbers(rules, "agony") == (0, 1, 2, 3, 4)
    assert step_numbers(rules, "orders") == ()


def test_the_numbers_in_words() -> None:
    assert either((1, 2, 3)) == "1, 2 or 3"
    assert either((1, 2)) == "1 or 2"
    assert either((4,)) == "4"
