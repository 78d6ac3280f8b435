"""The shipped unit catalogue (data/units/): every file loads, and the sample units say what
the drafts' examples say. Clauses ``army.unit-base``, ``assault.stats``,
``assault.deflection``, ``army.costs``."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import DATA

from referee.dice.expression import DiceExpr
from referee.ruleset.shipped import ruleset
from referee.units.catalogue import (
    UnitFileError,
    UnknownUnit,
    all_units,
    catalogue,
    find_unit,
    load_catalogue,
    load_unit_file,
    unit_files,
)

NATIONS = ["spartan", "elf", "dark-elf", "dwarf", "ork"]
SAMPLES = sorted((DATA / "units" / "sample").glob("*.toml"))


def test_the_five_nations_each_have_a_sample_catalogue():
    assert sorted(p.stem for p in SAMPLES) == sorted(NATIONS)


@pytest.mark.parametrize("path", unit_files(), ids=lambda p: p.stem)
def test_every_shipped_unit_file_loads(path):
    unit_file = load_unit_file(path)
    assert unit_file.units


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.stem)
def test_sample_catalogues_are_marked_as_sample_data(path):
    unit_file = load_unit_file(path)
    assert unit_file.sample is True
    assert all(u.sample for u in unit_file.units)
    assert "SAMPLE DATA" in path.read_text(encoding="utf-8").splitlines()[0]
    assert unit_file.nation == path.stem
    assert 4 <= len(unit_file.units) <= 7


def test_unit_ids_are_unique_across_the_catalogue():
    ids = [u.id for u in all_units()]
    assert len(ids) == len(set(ids))


# --- the drafts' examples -------------------------------------------------------------------


def test_standard_tank_assault_and_deflection_are_the_drafts():
    # Draft 004, "Examples: Standard Tank":
    #   Assault: 4/3/3/2 5+: -1 on AP, damage d6-1.
    #   Deflection: 2, 5+ / -, - / -, - / -, -
    tank = find_unit("standard-tank")
    assert tank.models == 1
    assert tank.assault is not None and tank.deflection is not None
    assert tank.assault.dice.values == (4, 3, 3, 2)
    assert tank.assault.hit == 5
    assert tank.assault.ap == -1
    assert tank.assault.damage == DiceExpr(1, 6, -1)
    assert tank.deflection.dice.values == (2, 0, 0, 0)
    assert tank.deflection.hit.values == (5, None, None, None)


def test_standard_tank_assaulted_from_the_side_gets_three_dice_and_no_deflection():
    # Draft 004: "If this tank is stationary and is assaulted from the sides (front left,
    # front right, back left, back right) it only gets 3 dice and no deflections."
    tank = find_unit("standard-tank")
    assert tank.assault is not None and tank.deflection is not None
    for side in ("front-side", "back-side"):
        assert tank.assault.dice[side] == 3
        assert tank.deflection.dice[side] == 0


def _front_pool(pairs):
    """Front assault and deflection dice of (unit, models alive) pairs, dice per model."""
    assault = sum(u.assault.dice["front"] * alive for u, alive in pairs)
    deflection = sum(u.deflection.dice["front"] * alive for u, alive in pairs if u.deflection)
    return assault, deflection


def test_assault_example_dark_elf_pool():
    # Draft 004: "DarkElf: Tank + a infantry base with 4 models: total 9 assault dice with
    # success at 5+ and 11 deflection dice with success at 6+".
    # Sample: tank 5 assault + 4 models x 1 = 9; tank 3 deflection + 4 models x 2 = 11.
    tank, infantry = find_unit("shadow-tank"), find_unit("dark-elf-warriors")
    assert _front_pool([(tank, 1), (infantry, 4)]) == (9, 11)
    assert {tank.assault.hit, infantry.assault.hit} == {5}
    assert {tank.deflection.hit["front"], infantry.deflection.hit["front"]} == {6}


def test_assault_example_elf_pool_with_three_alive_models():
    # Draft 004: "Elf: Tank + a infantry base with 3 alive models: total 8 assault dice with
    # success at 5+, but no deflection" (the tank is the E34).
    # Sample: E34 5 assault + 3 models x 1 = 8; no deflection on either.
    tank, infantry = find_unit("e34"), find_unit("elf-rangers")
    assert infantry.models == 4
    assert _front_pool([(tank, 1), (infantry, 3)]) == (8, 0)
    assert {tank.assault.hit, infantry.assault.hit} == {5}


def test_ork_warhero_flaming_waraxe_sets_on_fire_in_assault():
    # Draft 004: "an orc-warhero with a flaming waraxe in a mix with 3 ork-grunts ... If a red
    # die hits, you may employ the flaming waraxe special damage".
    hero = find_unit("ork-warhero")
    assert hero.assault is not None and hero.assault.weapon is not None
    assert hero.assault.weapon.set_on_fire
    grunts = find_unit("ork-grunts")
    assert grunts.has("ork-assault")
    assert grunts.assault is not None and grunts.assault.weapon is None


def test_catalogue_holds_the_unit_kinds_the_drafts_name():
    units = all_units()
    assert any(u.models == 4 and u.elites >= 1 and u.is_type("infantry") for u in units)
    for word in ("scout", "hidden", "flying", "robot", "cavalry"):
        assert any(u.is_type(word) for u in units), word
    assert any(u.size == "huge" for u in units)
    tables = {name for u in units for name in u.damage_tables}
    assert {"regular", "psychic", "light", "crew"} <= tables


def test_sample_weapons_use_every_weapon_feature():
    weapons = [w for u in all_units() for w in u.weapons]
    assault = [u.assault.weapon for u in all_units() if u.assault and u.assault.weapon]
    assert any(w.arc for w in weapons) and any(w.fixed for w in weapons)
    assert any(w.load > 1 for w in weapons)
    assert any(w.burst > 1 for w in weapons)
    assert any(w.limited_ammo for w in weapons)
    assert any(w.misfire for w in weapons)
    assert any(w.area for w in weapons)
    assert any(w.set_on_fire for w in weapons) and any(w.set_on_fire for w in assault)
    assert {w.acid for w in weapons} >= {"major", "minor"}
    assert any(w.acid_per for w in assault) and any(w.poison_per for w in assault)
    assert any(w.poison for w in weapons)
    assert {s.type for w in weapons for s in w.special_damage} >= {"psychic", "light", "crew"}
    assert any(w.damage is None for w in weapons)  # special damage only
    assert any(w.penetration_bonus for w in weapons)
    assert any(w.has("enhanced-accuracy") for w in weapons)
    assert {w.carried for w in weapons} == {"each-model", "elite", "unit-base"}


def test_unit_base_weapons_have_a_base_of_two_or_more():
    # Draft 004: "A unit base weapon requires at least 2 alive models to be used."
    for unit in all_units():
        if any(w.carried == "unit-base" for w in unit.weapons):
            assert unit.models >= 2, unit.id


# --- costs against the drafts' budgets --------------------------------------------------------


def test_every_unit_fits_a_standard_games_budget():
    # Draft 004: "A standar game consists of 24 industry points (ip), 24 manpower (mp),
    # 24 crafts points (cp) and 24 xp."
    for unit in all_units():
        assert unit.cost, unit.id
        assert all(0 <= n <= 24 for n in unit.cost.values()), unit.id
        assert set(unit.cost) <= {"ip", "mp", "cp", "xp"}, unit.id  # com: advanced games


def test_machines_cost_industry_and_soldiers_cost_manpower():
    # Draft 004: "Industry represent heavy equipment production. Tanks and vehicles.
    # Manpower: Represent the manpower needed to form infantry and cavalry."
    for unit in all_units():
        if unit.is_type("vehicle") or unit.is_type("robot"):
            assert unit.cost.get("ip", 0) > 0, unit.id
        if unit.is_type("infantry") or unit.is_type("cavalry"):
            assert unit.cost.get("mp", 0) > 0, unit.id


def test_speeds_use_the_drafts_names_and_defaults_are_allowed_orders():
    names = {"stand-still", "crawling", "rest", "setup", "slow", "fast"}
    for unit in all_units():
        assert unit.speeds, unit.id
        for speed in unit.speeds:
            assert speed.name in names
            assert speed.default_movement in speed.movement


# --- lookups ----------------------------------------------------------------------------------


def test_unknown_unit_suggests_near_ids():
    with pytest.raises(UnknownUnit, match="standard-tank"):
        find_unit("standard-tnak")


def test_catalogue_lists_units_by_nation():
    assert {u.nation for u in catalogue().of_nation("ork")} == {"ork"}
    assert {u.id for u in catalogue().of_nation("elf")} >= {"e34", "elf-rangers"}


def _copy_unit(tmp: Path, name: str, text: str) -> Path:
    path = tmp / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_same_id_in_two_files_is_refused_naming_both(tmp_path):
    text = (DATA / "units" / "sample" / "spartan.toml").read_text(encoding="utf-8")
    _copy_unit(tmp_path, "a", text)
    _copy_unit(tmp_path, "b", text)
    with pytest.raises(UnitFileError) as info:
        load_catalogue(tmp_path)
    assert info.value.path == tmp_path / "b.toml"
    assert f"unit standard-tank: already defined in {tmp_path / 'a.toml'}" in info.value.problems


# --- rulings --------------------------------------------------------------------------------

THREE_MODELS = (
    (DATA / "units" / "sample" / "spartan.toml")
    .read_text(encoding="utf-8")
    .replace(
        'id = "hoplite-phalanx"\nname = "Hoplite phalanx"\nmodels = 4',
        'id = "hoplite-phalanx"\nname = "Hoplite phalanx"\nmodels = 3',
    )
)


def test_a_base_of_three_is_refused_by_default(tmp_path):
    # Ruling units.models-per-base, default: "typically has 1, 2 or 4 unit models" read strictly.
    path = _copy_unit(tmp_path, "spartan", THREE_MODELS)
    with pytest.raises(UnitFileError) as info:
        load_unit_file(path)
    assert info.value.problems == [
        "unit hoplite-phalanx.models: 3: a unit base has 1, 2 or 4 models "
        "(ruling units.models-per-base)"
    ]


def test_a_base_of_three_is_allowed_under_the_up_to_four_reading(tmp_path):
    path = _copy_unit(tmp_path, "spartan", THREE_MODELS)
    rules = ruleset("current").with_readings({"units.models-per-base": "up-to-four"})
    assert load_unit_file(path, rules).units[1].models == 3


def test_assault_acid_reading_always_minor(tmp_path):
    # Ruling units.assault-acid: "(minor) Acid[1 for N], assault weapons" places minor acid
    # under the always-minor reading; as named by default.
    path = DATA / "units" / "sample" / "dark-elf.toml"
    default = load_unit_file(path).units[0].assault
    minor = (
        load_unit_file(
            path, ruleset("current").with_readings({"units.assault-acid": "always-minor"})
        )
        .units[0]
        .assault
    )
    assert default is not None and default.weapon is not None
    assert minor is not None and minor.weapon is not None
    assert (default.weapon.acid, default.weapon.acid_per) == ("major", 3)
    assert (minor.weapon.acid, minor.weapon.acid_per) == ("minor", 3)
