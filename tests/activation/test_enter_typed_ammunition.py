"""Ruling ``activation.reserves-ammunition``, reading ``choose`` (the default): entering from
the reserves is the unit's deployment, so its player chooses the ammunition it enters with,
0 to its card's. An ``enter`` typed now (the window's command line, ``referee match step
--command``) that names no ``ammunition=`` is refused, naming the ruling and the range: the
same words in a journal written before the ruling mean "with what it had in the reserves,
none", and a referee typing the line would not mean that. The journal's form of such an
enter (JSON or a text journal's line, no field) still replays as written: with none."""

from __future__ import annotations

import io
from contextlib import redirect_stderr, redirect_stdout

import pytest
from activation_factory import game, main_phase, pieces_json, play, unit

from referee.cli.main import main
from referee.match.games.activation_file import ActivationMatch
from referee.rules.activation.actions import ActivationError
from referee.rules.activation.commands import command_from_json, parse_command
from referee.rules.activation.system import ActivationSystem

ENTER = "enter uid=tank hex=H15 facing=N"


def _in_reserve(g):
    """The battle tank (5 ammunition on its card) waiting in the reserves, none chosen."""
    return main_phase(
        [
            unit("tank", "battle-tank", 1, "H12:N", g, status="reserve", ammunition=0),
            unit("foe", "rifle-squad", 2, "H9", g),
        ]
    )


def test_an_enter_typed_without_ammunition_under_choose_is_refused_naming_the_ruling():
    g = game()
    with pytest.raises(ActivationError) as refused:
        ActivationSystem(g).check_typed(_in_reserve(g), parse_command(ENTER))
    said = str(refused.value)
    assert "ammunition=" in said and "activation.reserves-ammunition" in said
    assert "0 to 5" in said  # the battle tank's card: 5 rounds
    assert refused.value.field == "ammunition"


def test_an_enter_typed_with_its_ammunition_or_under_full_or_none_is_taken():
    g = game()
    state = _in_reserve(g)
    ActivationSystem(g).check_typed(state, parse_command(f"{ENTER} ammunition=3"))
    for reading in ("full", "none"):  # nothing to choose: leaving it out is right
        other = game(reserves_ammunition=reading)
        ActivationSystem(other).check_typed(state, parse_command(ENTER))


def test_an_enter_of_a_journal_without_ammunition_still_replays_with_none():
    g = game()
    old = command_from_json({"kind": "enter", "uid": "tank", "hex": "H15", "facing": "N"})
    assert old == parse_command(ENTER)
    out = play(g, _in_reserve(g), ENTER)  # the engine's step: what a replay runs
    assert pieces_json(out.state)["tank"]["ammunition"] == 0


CARRIER_ARMIES = [
    {"uid": "tank", "unit": "battle-tank", "side": 1},
    {"uid": "extra", "unit": "siege-tank", "side": 1},
    {"uid": "buggy", "unit": "scout-buggy", "side": 2},
    {"uid": "grunts", "unit": "rifle-squad", "side": 2},
]
TO_BATTLE = [
    ("present", [1]),
    ("ban side=1 mission=open-field", []),
    ("ban side=2 mission=twin-towers", []),
    ("ban side=1 mission=last-stand", []),
    ("roll-order", [2]),
    ("choose-order side=2 go=second", []),
    ("deploy side=1 uid=tank hex=H15 facing=N ammunition=3", []),
    ("deploy side=2 uid=buggy hex=H1 facing=S", []),
    ("deploy-pass side=1", []),
    ("deploy-pass side=2", []),
    ("reserves side=1 uids=extra", []),
    ("reserves side=2 uids=grunts", []),
    ("before-battle-done side=2", []),
]


def reserves_match(path):
    """Crossroads in the main phase, side 1's turn, its siege tank (4 ammunition on its
    card) in the reserves."""
    with ActivationMatch.create(path, units=CARRIER_ARMIES, seed=7) as match:
        for text, dice in TO_BATTLE:
            match.run(text, [parse_command(text)], dice)
    return path


def cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = main(list(argv))
    return status, out.getvalue(), err.getvalue()


def test_the_command_line_refuses_an_enter_without_ammunition_and_writes_nothing(tmp_path):
    path = reserves_match(tmp_path / "reserves.referee")
    before = path.read_bytes()
    status, _, err = cli("match", "step", str(path), "In", "-c", "enter uid=extra hex=F14")
    assert status == 2, err
    assert "ammunition=" in err and "activation.reserves-ammunition" in err and "0 to 4" in err
    assert path.read_bytes() == before
    status, _, err = cli(
        "match", "step", str(path), "In", "-c", "enter uid=extra hex=F14 ammunition=4"
    )
    assert status == 0, err
    with ActivationMatch.open(path) as match:
        assert match.state.pieces["extra"].ammunition == 4


def test_what_the_game_asks_names_the_ammunition_an_enter_must_write_as_ruled():
    """The agenda (the Turn dock's "Now:", ``match show``) asks for ammunition=N under
    choose, where an enter without it is refused, and for none under full or none, where
    one written is refused."""
    g = game()
    state = _in_reserve(g)
    assert "enter uid=U hex=H ammunition=N [facing=F]" in ActivationSystem(g).agenda(state)
    for reading in ("full", "none"):
        asked = ActivationSystem(game(reserves_ammunition=reading)).agenda(state)
        assert "enter uid=U hex=H [facing=F];" in asked and "ammunition" not in asked
