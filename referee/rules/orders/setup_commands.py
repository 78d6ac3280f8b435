"""The setup commands of a match journal, one event each (clauses ``setup.blind``,
``setup.order``, ``setup.advantage``):

- ``setup-roll``: the setup-advantage roll of the current step (first draft); its dice go
  through the dice service, so they may be typed (``--dice 5 3``: side 1, then side 2);
- ``place uid=.. hex=.. facing=.. speed=..``: one unit set up (blind: entered for its side,
  on the table at the reveal); facing 0-5 or N, NE, SE, S, SW, NW (default: towards the
  enemy); speed as the scenario's setup says (ENTRENCHED!: chosen by the owner);
- ``setup-pass side=N``: side N sets up no more units in an optional step;
- ``reveal``: both sides' blind placements put on the table together.

While the setup is not finished the turn's commands are refused (``setup_blocks``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from referee.dice.service import Dice
from referee.rules.changes import Changes
from referee.rules.events import Event
from referee.rules.orders.command_value import Command
from referee.rules.orders.hidden_commands import Place, Reveal, SetupPass, SetupRoll
from referee.rules.orders.serial import unit_state_json
from referee.rules.orders.state import MatchState
from referee.rules.state import UnitState
from referee.scenarios import blind, ordered
from referee.scenarios.placement import Standing
from referee.scenarios.procedure import setup_asked, start_setup
from referee.scenarios.progress import SetupProgress, Waiting
from referee.scenarios.setup_board import Placement, SetupBoard, SetupError, SetupOutcome

SETUP_COMMANDS = ("setup-roll", "place", "setup-pass", "reveal")
ALLOWED_DURING_SETUP = (*SETUP_COMMANDS, "correct", "correct-hex", "correct-remove", "orders")


def setup_board(state: MatchState) -> SetupBoard:
    """The setup's view of ``state``: its units on the table are what placements respect."""
    if state.scenario is None:
        raise SetupError("this match has no scenario: its units were set up when it was made")
    standing = tuple(
        Standing(u.uid, u.side, u.hex, u.unit.size, "scout" in u.unit.types, u.hidden)
        for u in state.units.values()
    )
    return SetupBoard(state.rules, state.battle_map, state.scenario, state.cards, standing)


def initial_setup(state: MatchState, roster: list[Mapping[str, Any]]) -> SetupProgress:
    """The setup of a new match whose ``roster`` units wait to be set up."""
    waiting = tuple(Waiting(str(r["uid"]), str(r["unit"]), int(r["side"])) for r in roster)
    return start_setup(setup_board(state), waiting)


def setup_blocks(state: MatchState, kind: str) -> str | None:
    """Why ``kind`` may not run now (the setup is not finished), or None."""
    if state.setup is None or state.setup.done or kind in ALLOWED_DURING_SETUP:
        return None
    return (
        f"{kind}: the setup is not finished ({setup_asked(setup_board(state), state.setup)});"
        " the turn begins once every unit is set up"
    )


def setup_unfinished(state: MatchState) -> str:
    """What the unfinished setup of ``state`` still needs, as the Turn tab says it (counts
    of placements, never which units: a blind setup's entries stay behind the screen)."""
    if state.setup is None or state.setup.done:
        return ""
    asked = setup_asked(setup_board(state), state.setup, hints=False)
    return (
        f"The setup is not finished: {asked}. Next step waits until every unit is set up "
        "(the Setup tab)."
    )


def _progress(state: MatchState, kind: str) -> SetupProgress:
    if state.setup is None:
        raise SetupError(f"{kind}: this match has no setup to carry out")
    return state.setup


def starting_state(state: MatchState, placement: Placement) -> UnitState:
    """The unit as it begins the match: where and how it was set up, its weapons loaded or
    not as ruling ``setup.loaded`` reads."""
    card = state.cards[placement.unit]
    loaded = state.rules.reading("setup.loaded").value == "loaded"
    ammo = {w.name: max(w.load, w.burst) for w in card.weapons} if loaded else {}
    return UnitState(
        placement.uid,
        card,
        placement.side,
        placement.hex,
        facing=placement.facing,
        speed=placement.speed,
        loaded=ammo,
        hidden=placement.hidden,
    )


def _event(
    state: MatchState, command: Command, outcome: SetupOutcome, dice: Dice, start: int
) -> Event:
    changes = Changes(
        setup=outcome.progress.to_json(),
        units={p.uid: unit_state_json(starting_state(state, p)) for p in outcome.placed}
        if outcome.placed
        else None,
    )
    after = replace(state, setup=outcome.progress)
    text = outcome.text
    if not outcome.progress.done:
        text += f"\nnow: {setup_asked(setup_board(after), outcome.progress)}"
    return Event(
        command.KIND,
        command,
        changes,
        text,
        dice=tuple(dice.log[start:]),
        clauses=outcome.clauses,
        rulings=outcome.rulings,
    )


def setup_roll(state: MatchState, command: SetupRoll, dice: Dice) -> Event:
    progress = _progress(state, "setup-roll")
    if progress.procedure != "ordered":
        raise SetupError("setup-roll: a blind setup has no setup-advantage roll")
    start = len(dice.log)
    return _event(
        state, command, ordered.roll_advantage(setup_board(state), progress, dice), dice, start
    )


def place(state: MatchState, command: Place, dice: Dice) -> Event:
    progress = _progress(state, "place")
    board = setup_board(state)
    asked = command.placement()
    outcome = (
        blind.enter(board, progress, asked)
        if progress.procedure == "blind"
        else ordered.place(board, progress, asked)
    )
    return _event(state, command, outcome, dice, len(dice.log))


def setup_pass(state: MatchState, command: SetupPass, dice: Dice) -> Event:
    progress = _progress(state, "setup-pass")
    if progress.procedure != "ordered":
        raise SetupError("setup-pass: a blind setup has no steps to pass")
    side = progress.on_turn if command.side is None else command.side
    if side not in (1, 2):
        raise SetupError(f"setup-pass: side must be 1 or 2, not {side!r}")
    return _event(
        state,
        command,
        ordered.pass_step(setup_board(state), progress, int(side)),
        dice,
        len(dice.log),
    )


def reveal(state: MatchState, command: Reveal, dice: Dice) -> Event:
    progress = _progress(state, "reveal")
    if progress.procedure != "blind":
        raise SetupError("reveal: only a blind setup is revealed; this one is open, step by step")
    return _event(state, command, blind.reveal(setup_board(state), progress), dice, len(dice.log))
