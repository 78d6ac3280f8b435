"""The turn clock (clause turn.sequence): a position in the turn, the step after it and the
step before it, across the end of a turn."""

from __future__ import annotations

import pytest

from referee.rules.turn.clock import TurnClockError, TurnPosition


def test_a_match_starts_at_the_orders_step_of_turn_1(current):
    # ruling turn.orders-step: each turn opens with the step where orders are written
    pos = TurnPosition.first(current)
    assert (pos.turn, pos.index, pos.step_id) == (1, 0, "orders")
    assert pos.is_first_of_turn and not pos.is_last_of_turn


def test_without_the_orders_step_a_match_starts_at_gunnery_1():
    from referee.ruleset.shipped import load_ruleset

    pos = TurnPosition.first(load_ruleset("current", {"turn.orders-step": "none"}))
    assert (pos.turn, pos.index, pos.step_id) == (1, 0, "gunnery-1")


def test_next_walks_the_steps_of_draft_004_in_order(current):
    pos = TurnPosition.first(current)
    walked = []
    for _ in range(7):
        pos = pos.next()
        walked.append(pos.step_id)
    assert walked == [
        "gunnery-1",
        "gunnery-1.hex-effects",
        "movement-1",
        "movement-1.pre-assault-retreat",
        "movement-1.hex-effects",
        "movement-1.pre-assault-abilities",
        "assault-1",
    ]


def test_going_past_the_aftermath_starts_the_next_turn_at_its_orders_step(current):
    last = TurnPosition.at(current, 3, "aftermath")
    assert last.is_last_of_turn and last.index == 37  # the 38th step of draft 004's turn
    after = last.next()
    assert (after.turn, after.step_id) == (4, "orders")


def test_previous_of_a_turns_first_step_is_the_aftermath_before(first_draft):
    pos = TurnPosition.at(first_draft, 2, "orders")
    back = pos.previous()
    assert (back.turn, back.step_id, back.index) == (1, "aftermath", 32)  # 33 steps a turn
    assert back.previous().step_id == "agony-4"


def test_next_then_previous_returns_to_the_same_position(current):
    pos = TurnPosition.at(current, 2, "assault-2.hex-effects")
    assert pos.next().previous() == pos
    assert pos.previous().next() == pos
    assert pos.next().step_id == "assault-2.apply-damage"
    assert pos.previous().step_id == "assault-2.post-assault-retreat"


def test_a_full_turn_of_next_steps_is_one_turn_later(current):
    pos = TurnPosition.at(current, 1, "movement-3")
    later = pos
    for _ in range(38):
        later = later.next()
    assert (later.turn, later.step_id) == (2, "movement-3")
    assert pos < later


def test_no_step_before_the_first_step_of_the_match(current):
    with pytest.raises(TurnClockError, match="turn 1, orders is the first step"):
        TurnPosition.first(current).previous()


def test_a_step_the_turn_does_not_have_is_refused(current, first_draft):
    # the first draft applies no damage after Assault 1 (ruling turn.first-draft-damage)
    with pytest.raises(TurnClockError, match=r"no step 'assault-1\.apply-damage'"):
        TurnPosition.at(first_draft, 1, "assault-1.apply-damage")
    with pytest.raises(TurnClockError, match="turns count from 1"):
        TurnPosition.at(current, 0, "gunnery-1")


def test_a_position_reads_as_turn_and_step(current):
    pos = TurnPosition.at(current, 2, "movement-2")
    assert pos.text().startswith("Turn 2, Movement 2:")
    assert pos.to_json() == {"turn": 2, "step": "movement-2", "index": 11}
