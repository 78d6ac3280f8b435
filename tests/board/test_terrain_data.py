"""Terrain tables as data (clauses terrain.*): the differences between the current edition and
the first draft that the rulebook's reading guide lists, checked against the shipped files;
and a bad terrain.toml refused with every problem naming its key."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from referee.errors import DataFileError
from referee.ruleset.terrain import parse_terrain_table

MEDIUM_INFANTRY = ("medium", "infantry")
LARGE = ("large",)
HUGE = ("huge",)


def test_both_editions_load(current, first_draft):
    assert current.terrain.edition == "current"
    assert first_draft.terrain.edition == "first-draft"
    for table in (current.terrain, first_draft.terrain):
        for tid in ("clear", "mountain", "hill", "forest", "swamp", "building", "ruins", "rough"):
            assert tid in table


def test_activation_tiles_load():
    from referee.ruleset.shipped import ruleset

    assert set(ruleset("activation").terrain.terrain) == {"clear", "building"}


# --- the same in both editions ---------------------------------------------------------------


@pytest.mark.parametrize("edition", ["current", "first_draft"])
def test_hills_and_mountains(edition, request):
    t = request.getfixturevalue(edition).terrain
    # "Mountains 2 movement points up, 1 down. 2 hight level, level 2 blocking terrain."
    assert (t["mountain"].height, t["mountain"].blocking) == (2, 2)
    assert (t["mountain"].up, t["mountain"].down) == (2, 1)
    # "Hills 2 movement points up, 1 down. 1 hight level, level 1 blocking terrain."
    assert (t["hill"].height, t["hill"].blocking) == (1, 1)
    assert (t["hill"].up, t["hill"].down) == (2, 1)


@pytest.mark.parametrize("edition", ["current", "first_draft"])
def test_forest_costs_vehicles_two(edition, request):
    forest = request.getfixturevalue(edition).terrain["forest"]
    assert forest.blocking == 0
    assert forest.enter_cost(MEDIUM_INFANTRY) == 1
    assert forest.enter_cost(("large", "vehicle", "track")) == 2


@pytest.mark.parametrize("edition", ["current", "first_draft"])
def test_only_infantry_enters_buildings(edition, request):
    building = request.getfixturevalue(edition).terrain["building"]
    assert building.enter_cost(MEDIUM_INFANTRY) == 2
    assert building.enter_cost(("medium", "vehicle")) is None


def test_clear_costs_one_and_blocks_nothing(current):
    clear = current.terrain["clear"]
    assert clear.enter_cost(HUGE) == 1
    assert not clear.is_blocking and clear.height == 0 and clear.leave_cost(HUGE) == 0


# --- the differences (README of the rulebook, "Where the drafts differ") ----------------------


@pytest.mark.parametrize("tid", ["ruins", "rough"])
def test_ruins_and_rough_cost_one_now_two_in_the_first_draft(tid, current, first_draft):
    assert current.terrain[tid].enter_cost(MEDIUM_INFANTRY) == 1
    assert first_draft.terrain[tid].enter_cost(MEDIUM_INFANTRY) == 2
    assert not current.terrain[tid].is_blocking
    assert not first_draft.terrain[tid].is_blocking


def test_smoke_costs_one_more_to_enter_only_in_the_first_draft(current, first_draft):
    assert current.terrain.markers["smoke"].enter_extra == 0
    assert first_draft.terrain.markers["smoke"].enter_extra == 1
    assert current.terrain.markers["smoke"].blocks_los
    assert first_draft.terrain.markers["smoke"].blocks_los


def test_swamp_extra_is_paid_to_enter_now(current):
    # "1 movement point to enter for medium and smaller, +1/+2 ... to enter for large/huge"
    swamp = current.terrain["swamp"]
    assert swamp.enter_cost(MEDIUM_INFANTRY) == 1
    assert swamp.enter_cost(LARGE) == 2
    assert swamp.enter_cost(HUGE) == 3
    assert swamp.leave_cost(LARGE) == swamp.leave_cost(HUGE) == 0
    assert swamp.advanced


def test_swamp_extra_is_paid_to_leave_in_the_first_draft(first_draft):
    # "1 movement point to enter for medium and smaller, +1/+2 movement points to exit for
    # large/huge": entering costs everyone the same, leaving costs large +1 and huge +2 more.
    swamp = first_draft.terrain["swamp"]
    assert swamp.enter_cost(MEDIUM_INFANTRY) == swamp.enter_cost(LARGE) == 1
    assert swamp.enter_cost(HUGE) == 1
    assert swamp.leave_cost(LARGE) - swamp.leave_cost(MEDIUM_INFANTRY) == 1
    assert swamp.leave_cost(HUGE) - swamp.leave_cost(MEDIUM_INFANTRY) == 2


@pytest.mark.parametrize("edition", ["current", "first_draft"])
def test_tracks_and_wheels_get_stuck_in_swamp_on_1_or_2(edition, request):
    swamp = request.getfixturevalue(edition).terrain["swamp"]
    assert swamp.can_get_stuck(("large", "vehicle", "track"))
    assert swamp.can_get_stuck(("wheel",))
    assert not swamp.can_get_stuck(MEDIUM_INFANTRY)
    assert swamp.stuck_on == 2


def test_building_is_level_0_blocking_only_now(current, first_draft):
    assert current.terrain["building"].blocking == 0
    assert current.terrain["building"].is_blocking
    assert not first_draft.terrain["building"].is_blocking


@pytest.mark.parametrize("tid", ["burned-forest", "sand-dunes", "water"])
def test_terrain_only_in_the_current_edition(tid, current, first_draft):
    assert tid in current.terrain
    assert tid not in first_draft.terrain


@pytest.mark.parametrize("fid", ["road", "river"])
def test_roads_and_rivers_only_in_the_current_edition(fid, current, first_draft):
    assert fid in current.terrain.features
    assert first_draft.terrain.features == {}


def test_current_only_terrain_as_the_table_gives_it(current):
    t = current.terrain
    assert t["burned-forest"].blocking == 0  # "Burned Forrest  Level 0 blocking terrain"
    assert t["sand-dunes"].blocking == 0  # "Sand Dunes  2 movement point to enter. Level 0 ..."
    assert t["sand-dunes"].enter_cost(MEDIUM_INFANTRY) == 2
    assert t.features["road"].road_cost == 1  # "from a road to another hex with road ... 1"
    assert t.features["river"].enter_extra == 1  # "River  +1 movement point to enter"
    # "Water  1 movement point to enter for ships, floating or flying ... Cannot be entered by
    # any other way."
    assert t["water"].enter_cost(("large", "ship")) == 1
    assert t["water"].enter_cost(("small", "flying")) == 1
    assert t["water"].enter_cost(MEDIUM_INFANTRY) is None


def test_evasion_6_for_medium_and_smaller_in_cover_terrain(current):
    # To-hit table: "Grants Evation(6+) for any medium or smaller unit"
    for tid in ("forest", "burned-forest", "building", "ruins", "rough", "sand-dunes"):
        t = current.terrain[tid]
        assert t.evasion_for("small") == t.evasion_for("medium") == 6, tid
        assert t.evasion_for("large") is None and t.evasion_for("huge") is None, tid
    assert current.terrain["clear"].evasion_for("small") is None


def test_a_forest_burns_to_rough_ground(current):
    # Aftermath: "replace any forest in such a hex with rough terrain"
    assert current.terrain["forest"].burns_to == "rough"


# --- a bad terrain.toml ------------------------------------------------------------------------

CLEAR = '[terrain.clear]\nname = "Clear"\nclause = "terrain.clear"\n'


def parse(text: str):
    return parse_terrain_table(Path("terrain.toml"), tomllib.loads(text), "test")


def refused(text: str) -> list[str]:
    with pytest.raises(DataFileError) as info:
        parse(text)
    assert info.value.path == Path("terrain.toml")
    return info.value.problems


def test_a_good_table_parses():
    t = parse(CLEAR + '[terrain.bog]\nname = "Bog"\nclause = "x"\nenter = { default = 3 }\n')
    assert t["bog"].enter_cost(()) == 3


@pytest.mark.parametrize(
    ("text", "key"),
    [
        (CLEAR + "speed = 2\n", "terrain.clear.speed:"),
        (CLEAR + '[terrain.bog]\nclause = "x"\n', "terrain.bog.name:"),
        (CLEAR + "enter = { default = -1 }\n", "terrain.clear.enter.default:"),
        (CLEAR + "enter = { large = 1.5 }\n", "terrain.clear.enter.large:"),
        (CLEAR + "enter = {}\n", "terrain.clear.enter:"),
        (CLEAR + 'cover = "-1"\n', "terrain.clear.cover:"),
        (CLEAR + "blocking = 3\n", "terrain.clear.blocking:"),
        (CLEAR + "height = 5\n", "terrain.clear.height:"),
        (CLEAR + 'evasion_max_size = "giant"\n', "terrain.clear.evasion_max_size:"),
        (CLEAR + 'burns_to = "ash"\n', "terrain.clear.burns_to:"),
        (CLEAR + 'stuck = { tags = "track", on = 2 }\n', "terrain.clear.stuck.tags:"),
        (CLEAR + 'stuck = { tags = ["track"], on = "x" }\n', "terrain.clear.stuck.on:"),
        (CLEAR + 'stuck = { tag = ["track"], on = 2 }\n', "terrain.clear.stuck.tag:"),
        (CLEAR + '[features.road]\nname = "Road"\nclause = "x"\ncost = 1\n', "features.road.cost:"),
        (CLEAR + '[markers.smoke]\nname = "Smoke"\nblocks_los = true\n', "markers.smoke.clause:"),
        ('features = "road"\n' + CLEAR, "features:"),
        ('weather = "rain"\n' + CLEAR, "weather:"),
        ("", "terrain:"),
    ],
)
def test_bad_terrain_file_names_the_key(text, key):
    found = refused(text)
    assert any(p.startswith(key) for p in found), found


def test_bad_terrain_file_reports_every_problem():
    text = CLEAR + "speed = 2\n"
    text += '[terrain.bog]\nname = "Bog"\nclause = "x"\nenter = { default = -2 }\n'
    text += '[terrain.heath]\nname = "Heath"\nclause = "x"\nburns_to = "ash"\n'
    found = refused(text)
    assert [p.split(":")[0] for p in found] == [
        "terrain.clear.speed",
        "terrain.bog.enter.default",
        "terrain.heath.burns_to",
    ]


def test_unknown_burns_to_names_the_terrain():
    (p,) = refused(CLEAR + 'burns_to = "ash"\n')
    assert p.startswith("terrain.clear.burns_to:") and "'ash'" in p
