"""Hex labels and geometry (clause board.labels): A1 top left, flat-topped hexes, the columns
of odd index (B, D, F, ...) half a hex lower. Expected values are worked out by hand from the
centre formula x = 1.5·c, y = √3·(r + 0.5·(c mod 2)) in data/README.md."""

from __future__ import annotations

import math

import pytest

from referee.board.hexgrid import (
    DIRECTION_NAMES,
    Hex,
    LabelError,
    centre,
    column_index,
    column_letters,
    corners,
    direction_index,
    distance,
    from_lattice_centre,
    from_offset,
    hex_at_point,
    hex_label,
    lattice,
    lattice_corners,
    parse_label,
    ring,
    spiral,
    to_offset,
)

R3 = math.sqrt(3)


def labels(hexes) -> set[str]:
    return {hex_label(h) for h in hexes}


# --- labels ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("letters", "index"),
    [("A", 0), ("B", 1), ("Z", 25), ("AA", 26), ("AB", 27), ("AZ", 51), ("BA", 52), ("ZZ", 701)],
)
def test_column_letters_count_like_a_spreadsheet(letters, index):
    assert column_letters(index) == letters
    assert column_index(letters) == index


def test_a1_is_column_0_row_0():
    assert to_offset(parse_label("A1")) == (0, 0)
    assert hex_label(from_offset(0, 0)) == "A1"


@pytest.mark.parametrize(
    ("label", "col", "row"),
    [("C4", 2, 3), ("D4", 3, 3), ("G9", 6, 8), ("Z1", 25, 0), ("AA1", 26, 0), ("AB12", 27, 11)],
)
def test_label_names_column_then_row(label, col, row):
    assert to_offset(parse_label(label)) == (col, row)
    assert hex_label(from_offset(col, row)) == label


def test_labels_round_trip_over_a_grid_past_column_z():
    for col in range(60):
        for row in range(12):
            label = f"{column_letters(col)}{row + 1}"
            assert hex_label(parse_label(label)) == label


def test_label_is_read_in_any_case_and_with_spaces():
    assert parse_label("c4") == parse_label("C4") == parse_label(" C4 ")
    assert parse_label("aa3") == parse_label("AA3")


@pytest.mark.parametrize("bad", ["", "4C", "C", "12", "C-4", "C4.5", "ABCD1", "C0"])
def test_malformed_labels_are_refused(bad):
    with pytest.raises(LabelError):
        parse_label(bad)


# --- geometry -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("label", "x", "y"),
    [
        ("A1", 0.0, 0.0),
        ("B1", 1.5, R3 * 0.5),  # column B (index 1) is half a hex lower
        ("A2", 0.0, R3),
        ("C4", 3.0, R3 * 3),
        ("D4", 4.5, R3 * 3.5),
        ("G9", 9.0, R3 * 8),
        ("AB2", 40.5, R3 * 1.5),  # index 27, odd
    ],
)
def test_centre_follows_the_label_formula(label, x, y):
    cx, cy = centre(parse_label(label))
    assert cx == pytest.approx(x)
    assert cy == pytest.approx(y)


def test_odd_columns_sit_half_a_hex_lower_than_their_neighbours():
    # Same row number: B and D lower than A, C, E by half a hex (√3/2 at unit radius).
    for even, odd in (("A5", "B5"), ("C5", "D5"), ("E5", "F5")):
        assert centre(parse_label(odd)).y - centre(parse_label(even)).y == pytest.approx(R3 / 2)


def test_a1_is_the_top_left_hex_of_a_map():
    hexes = [from_offset(c, r) for c in range(7) for r in range(9)]
    top = min(centre(h).y for h in hexes)
    left = min(centre(h).x for h in hexes)
    assert centre(parse_label("A1")) == (left, top)


def test_corners_are_at_unit_distance_clockwise_from_east():
    cx, cy = centre(parse_label("C4"))
    pts = corners(parse_label("C4"))
    assert pts[0] == pytest.approx((cx + 1, cy))  # east
    assert pts[1] == pytest.approx((cx + 0.5, cy + R3 / 2))  # south-east (y down)
    assert pts[3] == pytest.approx((cx - 1, cy))  # west
    for px, py in pts:
        assert math.hypot(px - cx, py - cy) == pytest.approx(1.0)


def test_hex_at_point_picks_the_hex_under_the_mouse():
    cx, cy = centre(parse_label("D4"))
    assert hex_label(hex_at_point(cx, cy)) == "D4"
    assert hex_label(hex_at_point(cx + 0.4, cy - 0.4)) == "D4"
    dx, dy = centre(parse_label("D3"))
    assert hex_label(hex_at_point(dx - 0.3, dy + 0.2)) == "D3"


# --- neighbours and distance ----------------------------------------------------------


def test_neighbours_in_an_even_column():
    # C4 (index 2): D and B sit lower, so C4 touches row 3 and row 4 of them.
    c4 = parse_label("C4")
    assert labels(c4.neighbours()) == {"C3", "D3", "D4", "C5", "B4", "B3"}
    by_name = {DIRECTION_NAMES[i]: hex_label(c4.neighbour(i)) for i in range(6)}
    assert by_name == {"N": "C3", "NE": "D3", "SE": "D4", "S": "C5", "SW": "B4", "NW": "B3"}


def test_neighbours_in_an_odd_column():
    # D4 (index 3, lower): C and E sit higher, so D4 touches row 4 and row 5 of them.
    d4 = parse_label("D4")
    by_name = {DIRECTION_NAMES[i]: hex_label(d4.neighbour(i)) for i in range(6)}
    assert by_name == {"N": "D3", "NE": "E4", "SE": "E5", "S": "D5", "SW": "C5", "NW": "C4"}


def test_neighbours_are_one_hex_apart_in_the_plane():
    # Centre to centre of touching flat-topped hexes: √3 at unit radius.
    for label in ("C4", "D4"):
        h = parse_label(label)
        for n in h.neighbours():
            assert math.dist(centre(h), centre(n)) == pytest.approx(R3)
            assert distance(h, n) == 1


def test_direction_names_and_digits():
    assert direction_index("N") == 0
    assert direction_index("nw") == 5
    assert direction_index("3") == 3
    with pytest.raises(ValueError):
        direction_index("E")


@pytest.mark.parametrize(
    ("a", "b", "steps"),
    [
        ("C4", "C4", 0),
        ("C4", "D3", 1),
        ("C4", "C7", 3),
        ("B1", "B9", 8),
        # A1 -> B1 -> C2 -> D2 -> E3 -> F3 -> G4 (six diagonal steps), then G5 .. G9.
        ("A1", "G9", 11),
        # A9 -> B8 -> C8 -> D7 -> E7 -> F6 -> G6: six diagonal steps up and right.
        ("A9", "G6", 6),
        ("A1", "G1", 6),
    ],
)
def test_distance_counts_steps(a, b, steps):
    assert distance(parse_label(a), parse_label(b)) == steps
    assert distance(parse_label(b), parse_label(a)) == steps


def test_rings_and_spirals():
    c = parse_label("H8")
    assert len(ring(c, 0)) == 1
    assert len(ring(c, 3)) == 18
    assert all(distance(c, h) == 3 for h in ring(c, 3))
    assert len(spiral(c, 7)) == 3 * 8 * 7 + 1 == 169


def test_axial_coordinates_are_cube_coordinates():
    h = parse_label("F7")
    assert h.q + h.r + h.s == 0
    assert Hex(2, 3) - Hex(1, 1) == Hex(1, 2)


# --- the integer lattice ----------------------------------------------------------------


def test_lattice_is_the_plane_stretched_to_integers():
    # X = 2x, Y = 2y/√3: A1 (0, 0) -> (0, 0); B1 (1.5, √3/2) -> (3, 1); C4 (3, 3√3) -> (6, 6).
    assert lattice(parse_label("A1")) == (0, 0)
    assert lattice(parse_label("B1")) == (3, 1)
    assert lattice(parse_label("C4")) == (6, 6)
    assert lattice(parse_label("D4")) == (9, 7)


def test_lattice_corners_by_hand():
    # B1 at (3, 1): E (5, 1), SE (4, 2), SW (2, 2), W (1, 1), NW (2, 0), NE (4, 0).
    assert lattice_corners(parse_label("B1")) == [(5, 1), (4, 2), (2, 2), (1, 1), (2, 0), (4, 0)]
    # the same corners as the real plane, stretched
    for (lx, ly), (x, y) in zip(
        lattice_corners(parse_label("B1")), corners(parse_label("B1")), strict=True
    ):
        assert (lx, ly) == (pytest.approx(2 * x), pytest.approx(2 * y / R3))


def test_neighbours_share_two_lattice_corners():
    # A1 and B1 (its SE neighbour) share the edge from A1's east corner to its south-east one.
    shared = set(lattice_corners(parse_label("A1"))) & set(lattice_corners(parse_label("B1")))
    assert shared == {(2, 0), (1, 1)}


def test_lattice_centre_round_trip():
    for label in ("A1", "B1", "C4", "D4", "AB12"):
        h = parse_label(label)
        assert from_lattice_centre(*lattice(h)) == h
    assert from_lattice_centre(2, 0) is None  # a corner, not a centre
    assert from_lattice_centre(3, 0) is None  # B would need an odd Y
