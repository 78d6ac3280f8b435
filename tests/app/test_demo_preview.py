"""The demo's first frame (:mod:`referee.app.start.demo_preview`) is the demo's map and its units as
set up, read from the map file and the unit catalogue; nothing is kept in the cache folder."""

from __future__ import annotations

from referee.app.start.demo_preview import demo_preview
from referee.board.hexgrid import parse_label
from referee.match.setup.demo import DEMO_UNITS


def test_the_preview_is_the_demos_battlefield_and_its_six_units(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_CACHE", str(tmp_path / "cache"))
    battle_map, units = demo_preview()
    # the standard battlefield is 7 x 9 hexes; the demo sets up six units
    assert len(battle_map.hexes) == 63
    assert [(u.uid, u.unit.id, u.side, u.hex, u.facing, u.speed) for u in units] == [
        (s["uid"], s["unit"], s["side"], parse_label(s["hex"]), s["facing"], s["speed"])
        for s in DEMO_UNITS
    ]
    assert not (tmp_path / "cache").exists()  # nothing written to draw the first frame
