"""A match file keeps the app's settings for the match (the dice mode) in its meta."""

from __future__ import annotations

import json
import sqlite3

import pytest

from referee.match.games.orders_file import MatchFile, MatchFileError

UNITS = [{"uid": "tank", "unit": "standard-tank", "side": 1, "hex": "C8", "facing": 0}]


def test_settings_given_at_creation_are_read_back_after_reopening(tmp_path):
    path = tmp_path / "typed.referee"
    MatchFile.create(
        path, map_name="entrenched", units=UNITS, seed=3, settings={"dice": "typed"}
    ).close()
    with MatchFile.open(path) as match:
        assert match.meta["settings"] == {"dice": "typed"}


def test_a_match_created_without_settings_has_empty_settings(tmp_path):
    with MatchFile.create(tmp_path / "m.referee", map_name="entrenched", units=UNITS) as match:
        assert match.meta["settings"] == {}


def test_a_file_written_before_settings_existed_opens_with_empty_settings(tmp_path):
    path = tmp_path / "old.referee"
    MatchFile.create(path, map_name="entrenched", units=UNITS, seed=3).close()
    with sqlite3.connect(path) as conn:  # as an older referee wrote it: no settings row
        conn.execute("DELETE FROM meta WHERE key = 'settings'")
    with MatchFile.open(path) as match:
        assert match.meta["settings"] == {}
        assert match.seed == 3


def test_settings_are_stored_as_json_in_the_meta_table(tmp_path):
    path = tmp_path / "m.referee"
    MatchFile.create(path, map_name="entrenched", units=UNITS, settings={"dice": "app"}).close()
    with sqlite3.connect(path) as conn:
        (value,) = conn.execute("SELECT value FROM meta WHERE key = 'settings'").fetchone()
    assert json.loads(value) == {"dice": "app"}


def test_a_setting_that_is_not_text_is_refused_and_no_file_is_written(tmp_path):
    path = tmp_path / "bad.referee"
    with pytest.raises(MatchFileError, match="settings: 'dice'"):
        MatchFile.create(path, map_name="entrenched", units=UNITS, settings={"dice": 6})  # type: ignore[dict-item]
    assert not path.exists()
