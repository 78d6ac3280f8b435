"""Versions (issue 16): the app's, the rules catalogue's and the data's versions are data,
stamped in every match and army file; a file from a newer version is refused, saying so, and
left as it was; an old match is read with the rules of its day."""

from __future__ import annotations

import hashlib
import re
import shutil
import tomllib
from pathlib import Path

import pytest

from referee import __version__
from referee.army import load_army
from referee.errors import RefereeError
from referee.match.games.orders_file import MatchFile
from referee.match.setup.demo import create_demo_match
from referee.paths import data_dir
from referee.ruleset.rulings import register
from referee.versions import NewerFileError, check_stamp, current_versions, stamp

DATA = data_dir()

ARMY = """name = "Vanguard of the Hot Gates"
nation = "spartan"
game = "standard"

[[unit]]
type = "hoplite-phalanx"
count = 2
"""


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def data_copy(tmp_path, monkeypatch):
    """A copy of data/ that the engine reads instead of the shipped one."""
    register()  # the shipped register, loaded before the switch
    copy = tmp_path / "data"
    shutil.copytree(DATA, copy)
    monkeypatch.setenv("REFEREE_DATA", str(copy))
    return copy


def set_version(toml: Path, version: int) -> None:
    text = re.sub(
        r"^version = \d+$", f"version = {version}", toml.read_text(encoding="utf-8"), flags=re.M
    )
    toml.write_text(text, encoding="utf-8")


def new_ruleset_version(data: Path, ruleset_id: str, extra_rulings: str) -> None:
    """What a maintainer does to change a ruleset: keep the old folder whole in
    history/<old>/, raise the version, change the files."""
    folder = data / "rulesets" / ruleset_id
    old = tomllib.loads((folder / "ruleset.toml").read_text(encoding="utf-8"))["version"]
    shutil.copytree(folder, folder / "history" / str(old), ignore=shutil.ignore_patterns("history"))
    set_version(folder / "ruleset.toml", old + 1)
    with open(folder / "ruleset.toml", "a", encoding="utf-8") as fh:
        fh.write(extra_rulings)


def test_the_versions_are_read_from_the_data_files():
    versions = current_versions()
    assert versions.app == __version__
    catalogue = tomllib.loads((DATA / "catalogue" / "catalogue.toml").read_text())
    assert versions.catalogue == catalogue["version"]
    for ruleset_id in ("current", "first-draft", "activation"):
        ruleset = tomllib.loads((DATA / "rulesets" / ruleset_id / "ruleset.toml").read_text())
        assert versions.rulesets[ruleset_id] == ruleset["version"]


def test_a_match_file_is_stamped_with_the_versions_that_made_it(tmp_path):
    with create_demo_match(tmp_path / "m.referee", "first-draft") as match:
        stamped = match.meta["versions"]
        assert stamped["app"] == __version__
        assert stamped["ruleset"] == "first-draft"  # the edition asked for
        assert stamped["ruleset_version"] == current_versions().rulesets["first-draft"]
        assert stamped["catalogue"] == current_versions().catalogue


def test_a_match_from_a_newer_ruleset_version_is_refused_and_left_as_it_was(
    tmp_path, data_copy, monkeypatch
):
    now = current_versions().rulesets["first-draft"]
    set_version(data_copy / "rulesets" / "first-draft" / "ruleset.toml", now + 1)
    path = tmp_path / "newer.referee"
    create_demo_match(
        path, "first-draft"
    ).close()  # written by a referee whose first draft is newer
    monkeypatch.delenv("REFEREE_DATA")  # opened by this one, whose first draft is `now`
    before = digest(path)
    with pytest.raises(NewerFileError) as info:
        MatchFile.open(path)
    message = str(info.value)
    assert "newer" in message and f"ruleset first-draft version {now + 1}" in message
    assert f"knows up to {now}" in message and str(path) in message
    assert isinstance(info.value, RefereeError) and info.value.file == path
    assert digest(path) == before


def test_a_match_from_a_newer_rules_catalogue_is_refused(tmp_path, data_copy, monkeypatch):
    set_version(data_copy / "catalogue" / "catalogue.toml", 7)
    path = tmp_path / "newer.referee"
    create_demo_match(path, "first-draft").close()
    monkeypatch.delenv("REFEREE_DATA")
    with pytest.raises(NewerFileError, match="rules catalogue version 7"):
        MatchFile.open(path)


def test_an_old_match_is_read_with_the_ruleset_of_its_day(tmp_path, data_copy):
    now = current_versions().rulesets["first-draft"]
    old_path = tmp_path / "old.referee"
    create_demo_match(
        old_path, "first-draft"
    ).close()  # first draft version `now`: blind-1 behind a hill
    new_ruleset_version(data_copy, "first-draft", '"los.level0-from-level1" = "blind-2"\n')

    with MatchFile.open(old_path) as old:
        assert old.rules.version == now
        assert old.rules.folder == data_copy / "rulesets" / "first-draft" / "history" / str(now)
        assert old.rules.readings["los.level0-from-level1"] == "blind-1"
        # a house rule switched during the old match keeps it on its version
        assert old.rules.with_readings({"los.smoke": "level-0"}).version == now
    with create_demo_match(tmp_path / "new.referee", "first-draft") as new:
        assert new.rules.version == now + 1
        assert new.rules.readings["los.level0-from-level1"] == "blind-2"
        assert new.meta["versions"]["ruleset_version"] == now + 1


def test_a_match_whose_ruleset_version_is_no_longer_kept_is_refused_saying_so(tmp_path, data_copy):
    path = tmp_path / "old.referee"
    create_demo_match(path, "first-draft").close()
    made = current_versions().rulesets["first-draft"]  # the demo's, soon kept no more
    new_ruleset_version(data_copy, "first-draft", "")
    shutil.rmtree(data_copy / "rulesets" / "first-draft" / "history")
    with pytest.raises(RefereeError, match=f"first-draft version {made} is not kept"):
        MatchFile.open(path)


def test_a_match_file_from_before_stamps_reads_as_version_1(tmp_path):
    import sqlite3

    path = tmp_path / "before.referee"
    create_demo_match(path, "first-draft").close()
    with sqlite3.connect(path) as conn:
        conn.execute("DELETE FROM meta WHERE key = 'versions'")
    conn.close()
    with MatchFile.open(path) as match:
        assert "versions" not in match.meta
        assert match.rules.version == 1


# --- army files ------------------------------------------------------------------------------


def test_an_army_file_written_carries_the_stamp_and_reads_back(tmp_path):
    from referee.army import dump_army

    army = load_army(_write(tmp_path, ARMY))
    text = dump_army(army)
    doc = tomllib.loads(text)
    assert doc["versions"] == stamp()
    assert doc["versions"]["units"] == current_versions().units
    assert load_army(_write(tmp_path, text, "again.toml")).with_(path=None) == army.with_(path=None)


def test_an_army_file_from_newer_unit_catalogues_is_refused(tmp_path):
    newer = current_versions().units + 1
    path = _write(tmp_path, ARMY + f'\n[versions]\napp = "9.0.0"\nunits = {newer}\n')
    with pytest.raises(NewerFileError) as info:
        load_army(path)
    assert f"unit catalogues version {newer}" in str(info.value)
    assert "referee 9.0.0" in str(info.value)


def test_an_army_file_with_a_stamp_that_is_no_table_names_the_field(tmp_path):
    from referee.army import ArmyFileError

    with pytest.raises(ArmyFileError) as info:
        load_army(_write(tmp_path, 'versions = "new"\n' + ARMY))
    assert info.value.field == "versions"


def _write(tmp_path: Path, text: str, name: str = "army.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_damaged_stamp_on_a_server_names_the_servers_address_whole():
    address = "postgresql://referee@/cup?host=/tmp/pg&port=5432"
    with pytest.raises(RefereeError) as refused:
        check_stamp([], address)
    assert str(refused.value).startswith(f"{address}: its version stamp is not a table")
