"""Range bands (clause ``fire.range``): point blank 1, normal within range, long up to x2."""

from __future__ import annotations

import pytest

from referee.board.hexgrid import parse_label
from referee.board.ranges import range_band, shot_range


@pytest.mark.parametrize(
    ("distance", "band"),
    [
        (1, "point-blank"),
        (2, "normal"),
        (6, "normal"),  # exactly the weapon's range
        (7, "long"),
        (12, "long"),  # exactly twice the range
        (13, "out-of-range"),
    ],
)
def test_range_bands_of_a_range_6_weapon(current, distance: int, band: str) -> None:
    assert range_band(distance, 6, current).band == band


def test_range_1_weapon_is_point_blank_at_1_long_at_2_out_at_3(current) -> None:
    assert [range_band(d, 1, current).band for d in (1, 2, 3)] == [
        "point-blank",
        "long",
        "out-of-range",
    ]


def test_band_names_the_clause_of_its_modifiers(current) -> None:
    assert range_band(1, 6, current).clause == "fire.range.point-blank"
    assert range_band(4, 6, current).clause == "fire.range.normal"
    assert range_band(9, 6, current).clause == "fire.range.long"
    out = range_band(13, 6, current)
    assert out.clause == "fire.range" and not out.in_range


def test_point_blank_is_range_1_in_the_first_draft_by_ruling(first_draft) -> None:
    result = range_band(1, 6, first_draft)
    assert result.band == "point-blank"
    assert result.ruling == "fire.point-blank"


def test_range_1_is_normal_when_point_blank_is_read_as_undefined(first_draft) -> None:
    rules = first_draft.with_readings({"fire.point-blank": "none"})
    assert range_band(1, 6, rules).band == "normal"
    assert range_band(2, 6, rules).band == "normal"


def test_range_0_is_point_blank_by_default(current) -> None:
    result = range_band(0, 6, current)
    assert result.band == "point-blank"
    assert result.ruling == "fire.range-0"


def test_range_0_is_normal_at_the_normal_reading(current) -> None:
    rules = current.with_readings({"fire.range-0": "normal"})
    assert range_band(0, 6, rules).band == "normal"


def test_range_is_counted_in_hexes_between_the_two_hexes(current) -> None:
    # C3 -> D1: D2 then D1 (two steps); C3 -> H3: five columns, but the odd columns
    # are half a hex lower so a zig-zag along row 3 takes 5 steps.
    assert shot_range(parse_label("C3"), parse_label("D1"), 1, current).band == "long"
    h3 = shot_range(parse_label("C3"), parse_label("H3"), 4, current)
    assert h3.distance == 5 and h3.band == "long"
    assert shot_range(parse_label("C3"), parse_label("C4"), 4, current).band == "point-blank"


def test_range_band_refuses_a_negative_distance_or_a_weapon_without_range(current) -> None:
    with pytest.raises(ValueError, match="distance -1"):
        range_band(-1, 6, current)
    with pytest.raises(ValueError, match="weapon range 0"):
        range_band(3, 0, current)
