"""Speed changes of a movement step: A, B, A[X], B[X] (clauses ``orders.accelerate``,
``orders.brake``, ``orders.accelerate-special``, ``orders.brake-special``).

A unit card lists its speeds slowest first; A takes the next one up, B the next one down,
A[X] and B[X] the named speed X.
"""

from __future__ import annotations

import msgspec

from referee.rules.movement_step.errors import MovementStepError
from referee.rules.orders.model import SPEED_CODES, Action
from referee.rules.state import UnitState

__all__ = ["SPEED_CODES", "SpeedChange", "change_speed"]


class SpeedChange(msgspec.Struct, frozen=True):
    """The speed after one A or B action, and what happened."""

    speed: str
    text: str
    clause: str


def change_speed(state: UnitState, speed: str, action: Action) -> SpeedChange:
    """The speed a unit of ``state`` at ``speed`` has after ``action`` (A, B, A[X], B[X])."""
    names = [s.name for s in state.unit.speeds]
    if action.code not in SPEED_CODES:
        raise MovementStepError(f"{state.uid}: {action.text()} is not a speed change")
    faster = action.code == "A"
    if action.arg is not None:
        clause = "orders.accelerate-special" if faster else "orders.brake-special"
        if action.arg not in names:
            raise MovementStepError(
                f"{state.uid}: {action.text()} names speed {action.arg!r}, which a "
                f"{state.unit.name} does not have (speeds: {', '.join(names) or 'none'})"
            )
        return SpeedChange(action.arg, f"{action.text()}: speed {speed} -> {action.arg}", clause)
    clause = "orders.accelerate" if faster else "orders.brake"
    if speed not in names:
        raise MovementStepError(
            f"{state.uid}: speed {speed!r} is not one of a {state.unit.name}'s speeds "
            f"({', '.join(names) or 'none'})"
        )
    i = names.index(speed) + (1 if faster else -1)
    if not 0 <= i < len(names):
        end = "fastest" if faster else "slowest"
        return SpeedChange(
            speed,
            f"{action.code}: already at its {end} speed ({speed}), does nothing",
            "orders.illegal",
        )
    return SpeedChange(names[i], f"{action.code}: speed {speed} -> {names[i]}", clause)
