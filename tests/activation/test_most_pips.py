"""The most pips a building holds (ruling activation.most-pips: the draft gives no bound; the
default reading is 99 pips in all, the other 999). Every place pips are read is held to it,
naming the field and the value: the command line (``--pips``, ``--building``), a structure
card, a mission's building and a match file's state; none reads an absurd number."""

from __future__ import annotations

import json
import tomllib

import pytest

from referee.cli.main import main
from referee.errors import DataFileError
from referee.paths import data_dir
from referee.rules.activation.cards import parse_structures
from referee.rules.activation.game import ActivationGame
from referee.rules.activation.missions import parse_missions
from referee.rules.activation.state import ActivationState, StateError
from referee.ruleset.shipped import ruleset

FOLDER = data_dir() / "rulesets" / "activation"
RULING = "activation.most-pips"


def raw(name: str) -> dict:
    return tomllib.loads((FOLDER / name).read_text(encoding="utf-8"))


def test_the_shipped_ruleset_reads_at_most_99_pips():
    assert ActivationGame.of(ruleset("activation")).rules.fortifications.most_pips == 99


@pytest.mark.parametrize(
    "argv",
    [
        ["move", "rifle-squad", "H12:N", "--to", "H10", "--building", "H8:enemy=999999999999999"],
        ["reach", "rifle-squad", "H12:N", "--building", "H8:enemy=999999999999999"],
        ["capture", "--pips", "enemy=999999999999999"],
        ["damage-fortification", "--pips", "enemy=999999999999999", "--hits", "1"],
        ["health-check", "--pips", "enemy=999999999999999", "--unit", "rifles:1:3"],
    ],
)
def test_more_pips_than_a_building_holds_are_refused_naming_the_argument(capsys, argv):
    assert main(["activation", *argv]) == 2
    err = capsys.readouterr().err
    argument = "--building" if "--building" in argv else "--pips"
    assert argument in err and "999999999999999" in err and RULING in err
    assert "Traceback" not in err


def test_the_bound_is_on_the_pips_in_all(capsys):
    # 60 + 40 = 100 pips in all: one more than a building holds; 59 + 40 = 99 is allowed
    assert main(["activation", "capture", "--pips", "enemy=60,neutral=40"]) == 2
    err = capsys.readouterr().err
    assert "100" in err and "--pips" in err and RULING in err
    assert main(["activation", "capture", "--pips", "enemy=59,neutral=40", "--json"]) == 0
    # neutral turned first, two neutral pips (ruling activation.capture-neutral)
    assert json.loads(capsys.readouterr().out)["pips"] == {"ally": 2, "enemy": 59, "neutral": 38}


def test_the_other_reading_holds_999(capsys):
    other = ["--ruling", f"{RULING}=nine-hundred-ninety-nine", "--json"]
    assert main(["activation", "capture", "--pips", "enemy=500", *other]) == 0
    assert json.loads(capsys.readouterr().out)["pips"] == {"ally": 1, "enemy": 499, "neutral": 0}
    assert main(["activation", "capture", "--pips", "enemy=1000", *other]) == 2
    assert "1000" in capsys.readouterr().err


def test_a_structure_card_or_a_mission_building_with_too_many_pips_is_refused():
    bad = raw("structures.toml")
    bad["structure"][0]["pips"] = 100
    with pytest.raises(DataFileError) as info:
        parse_structures(FOLDER / "structures.toml", bad, 99)
    assert any(p.startswith("structure bunker.pips:") and "100" in p for p in info.value.problems)
    cards = ActivationGame.of(ruleset("activation")).cards
    bad = raw("missions.toml")
    bad["mission"][0]["building"][0]["pips"] = {"neutral": 60, "side1": 40}
    with pytest.raises(DataFileError) as info:
        parse_missions(FOLDER / "missions.toml", bad, cards, 99)
    assert any(
        p.startswith("mission crossroads.building[0].pips:") and "100" in p and RULING in p
        for p in info.value.problems
    )


def test_a_match_file_state_with_too_many_pips_is_refused():
    state = {
        "phase": "main",
        "fortifications": [
            {"hex": "H8", "structure": "citadel", "pips": {"side1": 0, "side2": 0, "neutral": 100}}
        ],
    }
    with pytest.raises(StateError) as info:
        ActivationState.from_json(state, 99)
    assert "fortifications.H8" in str(info.value) and "100" in str(info.value)
    state["fortifications"][0]["pips"]["neutral"] = 99
    assert ActivationState.from_json(state, 99).fortifications


# --- the board a move is looked up on carries the buildings named -----------------------------


def test_the_move_board_has_a_building_on_each_building_tile_of_the_map(capsys):
    """On the written-orders game's standard map, B2 is forest (data/maps/standard.toml):
    ``--building B2:...`` puts a building's terrain there, as a match's board has one on
    each fortification tile; the answer lists each building, its pips as the mover sees
    them, and whether it is an enemy tile (deployed by the enemy: clause activation.tiles)
    or held by the enemy (more enemy pips: ruling activation.aircraft-enemy-building)."""
    argv = ["activation", "reach", "rifle-squad", "C4:N", "--map", "standard"]
    buildings = ["--building", "B2:ally=1,neutral=2", "--building", "C3:enemy=2:by=enemy"]
    assert main([*argv, *buildings, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["map"] == "standard"
    assert data["buildings"] == [
        {
            "hex": "B2",
            "terrain": "building",
            "map_terrain": "forest",
            "pips": {"ally": 1, "enemy": 0, "neutral": 2},
            "by": None,
            "enemy_tile": False,
            "enemy_held": False,
        },
        {
            "hex": "C3",
            "terrain": "building",
            "map_terrain": "clear",
            "pips": {"ally": 0, "enemy": 2, "neutral": 0},
            "by": "enemy",
            "enemy_tile": True,
            "enemy_held": True,
        },
    ]
    assert main([*argv, *buildings]) == 0
    out = capsys.readouterr().out
    assert "B2: a building (terrain building, over the map's forest)" in out
    assert (
        "C3: a building (terrain building), pips ally 0, enemy 2, neutral 0; "
        "deployed by the enemy: an enemy tile, held by the enemy" in out
    )


def test_a_tile_named_twice_as_a_building_is_refused(capsys):
    argv = ["activation", "reach", "rifle-squad", "H12:N"]
    assert main([*argv, "--building", "H8:enemy=2", "--building", "H8:ally=1"]) == 2
    err = capsys.readouterr().err
    assert "--building" in err and "H8" in err and "already" in err
