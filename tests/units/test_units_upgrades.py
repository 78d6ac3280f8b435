"""Upgrades as data in the unit catalogues (draft 004 "Build your army": whole base, one
model, elite weapons, unit-base weapons, equipment slots; clauses army.costs, army.elite,
army.elite-weapon, army.unit-base-weapon, army.infantry-equipment)."""

from __future__ import annotations

from referee.units.catalogue import catalogue, check_unit_file

BASE_FILE = """nation = "spartan"
[[unit]]
id = "hoplite"
name = "Hoplite"
models = 4
types = ["infantry"]
size = "medium"
cost = { mp = 4 }
speeds = [{ name = "slow", movement = "F -", gunnery = "Fire -" }]
  [[unit.damage.regular]]
  at = 6
  effects = ["kill"]
"""


def test_the_sample_catalogues_offer_every_kind_of_upgrade():
    spartan = {u.id: u for u in catalogue().upgrades_of("spartan")}
    assert {u.per for u in spartan.values()} == {"base", "model", "elite"}
    assert {u.slot for u in spartan.values()} == {None, "one-handed", "independent"}
    assert spartan["hand-cannon"].unit_base_weapons[0].carried == "unit-base"
    assert spartan["long-rifle"].weapons[0].carried == "elite"  # an elite's weapon
    assert spartan["veteran"].elites == 1 and dict(spartan["veteran"].cost) == {"xp": 2}
    assert spartan["polemarch"].advanced and dict(spartan["polemarch"].cost) == {"com": 4}
    assert all(u.sample for u in spartan.values())
    ork = {u.id for u in catalogue().upgrades_of("ork")}
    assert "big-choppa" in ork and catalogue().upgrade("spartan", "big-choppa") is None


def test_a_bad_upgrade_is_reported_with_its_id_and_field(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text(
        BASE_FILE
        + """
[[upgrade]]
id = "squad-gun"
name = "Squad gun"
per = "squad"
cost = { gold = 2 }
slot = "three-handed"
colour = "red"
requires = { units = ["hoplite-phalanx"], upgrades = ["drill"] }

[[upgrade]]
id = "captain-rifle"
name = "Captain's rifle"
per = "model"
cost = { cp = 2 }
  [[upgrade.weapon]]
  name = "Rifle"
  range = 6
  ap = 1
  damage = "d7"
  arc = "*/-/-/-"
""",
        encoding="utf-8",
    )
    problems = check_unit_file(path)
    assert problems == [
        "upgrade squad-gun.colour: unknown key (known: abilities, advanced, cost, elites, id, "
        "name, per, replaces, requires, resistances, slot, text, weapon)",
        "upgrade squad-gun.per: 'squad' is not one of base, model, elite",
        "upgrade squad-gun.cost.gold: unknown cost kind (known: ip, mp, cp, xp, com)",
        "upgrade squad-gun.slot: 'three-handed' is not one of two-handed, one-handed, independent",
        "upgrade captain-rifle.weapon[0].damage: 'd7': a d7 is not a die (sides: 2, 3, 4, 6, 8, "
        "10, 12, 20)",
        "upgrade captain-rifle.weapon: a weapon for one model is an elite's weapon: write "
        'per = "elite"',
    ]
