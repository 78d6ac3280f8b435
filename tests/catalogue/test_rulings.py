"""The rulings register (data/catalogue/rulings/*.toml) and how a ruleset reads a ruling:
every unclear passage has readings to choose from, every "@id" in a table names a ruling,
and switching a reading changes the table."""

from __future__ import annotations

import re
import shutil
import tomllib
from pathlib import Path

import pytest

from referee.errors import DataFileError
from referee.paths import data_dir
from referee.ruleset.rulings import load_register, register
from referee.ruleset.shipped import load_ruleset

DATA = data_dir()


def at_references(value: object) -> list[str]:
    """Every string of a parsed TOML document that starts with "@", without the "@"."""
    if isinstance(value, str):
        return [value[1:]] if value.startswith("@") else []
    if isinstance(value, dict):
        return [r for v in value.values() for r in at_references(v)]
    if isinstance(value, list):
        return [r for v in value for r in at_references(v)]
    return []


# --- the shipped register -------------------------------------------------------------------


def test_register_loads():
    rulings = register()
    assert "los.smoke" in rulings
    assert "setup.entrenched-zones" in rulings
    assert "setup.first-draft-zones" in rulings


def test_every_ruling_offers_a_choice():
    for rid, ruling in register().items():
        assert ruling.id == rid
        assert ruling.title.strip(), rid
        assert ruling.unclear.strip(), rid
        assert len(ruling.options) >= 2, rid
        ids = [o.id for o in ruling.options]
        assert len(set(ids)) == len(ids), rid
        assert ruling.default in ids, rid
        assert all(o.reading.strip() for o in ruling.options), rid


def test_setup_rulings_default_to_the_zones_of_the_shipped_maps():
    assert register()["setup.entrenched-zones"].default == "three-rows"
    assert register()["setup.first-draft-zones"].default == "three-each"


def test_rulings_named_in_map_files_exist():
    named = set()
    for path in (DATA / "maps").glob("*.toml"):
        # "ruling ID" in a comment, possibly broken over two comment lines
        found = re.findall(r"ruling[\s#]+([a-z0-9-]+\.[a-z0-9.-]*[a-z0-9])", path.read_text())
        named |= set(found)
    assert {"setup.entrenched-zones", "setup.first-draft-zones"} <= named
    assert named <= set(register())


def test_every_at_reference_in_the_rulesets_names_a_ruling():
    files = sorted((DATA / "rulesets").glob("*/*.toml"))
    assert files
    refs = set()
    for path in files:
        refs |= set(at_references(tomllib.loads(path.read_text(encoding="utf-8"))))
    assert "los.smoke" in refs
    assert refs <= set(register()), refs - set(register())


def test_every_ruleset_chooses_existing_readings():
    rulings = register()
    for path in sorted((DATA / "rulesets").glob("*/ruleset.toml")):
        chosen = tomllib.loads(path.read_text(encoding="utf-8")).get("rulings", {})
        for rid, option in chosen.items():
            assert rid in rulings, (path, rid)
            assert option in {o.id for o in rulings[rid].options}, (path, rid)


# --- a bad rulings file --------------------------------------------------------------------

GOOD = """\
[[ruling]]
id = "test.one"
title = "A test"
clauses = ["test.clause"]
unclear = "Nobody knows."
default = "a"
  [[ruling.option]]
  id = "a"
  value = "block"
  reading = "One way."
  [[ruling.option]]
  id = "b"
  reading = "The other way."
"""


def load_text(tmp_path: Path, text: str, name: str = "test.toml"):
    (tmp_path / name).write_text(text, encoding="utf-8")
    return load_register(tmp_path)


def refused(tmp_path: Path, text: str) -> list[str]:
    with pytest.raises(DataFileError) as info:
        load_text(tmp_path, text)
    assert info.value.path == tmp_path / "test.toml"
    return info.value.problems


def test_a_good_file_loads(tmp_path):
    ruling = load_text(tmp_path, GOOD)["test.one"]
    assert ruling.clauses == ("test.clause",)
    assert ruling.option("a").value == "block"
    assert ruling.option("b").value == "b"  # value defaults to the option's id
    with pytest.raises(KeyError, match=r"test\.one"):
        ruling.option("c")


@pytest.mark.parametrize(
    ("old", "new", "key"),
    [
        ('title = "A test"\n', "", "ruling test.one.title:"),
        ('unclear = "Nobody knows."\n', 'unclear = ""\n', "ruling test.one.unclear:"),
        ('default = "a"\n', 'default = "z"\n', "ruling test.one.default:"),
        ('default = "a"\n', "", "ruling test.one.default:"),
        ('clauses = ["test.clause"]\n', 'clauses = "test.clause"\n', "ruling test.one.clauses:"),
        ('clauses = ["test.clause"]\n', 'clause = ["test.clause"]\n', "ruling test.one.clause:"),
        ('  reading = "The other way."\n', "", "ruling test.one.option b.reading:"),
        ('  value = "block"\n', '  valeu = "block"\n', "ruling test.one.option a.valeu:"),
        ('  id = "b"\n', '  id = "a"\n', "ruling test.one.option a:"),
        ('id = "test.one"\n', "", "ruling[0].id:"),
    ],
)
def test_bad_ruling_names_the_ruling_and_key(tmp_path, old, new, key):
    assert old in GOOD
    found = refused(tmp_path, GOOD.replace(old, new, 1))
    assert any(p.startswith(key) for p in found), found


def test_a_ruling_needs_two_readings(tmp_path):
    one = GOOD.split('  [[ruling.option]]\n  id = "b"')[0]
    (p,) = refused(tmp_path, one)
    assert p.startswith("ruling test.one:") and "two" in p


def test_a_ruling_is_defined_once_across_files(tmp_path):
    (tmp_path / "a.toml").write_text(GOOD, encoding="utf-8")
    with pytest.raises(DataFileError) as info:
        load_text(tmp_path, GOOD, name="b.toml")
    assert info.value.problems == ["ruling test.one: already defined in a.toml"]


def test_every_problem_of_a_file_at_once(tmp_path):
    text = GOOD.replace('title = "A test"\n', "") + GOOD.replace("test.one", "test.two").replace(
        'default = "a"', 'default = "z"'
    )
    found = refused(tmp_path, text)
    assert [p.split(":")[0] for p in found] == ["ruling test.one.title", "ruling test.two.default"]


# --- a ruleset's readings ------------------------------------------------------------------


@pytest.fixture
def data_copy(tmp_path, monkeypatch):
    """A copy of data/ that the engine reads instead of the shipped one."""
    register()  # the shipped register, loaded before the switch
    copy = tmp_path / "data"
    shutil.copytree(DATA, copy)
    monkeypatch.setenv("REFEREE_DATA", str(copy))
    return copy


def choose(data: Path, ruleset_id: str, lines: str) -> None:
    path = data / "rulesets" / ruleset_id / "ruleset.toml"
    path.write_text(path.read_text(encoding="utf-8") + lines, encoding="utf-8")


def test_a_ruleset_takes_the_default_reading_unless_it_chooses(current):
    assert current.readings["los.level0-from-level1"] == "blind-1"
    assert current.reading("los.level0-from-level1").value == "blind 1"


def test_a_ruleset_file_choosing_a_reading(data_copy):
    choose(data_copy, "current", '"los.smoke" = "level-0"\n')
    rs = load_ruleset("current")
    assert rs.readings["los.smoke"] == "level-0"
    # "like 0": smoke between a level-1 and a level-0 end acts as the row's level-0 cell
    assert rs.los.heights[(1, 0)][3].kind == rs.los.heights[(1, 0)][0].kind == "blind"
    assert rs.los.heights[(1, 0)][3].ruling == "los.smoke"


def test_an_unknown_reading_is_refused_naming_it(data_copy):
    choose(data_copy, "current", '"los.smoke" = "fog"\n')
    with pytest.raises(DataFileError) as info:
        load_ruleset("current")
    (p,) = info.value.problems
    assert p.startswith("rulings.los.smoke:") and "'fog'" in p and "level-0" in p
    assert info.value.path == data_copy / "rulesets" / "current" / "ruleset.toml"


def test_an_unknown_ruling_is_refused_naming_it(data_copy):
    choose(data_copy, "first-draft", '"los.fog" = "thick"\n')
    with pytest.raises(DataFileError, match=r"rulings\.los\.fog: no such ruling"):
        load_ruleset("first-draft")


def test_an_unquoted_ruling_id_is_refused(data_copy):
    # los.smoke = "..." without quotes is a nested table in TOML: {"los": {"smoke": ...}}
    choose(data_copy, "current", 'los.smoke = "level-0"\n')
    with pytest.raises(DataFileError, match=r"rulings\.los: no such ruling"):
        load_ruleset("current")


def test_an_at_reference_to_no_ruling_is_refused(data_copy):
    path = data_copy / "rulesets" / "current" / "los.toml"
    path.write_text(path.read_text().replace("@los.smoke", "@los.fog", 1), encoding="utf-8")
    with pytest.raises(DataFileError, match=r"los\.fog"):
        load_ruleset("current")


def test_with_readings_switches_a_los_cell(current):
    assert current.los.heights[(1, 0)][0].kind == "blind"
    assert current.los.heights[(1, 0)][0].n == 1
    walled = current.with_readings({"los.level0-from-level1": "block"})
    cell = walled.los.heights[(1, 0)][0]
    assert cell.kind == "block"
    assert cell.ruling == "los.level0-from-level1"
    assert walled.readings["los.level0-from-level1"] == "block"
    # the ruleset it came from is unchanged
    assert current.los.heights[(1, 0)][0].kind == "blind"


def test_with_readings_refuses_an_unknown_reading(current):
    with pytest.raises(DataFileError, match=r"los\.level0-from-level1"):
        current.with_readings({"los.level0-from-level1": "wall"})


def test_with_readings_keeps_earlier_house_rules(data_copy):
    # The file chooses smoke as level-0 terrain; a house rule sets it back to the default,
    # and a later switch of another ruling must not bring the file's choice back.
    choose(data_copy, "current", '"los.smoke" = "level-0"\n')
    rs = load_ruleset("current").with_readings({"los.smoke": "blocks-always"})
    rs = rs.with_readings({"los.blind-count": "along-line"})
    assert rs.readings["los.smoke"] == "blocks-always"
    assert rs.readings["los.blind-count"] == "along-line"
    assert rs.los.heights[(1, 0)][3].kind == "block"
