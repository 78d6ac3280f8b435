"""Plain moves, turns and speed changes of one movement step (draft 004, Orders: F, Rev, L,
R, 360°, A, B, A[X], B[X]; "360°,A" happens in one step)."""

from __future__ import annotations

from mstep_factory import NE, NW, SE, N, S, board, run, unit

from referee.ruleset.shipped import ruleset


def test_forward_moves_one_hex_into_the_hex_in_front():
    m = board()
    x = unit(m, "X", "B3", 1, N)
    r = run(m, [x], {"X": "F"})
    # B3 faces north: the hex in front is B2.
    assert [(str(mv.frm), str(mv.to), mv.facing) for mv in r.moves] == [("B3", "B2", N)]
    assert r.states["X"].hex == m.parse("B2")
    assert r.complete and not r.contests and not r.stays


def test_reverse_moves_one_hex_back_keeping_its_facing():
    m = board()
    x = unit(m, "X", "B3", 1, N)
    r = run(m, [x], {"X": "Rev"})
    assert r.states["X"].hex == m.parse("B4")
    assert r.states["X"].facing == N


def test_left_and_right_turn_one_hex_side_without_moving():
    m = board()
    left, right = unit(m, "L1", "A2", 1, N), unit(m, "R1", "C5", 1, N)
    r = run(m, [left, right], {"L1": "L", "R1": "R"})
    # one click anticlockwise from N is NW, clockwise NE
    assert r.states["L1"].facing == NW and r.states["L1"].hex == left.hex
    assert r.states["R1"].facing == NE and r.states["R1"].hex == right.hex
    assert not r.moves


def test_360_turns_to_the_chosen_facing():
    m = board()
    x = unit(m, "X", "B3", 1, N)
    r = run(m, [x], {"X": "360"}, choices={"X": S})
    assert r.states["X"].facing == S
    assert "orders.rotate-any" in r.clauses


def test_360_without_a_chosen_facing_waits_for_the_choice_and_rolls_nothing():
    m = board()
    x = unit(m, "X", "B3", 1, N)
    r = run(m, [x], {"X": "360"})
    assert not r.complete
    (choice,) = r.pending
    assert (choice.key, choice.kind, choice.options) == ("X", "facing", tuple(range(6)))
    assert choice.side == 1 and choice.nation == "elf"
    assert not r.states and not r.rolls


def test_360_and_accelerate_happen_in_the_same_step():
    m = board()
    x = unit(m, "X", "B3", 1, N, speed="stand-still")
    r = run(m, [x], {"X": "360,A"}, choices={"X": SE})
    # speeds slowest first: stand-still -> slow
    assert (r.states["X"].facing, r.states["X"].speed) == (SE, "slow")
    assert r.states["X"].hex == x.hex


def test_brake_and_a_named_speed():
    m = board()
    a = unit(m, "A1", "A2", 1, speed="slow")
    b = unit(m, "B1", "C5", 1, speed="stand-still")
    r = run(m, [a, b], {"A1": "B", "B1": "A[fast]"})
    assert r.states["A1"].speed == "stand-still"
    assert r.states["B1"].speed == "fast"
    assert {"orders.brake", "orders.accelerate-special"} <= set(r.clauses)


def test_brake_at_the_slowest_speed_does_nothing():
    m = board()
    a = unit(m, "A1", "A2", 1, speed="stand-still")
    r = run(m, [a], {"A1": "B"})
    assert "A1" not in r.states
    assert "orders.illegal" in r.clauses


def test_turn_first_then_move_by_default():
    m = board()
    x = unit(m, "X", "B3", 1, N)
    r = run(m, [x], {"X": "R,F"})
    # R: N -> NE; F from B3 towards NE enters C3.
    assert (str(r.states["X"].hex), r.states["X"].facing) == ("C3", NE)
    assert "move.step-order" in r.rulings


def test_move_first_then_turn_when_ruled_so():
    m = board()
    x = unit(m, "X", "B3", 1, N)
    rules = ruleset("current").with_readings({"move.step-order": "move-first"})
    r = run(m, [x], {"X": "R,F"}, rules=rules)
    # F towards N enters B2, then R turns to NE.
    assert (str(r.states["X"].hex), r.states["X"].facing) == ("B2", NE)


def test_forward_off_the_map_does_nothing():
    m = board()
    x = unit(m, "X", "B1", 1, N)
    r = run(m, [x], {"X": "F"})
    (stay,) = r.stays
    assert stay.uid == "X" and "off the map" in stay.reason
    assert "X" not in r.states


def test_a_hex_the_unit_may_not_enter_stops_the_order():
    m = board({"B2": "building"})
    tank = unit(m, "T", "B3", 1, N, types=("vehicle", "tank", "track"))
    r = run(m, [tank], {"T": "F"})
    # Building: "any other type cannot enter without a special rule".
    (stay,) = r.stays
    assert "may not be entered" in stay.reason
    assert not r.moves


def test_no_order_is_no_action():
    m = board()
    x = unit(m, "X", "B3", 1, N)
    r = run(m, [x], {})
    assert not r.states and not r.moves and not r.stays
    assert r.complete
