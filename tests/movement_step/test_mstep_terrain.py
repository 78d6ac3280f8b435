"""Difficult terrain and swamps in one movement step (draft 004, Terrain): "An hex cost 2
movement points to enter needs 1 of these token already presents ... You lose all tokens if
you do any movement not trying to enter the hex." Swamp: "Units with track or wheel in
description may get stuck, at 1 or 2 on a d6, the unit cannot move this movement step,
regardless of order." Sand dunes cost 2 to enter for everyone; a large unit pays 2 to enter
a swamp.
"""

from __future__ import annotations

from mstep_factory import NE, TANK_TYPES, N, board, run, unit

from referee.board.maps import find_map, load_map
from referee.dice.service import Dice
from referee.ruleset.shipped import ruleset


def test_a_hex_costing_2_takes_a_token_first_then_is_entered_next_step():
    m = board({"B2": "sand-dunes"})
    x = unit(m, "X", "B3", 1, N)
    first = run(m, [x], {"X": "F"})
    after = first.states["X"]
    assert (after.hex, after.tokens, after.token_hex) == (x.hex, 1, m.parse("B2"))
    (stay,) = first.stays
    assert stay.clause == "move.difficult-terrain"
    second = run(m, [after], {"X": "F"})
    entered = second.states["X"]
    assert (str(entered.hex), entered.tokens, entered.token_hex) == ("B2", 0, None)


def test_a_turn_loses_the_tokens():
    m = board({"B2": "sand-dunes"})
    x = unit(m, "X", "B3", 1, N, tokens=1, token_hex=m.parse("B2"))
    r = run(m, [x], {"X": "R"})
    assert (r.states["X"].tokens, r.states["X"].token_hex) == (0, None)
    assert any("loses 1 difficult-terrain token" in e.text for e in r.events)


def test_a_360_that_keeps_the_facing_is_no_turn():
    m = board({"B2": "sand-dunes"})
    x = unit(m, "X", "B3", 1, N, tokens=1, token_hex=m.parse("B2"))
    r = run(m, [x], {"X": "360,F"}, choices={"X": N})
    # 360 to N, the way it already faces: the token stays and X enters B2.
    assert str(r.states["X"].hex) == "B2"


def test_trying_another_hex_loses_the_tokens():
    m = board({"B2": "sand-dunes"})
    x = unit(m, "X", "B3", 1, N, tokens=1, token_hex=m.parse("B2"))
    r = run(m, [x], {"X": "Rev"})
    assert (str(r.states["X"].hex), r.states["X"].tokens) == ("B4", 0)


def test_a_step_without_movement_keeps_the_tokens_unless_ruled_otherwise():
    m = board({"B2": "sand-dunes"})
    x = unit(m, "X", "B3", 1, N, tokens=1, token_hex=m.parse("B2"))
    assert "X" not in run(m, [x], {"X": "-"}).states
    rules = ruleset("current").with_readings({"move.token-pause": "lose"})
    assert run(m, [x], {"X": "-"}, rules=rules).states["X"].tokens == 0


def test_a_large_unit_needs_a_token_to_enter_a_swamp():
    m = board({"B2": "swamp"})
    big = unit(m, "L", "B3", 1, N, size="large")
    assert run(m, [big], {"L": "F"}).states["L"].tokens == 1


def test_a_tracked_unit_in_a_swamp_stuck_on_a_typed_2_does_nothing():
    m = board({"B3": "swamp"})
    tank = unit(m, "T", "B3", 1, N, types=TANK_TYPES)
    dice = Dice(seed=1)
    dice.type_in([2])
    r = run(m, [tank], {"T": "F,A"}, dice=dice)
    # 2 <= 2: stuck; "regardless of order": no move, no speed change either (default reading)
    assert "T" not in r.states
    (roll,) = r.rolls
    assert (roll.sides, roll.value, roll.typed) == (6, 2, True)
    (stay,) = r.stays
    assert (stay.clause, stay.ruling) == ("terrain.swamp", "move.stuck-actions")


def test_a_tracked_unit_not_stuck_on_a_typed_3_moves():
    m = board({"B3": "swamp"})
    tank = unit(m, "T", "B3", 1, N, types=TANK_TYPES)
    dice = Dice(seed=1)
    dice.type_in([3])
    r = run(m, [tank], {"T": "F"}, dice=dice)
    assert str(r.states["T"].hex) == "B2"
    assert r.dice_values() == (3,)


def test_a_stuck_unit_still_turns_if_ruled_so():
    m = board({"B3": "swamp"})
    tank = unit(m, "T", "B3", 1, N, types=TANK_TYPES)
    dice = Dice(seed=1)
    dice.type_in([1])
    rules = ruleset("current").with_readings({"move.stuck-actions": "no-move"})
    r = run(m, [tank], {"T": "R,F"}, dice=dice, rules=rules)
    assert (r.states["T"].hex, r.states["T"].facing) == (tank.hex, NE)


def test_the_roll_is_made_on_entering_the_swamp_if_ruled_so():
    m = board({"B2": "swamp"})
    tank = unit(m, "T", "B3", 1, N, types=TANK_TYPES)
    # default reading (in the swamp): moving into it from clear ground rolls nothing
    r = run(m, [tank], {"T": "F"}, dice=Dice(seed=1))
    assert not r.rolls and str(r.states["T"].hex) == "B2"
    rules = ruleset("current").with_readings({"move.swamp-stuck": "entering"})
    dice = Dice(seed=1)
    dice.type_in([1])
    r = run(m, [tank], {"T": "F"}, dice=dice, rules=rules)
    assert "T" not in r.states and r.dice_values() == (1,)


def test_infantry_never_gets_stuck():
    m = board({"B3": "swamp"})
    x = unit(m, "X", "B3", 1, N)
    r = run(m, [x], {"X": "F"})
    assert not r.rolls and str(r.states["X"].hex) == "B2"


def test_first_draft_rough_on_the_standard_map_takes_a_token_first():
    m = load_map(find_map("standard"))
    # standard.toml: G3 is rough, which costs 2 in the first draft (1 in the current edition)
    x = unit(m, "X", "G4", 1, N)
    r = run(m, [x], {"X": "F"}, rules=ruleset("first-draft"))
    assert (r.states["X"].hex, r.states["X"].tokens) == (x.hex, 1)
    r = run(m, [x], {"X": "F"}, rules=ruleset("current"))
    assert str(r.states["X"].hex) == "G3"
