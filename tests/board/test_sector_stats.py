"""Four-sector stats: front/front-side/back-side/back (clauses ``angles.*``)."""

from __future__ import annotations

import pytest

from referee.board.sector_stats import (
    SectorStatError,
    parse_firing_arc,
    parse_fixed_guns,
    parse_sector_numbers,
)


def test_armor_4_3_3_2_is_4_front_3_front_side_3_back_side_2_back() -> None:
    armor = parse_sector_numbers("4/3/3/2", "armor")
    assert [armor.value(s) for s in ("front", "front-side", "back-side", "back")] == [4, 3, 3, 2]
    assert armor["back"] == 2


def test_a_stat_not_divided_in_four_is_the_same_for_all_angles() -> None:
    assert parse_sector_numbers("3").values == (3, 3, 3, 3)
    assert parse_sector_numbers(3).values == (3, 3, 3, 3)  # a bare number from a TOML file
    assert parse_firing_arc("*").values == (True, True, True, True)


def test_spaces_around_entries_are_ignored() -> None:
    assert parse_sector_numbers(" 4 / 3 / 3 / 2 ").values == (4, 3, 3, 2)


def test_firing_arc_star_allows_and_dash_forbids() -> None:
    front_only = parse_firing_arc("*/-/-/-")
    assert front_only.allows("front")
    assert not front_only.allows("front-side")
    assert not front_only.allows("back")
    assert parse_firing_arc("*/*/*/*").values == (True, True, True, True)


def test_fixed_weapons_x2_x1_x1_dash_are_six_guns() -> None:
    # 2 front, 1 front-side left, 1 front-side right, 1 back-side right, 1 back-side left.
    guns = parse_fixed_guns("x2/x1/x1/-")
    assert [guns.guns(s) for s in ("front", "front-side", "back-side", "back")] == [2, 1, 1, 0]
    assert guns.total == 6


def test_stats_print_back_as_written() -> None:
    assert parse_sector_numbers("4/3/3/2").text() == "4/3/3/2"
    assert parse_firing_arc("*/-/-/-").text() == "*/-/-/-"
    assert parse_fixed_guns("x2/x1/x1/-").text() == "x2/x1/x1/-"


def test_wrong_number_of_entries_names_the_text_and_the_count() -> None:
    with pytest.raises(SectorStatError, match=r"armor '4/3/3'.*got 3"):
        parse_sector_numbers("4/3/3", "armor")


def test_bad_number_names_its_position_and_sector() -> None:
    with pytest.raises(SectorStatError, match=r"'4/3/a/2': entry 3 \(back-side\) 'a'"):
        parse_sector_numbers("4/3/a/2", "armor")


def test_bad_firing_arc_entry_names_its_position_and_sector() -> None:
    with pytest.raises(SectorStatError, match=r"entry 2 \(front-side\) 'x'"):
        parse_firing_arc("*/x/-/-")


def test_fixed_guns_need_an_x_before_the_count() -> None:
    with pytest.raises(SectorStatError, match=r"entry 2 \(front-side\) '1'"):
        parse_fixed_guns("x2/1/x1/-")
    with pytest.raises(SectorStatError, match=r"entry 4 \(back\) 'x0'.*'-' for none"):
        parse_fixed_guns("x2/x1/x1/x0")


def test_unknown_sector_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown sector 'side'"):
        parse_sector_numbers("4/3/3/2").value("side")  # type: ignore[arg-type]
