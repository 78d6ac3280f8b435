"""A shipped data file is parsed once and read from the cache after, until it changes;
a file of the user's is always parsed afresh."""

from __future__ import annotations

import os

import pytest

from referee.errors import DataFileError, read_toml


@pytest.fixture
def folders(tmp_path, monkeypatch):
    data, cache = tmp_path / "data", tmp_path / "cache"
    (data / "maps").mkdir(parents=True)
    monkeypatch.setenv("REFEREE_DATA", str(data))
    monkeypatch.setenv("REFEREE_CACHE", str(cache))
    return data, cache


def test_a_shipped_file_is_kept_parsed_until_it_changes(folders):
    data, cache = folders
    f = data / "maps" / "m.toml"
    f.write_text('name = "one"\n')
    assert read_toml(f) == {"name": "one"}
    (kept,) = cache.rglob("*.marshal")
    # the cache is what a second read returns: change it behind the file's back
    import marshal

    stamp, _ = marshal.loads(kept.read_bytes())
    kept.write_bytes(marshal.dumps((stamp, {"name": "from the cache"})))
    assert read_toml(f) == {"name": "from the cache"}
    # the file changes (its size, its time): parsed again
    f.write_text('name = "two, longer"\n')
    os.utime(f, ns=(stamp[0] + 10**9, stamp[0] + 10**9))
    assert read_toml(f) == {"name": "two, longer"}


def test_a_users_file_and_a_broken_one_are_never_kept(folders, tmp_path):
    data, cache = folders
    mine = tmp_path / "mine.toml"
    mine.write_text("a = 1\n")
    assert read_toml(mine) == {"a": 1}
    broken = data / "maps" / "broken.toml"
    broken.write_text("a = \n")
    with pytest.raises(DataFileError, match="not valid TOML"):
        read_toml(broken)
    assert not list(cache.rglob("*.marshal"))


def test_a_damaged_cache_file_is_parsed_around(folders):
    data, cache = folders
    f = data / "maps" / "m.toml"
    f.write_text("a = 2\n")
    read_toml(f)
    (kept,) = cache.rglob("*.marshal")
    kept.write_bytes(b"\x00garbage")
    assert read_toml(f) == {"a": 2}


def test_a_text_read_again_and_again_is_kept_parsed_by_the_text_itself(folders):
    from referee.errors import parse_kept_toml

    _, cache = folders
    text = 'name = "the map a match holds"\nrows = [1, 2]\n'
    assert parse_kept_toml(text, "m.referee") == {"name": "the map a match holds", "rows": [1, 2]}
    (kept,) = cache.rglob("*.marshal")
    import marshal

    kept_text, _ = marshal.loads(kept.read_bytes())
    kept.write_bytes(marshal.dumps((kept_text, {"name": "from the cache"})))
    assert parse_kept_toml(text, "m.referee") == {"name": "from the cache"}
    # another text, even one whose file name (checksum, length) it took, is parsed afresh
    kept.write_bytes(marshal.dumps(("another text", {"name": "not this one"})))
    assert parse_kept_toml(text, "m.referee")["name"] == "the map a match holds"
    kept.write_bytes(b"\x00garbage")
    assert parse_kept_toml(text, "m.referee")["rows"] == [1, 2]


def test_a_text_that_is_not_toml_is_refused_naming_its_file_and_never_kept(folders):
    from referee.errors import parse_kept_toml

    _, cache = folders
    with pytest.raises(DataFileError, match=r"m\.referee: the map it holds"):
        parse_kept_toml("a = \n", "m.referee: the map it holds")
    assert not list(cache.rglob("*.marshal"))
