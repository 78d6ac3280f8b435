"""The activation rules' data files (data/rulesets/activation/): the tables, the sample cards
and missions load, and a bad file is refused with every problem, each naming its key."""

from __future__ import annotations

import tomllib

import pytest

from referee.errors import DataFileError
from referee.paths import data_dir
from referee.rules.activation.cards import parse_structures, parse_units
from referee.rules.activation.game import ActivationGame
from referee.rules.activation.missions import parse_missions
from referee.rules.activation.tables import (
    parse_attack,
    parse_fortifications,
    parse_movement,
    parse_start,
)
from referee.ruleset.shipped import ruleset

FOLDER = data_dir() / "rulesets" / "activation"


def raw(name: str) -> dict:
    return tomllib.loads((FOLDER / name).read_text(encoding="utf-8"))


def problems(fn, *args) -> list[str]:
    with pytest.raises(DataFileError) as info:
        fn(*args)
    return info.value.problems


def test_the_shipped_tables_cards_and_missions_load():
    g = ActivationGame.of(ruleset("activation"))
    assert g.rules.fortifications.tie_order == ("neutral", "enemy", "ally")
    assert g.rules.fortifications.inside_need.text() == "9+"
    assert g.rules.movement.turn_order["H"] == "after"
    assert set(g.cards.units) >= {"rifle-squad", "battle-tank", "siege-tank", "fighter"}
    assert set(g.missions.ids()) == {"crossroads", "twin-towers", "open-field", "last-stand"}
    # the missions' map: the 169-tile hexagon, 8 tiles a side
    assert {len(m) for m in g.maps.values()} == {169}


def test_every_table_value_a_ruling_gives_names_its_ruling():
    g = ActivationGame.of(ruleset("activation"))
    assert g.rules.movement.ruling("slots.footprints") == "activation.slots"
    assert (
        g.rules.fortifications.ruling("health_check.attacks") == "activation.health-check-attacks"
    )
    assert g.rules.start.ruling("deployment.depth") == "activation.deploy-depth"


def test_a_bad_movement_table_names_every_problem():
    bad = raw("movement.toml")
    bad["types"]["infantry"]["moves"] = "crawl"
    bad["slots"]["sides"]["M"] = ["front", "nose"]
    del bad["slots"]["tiles"]["H"]
    bad["vehicles"]["turn"] = 9
    found = problems(parse_movement, FOLDER / "movement.toml", bad, {})
    keys = [p.split(":")[0] for p in found]
    assert "types.infantry.moves" in keys
    assert "slots.sides.M" in keys
    assert "slots.tiles.H" in keys
    assert "vehicles.turn" in keys


def test_a_bad_fortification_table_names_every_problem():
    bad = raw("fortifications.toml")
    bad["damage"]["tie_order"] = ["neutral", "enemy"]
    bad["damage"]["inside_need"] = "nine"
    bad["damage"]["inside_die"] = "d7"
    bad["capture"]["colour"] = "red"
    found = problems(parse_fortifications, FOLDER / "fortifications.toml", bad, {})
    keys = {p.split(":")[0] for p in found}
    assert {"damage.tie_order", "damage.inside_need", "damage.inside_die", "capture.colour"} <= keys


def test_a_table_value_that_names_no_ruling_is_refused():
    bad = raw("start.toml")
    bad["deployment"]["depth"] = "@activation.no-such-ruling"
    found = problems(parse_start, FOLDER / "start.toml", bad, {})
    assert any(p.startswith("deployment.depth:") and "names no ruling" in p for p in found)
    bad = raw("attack.toml")
    bad["penetration"]["beat_by"] = 5
    assert any(
        p.startswith("penetration.beat_by:")
        for p in problems(parse_attack, FOLDER / "attack.toml", bad, {})
    )


def test_a_bad_unit_card_names_the_unit_and_key():
    movement = ActivationGame.of(ruleset("activation")).rules.movement
    bad = raw("units.toml")
    bad["unit"][0]["type"] = "cavalry"
    bad["unit"][2]["class"] = "X"
    bad["unit"][0]["weapon"][0]["penetration"] = "d7"
    bad["unit"][1]["class"] = "L"  # an infantry card
    bad["unit"][3]["transport"]["types"] = ["boats"]
    found = problems(parse_units, FOLDER / "units.toml", bad, movement)
    assert any(p.startswith("unit rifle-squad.type:") for p in found)
    assert any(p.startswith("unit scout-buggy.class:") for p in found)
    assert any(p.startswith("unit rifle-squad.weapon[0].penetration:") for p in found)
    assert any(p.startswith("unit rocket-team.class:") for p in found)
    assert any(p.startswith("unit carrier.transport.types:") for p in found)


def test_a_bad_structure_or_mission_is_refused():
    bad = raw("structures.toml")
    bad["structure"][0]["pips"] = 0
    assert any(
        p.startswith("structure bunker.pips:")
        for p in problems(parse_structures, FOLDER / "structures.toml", bad, 99)
    )
    cards = ActivationGame.of(ruleset("activation")).cards
    bad = raw("missions.toml")
    bad["mission"][0]["building"][0]["hex"] = "Z1"
    bad["mission"][0]["building"][1]["structure"] = "castle"
    bad["mission"][1]["edges"] = {"side1": "S", "side2": "S"}
    found = problems(parse_missions, FOLDER / "missions.toml", bad, cards, 99)
    assert any(p.startswith("mission crossroads.building[0].hex:") for p in found)
    assert any(p.startswith("mission crossroads.building[1].structure:") for p in found)
    assert any(p.startswith("mission twin-towers.edges:") for p in found)


def test_the_sample_data_says_it_is_sample_data():
    for name in ("units.toml", "structures.toml", "missions.toml"):
        assert "SAMPLE DATA" in (FOLDER / name).read_text(encoding="utf-8")
