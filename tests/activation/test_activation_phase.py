"""A command of the activation rules asked for out of its part of the game (draft 002,
"Starting the Game" and "Main Phase"; clauses activation.starting, activation.activation) is
refused by the engine, before any die, through the one family of refusals out of phase that
the main game's steps use (:class:`referee.rules.command.OutOfPhase`):
- out of its phase: each step of the start has its phase (presentation, the bans, the player
  order, deployment, the reserves, 'before the battle') and the activations the main phase;
- out of turn: 'Each player, starting with the first, deploy a unit ... at a time'; 'Each
  player, in order, make any "Before the battle" actions'; 'Each player activates one unit,
  then passes the turn to the other player' (a unit of the other side is not activated);
- never for a unit activated again: 'The same unit can be activated any number of times in a
  row.'
The message names the command's phase, with its clause, and where the game is."""

from __future__ import annotations

import pytest
from activation_factory import game, main_phase, play, unit

from referee.rules.activation.actions import ActivationError
from referee.rules.activation.commands import parse_command
from referee.rules.activation.phase import PHASE_OF, phase_refusal
from referee.rules.activation.start import new_game
from referee.rules.activation.state import PHASES
from referee.rules.command import CommandError, OutOfPhase
from referee.rules.orders.commands import Agony

ARMIES = {
    1: [("tank", "battle-tank"), ("squad", "rifle-squad")],
    2: [("buggy", "scout-buggy"), ("jet", "fighter")],
}

ONE_OF_EACH = {
    "present": "present",
    "ban": "ban side=1 mission=open-field",
    "roll-order": "roll-order",
    "choose-order": "choose-order side=1 go=first",
    "deploy": "deploy side=1 uid=tank hex=H15 facing=N",
    "deploy-pass": "deploy-pass side=1",
    "reserves": "reserves side=1 uids=squad",
    "before-battle": "before-battle side=2 uid=buggy action=scout-move path=H2:S",
    "before-battle-done": "before-battle-done side=1",
    "move": "move uid=tank path=H11:N",
    "shoot": "shoot uid=tank shots=cannon>jet",
    "capture": "capture uid=tank hex=H8",
    "embark": "embark uid=squad transport=tank",
    "disembark": "disembark uid=squad hex=H11",
    "enter": "enter uid=squad hex=H15 ammunition=0",
    "pass": "pass side=1",
}


@pytest.fixture(scope="module")
def g():
    return game()


def test_every_command_of_the_activation_rules_belongs_to_one_phase():
    from referee.rules.activation.commands import KINDS

    assert set(PHASE_OF) == set(KINDS) == set(ONE_OF_EACH)
    assert set(PHASE_OF.values()) == set(PHASES)


@pytest.mark.parametrize("kind", [k for k in ONE_OF_EACH if k != "present"])
def test_every_command_but_present_is_refused_at_the_presentation(g, kind):
    state = new_game(g.cards, g.missions, ARMIES)
    assert state.phase == "presentation"
    with pytest.raises(OutOfPhase) as refused:
        play(g, state, ONE_OF_EACH[kind])  # no die typed: none is asked
    error = refused.value
    assert isinstance(error, ActivationError) and isinstance(error, CommandError)
    assert error.field == "kind"
    text = str(error)
    assert text.startswith(f"{kind} belongs to the {PHASE_OF[kind]} phase (clause activation.")
    assert "the game is in the presentation phase" in text


def test_an_activation_during_deployment_names_whose_turn_it_is(g):
    state = play(g, new_game(g.cards, g.missions, ARMIES, ["open-field"]), "present").state
    state = play(g, state, "roll-order", [1]).state
    state = play(g, state, "choose-order side=1 go=second").state
    assert (state.phase, state.turn) == ("deployment", 2)
    with pytest.raises(OutOfPhase, match="belongs to the main phase") as refused:
        play(g, state, "move uid=buggy path=H2:S")
    assert "the game is in the deployment phase, side 2's turn" in str(refused.value)
    assert "(clause activation.activation)" in str(refused.value)
    # the side whose turn it is not deploys nothing
    with pytest.raises(OutOfPhase, match="it is side 2's turn, not side 1's") as refused:
        play(g, state, "deploy side=1 uid=tank hex=H15 facing=N")
    assert refused.value.field == "side"


def test_a_unit_of_the_other_side_is_not_activated_and_the_same_unit_is_again(g):
    state = main_phase(
        [unit("tank", "battle-tank", 1, "H12:N", g), unit("squad", "rifle-squad", 2, "H9", g)]
    )
    with pytest.raises(OutOfPhase, match="it is side 1's turn; squad is side 2's") as refused:
        play(g, state, "move uid=squad path=H8")
    assert refused.value.field == "uid" and refused.value.unit == "squad"
    state = play(g, state, "move uid=tank path=H11:N").state
    state = play(g, state, "move uid=squad path=H8").state
    state = play(g, state, "move uid=tank path=H10:N").state  # the same unit again
    assert state.activations == 3 and state.last == "tank"


def test_before_the_battle_the_first_player_acts_before_the_second(g):
    # the buggy (side 2) has a scout move; side 1, the first player, has no action left only
    # once it says so: until then side 2's action is out of turn
    state = main_phase(
        [unit("tank", "battle-tank", 1, "H12:N", g), unit("buggy", "scout-buggy", 2, "H2:S", g)]
    )
    state = state.but(phase="before-battle", turn=1)
    why = phase_refusal(state, parse_command("before-battle-done side=2"))
    assert why is not None and "it is side 1's turn, not side 2's" in str(why)
    state = play(g, state, "before-battle-done side=1").state
    assert state.turn == 2
    out = play(g, state, "before-battle side=2 uid=buggy action=scout-move path=H3:S")
    assert out.state.pieces["buggy"].hex is not None


def test_the_main_games_step_out_of_phase_is_of_the_same_family(tmp_path):
    from referee.match.games.orders_file import MatchFile

    units = [{"uid": "tank", "unit": "standard-tank", "side": 1, "hex": "C2", "facing": 3}]
    with (
        MatchFile.create(tmp_path / "m.referee", map_name="entrenched", units=units) as m,
        pytest.raises(OutOfPhase, match="agony step=0: carried out only"),
    ):
        m.run("Agony 0 at the orders step", [Agony(step=0)])


def test_a_match_file_refuses_it_and_writes_nothing(tmp_path, capsys):
    from referee.cli.main import main

    path = tmp_path / "a.referee"
    argv = ["match", "new", str(path), "--ruleset", "activation"]
    argv += ["--unit", "tank battle-tank side=1", "--unit", "buggy scout-buggy side=2"]
    assert main(argv) == 0
    before = path.read_bytes()
    capsys.readouterr()
    assert main(["match", "step", str(path), "Move", "-c", "move uid=tank path=H11:N"]) == 2
    err = capsys.readouterr().err
    assert "move belongs to the main phase" in err and "presentation phase" in err
    assert path.read_bytes() == before
