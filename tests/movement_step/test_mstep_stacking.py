"""Friendly overcrowding (draft 004, Stacking Limit): "One hex may maximum hold either up two
2 units if at most one of them is large, or 1 huge unit. Flying units have the same stacking
limits, but while flying is independent of stacking limit on ground ... If trying to enter
the same hex with MORE than that simultaneously, all from within same team/faction, then all
units trying to move into the hex stay put and are shaken." Shaken: two tokens when first
shaken, one more if already shaken.

B2's neighbours: B3 (south, facing N to enter), A3 (SW, facing NE), C3 (SE, facing NW),
A2 (NW, facing SE), C2 (NE, facing SW), B1 (north, facing S).
"""

from __future__ import annotations

from mstep_factory import NE, NW, SE, TANK_TYPES, N, S, board, run, unit, where

from referee.dice.service import Dice
from referee.ruleset.shipped import ruleset


def test_two_friends_may_enter_one_empty_hex_together():
    m = board()
    units = [unit(m, "X1", "B3", 1, N), unit(m, "X2", "A3", 1, NE)]
    r = run(m, units, {"X1": "F", "X2": "F"})
    assert where(m, r, units) == {"X1": "B2", "X2": "B2"}
    assert not any(s.shaken for s in r.states.values())


def test_three_friends_entering_one_hex_all_stay_put_and_are_shaken():
    m = board()
    units = [
        unit(m, "X1", "B3", 1, N),
        unit(m, "X2", "A3", 1, NE),
        unit(m, "X3", "C3", 1, NW, shaken=2),
    ]
    r = run(m, units, {"X1": "F", "X2": "F", "X3": "F"})
    # 3 medium units > 2: nobody moves; 2 tokens when first shaken, 1 more if already shaken.
    assert where(m, r, units) == {"X1": "B3", "X2": "A3", "X3": "C3"}
    assert [r.states[u].shaken for u in ("X1", "X2", "X3")] == [2, 2, 3]
    assert {s.uid for s in r.stays} == {"X1", "X2", "X3"}
    assert all(s.clause == "move.stacking.overcrowding" for s in r.stays)
    assert "conditions.shaken" in r.clauses


def test_a_third_unit_entering_beside_a_friend_that_stays_overcrowds():
    m = board()
    units = [
        unit(m, "H", "B2", 1, N),
        unit(m, "X1", "B3", 1, N),
        unit(m, "X2", "A3", 1, NE),
    ]
    r = run(m, units, {"X1": "F", "X2": "F"})
    # H stays in B2: H + X1 + X2 = 3 units.
    assert where(m, r, units) == {"H": "B2", "X1": "B3", "X2": "A3"}
    assert "H" not in r.states
    assert r.states["X1"].shaken == 2 and r.states["X2"].shaken == 2


def test_two_large_units_may_not_share_a_hex():
    m = board()
    units = [unit(m, "L1", "B3", 1, N, size="large"), unit(m, "L2", "A3", 1, NE, size="large")]
    r = run(m, units, {"L1": "F", "L2": "F"})
    # "at most one of them is large"
    assert where(m, r, units) == {"L1": "B3", "L2": "A3"}
    assert r.states["L1"].shaken == r.states["L2"].shaken == 2


def test_a_large_and_a_medium_unit_may():
    m = board()
    units = [unit(m, "L1", "B3", 1, N, size="large"), unit(m, "M1", "A3", 1, NE)]
    r = run(m, units, {"L1": "F", "M1": "F"})
    assert where(m, r, units) == {"L1": "B2", "M1": "B2"}


def test_a_huge_unit_stands_alone():
    m = board()
    alone = [unit(m, "H1", "B3", 1, N, size="huge")]
    assert where(m, run(m, alone, {"H1": "F"}), alone) == {"H1": "B2"}
    beside = [unit(m, "H1", "B3", 1, N, size="huge"), unit(m, "M1", "B2", 1, N)]
    r = run(m, beside, {"H1": "F"})
    assert where(m, r, beside) == {"H1": "B3", "M1": "B2"}
    assert r.states["H1"].shaken == 2
    together = [unit(m, "H1", "B3", 1, N, size="huge"), unit(m, "M1", "A3", 1, NE)]
    r = run(m, together, {"H1": "F", "M1": "F"})
    assert where(m, r, together) == {"H1": "B3", "M1": "A3"}
    assert r.states["H1"].shaken == r.states["M1"].shaken == 2


def test_flying_units_stack_apart_from_the_ground():
    m = board()
    units = [
        unit(m, "G1", "B3", 1, N),
        unit(m, "G2", "A3", 1, NE),
        unit(m, "F1", "C3", 1, NW, flying=True),
    ]
    r = run(m, units, {"G1": "F", "G2": "F", "F1": "F"})
    # two on the ground and one in the air: both layers within the limit
    assert where(m, r, units) == {"G1": "B2", "G2": "B2", "F1": "B2"}


def test_only_the_overflowing_layer_stays_put():
    m = board()
    units = [
        unit(m, "F1", "B3", 1, N, flying=True),
        unit(m, "F2", "A3", 1, NE, flying=True),
        unit(m, "F3", "C3", 1, NW, flying=True),
        unit(m, "G1", "A2", 1, SE),
    ]
    r = run(m, units, {"F1": "F", "F2": "F", "F3": "F", "G1": "F"})
    # three flying units overflow the air above B2; the ground unit still enters
    assert where(m, r, units) == {"F1": "B3", "F2": "A3", "F3": "C3", "G1": "B2"}
    assert [r.states[u].shaken for u in ("F1", "F2", "F3")] == [2, 2, 2]


def test_a_unit_may_enter_a_hex_its_friend_leaves():
    m = board()
    units = [
        unit(m, "P1", "B2", 1, N),
        unit(m, "P2", "B2", 1, S, speed="stand-still"),
        unit(m, "X", "B3", 1, N),
    ]
    r = run(m, units, {"P1": "F", "X": "F"})
    # P1 leaves B2 for B1 as X enters: B2 holds P2 and X.
    assert where(m, r, units) == {"P1": "B1", "P2": "B2", "X": "B2"}
    (entered,) = [e for e in r.events if e.uid == "X" and e.text.startswith("moves")]
    assert entered.rulings == ("move.vacated-hex",)


def stuck_leaver(m):
    """P1, a tracked unit in the swamp B2 beside P2, tries to leave north; X enters B2."""
    return [
        unit(m, "P1", "B2", 1, N, types=TANK_TYPES),
        unit(m, "P2", "B2", 1, S),
        unit(m, "X", "B3", 1, N),
    ]


def test_a_friend_stuck_in_its_hex_keeps_it_and_the_unit_entering_is_shaken():
    m = board({"B2": "swamp"})
    units = stuck_leaver(m)
    dice = Dice(seed=1)
    dice.type_in([1])  # swamp: stuck on 1 or 2
    r = run(m, units, {"P1": "F", "X": "F"}, dice=dice)
    # P1 stays: B2 would hold P1, P2 and X.
    assert where(m, r, units) == {"P1": "B2", "P2": "B2", "X": "B3"}
    assert r.states["X"].shaken == 2
    (stay,) = [s for s in r.stays if s.uid == "X"]
    assert stay.ruling == "move.vacated-hex"


def test_no_shaking_when_only_a_failed_leaver_fills_the_hex_if_ruled_so():
    m = board({"B2": "swamp"})
    units = stuck_leaver(m)
    dice = Dice(seed=1)
    dice.type_in([2])
    rules = ruleset("current").with_readings({"move.vacated-hex": "if-it-leaves-no-shake"})
    r = run(m, units, {"P1": "F", "X": "F"}, dice=dice, rules=rules)
    assert where(m, r, units) == {"P1": "B2", "P2": "B2", "X": "B3"}
    assert "X" not in r.states  # stays put, not shaken


def test_room_counted_at_the_start_of_the_step_if_ruled_so():
    m = board()
    units = [unit(m, "P1", "B2", 1, N), unit(m, "P2", "B2", 1, S), unit(m, "X", "B3", 1, N)]
    rules = ruleset("current").with_readings({"move.vacated-hex": "start-of-step"})
    r = run(m, units, {"P1": "F", "X": "F"}, rules=rules)
    # P1 and P2 stood in B2 at the start: X does not fit beside both.
    assert where(m, r, units) == {"P1": "B1", "P2": "B2", "X": "B3"}
    assert r.states["X"].shaken == 2


def test_friends_swapping_hexes_both_move():
    m = board()
    units = [unit(m, "X1", "B2", 1, S), unit(m, "X2", "B3", 1, N)]
    r = run(m, units, {"X1": "F", "X2": "F"})
    assert where(m, r, units) == {"X1": "B3", "X2": "B2"}
    assert not r.contests


def test_an_entry_that_fails_can_push_out_a_friend_entering_its_hex():
    m = board()
    units = [
        # three units crowd into B2 and stay put ...
        unit(m, "X1", "B3", 1, N),
        unit(m, "X2", "A3", 1, NE),
        unit(m, "X3", "C3", 1, NW),
        # ... so B3, which X1 tried to leave, keeps X1 beside W: Y entering from B4
        # would be a third unit there.
        unit(m, "W", "B3", 1, S, speed="stand-still"),
        unit(m, "Y", "B4", 1, N),
    ]
    r = run(m, units, {"X1": "F", "X2": "F", "X3": "F", "Y": "F"})
    assert where(m, r, units) == {"X1": "B3", "X2": "A3", "X3": "C3", "W": "B3", "Y": "B4"}
    assert r.states["Y"].shaken == 2
