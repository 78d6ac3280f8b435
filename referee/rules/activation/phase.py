"""Whether a command of the activation rules may be carried out where the game is: in its
phase, and by the side whose turn it is (draft 002, "Starting the Game", "Main Phase"; clauses
``activation.starting``, ``activation.activation``). :func:`~referee.rules.activation.step.step`
asks it before any handler and any die, so a wizard, the command line, a typed command and a
journal all meet it; a refusal is an :class:`ActivationOutOfPhase`, of the family the main
game's steps out of their part of the turn use (:class:`referee.rules.command.OutOfPhase`).

What "out of its phase" means here, read from the draft:
- each step of the start has its phase, in the draft's order (presentation, the bans, the
  player order, deployment, the reserves, 'before the battle'); the activations, entering
  from the reserves and a pass belong to the main phase;
- in deployment, the reserves and 'before the battle' a side acts on its turn: 'Each player,
  starting with the first, deploy a unit ... at a time' alternates (a side that is done is
  skipped), while 'Each player, in order, make any "Before the battle" actions' (no 'at a
  time') has the first player make all of its actions, then the second;
- in the main phase 'Each player activates one unit, then passes the turn to the other
  player': a unit of the side whose turn it is not is refused, and a pass by it too;
- a unit activated before is never refused for it: 'The same unit can be activated any
  number of times in a row.' The main phase has no rounds.
Who bans next and who chooses the order are the bans' and the order's own checks
(:mod:`referee.rules.activation.setup_steps`).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from referee.rules.activation.actions import ActivationError
from referee.rules.activation.commands import Activation, Command
from referee.rules.activation.state import ActivationState, Phase
from referee.rules.command import OutOfPhase

__all__ = ["PHASE_CLAUSES", "PHASE_OF", "ActivationOutOfPhase", "phase_refusal"]

PHASE_OF: Mapping[str, Phase] = MappingProxyType(
    {
        "present": "presentation",
        "ban": "missions",
        "roll-order": "order",
        "choose-order": "order",
        "deploy": "deployment",
        "deploy-pass": "deployment",
        "reserves": "reserves",
        "before-battle": "before-battle",
        "before-battle-done": "before-battle",
        "move": "main",
        "shoot": "main",
        "capture": "main",
        "embark": "main",
        "disembark": "main",
        "enter": "main",
        "pass": "main",
    }
)
"""The phase each kind of command belongs to."""

PHASE_CLAUSES: Mapping[Phase, str] = MappingProxyType(
    {
        "presentation": "activation.presentation",
        "missions": "activation.mission-choosing",
        "order": "activation.player-order",
        "deployment": "activation.deployment",
        "reserves": "activation.reserves",
        "before-battle": "activation.starting-actions",
        "main": "activation.activation",
    }
)
"""The clause of each phase."""


class ActivationOutOfPhase(ActivationError, OutOfPhase):
    """A command of the activation rules out of its phase or its side's turn."""


def where_now(state: ActivationState) -> str:
    """``the deployment phase, side 2's turn``."""
    turn = f", side {state.turn}'s turn" if state.turn is not None else ""
    return f"the {state.phase} phase{turn}"


def phase_refusal(state: ActivationState, command: Command) -> ActivationOutOfPhase | None:
    """Why ``command`` may not be carried out now (see the module docstring), or None."""
    kind = command.KIND
    phase = PHASE_OF.get(kind)
    if phase is None:  # (not a command of these rules: step() says so)
        return None
    if phase != state.phase:
        return ActivationOutOfPhase(
            f"{kind} belongs to the {phase} phase (clause {PHASE_CLAUSES[phase]}); the game "
            f"is in {where_now(state)}",
            "kind",
        )
    if state.turn is None or phase not in ("deployment", "reserves", "before-battle", "main"):
        return None
    side = getattr(command, "side", None)
    if isinstance(side, int) and side != state.turn:
        return ActivationOutOfPhase(
            f"it is side {state.turn}'s turn, not side {side}'s (clause {PHASE_CLAUSES[phase]})",
            "side",
        )
    if isinstance(command, Activation):
        piece = state.pieces.get(command.uid)
        if piece is not None and piece.side != state.turn:
            return ActivationOutOfPhase(
                f"it is side {state.turn}'s turn; {command.uid} is side {piece.side}'s "
                f"(clause {PHASE_CLAUSES[phase]})",
                "uid",
                command.uid,
            )
    return None
