"""A bad unit file: every problem at once, each naming the unit and the field path; the
error names the file. Clauses ``army.unit-base``, ``army.unit-base-weapon``, ``damage.table``."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.errors import DataFileError
from referee.units.catalogue import UnitFileError, check_unit_file, load_unit_file

GOOD_TANK = """\
nation = "spartan"

[[unit]]
id = "standard-tank"
name = "Standard tank"
models = 1
types = ["vehicle", "tank"]
size = "large"
armor = "4/3/3/2"
assault = { dice = "4/3/3/2", hit = "5+", ap = -1, damage = "d6-1" }
deflection = "2, 5+ / -, - / -, - / -, -"
cost = { ip = 6 }
speeds = [{ name = "slow", movement = "F L R -", gunnery = "Fire -", default = "F" }]

  [[unit.weapon]]
  name = "Main gun"
  range = 6
  ap = 2
  damage = "d6+1"
  arc = "*/*/*/*"

  [[unit.damage.regular]]
  at = 5
  effects = ["damage-token"]
  text = "Hull hit"
  [[unit.damage.regular]]
  at = 9
  effects = ["destroy"]
  text = "Destroyed"
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "units.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_good_file_has_no_problems(tmp_path):
    path = write(tmp_path, GOOD_TANK)
    assert check_unit_file(path) == []
    assert load_unit_file(path).units[0].id == "standard-tank"


def test_bad_dice_names_unit_weapon_and_field(tmp_path):
    path = write(tmp_path, GOOD_TANK.replace('damage = "d6+1"', 'damage = "d7"'))
    (problem,) = check_unit_file(path)
    assert problem.startswith("unit standard-tank.weapon[0].damage: 'd7'")


def test_several_problems_are_reported_at_once_and_the_error_names_the_file(tmp_path):
    text = (
        GOOD_TANK.replace('damage = "d6+1"', 'damage = "d7"')
        .replace('armor = "4/3/3/2"', 'armor = "4/3/11/2"')
        .replace('size = "large"', 'size = "large"\ncolour = "grey"')
        .replace('hit = "5+"', 'hit = "5"')
        .replace('effects = ["destroy"]', 'effects = ["explode"]')
    )
    path = write(tmp_path, text)
    problems = check_unit_file(path)
    fields = sorted(p.split(": ")[0] for p in problems)
    assert fields == [
        "unit standard-tank.armor",
        "unit standard-tank.assault.hit",
        "unit standard-tank.colour",
        "unit standard-tank.damage.regular[1].effects[0]",
        "unit standard-tank.weapon[0].damage",
    ]
    with pytest.raises(UnitFileError) as info:
        load_unit_file(path)
    assert info.value.path == path
    assert info.value.problems == problems
    assert str(path) in str(info.value)


def test_unknown_key_is_named(tmp_path):
    path = write(tmp_path, GOOD_TANK.replace("  range = 6", "  range = 6\n  rnage = 7"))
    (problem,) = check_unit_file(path)
    assert problem.startswith("unit standard-tank.weapon[0].rnage: unknown key")


def test_missing_required_keys_are_each_reported(tmp_path):
    text = GOOD_TANK.replace('size = "large"\n', "").replace("cost = { ip = 6 }\n", "")
    problems = check_unit_file(write(tmp_path, text))
    assert problems == ["unit standard-tank.size: missing", "unit standard-tank.cost: missing"]


def test_a_unit_without_id_is_named_by_its_position(tmp_path):
    problems = check_unit_file(write(tmp_path, GOOD_TANK.replace('id = "standard-tank"\n', "")))
    assert problems == ["unit[0].id: missing"]


def test_toml_syntax_error_gives_the_line(tmp_path):
    path = write(tmp_path, GOOD_TANK.replace('name = "Main gun"', "name = Main gun"))
    with pytest.raises(DataFileError) as info:
        check_unit_file(path)
    # GOOD_TANK: line 15 is "[[unit.weapon]]", line 16 its name.
    assert "line 16" in info.value.problems[0]


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ("models = 1", "models = 0", "unit standard-tank.models: 0: a unit base has 1, 2 or 4"),
        ('"4/3/3/2"\nassault', '"4/3/3/-1"\nassault', "unit standard-tank.armor: '4/3/3/-1'"),
        ("range = 6", "range = 40", "unit standard-tank.weapon[0].range: 40 is out of range"),
        ("cost = { ip = 6 }", "cost = { ip = 0 }", "unit standard-tank.cost: a unit costs"),
        ("cost = { ip = 6 }", "cost = { gold = 6 }", "unit standard-tank.cost.gold: unknown"),
        ("at = 9", "at = 4", "unit standard-tank.damage.regular[1].at: 4 does not follow"),
        ('"destroy"', '"kill:2"', "unit standard-tank.damage.regular[1].effects[0]: 2 is out"),
        ('"destroy"', '"bleeding:5"', "unit standard-tank.damage.regular[1].effects[0]: bleed"),
        ('default = "F"', 'default = "Rev"', "unit standard-tank.speeds[0].default: 'Rev'"),
        ('"F L R -"', '"F L R A[fast] -"', "unit standard-tank.speeds[0].movement: 'A[fast]'"),
        ('gunnery = "Fire -"', 'gunnery = "Shoot -"', "unit standard-tank.speeds[0].gunnery"),
        ('name = "slow"', 'name = "sprint"', "unit standard-tank.speeds[0].name: 'sprint'"),
        ('"vehicle", "tank"', '"vehicle", "tonk"', "unit standard-tank.types[1]: 'tonk'"),
        ('size = "large"', 'size = "big"', "unit standard-tank.size: 'big'"),
        ('arc = "*/*/*/*"', 'arc = "*/x/*/*"', "unit standard-tank.weapon[0].arc: firing arc"),
        ('arc = "*/*/*/*"', "", "unit standard-tank.weapon[0]: give exactly one of arc"),
        (
            'deflection = "2, 5+ / -, - / -, - / -, -"',
            'deflection = "2 / 5+"',
            "unit standard-tank.deflection: '2 / 5+'",
        ),
        ('nation = "spartan"', 'nation = "gnome"', "nation: 'gnome' is not a nation"),
    ],
)
def test_bad_values_name_unit_and_field(tmp_path, old, new, expected):
    assert old in GOOD_TANK
    problems = check_unit_file(write(tmp_path, GOOD_TANK.replace(old, new, 1)))
    assert len(problems) == 1, problems
    assert problems[0].startswith(expected)


@pytest.mark.parametrize(
    ("ability", "expected"),
    [
        ("misfire[7-]", "unit standard-tank.weapon[0].abilities[0]: misfire parameter 1 '7-'"),
        ("good-shot", "unit standard-tank.weapon[0].abilities[0]: 'good-shot' is not a weapon"),
        ("explosive", "unit standard-tank.weapon[0].abilities[0]: unknown ability 'explosive'"),
    ],
)
def test_bad_weapon_ability_names_the_entry(tmp_path, ability, expected):
    text = GOOD_TANK.replace('arc = "*/*/*/*"', f'arc = "*/*/*/*"\n  abilities = ["{ability}"]')
    (problem,) = check_unit_file(write(tmp_path, text))
    assert problem.startswith(expected)


def test_take_cover_needs_a_speed_of_the_unit(tmp_path):
    text = GOOD_TANK.replace("cost = {", 'abilities = ["take-cover[fast,-1]"]\ncost = {')
    (problem,) = check_unit_file(write(tmp_path, text))
    assert problem.startswith("unit standard-tank.abilities[0]: take-cover parameter 1 'fast'")


def test_unit_base_weapon_needs_a_base_of_two(tmp_path):
    # Draft 004: "A unit base weapon requires at least 2 alive models to be used."
    text = GOOD_TANK.replace('arc = "*/*/*/*"', 'arc = "*/*/*/*"\n  carried = "unit-base"')
    (problem,) = check_unit_file(write(tmp_path, text))
    assert problem.startswith("unit standard-tank.weapon[0].carried: a unit-base weapon needs")


def test_at_most_one_unit_base_weapon(tmp_path):
    # Draft 004: "A unit base may have a maximum of one unit-base weapon."
    weapon = GOOD_TANK[GOOD_TANK.index("  [[unit.weapon]]") : GOOD_TANK.index("  [[unit.damage")]
    base = weapon.replace('arc = "*/*/*/*"', 'arc = "*/*/*/*"\n  carried = "unit-base"')
    text = GOOD_TANK.replace(weapon, base + base.replace("Main gun", "Second gun")).replace(
        "models = 1", "models = 2"
    )
    (problem,) = check_unit_file(write(tmp_path, text))
    assert problem.startswith("unit standard-tank.weapon: weapons [0], [1] are unit-base")


def test_elite_weapon_needs_an_elite(tmp_path):
    text = GOOD_TANK.replace('arc = "*/*/*/*"', 'arc = "*/*/*/*"\n  carried = "elite"')
    (problem,) = check_unit_file(write(tmp_path, text))
    assert problem.startswith("unit standard-tank.weapon[0].carried: an elite's weapon needs")


def test_same_id_twice_in_one_file(tmp_path):
    text = GOOD_TANK + GOOD_TANK[GOOD_TANK.index("[[unit]]") :]
    problems = check_unit_file(write(tmp_path, text))
    assert problems == ["unit standard-tank: defined twice (unit[0] and unit[1])"]
