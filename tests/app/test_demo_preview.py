"""The demo's first frame (:mod:`referee.app.demo_preview`) is kept in the cache folder, and a
kept preview is never wrong: it is what computing it gives, and it is computed again as soon
as a data file or a module it was computed from changes."""

from __future__ import annotations

import os
import shutil
from dataclasses import replace

import pytest

from referee.app import demo_preview as dp
from referee.board.hexgrid import parse_label
from referee.match.demo import DEMO_UNITS
from tests.conftest import DATA


@pytest.fixture
def own_data(tmp_path, monkeypatch):
    """A copy of the shipped data folder and an empty cache folder."""
    data = tmp_path / "data"
    shutil.copytree(DATA, data)
    monkeypatch.setenv("REFEREE_DATA", str(data))
    monkeypatch.setenv("REFEREE_CACHE", str(tmp_path / "cache"))
    return data


def test_the_kept_preview_is_the_computed_one(own_data):
    assert dp.kept_preview() is None  # nothing kept yet
    first = dp.demo_preview()
    kept = dp.kept_preview()
    assert kept is not None and dp.preview_file().is_file()
    assert kept == first == dp.computed_preview()
    battle_map, units = kept
    # the standard battlefield is 7 x 9 hexes; the demo sets up six units
    assert len(battle_map.hexes) == 63
    assert [(u.uid, u.unit.id, u.side, u.hex, u.facing, u.speed) for u in units] == [
        (s["uid"], s["unit"], s["side"], parse_label(s["hex"]), s["facing"], s["speed"])
        for s in DEMO_UNITS
    ]


def test_a_start_draws_the_kept_preview_while_nothing_it_came_from_changed(own_data):
    battle_map, units = dp.computed_preview()
    moved = [replace(units[0], hex=parse_label("D5")), *units[1:]]
    dp.keep_preview((battle_map, moved))  # a preview no computation gives: seen if used
    assert dp.demo_preview()[1] == moved


def test_a_data_file_edited_adds_or_removed_computes_the_preview_again(own_data):
    battle_map, units = dp.computed_preview()
    stale = (battle_map, units[:1])
    dp.keep_preview(stale)
    map_file = own_data / "maps" / "standard.toml"
    map_file.write_text(map_file.read_text() + "\n# edited\n")
    assert dp.kept_preview() is None
    assert dp.demo_preview() == (battle_map, units)  # computed again, and kept
    assert dp.kept_preview() == (battle_map, units)

    dp.keep_preview(stale)
    (own_data / "maps" / "new.toml").write_text("# a new map\n")
    assert dp.kept_preview() is None
    dp.keep_preview(stale)
    (own_data / "maps" / "new.toml").unlink()
    assert dp.kept_preview() is None


def test_a_module_edited_computes_the_preview_again(own_data, monkeypatch):
    preview = dp.computed_preview()
    source = own_data.parent / "module.py"  # stands for a module the preview came from
    source.write_text("X = 1\n")
    monkeypatch.setattr(dp, "_code_stamps", lambda: {str(source): dp._stamp(str(source))})
    dp.keep_preview(preview)
    assert dp.kept_preview() == preview
    source.write_text("X = 22\n")
    os.utime(source, ns=(1, 1))
    assert dp.kept_preview() is None


def test_a_kept_preview_cut_short_is_computed_again(own_data):
    dp.keep_preview(dp.computed_preview())
    file = dp.preview_file()
    file.write_bytes(file.read_bytes()[:40])
    assert dp.kept_preview() is None
    assert dp.demo_preview() == dp.computed_preview()
