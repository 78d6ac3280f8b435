"""Facing sectors, on-edge shots, firing arcs and fixed guns (clauses ``angles.*``).

Expected answers are drawn by hand on the printed map (flat-topped, odd columns half a hex
lower). Around C3, the neighbours are C2 (N), D2 (NE), D3 (SE), C4 (S), B3 (SW), B2 (NW):

          C1
     B1        D1
          C2
     B2        D2
          C3            E3
     B3        D3
          C4
     B4        D4

On the integer lattice (X = 3·col, Y = 2·row + col mod 2, y down) C3 is (6, 4) and its
corners are (±2, 0) and (±1, ±1) away. D1 (9, 1) lies exactly on the line through C3's
NE corner (7, 3); E3 (12, 4) on the line through its E corner (8, 4), along the edge
between D2 and D3; D4 (9, 7) on the line through its SE corner (7, 5).
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.board.facing import (
    armor_choices,
    check_arc,
    check_facing,
    crossing,
    guns_bearing,
    hexsides_towards,
    relative_sector,
    shot_sectors,
)
from referee.board.hexgrid import Hex, centre, parse_label
from referee.board.sector_stats import parse_firing_arc, parse_fixed_guns, parse_sector_numbers

N, NE, SE, S, SW, NW = range(6)


def shot(rules, shooter: str, shooter_facing: int, target: str, target_facing: int = N):
    return shot_sectors(
        parse_label(shooter), shooter_facing, parse_label(target), target_facing, rules
    )


# --- the six hex sides relative to a facing -------------------------------------------


def test_sectors_relative_to_facing_north_go_front_right_round_to_left() -> None:
    assert [relative_sector(N, side) for side in range(6)] == [
        ("front", None),
        ("front-side", "right"),
        ("back-side", "right"),
        ("back", None),
        ("back-side", "left"),
        ("front-side", "left"),
    ]


def test_sectors_turn_with_the_facing() -> None:
    # Facing SW (down-left on the map) its right hand points NW and its left hand S.
    assert relative_sector(SW, SW) == ("front", None)
    assert relative_sector(SW, NW) == ("front-side", "right")
    assert relative_sector(SW, S) == ("front-side", "left")
    assert relative_sector(SW, NE) == ("back", None)


def test_facing_must_be_one_of_six_directions() -> None:
    with pytest.raises(ValueError, match="facing 6"):
        check_facing(6)
    with pytest.raises(ValueError, match="hex side -1"):
        relative_sector(N, -1)


# --- the sector a shot leaves the shooter by (facing N at C3) --------------------------


@pytest.mark.parametrize(
    ("target", "sector", "side"),
    [
        ("C1", "front", None),  # straight up, through the N side
        ("C2", "front", None),
        ("D2", "front-side", "right"),  # through the NE side
        ("E2", "front-side", "right"),  # (12, 2): same direction as D2, twice as far
        ("B2", "front-side", "left"),  # through the NW side
        ("D3", "back-side", "right"),  # through the SE side
        ("B3", "back-side", "left"),  # through the SW side
        ("C4", "back", None),  # straight down
    ],
)
def test_shot_leaves_by_the_sector_of_the_hex_side_it_crosses(
    current, target: str, sector: str, side: str | None
) -> None:
    result = shot(current, "C3", N, target)
    assert result.leaves == (sector,)
    assert result.leaving.side == side
    assert not result.on_edge_shooter


def test_shooter_facing_se_fires_front_at_its_se_neighbour(current) -> None:
    assert shot(current, "C3", SE, "D3").leaves == ("front",)
    assert shot(current, "C3", SE, "C4").leaves == ("front-side",)  # its right
    assert shot(current, "C3", SE, "C2").leaves == ("back-side",)
    assert shot(current, "C3", SE, "B2").leaves == ("back",)


# --- on edge: the line passes through a corner ----------------------------------------


def test_line_through_ne_corner_is_on_edge_between_front_and_front_side(current) -> None:
    result = shot(current, "C3", N, "D1")
    assert result.leaves == ("front", "front-side")
    assert result.leaving.side == "right"
    assert result.leaving.hexsides == (N, NE)
    assert result.on_edge_shooter
    assert result.leaving.clause == "angles.on-edge"


def test_line_through_nw_corner_is_on_edge_on_the_left(current) -> None:
    result = shot(current, "C3", N, "B1")
    assert result.leaves == ("front", "front-side")
    assert result.leaving.side == "left"


def test_line_due_east_is_on_edge_between_front_side_and_back_side(current) -> None:
    result = shot(current, "C3", N, "E3")
    assert result.leaves == ("front-side", "back-side")
    assert result.leaving.side == "right"
    assert result.leaving.hexsides == (NE, SE)


def test_line_through_se_corner_is_on_edge_between_back_side_and_back(current) -> None:
    result = shot(current, "C3", N, "D4")
    assert result.leaves == ("back-side", "back")
    assert result.leaving.side == "right"


def test_hexsides_towards_gives_two_adjacent_sides_at_a_corner() -> None:
    assert hexsides_towards(parse_label("C3"), parse_label("D4")) == (SE, S)
    assert hexsides_towards(parse_label("C3"), parse_label("C1")) == (N,)


# --- the sector a shot enters the target by -------------------------------------------


def test_units_facing_each_other_hit_each_other_in_front(current) -> None:
    result = shot(current, "C3", N, "C1", S)
    assert result.leaves == ("front",)
    assert result.enters == ("front",)


def test_shot_from_behind_enters_by_the_back(current) -> None:
    # C1 faces N, away from C3: the line comes up into C1's S side.
    assert shot(current, "C3", N, "C1", N).enters == ("back",)


def test_shot_from_lower_left_enters_back_side_left(current) -> None:
    # D2 faces N; C3 lies through D2's SW side, its back-side left.
    result = shot(current, "C3", N, "D2", N)
    assert result.enters == ("back-side",)
    assert result.entering.side == "left"


def test_shot_through_target_corner_is_on_edge_and_the_attacker_chooses(current) -> None:
    # D1 faces S. The line from C3 reaches D1's SW corner, between its S side (front)
    # and its SW side (front-side right of a unit facing S).
    result = shot(current, "C3", N, "D1", S)
    assert result.enters == ("front", "front-side")
    assert result.entering.side == "right"
    assert result.on_edge_target


def test_shot_along_an_edge_enters_on_edge_too(current) -> None:
    # E3 faces N; C3 lies exactly W of it: between its SW and NW sides.
    result = shot(current, "C3", N, "E3", N)
    assert result.enters == ("front-side", "back-side")
    assert result.entering.side == "left"


def test_armor_choices_give_the_armor_of_each_sector_the_attacker_may_pick(current) -> None:
    armor = parse_sector_numbers("4/3/3/2", "armor")
    assert armor_choices(armor, shot(current, "C3", N, "C1", S)) == (("front", 4),)
    assert armor_choices(armor, shot(current, "C3", N, "D1", S)) == (
        ("front", 4),
        ("front-side", 3),
    )
    assert armor_choices(armor, shot(current, "C3", N, "D4", N)) == (
        ("front", 4),
        ("front-side", 3),
    )


# --- firing arcs -----------------------------------------------------------------------


def test_front_only_weapon_fires_front(current) -> None:
    check = check_arc(parse_firing_arc("*/-/-/-"), shot(current, "C3", N, "C1"), current)
    assert check.allowed and check.sectors == ("front",) and not check.on_edge_penalty


def test_front_only_weapon_cannot_fire_front_side_or_back(current) -> None:
    arc = parse_firing_arc("*/-/-/-")
    assert not check_arc(arc, shot(current, "C3", N, "D2"), current).allowed
    assert not check_arc(arc, shot(current, "C3", N, "C4"), current).allowed


def test_on_edge_of_firing_arc_is_allowed_with_the_penalty(current) -> None:
    check = check_arc(parse_firing_arc("*/-/-/-"), shot(current, "C3", N, "D1"), current)
    assert check.allowed
    assert check.sectors == ("front",)
    assert check.on_edge_penalty


def test_on_edge_between_two_forbidden_sectors_is_not_allowed(current) -> None:
    check = check_arc(parse_firing_arc("*/-/-/-"), shot(current, "C3", N, "E3"), current)
    assert not check.allowed


def test_on_edge_inside_the_arc_has_no_penalty_by_default(current) -> None:
    check = check_arc(parse_firing_arc("*/*/-/-"), shot(current, "C3", N, "D1"), current)
    assert check.allowed and not check.on_edge_penalty
    assert check.ruling == "angles.on-edge-penalty"


def test_on_edge_inside_the_arc_has_the_penalty_at_any_border_reading(current) -> None:
    rules = current.with_readings({"angles.on-edge-penalty": "any-border"})
    check = check_arc(parse_firing_arc("*/*/*/*"), shot(rules, "C3", N, "E3"), rules)
    assert check.allowed and check.on_edge_penalty
    assert check.sectors == ("front-side", "back-side")


def test_all_round_weapon_on_edge_has_no_penalty_by_default(current) -> None:
    check = check_arc(parse_firing_arc("*/*/*/*"), shot(current, "C3", N, "D4"), current)
    assert check.allowed and not check.on_edge_penalty


# --- fixed weapons ---------------------------------------------------------------------


def test_fixed_guns_bear_by_the_sector_the_shot_leaves_by(current) -> None:
    guns = parse_fixed_guns("x2/x1/x1/-")
    assert guns_bearing(guns, shot(current, "C3", N, "C1")).choices == (("front", 2),)
    assert guns_bearing(guns, shot(current, "C3", N, "B2")).choices == (("front-side", 1),)
    assert guns_bearing(guns, shot(current, "C3", N, "D3")).choices == (("back-side", 1),)
    behind = guns_bearing(guns, shot(current, "C3", N, "C4"))
    assert behind.choices == () and behind.most == 0


def test_fixed_guns_on_edge_shooter_chooses_one_sector_with_the_penalty(current) -> None:
    bearing = guns_bearing(parse_fixed_guns("x2/x1/x1/-"), shot(current, "C3", N, "D1"))
    assert bearing.choices == (("front", 2), ("front-side", 1))
    assert bearing.most == 2
    assert bearing.on_edge_penalty


# --- a shot within one hex (a flying unit above) ---------------------------------------


def test_same_hex_shot_lets_the_attacker_choose_any_sector_by_default(current) -> None:
    result = shot(current, "C3", N, "C3", SE)
    assert result.same_hex and result.distance == 0
    assert result.ruling == "angles.same-hex"
    assert result.enters == ("front", "front-side", "back-side", "back")
    check = check_arc(parse_firing_arc("*/-/-/-"), result, current)
    assert check.allowed and check.sectors == ("front",) and not check.on_edge_penalty


def test_same_hex_shot_is_impossible_at_no_shot_reading(current) -> None:
    rules = current.with_readings({"angles.same-hex": "no-shot"})
    result = shot(rules, "C3", N, "C3", N)
    assert result.leaves == () and result.enters == ()
    check = check_arc(parse_firing_arc("*/*/*/*"), result, rules)
    assert not check.allowed and check.ruling == "angles.same-hex"


def test_crossing_refuses_the_same_hex() -> None:
    with pytest.raises(ValueError, match="same hex"):
        crossing(Hex(0, 0), N, Hex(0, 0))


# --- properties --------------------------------------------------------------------------

coords = st.integers(min_value=-12, max_value=12)
hexes = st.builds(Hex, coords, coords)
facings = st.integers(min_value=0, max_value=5)


def rotate(h: Hex, k: int) -> Hex:
    """``h`` turned k x 60 degrees clockwise about Hex(0, 0)."""
    for _ in range(k):
        h = Hex(-h.r, -h.s)
    return h


@given(hexes, facings, facings, st.integers(min_value=1, max_value=5))
def test_sectors_do_not_change_when_the_whole_picture_turns(
    current, target: Hex, f_shooter: int, f_target: int, k: int
) -> None:
    origin = Hex(0, 0)
    if target == origin:
        return
    a = shot_sectors(origin, f_shooter, target, f_target, current)
    b = shot_sectors(origin, (f_shooter + k) % 6, rotate(target, k), (f_target + k) % 6, current)
    assert (a.leaves, a.leaving.side, a.enters, a.entering.side) == (
        b.leaves,
        b.leaving.side,
        b.enters,
        b.entering.side,
    )


@given(hexes, facings, facings)
def test_left_and_right_swap_in_a_mirror(current, target: Hex, fa: int, fb: int) -> None:
    origin = Hex(0, 0)
    if target == origin:
        return
    mirrored = Hex(-target.q, target.r + target.q)  # reflected in the N-S line
    a = shot_sectors(origin, fa, target, fb, current)
    b = shot_sectors(origin, (6 - fa) % 6, mirrored, (6 - fb) % 6, current)
    swap = {"left": "right", "right": "left", None: None}
    assert a.leaves == b.leaves and a.enters == b.enters
    assert swap[a.leaving.side] == b.leaving.side
    assert swap[a.entering.side] == b.entering.side


@given(hexes)
def test_integer_sides_agree_with_angles_in_the_real_plane(target: Hex) -> None:
    origin = Hex(0, 0)
    if target == origin:
        return
    x, y = centre(target)
    # Screen angle (y down) measured clockwise from N; side k spans 60k +/- 30 degrees.
    bearing = math.degrees(math.atan2(x, -y)) % 360
    offset = (bearing + 30) % 60
    sides = hexsides_towards(origin, target)
    if min(offset, 60 - offset) < 1e-6:
        assert len(sides) == 2
        assert round(bearing / 60 - 0.5) % 6 == sides[0]
    else:
        assert sides == (int((bearing + 30) // 60) % 6,)


@given(hexes, hexes)
def test_a_line_leaves_one_hex_by_the_side_opposite_to_where_it_enters_the_other(
    a: Hex, b: Hex
) -> None:
    if a == b:
        return
    there = {(s + 3) % 6 for s in hexsides_towards(a, b)}
    assert there == set(hexsides_towards(b, a))
