"""Line of sight by the height rules of the drafts (clauses los.*), worked by hand.

Most cases look straight down column A of a one-column map: from A1 the line to A(k)
crosses A2 .. A(k-1), so "n hexes behind A2" are A3 .. A(2+n).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.board.hexgrid import parse_label as P
from referee.board.los import line_of_sight, los_board
from referee.board.maps import parse_map
from referee.ruleset.shipped import load_ruleset


def board(terrain: dict[str, str], columns: int = 1, rows: int = 8, readings=None, smoke=()):
    rs = load_ruleset("current", readings or {})
    doc = {
        "name": "t",
        "shape": "rectangle",
        "columns": columns,
        "rows": rows,
        "default_terrain": "clear",
        "terrain": terrain,
    }
    bm = parse_map(Path("t.toml"), doc, rs.terrain)
    return los_board(bm, rs, [P(s) for s in smoke])


def sight(b, a, c, la=None, lc=None):
    return line_of_sight(b, P(a), P(c), la, lc)


def test_ground_level_blocking_terrain_between_blocks():
    s = sight(board({"A3": "forest"}), "A1", "A5")
    assert not s.visible and not s.blind
    assert [str(h) for h in s.blocked_by] == ["A3"]
    assert [str(h) for h in s.line.crossed] == ["A2", "A3", "A4"]


def test_end_hexes_never_block():
    assert sight(board({"A1": "forest", "A5": "building"}), "A1", "A5").visible


def test_ruins_and_rough_do_not_block():
    assert sight(board({"A2": "ruins", "A3": "rough", "A4": "swamp"}), "A1", "A5").visible


def test_both_at_level_1_see_over_level_0_and_1_but_not_level_2():
    b = board({"A1": "hill", "A5": "hill", "A2": "forest", "A3": "hill"})
    assert sight(b, "A1", "A5").visible
    b = board({"A1": "hill", "A5": "hill", "A3": "mountain"})
    assert not sight(b, "A1", "A5").visible


@pytest.mark.parametrize(("target", "blind"), [("A3", True), ("A4", True), ("A5", False)])
def test_level_1_to_0_hill_leaves_two_blind_hexes(target, blind):
    s = sight(board({"A1": "hill", "A2": "hill"}), "A1", target)
    assert s.visible is not blind
    assert s.blind is blind


@pytest.mark.parametrize(
    ("obstacle", "seen"),
    [
        ("hill", {"A3": "blind", "A4": "blind", "A5": "visible"}),
        ("forest", {"A3": "blind", "A4": "visible", "A5": "visible"}),
        ("mountain", {"A3": "blocked", "A4": "blocked", "A5": "blocked"}),
    ],
)
def test_level_2_to_0(obstacle, seen):
    b = board({"A1": "mountain", "A2": obstacle})
    for target, verdict in seen.items():
        s = sight(b, "A1", target)
        got = "visible" if s.visible else ("blind" if s.blind else "blocked")
        assert got == verdict, (target, s.working)


def test_flying_counts_as_level_2():
    b = board({"A2": "forest"})
    assert sight(b, "A1", "A3", la=2).blind
    assert sight(b, "A1", "A4", la=2).visible


def test_line_of_sight_is_symmetric_blind_hex_seen_from_below():
    b = board({"A1": "mountain", "A2": "hill"})
    assert sight(b, "A4", "A1").blind
    assert sight(b, "A5", "A1").visible


def test_level_0_terrain_from_level_1_is_a_ruling():
    b = board({"A1": "hill", "A2": "forest"})
    assert sight(b, "A1", "A3").blind  # default reading: one blind hex
    assert sight(b, "A1", "A4").visible
    assert "los.level0-from-level1" in sight(b, "A1", "A3").rulings
    b = board({"A1": "hill", "A2": "forest"}, readings={"los.level0-from-level1": "block"})
    assert not sight(b, "A1", "A4").visible


def test_smoke_blocks_whatever_the_levels_by_default():
    b = board({"A1": "hill", "A5": "hill"}, smoke=["A3"])
    s = sight(b, "A1", "A5")
    assert not s.visible and "los.smoke" in s.rulings
    b = board({"A1": "hill", "A5": "hill"}, smoke=["A3"], readings={"los.smoke": "level-0"})
    assert sight(b, "A1", "A5").visible


def test_smoke_in_an_end_hex_does_not_block():
    assert sight(board({}, smoke=["A1"]), "A1", "A4").visible


def test_edge_run_blocked_only_when_both_sides_block():
    # A2 -> C2 runs along the edge between B1 and B2 (see test_line).
    one = board({"B1": "forest"}, columns=3, rows=3)
    assert sight(one, "A2", "C2").visible
    assert "los.edge-run" in sight(one, "A2", "C2").rulings
    both = board({"B1": "forest", "B2": "building"}, columns=3, rows=3)
    s = sight(both, "A2", "C2")
    assert not s.visible and sorted(str(h) for h in s.blocked_by) == ["B1", "B2"]


def test_edge_run_either_side_reading():
    one = board({"B1": "forest"}, columns=3, rows=3, readings={"los.edge-run": "either-side"})
    assert not sight(one, "A2", "C2").visible


def test_corner_touch_ignored_by_default_and_blocks_by_switch():
    # B3 -> F6 touches C5 and E5 at corners only (see test_line).
    b = board({"C5": "forest"}, columns=7, rows=9)
    assert sight(b, "B3", "F6").visible
    b = board({"C5": "forest"}, columns=7, rows=9, readings={"los.vertex-touch": "block"})
    assert not sight(b, "B3", "F6").visible


def test_blind_count_along_the_line():
    # From A1 (mountain) over the hill A2: with "steps", A4 is 2 steps behind -> blind.
    b = board({"A1": "mountain", "A2": "hill"}, readings={"los.blind-count": "along-line"})
    assert sight(b, "A1", "A4").blind
    assert sight(b, "A1", "A5").visible


def test_working_names_the_clause_and_each_obstacle():
    s = sight(board({"A3": "forest"}), "A1", "A5")
    assert "los.ground-level" in s.clauses
    assert any("A3 (forest, level-0 blocking)" in w for w in s.working)


def test_bad_level_and_hex_off_map_are_refused():
    b = board({})
    with pytest.raises(ValueError, match="level 3"):
        sight(b, "A1", "A3", la=3)
    with pytest.raises(ValueError, match="not on the map"):
        line_of_sight(b, P("A1"), P("C3"))
