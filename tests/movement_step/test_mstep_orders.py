"""Chase, Flee, Follow and Road in a movement step, and the order choices are made in
(draft 004, Orders): "Chase: move towards nearest enemy." "Follow: ... move one hex closer to
this unit." "Flee: Move in any hex you like as long as you move further away from the enemy.
If no such hex is available, move to a hex which is not closer to the enemy. If still no
such hex is available, let your enemy move your unit to any hex he/she likes." "Road: Move
along the road. Facing is always along the road." "The ones not entering assaults must
choose first ... The highest rank choices last: Spartan, Elf, Dark-Elf, Dwarf, Ork."

Distances on the 3x6 test map (axial): B4 = (1,3), B3 = (1,2), C3 = (2,1), C4 = (2,2).
"""

from __future__ import annotations

import pytest
from mstep_factory import NE, N, S, board, run, unit, where

from referee.rules.movement_step import MovementStepError
from referee.ruleset.shipped import ruleset


def chase_scene(m):
    """C chases from B4; the only enemy E stands north of it in B3 and drives on to C3."""
    return [unit(m, "C", "B4", 1, N), unit(m, "E", "B3", 2, NE, nation="ork")]


def test_chase_goes_for_the_hex_the_nearest_enemy_stands_in_at_the_start():
    m = board()
    units = chase_scene(m)
    r = run(m, units, {"C": "Chase", "E": "F"})
    # nearest enemy at the start: E in B3, one hex north; E leaves it, so no assault.
    assert where(m, r, units) == {"C": "B3", "E": "C3"}
    assert r.states["C"].facing == N  # faces the way it moved (move.free-move-facing)
    assert not r.contests
    assert {"orders.chase-nearest", "move.reference-positions"} <= set(r.rulings)


def test_chase_sees_where_enemies_go_if_ruled_so():
    m = board()
    units = chase_scene(m)
    rules = ruleset("current").with_readings({"move.reference-positions": "intended"})
    r = run(m, units, {"C": "Chase", "E": "F"}, rules=rules)
    # E counts in C3, two hexes away: B3 and C4 are both one hex from C3.
    (choice,) = r.pending
    assert (choice.key, choice.kind, [str(h) for h in choice.options]) == (
        "C",
        "chase",
        ["B3", "C4"],
    )
    r = run(m, units, {"C": "Chase", "E": "F"}, rules=rules, choices={"C": m.parse("C4")})
    assert where(m, r, units) == {"C": "C4", "E": "C3"}
    assert r.states["C"].facing == NE


def test_equally_good_chase_steps_taken_in_map_order_if_ruled_so():
    m = board()
    units = chase_scene(m)
    rules = ruleset("current").with_readings(
        {"move.reference-positions": "intended", "move.chase-tie": "fixed"}
    )
    r = run(m, units, {"C": "Chase", "E": "F"}, rules=rules)
    assert r.complete and where(m, r, units)["C"] == "B3"


def test_chasing_into_a_stationary_enemy_is_an_assault():
    m = board()
    units = chase_scene(m)
    r = run(m, units, {"C": "Chase"})
    (c,) = r.contests
    assert c.participant("C").role == "entering"
    assert c.participant("E").sectors == ("back-side",)  # E faces NE, C comes from the S


def flee_scene(m):
    """U flees from B3; the enemy E stands north of it in B2."""
    return [unit(m, "U", "B3", 1, N), unit(m, "E", "B2", 2, N, nation="ork")]


def test_flee_offers_the_hexes_further_from_the_enemy():
    m = board()
    r = run(m, flee_scene(m), {"U": "Flee"})
    # from B2: A4, B4 and C4 are 2 away (B3 is 1); A3 and C3 are 1 away.
    (choice,) = r.pending
    assert [str(h) for h in choice.options] == ["A4", "B4", "C4"]
    assert (choice.side, choice.nation, choice.may_assault) == (1, "elf", False)


def test_flee_into_the_chosen_hex_facing_the_way_it_ran():
    m = board()
    units = flee_scene(m)
    r = run(m, units, {"U": "Flee"}, choices={"U": m.parse("B4")})
    assert where(m, r, units)["U"] == "B4" and r.states["U"].facing == S
    rules = ruleset("current").with_readings({"move.free-move-facing": "kept"})
    r = run(m, units, {"U": "Flee"}, choices={"U": m.parse("B4")}, rules=rules)
    assert r.states["U"].facing == N


def test_a_fleeing_unit_with_nowhere_further_is_moved_by_the_enemy():
    m = board()
    # A1 has only A2 and B1 beside it, both one hex from the enemy in B2 (A1 is two).
    units = [unit(m, "U", "A1", 1, S), unit(m, "E", "B2", 2, N, nation="ork")]
    (choice,) = run(m, units, {"U": "Flee"}).pending
    assert (choice.side, choice.nation) == (2, "ork")
    assert [str(h) for h in choice.options] == ["A2", "B1"]


def test_a_choice_that_is_not_an_option_is_refused():
    m = board()
    with pytest.raises(MovementStepError, match="U: Flee may go into A4, B4, C4, not A3"):
        run(m, flee_scene(m), {"U": "Flee"}, choices={"U": m.parse("A3")})


def test_follow_moves_one_hex_closer_to_the_leader():
    m = board()
    units = [unit(m, "L", "B1", 1, N), unit(m, "U", "B4", 1, N)]
    r = run(m, units, {"U": "Follow"}, follow={"U": "L"})
    # B4 is 3 from B1; of its neighbours only B3 is 2.
    assert where(m, r, units) == {"L": "B1", "U": "B3"}


def test_follow_without_a_leader_is_refused():
    m = board()
    with pytest.raises(MovementStepError, match="U: a Follow order, but no leader"):
        run(m, [unit(m, "U", "B4", 1, N)], {"U": "Follow"})


ROAD = [["B5", "B4", "B3", "B2"]]


def test_road_goes_the_way_nearest_the_facing_and_faces_along_the_road():
    m = board({"B3": "forest"}, roads=ROAD)
    car = unit(m, "V", "B4", 1, NE, types=("vehicle", "wheel"))
    r = run(m, [car], {"V": "Road"})
    # B3 lies N (one side from NE), B5 S (two sides): B3; along the road the forest costs 1.
    assert (str(r.states["V"].hex), r.states["V"].facing) == ("B3", N)


def test_road_at_its_end_turns_back_unless_ruled_otherwise():
    m = board(roads=ROAD)
    car = unit(m, "V", "B2", 1, N, types=("vehicle", "wheel"))
    r = run(m, [car], {"V": "Road"})
    assert (str(r.states["V"].hex), r.states["V"].facing) == ("B3", S)
    rules = ruleset("current").with_readings({"move.road-direction": "ahead-only"})
    r = run(m, [car], {"V": "Road"}, rules=rules)
    assert "V" not in r.states and r.stays[0].clause == "orders.road"


def test_units_not_entering_an_assault_choose_first_and_the_highest_rank_last():
    m = board()
    units = [
        unit(m, "S1", "A1", 1, N, nation="spartan"),
        unit(m, "O1", "C6", 2, N, nation="ork"),
        unit(m, "E1", "B4", 1, N),
        unit(m, "O2", "B3", 2, N, nation="ork", speed="stand-still"),
    ]
    orders = {"S1": "360", "O1": "360", "E1": "360,F"}
    r = run(m, units, orders)
    # E1 may turn towards O2 and move into it: it chooses after the others; of those, the
    # ork ranks lowest and chooses first, the spartan last.
    assert [c.key for c in r.pending] == ["O1", "S1", "E1"]
    assert [c.may_assault for c in r.pending] == [False, False, True]
    rules = ruleset("current").with_readings({"turn.choice-rank": "last-is-highest"})
    assert [c.key for c in run(m, units, orders, rules=rules).pending] == ["S1", "O1", "E1"]
