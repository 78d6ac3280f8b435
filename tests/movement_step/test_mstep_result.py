"""The result of a movement step as the referee reads it (explain, JSON), resolving a step
again once a choice is made, and the orders that cannot be resolved."""

from __future__ import annotations

import json

import pytest
from mstep_factory import TANK_TYPES, N, S, board, run, step, unit

from referee.dice.service import Dice
from referee.rules.movement_step import MovementStepError, resolve_movement_step
from referee.ruleset.shipped import ruleset


def test_explain_names_every_event_with_its_clauses():
    m = board()
    units = [unit(m, "X", "B3", 1, N), unit(m, "Y", "B1", 2, S, nation="ork")]
    text = run(m, units, {"X": "F", "Y": "F"}).explain()
    assert "X: F: tries to enter B2 [orders.forward]" in text
    assert "assault over B2 (ground)" in text
    assert "X (side 1, elf) entering B3->B2, facing N, fights with its front" in text


def test_json_gives_hex_labels_and_is_serialisable():
    m = board()
    units = [unit(m, "X", "B3", 1, N)]
    out = run(m, units, {"X": "F"}).to_json()
    json.dumps(out)
    assert out["moves"] == [{"uid": "X", "from": "B3", "to": "B2", "facing": N}]
    assert out["states"]["X"]["hex"] == "B2"  # type: ignore[index]
    assert out["complete"] is True


def test_a_step_resolved_again_with_the_same_dice_and_the_choice():
    m = board({"A3": "swamp"})
    units = [
        unit(m, "X", "B2", 1, S, nation="elf"),
        unit(m, "Y", "B3", 2, N, nation="spartan"),
        unit(m, "T", "A3", 1, N, types=TANK_TYPES),
    ]
    orders = {"X": "F", "Y": "F", "T": "F"}
    dice = Dice(seed=1)
    dice.type_in([5])  # T not stuck
    first = run(m, units, orders, dice=dice)
    assert not first.complete and first.dice_values() == (5,)
    again = Dice(seed=99)
    again.type_in(first.dice_values())
    second = run(m, units, orders, dice=again, choices={"head-on B2-B3": m.parse("B2")})
    assert second.complete and [str(h) for h in second.contests[0].hexes] == ["B2"]
    assert second.moves == first.moves


def test_a_destroyed_unit_takes_no_part():
    m = board()
    units = [unit(m, "D", "B2", 2, N, nation="ork", alive=0), unit(m, "X", "B3", 1, N)]
    r = run(m, units, {"X": "F"})
    assert not r.contests and str(r.states["X"].hex) == "B2"


def test_an_order_for_a_unit_not_on_the_board_is_refused():
    m = board()
    with pytest.raises(MovementStepError, match="Z: an order for a unit that is not on the board"):
        run(m, [unit(m, "X", "B3", 1, N)], {"Z": "F"})


def test_two_moves_in_one_step_are_refused():
    m = board()
    with pytest.raises(MovementStepError, match="X: one step moves one hex at most, got F,Rev"):
        run(m, [unit(m, "X", "B3", 1, N)], {"X": "F,Rev"})


def test_an_unknown_speed_is_refused():
    m = board()
    with pytest.raises(MovementStepError, match="names speed 'warp'"):
        run(m, [unit(m, "X", "B3", 1, N)], {"X": "A[warp]"})


def test_a_gunnery_action_is_not_a_movement_action():
    m = board()
    rules = ruleset("current")
    x = unit(m, "X", "B3", 1, N)
    with pytest.raises(MovementStepError, match="'Load' is not a movement action"):
        resolve_movement_step(rules, m, {"X": x}, {"X": step("Load")}, Dice(seed=1))


def test_a_head_on_choice_outside_the_two_hexes_is_refused():
    m = board()
    units = [unit(m, "X", "B2", 1, S), unit(m, "Y", "B3", 2, N, nation="ork")]
    with pytest.raises(MovementStepError, match="head-on B2-B3: the assault is fought over"):
        run(m, units, {"X": "F", "Y": "F"}, choices={"head-on B2-B3": m.parse("C3")})
