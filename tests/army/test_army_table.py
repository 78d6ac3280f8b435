"""Upgrades change the unit card the match uses (issue 12): weapons, abilities, models; an
army's units go into a real match file and come back with their upgraded cards."""

from __future__ import annotations

import pytest

from referee.army import Army, ArmyEntry, UpgradeChoice, table_units
from referee.army.cards import ArmyError
from referee.board.maps import load_map
from referee.match.games.orders_file import MatchFile
from referee.match.setup.army_setup import army_units
from referee.paths import data_dir
from referee.ruleset.shipped import ruleset

HOPLITES = ArmyEntry(
    "hoplite-phalanx",
    2,
    (UpgradeChoice("veteran"), UpgradeChoice("long-rifle"), UpgradeChoice("hand-cannon")),
    (UpgradeChoice("pistols"), UpgradeChoice("hoplon"), UpgradeChoice("gas-masks")),
)
SPARTANS = Army("Vanguard", "spartan", "standard", (HOPLITES, ArmyEntry("standard-tank")))
ORKS = Army(
    "Waaagh",
    "ork",
    "standard",
    (
        ArmyEntry("ork-grunts", 2, (UpgradeChoice("nob"), UpgradeChoice("big-choppa"))),
        ArmyEntry("battle-wagon"),
    ),
)


def test_an_army_puts_each_base_of_each_entry_on_the_table():
    units = table_units(SPARTANS)
    assert [(u.entry, u.number, u.type) for u in units] == [
        (0, 0, "hoplite-phalanx"),
        (0, 1, "hoplite-phalanx"),
        (1, 0, "standard-tank"),
    ]
    assert units[2].card.id == "standard-tank"  # no upgrade: the catalogue's own card


def test_upgrades_change_the_card_weapons_abilities_and_models():
    card = table_units(SPARTANS)[0].card
    # the pistols replace the heavy muskets; the long rifle is the veteran's, the hand cannon
    # the base's; the Captain's pistol stays the captain's
    assert [(w.name, w.carried) for w in card.weapons] == [
        ("Captain's pistol", "elite"),
        ("Long rifle", "elite"),
        ("Hand cannon", "unit-base"),
        ("Pistol", "each-model"),
    ]
    assert (card.models, card.elites) == (4, 2)  # a veteran: 1 + 1 elites
    assert dict(card.resistances) == {"regular": 1, "poison": 2}  # shields, gas masks
    # one base: mp 4; cp 2 + 2 + 3 + 1 + 2 + 1 = 11; xp 1 + 2 = 3
    assert dict(card.cost) == {"mp": 4, "cp": 11, "xp": 3}
    assert card.name.startswith("Hoplite phalanx (Veteran, Long rifle, Hand cannon")


def test_an_ork_upgrade_adds_an_ability_and_replaces_the_shootas():
    card = table_units(ORKS)[0].card
    assert [w.name for w in card.weapons] == ["Burna"]
    assert card.has("cunning-assault") and card.elites == 2


def test_an_elite_weapon_bought_twice_is_carried_by_two_elites():
    army = Army(
        "Rifles",
        "spartan",
        "standard",
        (
            ArmyEntry(
                "hoplite-phalanx", 1, (UpgradeChoice("veteran", 2), UpgradeChoice("long-rifle", 2))
            ),
        ),
    )
    card = table_units(army)[0].card
    assert card.elites == 3
    assert [w.name for w in card.weapons if w.carried == "elite"] == [
        "Captain's pistol",
        "Long rifle",
        "Long rifle 2",
    ]


def test_an_army_whose_cards_cannot_be_written_is_refused_naming_the_entry():
    army = Army("Bad", "spartan", "standard", (ArmyEntry("standard-tank"), ArmyEntry("orc")))
    with pytest.raises(ArmyError, match=r"unit\[1\]\.type"):
        table_units(army)


def test_both_armies_go_into_a_match_file_and_come_back_with_their_cards(tmp_path):
    rules = ruleset("current")
    battle_map = load_map(data_dir() / "maps" / "entrenched.toml")
    specs = army_units(battle_map, rules, {1: SPARTANS, 2: ORKS})
    assert [(s["uid"], s["side"]) for s in specs] == [
        ("hoplite-phalanx", 1),
        ("hoplite-phalanx-2", 1),
        ("standard-tank", 1),
        ("ork-grunts", 2),
        ("ork-grunts-2", 2),
        ("battle-wagon", 2),
    ]
    # every unit stands in its side's zone (rows 7-9 for side 1, 1-3 for side 2)
    for s in specs:
        row = int(s["hex"][1:])
        assert row >= 7 if s["side"] == 1 else row <= 3
    path = tmp_path / "armies.referee"
    MatchFile.create(path, map_name="entrenched", units=specs, seed=1).close()
    with MatchFile.open(path) as m:
        hoplites = m.state.units["hoplite-phalanx-2"]
        assert hoplites.unit.elites == 2 and hoplites.elites_alive == 2
        assert hoplites.unit.weapon("Hand cannon").carried == "unit-base"
        assert m.state.units["ork-grunts"].unit.has("cunning-assault")
        assert set(m.cards) == {
            "hoplite-phalanx-gas-masks-hand-cannon-hoplon-long-rifle-pistols-veteran",
            "standard-tank",
            "ork-grunts-big-choppa-nob",
            "battle-wagon",
        }
