"""A map under a scenario (draft 004 "Building battle ground", clauses board.no-mans-land,
terrain.advanced): ENTRENCHED!'s no man's land holds no blocking or advanced terrain, the
first draft's no blocking terrain; the size is the scenario's; `referee map check
--scenario` prints the same verdicts."""

from __future__ import annotations

from pathlib import Path

from referee.board.maps import find_map, load_map
from referee.cli.main import main
from referee.ruleset.shipped import ruleset
from referee.scenarios.battlefield import battlefield_problems, scenario_problems
from referee.scenarios.loader import scenario

ENTRENCHED = load_map(find_map("entrenched"))


def painted(changes: dict[str, str]):
    return ENTRENCHED.with_terrain({ENTRENCHED.parse(k): v for k, v in changes.items()})


def test_the_shipped_maps_keep_their_scenarios():
    assert battlefield_problems(ENTRENCHED, scenario("entrenched"), ruleset("current")) == []
    standard = load_map(find_map("standard"))
    assert battlefield_problems(standard, scenario("standard-battle"), ruleset("first-draft")) == []


def test_blocking_and_advanced_terrain_in_no_mans_land_break_entrenched():
    # forest is level-0 blocking terrain; swamp is advanced terrain (draft 004 terrain table)
    problems = battlefield_problems(
        painted({"C5": "forest", "E4": "swamp", "A3": "forest"}),
        scenario("entrenched"),
        ruleset("current"),
    )
    assert problems == [
        "zones.no_mans_land: C5 is Forest, blocking terrain, which no man's land may not hold",
        "zones.no_mans_land: E4 is Swamp, advanced terrain, which no man's land may not hold",
    ]  # A3 is side 2's own territory: anything goes


def test_the_first_draft_forbids_only_blocking_terrain_in_no_mans_land(tmp_path):
    standard = load_map(find_map("standard"))
    rules = ruleset("first-draft")
    swamp = standard.with_terrain({standard.parse("D5"): "swamp"})
    assert battlefield_problems(swamp, scenario("standard-battle"), rules) == []
    hill = standard.with_terrain({standard.parse("D5"): "hill"})
    assert battlefield_problems(hill, scenario("standard-battle"), rules) == [
        "zones.no_mans_land: D5 is Hills, blocking terrain, which no man's land may not hold"
    ]


def test_a_wider_no_mans_land_under_two_rows_catches_the_hill_at_b7():
    rules = ruleset("current").with_readings({"setup.entrenched-zones": "two-rows"})
    problems = battlefield_problems(ENTRENCHED, scenario("entrenched"), rules)
    assert (
        "zones.no_mans_land: B7 is Hills, blocking terrain, which no man's land may not hold"
        in problems
    )


def test_a_map_of_another_size_or_edition_is_named():
    standard = load_map(find_map("standard"))
    assert battlefield_problems(standard, scenario("entrenched"), ruleset("current")) == [
        "edition: the scenario ENTRENCHED! is played under current, the map is a first-draft map"
    ]


BROKEN = """\
name = "Forest in the middle"
edition = "current"
shape = "rectangle"
columns = 7
rows = 9

[terrain]
C5 = "forest"
D4 = "water"
A1 = "building"
"""


def test_map_check_with_a_scenario_prints_the_same_verdicts(tmp_path: Path, capsys):
    path = tmp_path / "forest.toml"
    path.write_text(BROKEN, encoding="utf-8")
    assert main(["map", "check", str(path), "--scenario", "entrenched"]) == 1
    lines = capsys.readouterr().out.splitlines()
    # the zones follow ruling setup.entrenched-zones (its default): the answer lists it
    assert lines.pop() == "  rulings: setup.entrenched-zones (three-rows)"
    expected = scenario_problems(load_map(path), scenario("entrenched"), ruleset("current"))
    assert lines[0] == f"{path}: 2 problem(s)"
    assert [line.split(f"{path}: ", 1)[1] for line in lines[1:]] == expected
    assert expected == [
        "scenario entrenched: zones.no_mans_land: C5 is Forest, blocking terrain, which no "
        "man's land may not hold",
        "scenario entrenched: zones.no_mans_land: D4 is Water, advanced terrain, which no "
        "man's land may not hold",
    ]


def test_map_check_of_a_map_that_keeps_the_scenario(capsys):
    assert main(["map", "check", "entrenched", "--scenario", "entrenched", "--json"]) == 0
    assert '"scenario": "entrenched"' in capsys.readouterr().out
