"""Scenario files (data/scenarios/*.toml, schema in data/README.md "Scenarios"): the two
shipped scenarios load as the drafts describe them, and a bad file is refused naming the file
and every problem's key at once."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.board.hexgrid import parse_label
from referee.board.maps import find_map, load_map
from referee.ruleset.shipped import ruleset
from referee.scenarios.battlefield import layout_for, victories_offered, zones_of
from referee.scenarios.loader import ScenarioError, load_scenario, scenario, scenarios_of


def test_entrenched_is_the_current_editions_blind_setup_on_7x9():
    sc = scenario("entrenched")
    assert (sc.edition, sc.setup.procedure, sc.game, sc.map) == (
        "current",
        "blind",
        "standard",
        "entrenched",
    )
    assert (sc.battlefield.columns, sc.battlefield.rows) == (7, 9)
    assert sc.battlefield.forbid_in_no_mans_land == {"blocking", "advanced"}
    assert [v.id for v in victories_offered(sc, ruleset("current"))] == ["friendly", "fixed-time"]
    assert scenarios_of("current") == (sc,)


def test_the_standard_battle_has_the_first_drafts_six_steps():
    sc = scenario("standard-battle")
    assert sc.setup.procedure == "ordered"
    assert [s.id for s in sc.setup.steps] == [
        "huge",
        "scouts",
        "in-sight",
        "others",
        "remaining-scouts",
        "hidden",
    ]
    assert sc.setup.advantage is not None
    assert (sc.setup.advantage.first, sc.setup.advantage.then) == (1, 2)
    assert sc.battlefield.forbid_in_no_mans_land == {"blocking"}


def test_the_first_draft_offers_elimination_only_unless_the_ruling_reads_otherwise():
    sc, rules = scenario("standard-battle"), ruleset("first-draft")
    assert [v.id for v in victories_offered(sc, rules)] == ["friendly"]
    both = rules.with_readings({"victory.first-draft": "both-styles"})
    assert [v.id for v in victories_offered(sc, both)] == ["friendly", "fixed-time"]


@pytest.mark.parametrize(
    ("reading", "side2", "nml", "side1"),
    [
        ("three-rows", 21, 21, 21),
        ("two-rows", 14, 35, 14),
        # 3 hexes in A, C, E, G and 2 in B, D, F for each side, 4 a column in no man's land
        ("zig-zag", 18, 28, 17),
    ],
)
def test_the_entrenched_zones_follow_the_reading_of_the_ruling(reading, side2, nml, side1):
    rules = ruleset("current").with_readings({"setup.entrenched-zones": reading})
    sc = scenario("entrenched")
    zones = zones_of(sc, rules, load_map(find_map("entrenched")))
    assert (len(zones["side2"]), len(zones["no_mans_land"]), len(zones["side1"])) == (
        side2,
        nml,
        side1,
    )


def test_ten_rows_makes_the_first_drafts_battlefield_7x10():
    rules = ruleset("first-draft").with_readings({"setup.first-draft-zones": "ten-rows"})
    layout = layout_for(scenario("standard-battle"), rules)
    assert (layout.columns, layout.rows) == (7, 10)


GOOD = (Path(__file__).resolve().parents[2] / "data" / "scenarios" / "entrenched.toml").read_text()


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "mine.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_copy_of_a_shipped_scenario_loads_under_its_file_name(tmp_path):
    sc = load_scenario(write(tmp_path, GOOD))
    assert sc.id == "mine" and sc.name == "ENTRENCHED!"


def test_every_problem_of_a_bad_scenario_is_named_at_once_with_its_key(tmp_path):
    bad = 'colour = "red"\n' + (
        GOOD.replace('procedure = "blind"', 'procedure = "shuffled"')
        .replace('game = "standard"', 'game = "galactic"')
        .replace("[zones.two-rows]", "[zones.four-rows]")
        .replace("minutes = 120", "minutes = 0")
        .replace('clause = "victory.friendly"', 'clause = "victory.friendlyy"')
    )
    with pytest.raises(ScenarioError) as caught:
        load_scenario(write(tmp_path, bad))
    err = caught.value
    assert err.file == tmp_path / "mine.toml"
    keys = sorted(p.split(":")[0] for p in err.problems)
    assert keys == [
        "colour",
        "game",
        "setup.procedure",
        "victory[0].clause",
        "victory[1].minutes",
        "zones.four-rows",
        "zones.two-rows",
    ]
    assert str(tmp_path / "mine.toml") in str(err)


def test_a_value_by_ruling_is_checked_under_every_reading(tmp_path):
    bad = GOOD.replace('speed = "chosen"', 'speed = "@setup.advantage-tie"')
    with pytest.raises(ScenarioError) as caught:
        load_scenario(write(tmp_path, bad))
    assert caught.value.problems == [
        "setup.speed (ruling setup.advantage-tie, reading roll-again): 'roll-again' is not one "
        "of chosen, slowest",
        "setup.speed (ruling setup.advantage-tie, reading keep-previous): 'keep-previous' is not "
        "one of chosen, slowest",
    ]


def test_a_zone_off_the_battlefield_is_named_by_its_key(tmp_path):
    bad = GOOD.replace("side1 = { rows = [7, 9] }", "side1 = { rows = [7, 10] }", 1)
    with pytest.raises(ScenarioError) as caught:
        load_scenario(write(tmp_path, bad))
    assert caught.value.problems == [
        "zones.three-rows.side1.rows: expected [first, last] with 1 <= first <= last <= 9"
    ]


def test_a_toml_syntax_error_names_the_file_and_line(tmp_path):
    with pytest.raises(ScenarioError) as caught:
        load_scenario(write(tmp_path, 'name = "x"\nedition = \n'))
    assert "line 2" in caught.value.problems[0]


def test_zones_hexes_use_the_maps_labels():
    rules = ruleset("current").with_readings({"setup.entrenched-zones": "zig-zag"})
    zones = zones_of(scenario("entrenched"), rules, load_map(find_map("entrenched")))
    assert parse_label("B3") in zones["no_mans_land"] and parse_label("A3") in zones["side2"]
