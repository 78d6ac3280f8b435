"""Automatic placement of a side's units in its deployment zone: front rows first, the middle
column outwards, never over the stacking limit (clauses setup.blind, setup.order,
move.stacking), on the first draft's standard 7x9 battlefield (side 1 rows 7-9, side 2 rows
1-3; ruling setup.first-draft-zones)."""

from __future__ import annotations

import pytest
from conftest import map_path

from referee.board.hexgrid import hex_label, parse_label
from referee.board.maps import load_map
from referee.board.stacking import Occupant
from referee.match.setup.setup_place import (
    PlacementError,
    ToPlace,
    front_facing,
    front_order,
    place_units,
)
from referee.ruleset.shipped import ruleset

STANDARD = load_map(map_path("standard"))


def labels(hexes):
    return [hex_label(h) for h in hexes]


def test_side_1_fills_row_7_first_from_the_middle_column_outwards():
    # row 7 is side 1's row nearest side 2's rows 1-3; D is the middle of A..G; left first
    assert labels(front_order(STANDARD, 1)[:8]) == ["D7", "C7", "E7", "B7", "F7", "A7", "G7", "D8"]
    assert labels(front_order(STANDARD, 1)[-1:]) == ["G9"]


def test_side_2s_front_is_row_3():
    assert labels(front_order(STANDARD, 2)[:3]) == ["D3", "C3", "E3"]
    assert len(front_order(STANDARD, 2)) == 21  # 7 columns x 3 rows


def test_three_units_take_the_three_middle_hexes_of_the_front_row():
    placed = place_units(STANDARD, 1, [ToPlace("a"), ToPlace("b"), ToPlace("c")])
    assert {uid: hex_label(h) for uid, h in placed.items()} == {"a": "D7", "b": "C7", "c": "E7"}


def test_units_go_one_per_hex_before_any_hex_is_shared():
    # 8 units: the 7 hexes of row 7, then the middle of row 8
    placed = place_units(STANDARD, 1, [ToPlace(f"u{i}") for i in range(8)])
    assert hex_label(placed["u7"]) == "D8"
    assert len(set(placed.values())) == 8


def test_a_hex_a_unit_cannot_enter_is_skipped_when_the_terrain_is_known():
    # first draft: a building admits infantry only (enter = { infantry = 2 }); F2 is a
    # building in side 2's second row: D2, C2, E2, B2, [F2], A2
    tanks = [ToPlace(f"t{i}", "large", frozenset({"vehicle", "tank"})) for i in range(12)]
    placed = place_units(STANDARD, 2, tanks, terrain=ruleset("first-draft").terrain)
    assert labels(placed[f"t{i}"] for i in range(7, 12)) == ["D2", "C2", "E2", "B2", "A2"]
    infantry = [ToPlace(f"i{i}", "medium", frozenset({"infantry"})) for i in range(12)]
    placed = place_units(STANDARD, 2, infantry, terrain=ruleset("first-draft").terrain)
    assert hex_label(placed["i11"]) == "F2"


def test_a_full_zone_is_shared_within_the_stacking_limit():
    # every hex of side 1 holds a medium friend: a large unit may join one (two units, one
    # large), the next large one may not join it again (three units) and takes C7
    full = {h: [Occupant("medium")] for h in front_order(STANDARD, 1)}
    placed = place_units(STANDARD, 1, [ToPlace("big1", "large"), ToPlace("big2", "large")], full)
    assert labels([placed["big1"], placed["big2"]]) == ["D7", "C7"]


def test_a_huge_unit_shares_no_hex():
    full = {h: [Occupant("small")] for h in front_order(STANDARD, 1)}
    with pytest.raises(PlacementError, match="no room left for giant"):
        place_units(STANDARD, 1, [ToPlace("giant", "huge")], full)


def test_a_hex_holding_an_enemy_is_never_used():
    occupied = {parse_label("D7"): [Occupant("medium", enemy=True)]}
    placed = place_units(STANDARD, 1, [ToPlace("a")], occupied)
    assert hex_label(placed["a"]) == "C7"


def test_units_face_the_enemy():
    # side 1 (bottom) faces north (0), side 2 (top) faces south (3)
    assert (front_facing(STANDARD, 1), front_facing(STANDARD, 2)) == (0, 3)


def test_a_map_without_the_sides_zone_is_refused_with_its_name():
    with pytest.raises(PlacementError, match="no deployment zone side3"):
        front_order(STANDARD, 3)
