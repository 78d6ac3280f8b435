"""Which movement or agony step a wizard is for: the one the match is at, else the next one
of the turn (clause ``turn.sequence``)."""

from __future__ import annotations

from referee.rules.orders.state import MatchState
from referee.rules.turn.clock import TurnPosition


def step_number(state: MatchState, kind: str) -> int:
    """The number of the ``kind`` step (``movement``, ``agony``) the match is at or comes to
    next in this turn (a step inside a group counts as its group); past the last one, the
    last one."""
    position = TurnPosition.at(state.rules, state.turn, state.step)
    steps = position.steps
    group = position.step.group
    numbers = [s.number for s in steps if s.kind == kind and s.number is not None]
    if not numbers:
        raise ValueError(f"the turn of {state.rules.id} has no {kind} step")
    for s in steps:
        if s.id == group and s.kind == kind and s.number is not None:
            return s.number
    for s in steps[position.index :]:
        if s.kind == kind and s.number is not None:
            return s.number
    return numbers[-1]
