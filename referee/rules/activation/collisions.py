"""Aircraft meeting aircraft (clause ``activation.aircraft-collisions``).

Two aircraft may never be in the same position at any moment of a move; if they would be,
both are destroyed and the move ends there. A position is a tile, or the slots of a tile
(ruling ``activation.aircraft-collision``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from referee.board.hexgrid import Hex, hex_label
from referee.rules.activation.movement import MoveBoard, Mover, PathCheck, meets, met_aircraft
from referee.rules.activation.tables import MovementTable, SlotRef

CLAUSE = "activation.aircraft-collisions"

__all__ = ["CLAUSE", "Collision", "first_collision", "meets"]


@dataclass(frozen=True, slots=True)
class Collision:
    """The mover met ``other`` at ``hex`` in step ``step`` (from 1): both are destroyed."""

    mover: str
    other: str
    hex: Hex
    step: int

    def text(self) -> str:
        return (
            f"{self.mover} meets the aircraft {self.other} at {hex_label(self.hex)} "
            f"(step {self.step}): both are destroyed"
        )


def first_collision(
    mover: Mover,
    path: PathCheck,
    board: MoveBoard,
    table: MovementTable,
    refs_of: Mapping[str, tuple[SlotRef, ...]] | None = None,
) -> Collision | None:
    """The first aircraft ``mover`` meets along ``path`` (None: none), an aircraft only
    (:func:`~referee.rules.activation.movement.met_aircraft`, the test the search uses)."""
    for i, step in enumerate(path.steps, 1):
        other = met_aircraft(step, mover, table, board, refs_of)
        if other is not None:
            return Collision(mover.uid, other, step.end.hex, i)
    return None
