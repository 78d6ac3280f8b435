"""ENTRENCHED!'s blind setup (draft 004, "Setup"; clause setup.blind): each side's units in
its own zone (rows 7-9 for side 1, 1-3 for side 2: ruling setup.entrenched-zones,
three-rows), entered apart, revealed together, each with the speed its owner chose."""

from __future__ import annotations

import pytest
from setup_factory import Driver, setup_board

from referee.board.hexgrid import parse_label
from referee.scenarios import blind
from referee.scenarios.procedure import legal_now
from referee.scenarios.setup_board import SetupError

UNITS = {
    "tank": ("standard-tank", 1),
    "peltasts": ("peltast-skirmishers", 1),
    "grunts": ("ork-grunts", 2),
    "boars": ("boar-riders", 2),
}


def start(readings=None) -> Driver:
    board, waiting = setup_board("entrenched", UNITS, readings)
    return Driver(board, blind.start(waiting))


def test_placements_wait_behind_the_screen_until_both_sides_are_revealed_together():
    d = start()
    d.place("tank", "C8", speed="stand-still")
    d.place("grunts", "C2", speed="fast")
    assert d.placed == {}  # nothing on the table yet
    d.place("peltasts", "E8")
    with pytest.raises(SetupError, match=r"not entered: boars \(side 2\)"):
        d.reveal()
    d.place("boars", "E3", speed="fast")
    outcome = d.reveal()
    assert {p.uid: (p.hex, p.speed) for p in outcome.placed} == {
        "tank": (parse_label("C8"), "stand-still"),
        "peltasts": (parse_label("E8"), "slow"),
        "grunts": (parse_label("C2"), "fast"),
        "boars": (parse_label("E3"), "fast"),
    }
    assert d.progress.done and not d.progress.waiting


def test_each_unit_is_given_its_speed_at_setup():
    d = start()
    with pytest.raises(SetupError, match="give its speed"):
        d.place("tank", "C8", speed=None)  # type: ignore[arg-type]
    with pytest.raises(SetupError, match="no speed 'flying'"):
        d.place("tank", "C8", speed="flying")


def test_a_side_sees_only_its_own_placements_for_stacking():
    d = start()
    d.place("tank", "C8")
    tank_board = blind.own_board(d.board, d.progress, 1)
    assert [s.uid for s in tank_board.standing] == ["tank"]
    assert blind.own_board(d.board, d.progress, 2).standing == ()
    # the companion peltasts still fit beside the tank (one large, one medium)
    assert parse_label("C8") in legal_now(d.board, d.progress, "peltasts")


def test_a_unit_entered_again_moves():
    d = start()
    d.place("tank", "C8")
    d.place("tank", "D9")
    assert d.progress.entered["tank"].hex == parse_label("D9")
    assert "moves tank" in d.texts[-1]


def test_forward_position_reaches_two_rows_beyond_the_zone_never_the_enemys():
    d = start()
    legal = legal_now(d.board, d.progress, "peltasts").hexes
    rows = {int(label[1:]) for label in map(str, legal)}
    assert rows == {5, 6, 7, 8, 9}
    tank_rows = {int(str(h)[1:]) for h in legal_now(d.board, d.progress, "tank").hexes}
    assert tank_rows == {7, 8, 9}


def test_both_sides_in_one_forward_hex_refuse_the_reveal_naming_the_hex():
    units = {"peltasts": ("peltast-skirmishers", 1), "other": ("peltast-skirmishers", 2)}
    board, waiting = setup_board("entrenched", units)
    d = Driver(board, blind.start(waiting))
    d.place("peltasts", "D5")
    d.place("other", "D5")  # side 2's Forward Position[2] reaches row 5 as well
    with pytest.raises(SetupError, match=r"both sides set up in D5 \(D5: peltasts, other\)"):
        d.reveal()


def test_under_own_half_forward_hexes_never_meet():
    units = {"peltasts": ("peltast-skirmishers", 1), "other": ("peltast-skirmishers", 2)}
    board, waiting = setup_board("entrenched", units, {"setup.forward-clash": "own-half"})
    d = Driver(board, blind.start(waiting))
    one = legal_now(d.board, d.progress, "peltasts").hexes
    two = legal_now(d.board, d.progress, "other").hexes
    assert not one & two
    assert {int(str(h)[1:]) for h in one} == {6, 7, 8, 9}  # row 5 is as near side 2's zone
