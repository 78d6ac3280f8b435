"""The journal's mission line (referee/rules/activation/mission_line.py): written with the
mission file's edge letters, as every journal always held it, and shown with each side's edge
where the flat-topped map has it. On the shipped hexagon S is the lower-left edge (A12 to H15),
N the upper-right one (H1 to O5), NE the right one (O5 to O12): data/README.md, "Zones"."""

from __future__ import annotations

import pytest
from activation_factory import game
from msgspec.structs import replace

from referee.rules.activation.mission_line import mission_line, shown_line


@pytest.fixture(scope="module")
def g():
    return game()


def test_the_line_is_written_with_the_files_letters(g):
    assert mission_line(g.missions.get("crossroads")) == (
        "the mission is Crossroads (crossroads): activation map, "
        "side 1's edge S, side 2's edge N, capacity 12"
    )


def test_the_line_is_shown_with_each_edge_where_the_map_has_it(g):
    written = mission_line(replace(g.missions.get("twin-towers"), edges={1: "NE", 2: "SW"}))
    assert shown_line(g.maps, written) == (
        "the mission is Twin towers (twin-towers): activation map, side 1 at the right edge "
        "(O5 to O12), side 2 at the left edge (A5 to A12), capacity 10"
    )


def test_a_name_in_brackets_still_finds_its_mission(g):
    named = replace(g.missions.get("open-field"), name="Open field (night)")
    assert shown_line(g.maps, mission_line(named)) == (
        "the mission is Open field (night) (open-field): activation map, side 1 at the "
        "lower-left edge (A12 to H15), side 2 at the upper-right edge (H1 to O5), capacity 12"
    )


def test_other_lines_and_missions_no_longer_in_the_ruleset_are_shown_as_written(g):
    gone = mission_line(replace(g.missions.get("crossroads"), id="old-mission"))
    assert shown_line(g.maps, gone) == gone
    other = "H8: Citadel, pips side 1 0, side 2 0, neutral 6"
    assert shown_line(g.maps, other) == other
