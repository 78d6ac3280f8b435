"""One movement step resolved for every unit at once (clauses ``turn.simultaneous``,
``orders.movement``, ``move.stacking``, ``assault.trigger``).

``resolve_movement_step(rules, battle_map, units, actions, dice, ...)`` returns a frozen
:class:`MovementStepResult`; the assaults it starts are :class:`AssaultContest` values for
the assault engine.
"""

from referee.rules.movement_step.contest import AssaultContest, HexDecision, Participant
from referee.rules.movement_step.errors import MovementStepError
from referee.rules.movement_step.head_on import head_on_key
from referee.rules.movement_step.resolve import resolve_movement_step
from referee.rules.movement_step.result import (
    Choice,
    Move,
    MovementStepResult,
    PendingChoice,
    Stay,
    StepEvent,
)

__all__ = [
    "AssaultContest",
    "Choice",
    "HexDecision",
    "Move",
    "MovementStepError",
    "MovementStepResult",
    "Participant",
    "PendingChoice",
    "Stay",
    "StepEvent",
    "head_on_key",
    "resolve_movement_step",
]
