"""Army files (issue 12, "Army lists"): the smallest one loads, a bad one is answered with
the file, the unit entry, the field and the rule, every problem at once."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.army import Army, ArmyEntry, ArmyFileError, UpgradeChoice, dump_army, load_army
from referee.army.load import parse_army
from referee.errors import DataFileError, RefereeError

SMALLEST = """name = "Vanguard of the Hot Gates"
nation = "spartan"
game = "standard"            # a game id of data/units/budgets.toml

[[unit]]
type = "hoplite-phalanx"     # a unit id of the nation's catalogue
count = 2

[[unit]]
type = "standard-tank"
"""


def write(tmp_path: Path, text: str, name: str = "army.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_the_issues_smallest_army_file_loads(tmp_path):
    army = load_army(write(tmp_path, SMALLEST))
    assert (army.name, army.nation, army.game) == (
        "Vanguard of the Hot Gates",
        "spartan",
        "standard",
    )
    # count defaults to 1; no upgrades, no allowance, not an advanced game
    assert army.entries == (ArmyEntry("hoplite-phalanx", 2), ArmyEntry("standard-tank", 1))
    assert (army.allowance, army.advanced) == (None, False)


def test_upgrades_equipment_allowance_and_the_advanced_flag_load(tmp_path):
    army = load_army(
        write(
            tmp_path,
            """
name = "Asymmetric"
nation = "spartan"
game = "asymmetric"
allowance = "industry"
advanced = true
[[unit]]
type = "hoplite-phalanx"
upgrades = ["veteran", { id = "long-rifle", count = 2 }]
equipment = ["hoplon", "pistols"]
""",
        )
    )
    assert army.allowance == "industry" and army.advanced
    entry = army.entries[0]
    assert entry.upgrades == (UpgradeChoice("veteran"), UpgradeChoice("long-rifle", 2))
    assert entry.equipment == (UpgradeChoice("hoplon"), UpgradeChoice("pistols"))


def test_a_bad_entry_names_the_file_the_unit_entry_the_field_and_the_rule(tmp_path):
    path = write(
        tmp_path, SMALLEST.replace('type = "standard-tank"', 'type = "standard-tank"\ncount = 0')
    )
    with pytest.raises(ArmyFileError) as info:
        load_army(path)
    exc = info.value
    assert isinstance(exc, DataFileError) and isinstance(exc, RefereeError)
    assert exc.file == path and str(path) in str(exc)
    assert (exc.unit, exc.field) == ("unit[1]", "count")
    [problem] = exc.errors
    assert (problem.unit, problem.field, problem.rule) == ("unit[1]", "count", "army.building")
    assert problem.entry == 1
    assert "unit[1].count: expected a whole number 1 or more" in str(exc)


def test_every_problem_of_a_file_is_told_at_once(tmp_path):
    path = write(
        tmp_path,
        """
name = "Muddled"
nation = "spartan"
colour = "red"
advanced = "yes"
[[unit]]
count = 2
[[unit]]
type = "standard-tank"
upgrades = "hand-cannon"
[[unit]]
type = "hoplite-phalanx"
equipment = [{ id = "hoplon", count = -1 }, 3]
""",
    )
    with pytest.raises(ArmyFileError) as info:
        load_army(path)
    where = {(e.unit, e.field, e.rule) for e in info.value.errors}
    assert where == {
        (None, "colour", "army.building"),
        (None, "game", "army.budgets"),
        (None, "advanced", "army.budgets"),
        ("unit[0]", "type", "army.building"),
        ("unit[1]", "upgrades", "army.costs"),
        ("unit[2]", "equipment[0].count", "army.building"),
        ("unit[2]", "equipment[1]", "army.costs"),
    }


def test_a_bad_count_and_a_unit_not_in_the_catalogue_are_told_together(tmp_path):
    # README "Army lists": every problem at once. A count that is no number (a problem of
    # the file's form) and a misspelt unit (one of the catalogue) in the same file: both
    # named, so the second does not show only once the first is fixed (s9-user trial #7)
    path = write(
        tmp_path,
        """
name = "Bad"
nation = "spartan"
game = "standard"
[[unit]]
type = "hoplite-phalanx"
count = "two"
[[unit]]
type = "standard-tnak"
""",
    )
    with pytest.raises(ArmyFileError) as info:
        load_army(path)
    where = [(e.unit, e.field, e.rule) for e in info.value.errors]
    assert where == [
        ("unit[0]", "count", "army.building"),
        ("unit[1]", "type", "army.building"),
    ]
    assert "did you mean standard-tank" in info.value.errors[1].message


def test_a_file_that_is_not_toml_names_its_line(tmp_path):
    path = write(tmp_path, 'name = "x"\nnation = \n')
    with pytest.raises(ArmyFileError) as info:
        load_army(path)
    assert "line 2" in str(info.value) and info.value.file == path


def test_an_army_written_reads_back_the_same(tmp_path):
    army = Army(
        name='The "Quoted" Host',
        nation="spartan",
        game="asymmetric",
        allowance="manpower",
        advanced=True,
        entries=(
            ArmyEntry(
                "hoplite-phalanx", 3, (UpgradeChoice("veteran", 2),), (UpgradeChoice("hoplon"),)
            ),
            ArmyEntry("talos"),
        ),
    )
    text = dump_army(army)
    assert load_army(write(tmp_path, text)).with_(path=None) == army
    import tomllib

    assert parse_army(tomllib.loads(text)) == army


# --- bounded work (issue 23) ---------------------------------------------------------------


def army_of(entries: int, upgrades: int = 0) -> str:
    """An army file of ``entries`` grunts entries, the first with ``upgrades`` choices."""
    head = 'name = "Horde"\nnation = "ork"\ngame = "standard"\n'
    first = f"upgrades = {['veteran'] * upgrades!r}\n".replace("'", '"') if upgrades else ""
    return head + "".join(
        f'[[unit]]\ntype = "ork-grunts"\n{first if i == 0 else ""}' for i in range(entries)
    )


def test_an_army_list_has_at_most_the_limit_of_entries(tmp_path):
    from referee.limits import ARMY_MAX_ENTRIES

    assert ARMY_MAX_ENTRIES == 100  # far above an army of any game size (about ten entries)
    assert len(load_army(write(tmp_path, army_of(100))).entries) == 100
    with pytest.raises(ArmyFileError) as info:
        load_army(write(tmp_path, army_of(10_000)))
    assert [e.field for e in info.value.errors] == ["unit"]  # refused before any entry is read
    assert "10000 entries, over the limit of 100" in str(info.value)


def test_an_entry_has_at_most_the_limit_of_upgrades(tmp_path):
    with pytest.raises(ArmyFileError) as info:
        load_army(write(tmp_path, army_of(1, upgrades=101)))
    assert [(e.unit, e.field) for e in info.value.errors] == [("unit[0]", "upgrades")]
    assert "101 choices, over the limit of 100" in str(info.value)


def test_an_army_sheet_of_ten_thousand_entries_is_refused_in_one_line(tmp_path, capsys):
    from referee.cli.main import main

    army = write(tmp_path, army_of(10_000))
    assert main(["army", "sheet", str(army), "-o", str(tmp_path / "sheet.html")]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "over the limit of 100" in err
    assert not (tmp_path / "sheet.html").exists()
