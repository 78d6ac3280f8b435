"""A ruleset reads each table when a rule first asks for it, and imports that table's parser
only then (what each command imports: tests/cli/test_cli_start_imports.py); a broken table is
refused when read, naming its file and key."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from referee.errors import DataFileError
from referee.paths import data_dir
from referee.ruleset.rulings import register
from referee.ruleset.shipped import TABLE_KINDS, load_ruleset


def test_each_kind_is_named_by_its_home_with_its_own_name_and_files() -> None:
    for home in TABLE_KINDS:
        kind = home.load()
        assert (kind.name, kind.files) == (home.name, home.files), home.kind


@pytest.fixture
def rulesets(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of data/rulesets/ (and the units' vocabulary the orders table reads) that the
    engine reads instead of the shipped one."""
    register()
    copy = tmp_path / "data"
    shutil.copytree(data_dir() / "rulesets", copy / "rulesets")
    shutil.copytree(data_dir() / "units", copy / "units")
    monkeypatch.setenv("REFEREE_DATA", str(copy))
    return copy / "rulesets"


def test_a_broken_table_is_refused_when_first_read_naming_its_file_and_key(
    rulesets: Path,
) -> None:
    from referee.rules.assault.table import ASSAULT
    from referee.rules.fire.to_hit_table import TO_HIT

    path = rulesets / "current" / "assault.toml"
    path.write_text(path.read_text(encoding="utf-8") + "\nbogus_key = 1\n", encoding="utf-8")
    rules = load_ruleset("current")
    assert rules.table(TO_HIT).ranges  # the tables a command reads work...
    for _ in range(2):  # ...and the broken one is refused each time it is asked for
        with pytest.raises(DataFileError) as err:
            rules.table(ASSAULT)
        assert err.value.path.name == "assault.toml"
        assert any("bogus_key" in p for p in err.value.problems)


def test_a_table_asked_for_again_is_the_very_table_read_first_under_the_same_readings() -> None:
    # the second lookup is a plain dict hit: it must give the table the ruleset read, never
    # another ruleset's (house rules read the tables again under their own readings)
    from referee.rules.turn.sequence import TURN
    from referee.ruleset import MissingTable

    rules = load_ruleset("current")
    first = rules.table(TURN)
    assert rules.table(TURN) is first is rules.tables[TURN.name]
    other = rules.with_readings({"turn.fear-step": "abilities-step"})
    assert other.table(TURN).abilities["fear"] == "pre-assault-abilities"
    assert rules.table(TURN).abilities["fear"] == "pre-assault-retreat"
    from referee.rules.activation.tables import ACTIVATION

    for _ in range(2):  # a table the system lacks stays refused however often asked
        with pytest.raises(MissingTable):
            rules.table(ACTIVATION)
