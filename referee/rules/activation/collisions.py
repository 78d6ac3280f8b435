"""Aircraft meeting aircraft (clause ``activation.aircraft-collisions``).

Two aircraft may never be in the same position at any moment of a move; if they would be,
both are destroyed and the move ends there. A position is a tile, or the slots of a tile
(ruling ``activation.aircraft-collision``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from referee.board.hexgrid import Hex, hex_label
from referee.rules.activation.movement import MoveBoard, Mover, PathCheck
from referee.rules.activation.slots import Pose, slots_at
from referee.rules.activation.tables import MovementTable, SlotRef

CLAUSE = "activation.aircraft-collisions"


@dataclass(frozen=True, slots=True)
class Collision:
    """The mover met ``other`` at ``hex`` in step ``step`` (from 1): both are destroyed."""

    mover: str
    other: str
    hex: Hex
    step: int

    def text(self) -> str:
        return (f"{self.mover} meets the aircraft {self.other} at {hex_label(self.hex)} "
                f"(step {self.step}): both are destroyed")


def meets(pose: Pose, refs: tuple[SlotRef, ...], other: Pose, other_refs: tuple[SlotRef, ...],
          table: MovementTable) -> bool:
    """Whether an aircraft at ``pose`` shares a position with one at ``other``."""
    if table.collision == "tile":
        return pose.hex == other.hex
    return bool(slots_at(pose, refs) & slots_at(other, other_refs))


def first_collision(mover: Mover, path: PathCheck, board: MoveBoard, table: MovementTable,
                    refs_of: Mapping[str, tuple[SlotRef, ...]] | None = None) -> Collision | None:
    """The first aircraft ``mover`` meets along ``path`` (None: none), an aircraft only."""
    if mover.moves != "aircraft":
        return None
    refs_of = refs_of if refs_of is not None else board.aircraft_refs
    for i, step in enumerate(path.steps, 1):
        if not step.moved:
            continue
        for uid, other in sorted(board.aircraft.items()):
            if any(meets(p, mover.refs, other, refs_of.get(uid, ()), table) for p in step.checks):
                return Collision(mover.uid, uid, step.end.hex, i)
    return None
