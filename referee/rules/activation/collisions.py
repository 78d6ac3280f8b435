"""Aircraft meeting aircraft (clause ``activation.aircraft-collisions``).

Two aircraft may never be in the same position at any moment of a move; if they would be,
both are destroyed and the move ends there. A position is a tile, or the slots of a tile
(ruling ``activation.aircraft-collision``). :func:`fly` is a move as it is carried out, cut
where it collides: the match's move and ``referee activation move`` both answer from it.
"""

from __future__ import annotations

from collections.abc import Mapping

import msgspec

from referee.board.hexgrid import Hex, hex_label
from referee.rules.activation.movement import (
    MoveBoard,
    Mover,
    PathCheck,
    Step,
    meets,
    met_aircraft,
)
from referee.rules.activation.slots import Pose
from referee.rules.activation.tables import MovementTable, SlotRef

CLAUSE = "activation.aircraft-collisions"

__all__ = ["CLAUSE", "Collision", "FlownMove", "first_collision", "fly", "meets"]


class Collision(msgspec.Struct, frozen=True):
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


class FlownMove(msgspec.Struct, frozen=True):
    """A legal path as the unit moves it: all of it, or up to the step where it collides
    with another aircraft (both destroyed there, the rest of the path not flown)."""

    path: PathCheck
    collision: Collision | None
    collision_rulings: tuple[str, ...] = ()
    """The ruling that says what a shared position is (``activation.aircraft-collision``)."""

    @property
    def steps(self) -> tuple[Step, ...]:
        steps = self.path.steps
        return steps if self.collision is None else steps[: self.collision.step]

    @property
    def end(self) -> Pose:
        return self.steps[-1].end if self.steps else self.path.start

    @property
    def cost(self) -> int:
        return sum(s.cost for s in self.steps)

    @property
    def cut(self) -> bool:
        """Whether the collision left part of the path unflown."""
        return len(self.steps) < len(self.path.steps)

    @property
    def clauses(self) -> tuple[str, ...]:
        extra = (CLAUSE,) if self.collision is not None else ()
        return tuple(dict.fromkeys((*self.path.clauses, *extra)))

    @property
    def rulings(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys((*self.path.rulings, *self.collision_rulings)))

    def path_working(self) -> list[str]:
        """The path's working up to the last step flown."""
        return self.path.working()[: 1 + len(self.steps)]

    def collision_working(self) -> list[str]:
        """What the collision does, and where the move ends (empty without one)."""
        if self.collision is None:
            return []
        lines = [self.collision.text()]
        if self.cut:
            at = hex_label(self.collision.hex)
            lines.append(f"the move ends at {at}: the rest of the path is not flown")
        return lines

    def working(self) -> list[str]:
        if not self.path.legal:
            return self.path.working()
        return [*self.path_working(), *self.collision_working()]


def fly(
    mover: Mover,
    path: PathCheck,
    board: MoveBoard,
    table: MovementTable,
    refs_of: Mapping[str, tuple[SlotRef, ...]] | None = None,
) -> FlownMove:
    """``path`` (a checked path) as ``mover`` moves it: up to the first collision."""
    collision = first_collision(mover, path, board, table, refs_of) if path.legal else None
    rulings = table.rulings("aircraft.collision") if collision is not None else ()
    return FlownMove(path, collision, rulings)
