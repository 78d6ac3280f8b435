"""``referee activation move`` and ``reach`` take the buildings on the map (``--building``)
into the board the engine builds, so ruling ``activation.aircraft-enemy-building`` applies
there as in a match: reading ``cross``, "an aircraft may fly across a tile with an enemy
building but may not end its move over it"; reading ``over`` (the default), it may end
there. An enemy building is one whose pips are more of the enemy's colour, or, tied, one
the enemy deployed."""

from __future__ import annotations

import json

from referee.cli.main import main

CROSS = ["--ruling", "activation.aircraft-enemy-building=cross"]


def _reach(capsys, *extra: str) -> dict:
    assert main(["activation", "reach", "fighter", "H12:N", *extra, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_an_aircraft_may_not_end_over_an_enemy_building_under_cross(capsys):
    """A fighter (aircraft, Movement 6) at H12 facing N reaches H10 (2 tiles ahead) on open
    ground; with a building on H10 whose pips are the enemy's (enemy=2), reading ``cross``
    takes H10 off its ends, and names the ruling; the tile beyond (H9) it still reaches,
    flying across H10."""
    assert "H10" in _reach(capsys)["tiles"]
    data = _reach(capsys, "--building", "H10:enemy=2", *CROSS)
    assert "H10" not in data["tiles"]
    assert "H9" in data["tiles"]
    assert data["readings"]["activation.aircraft-enemy-building"] == "cross"
    # reading "over": it may end over the enemy building
    data = _reach(capsys, "--building", "H10:enemy=2")
    assert "H10" in data["tiles"]
    assert data["readings"]["activation.aircraft-enemy-building"] == "over"


def test_a_building_the_mover_holds_is_no_enemy_building(capsys):
    """Pips more of the mover's colour (ally=2), or tied pips of a building nobody deployed:
    not an enemy building, so the fighter may end over it even under ``cross``; tied pips of
    a building the enemy deployed (``:by=enemy``) make it the enemy's."""
    assert "H10" in _reach(capsys, "--building", "H10:ally=2", *CROSS)["tiles"]
    assert "H10" in _reach(capsys, "--building", "H10:ally=1,enemy=1", *CROSS)["tiles"]
    tied = _reach(capsys, "--building", "H10:ally=1,enemy=1:by=enemy", *CROSS)
    assert "H10" not in tied["tiles"]


def test_a_move_ending_over_an_enemy_building_is_refused_under_cross(capsys):
    """F,F from H12:N ends on H10: refused under ``cross`` with the building there, naming the
    ruling; F,F,F flies across it to H9 and is allowed."""
    argv = ["activation", "move", "fighter", "H12:N", "--building", "H10:enemy=2", *CROSS]
    main([*argv, "--steps", "F,F", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert data["legal"] is False
    assert any("activation.aircraft-enemy-building" in p for p in data["problems"])
    assert main([*argv, "--steps", "F,F,F", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["legal"] is True and data["to"] == "H9:N"


def test_a_building_off_the_map_or_with_bad_pips_is_refused(capsys):
    for bad in ("Z99:enemy=2", "H10:enemy=x", "H10", "H10:enemy=1:by=nobody"):
        assert main(["activation", "reach", "fighter", "H12:N", "--building", bad]) != 0
        err = capsys.readouterr().err
        assert "--building" in err and bad in err
