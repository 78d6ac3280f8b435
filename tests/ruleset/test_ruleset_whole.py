"""A ruleset holds every table its game system lists (data/rulesets/systems.toml): a missing
file refuses it at load, and checking it whole (check_ruleset, ``referee rules check``) reports
every problem of every file at once, each naming its file and key."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from referee.errors import DataFileError
from referee.paths import data_dir
from referee.rules.activation.tables import ACTIVATION, activation_rules
from referee.rules.fire.to_hit_table import TO_HIT, to_hit_table
from referee.rules.turn.sequence import turn_rules
from referee.ruleset import MissingTable
from referee.ruleset.rulings import register
from referee.ruleset.shipped import check_ruleset, load_ruleset, ruleset

SHIPPED = data_dir()


@pytest.fixture
def rulesets(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of data/rulesets/ (and the units' vocabulary the orders table reads) that the
    engine reads instead of the shipped one."""
    register()  # the shipped register, loaded before the switch
    copy = tmp_path / "data"
    shutil.copytree(SHIPPED / "rulesets", copy / "rulesets")
    shutil.copytree(SHIPPED / "units", copy / "units")
    monkeypatch.setenv("REFEREE_DATA", str(copy))
    return copy / "rulesets"


def test_every_ruleset_of_each_system_holds_every_table_of_its_system() -> None:
    for rid, tables in [
        (
            "current",
            {
                "terrain",
                "los",
                "to_hit",
                "damage",
                "assault",
                "hex_effects",
                "agony",
                "orders",
                "turn",
                "nations",
            },
        ),
        (
            "first-draft",
            {
                "terrain",
                "los",
                "to_hit",
                "damage",
                "assault",
                "hex_effects",
                "agony",
                "orders",
                "turn",
                "nations",
            },
        ),
        ("activation", {"terrain", "los", "activation", "activation_cards", "activation_missions"}),
    ]:
        assert set(ruleset(rid).tables) == tables, rid


def test_the_rules_read_their_table_from_the_ruleset_loaded_once() -> None:
    current = ruleset("current")
    assert to_hit_table(current) is current.table(TO_HIT)
    assert turn_rules(current) is turn_rules(current)


def test_a_table_of_another_system_is_refused_by_name() -> None:
    with pytest.raises(MissingTable, match=r"ruleset 'activation' .* has no to_hit table"):
        to_hit_table(ruleset("activation"))
    with pytest.raises(MissingTable, match="has no activation table"):
        activation_rules(ruleset("current"))
    assert ruleset("activation").has(ACTIVATION) and not ruleset("current").has(ACTIVATION)


def test_a_ruleset_missing_files_is_refused_whole_naming_each(rulesets: Path) -> None:
    (rulesets / "current" / "to_hit.toml").unlink()
    (rulesets / "current" / "turn.toml").unlink()
    with pytest.raises(DataFileError) as err:
        load_ruleset("current")
    assert err.value.problems == [
        "to_hit.toml: missing (the to_hit table of system orders)",
        "turn.toml: missing (the turn table of system orders)",
    ]


def test_an_activation_ruleset_needs_its_own_files_not_the_others(rulesets: Path) -> None:
    (rulesets / "activation" / "missions.toml").unlink()
    with pytest.raises(DataFileError) as err:
        load_ruleset("activation")
    assert err.value.problems == [
        "missions.toml: missing (the activation_missions table of system activation)"
    ]


def test_problems_of_several_files_are_reported_at_once_with_file_and_key(
    rulesets: Path,
) -> None:
    for name in ("orders.toml", "assault.toml"):
        path = rulesets / "current" / name
        path.write_text(path.read_text(encoding="utf-8") + "\nbogus_key = 1\n", encoding="utf-8")
    with pytest.raises(DataFileError) as err:
        check_ruleset("current")
    files = {p.split(":")[0] for p in err.value.problems}
    assert files == {"orders.toml", "assault.toml"}
    assert all("bogus_key" in p for p in err.value.problems)


def test_a_ruleset_of_an_unknown_system_is_refused(rulesets: Path) -> None:
    path = rulesets / "current" / "ruleset.toml"
    path.write_text(
        path.read_text(encoding="utf-8").replace('system = "orders"', 'system = "chess"'),
        encoding="utf-8",
    )
    with pytest.raises(DataFileError, match="system: 'chess' is not a game system"):
        load_ruleset("current")


def test_a_table_that_needs_a_broken_one_is_left_out_until_that_one_is_mended(
    rulesets: Path,
) -> None:
    # turn.toml needs the agony table read first (the agony steps of the turn)
    for name in ("agony.toml", "turn.toml"):
        path = rulesets / "current" / name
        path.write_text(path.read_text(encoding="utf-8") + "\nbogus_key = 1\n", encoding="utf-8")
    with pytest.raises(DataFileError) as err:
        check_ruleset("current")
    assert err.value.path.name == "agony.toml"
    assert all("bogus_key" in p for p in err.value.problems)


def test_every_shipped_ruleset_and_every_kept_version_checks_whole() -> None:
    for rid in ("current", "first-draft", "activation"):
        assert set(check_ruleset(rid).tables) == set(ruleset(rid).tables)
        for old in sorted((SHIPPED / "rulesets" / rid / "history").glob("*/ruleset.toml")):
            version = int(old.parent.name)
            assert check_ruleset(rid, version=version).version == version
