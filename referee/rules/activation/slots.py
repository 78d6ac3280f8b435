"""The slots of the tiles a unit occupies, and whether they are free (clause
``activation.slots``).

A slot is one side of a tile (``(tile, side)``, the side an absolute direction 0-5). What a
vehicle of each class occupies is its *footprint*, relative to its facing
(:class:`~referee.rules.activation.tables.SlotRef`), read from the table that ruling
``activation.slots`` picks: the six sides of one tile (``sides``), or whole tiles
(``tiles``, every side of each). A unit's slots turn with it, so where it may go depends on
the facing it will have there. Infantry and hover units have no footprint.
"""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from referee.board.hexgrid import DIRECTION_NAMES, DIRECTIONS, Hex, hex_label
from referee.rules.activation.tables import MovementTable, SlotRef

Slot = tuple[Hex, int]


class Pose(msgspec.Struct, frozen=True, order=True):
    """Where a unit stands and which way it faces (a direction 0-5, 0 = N, clockwise)."""

    hex: Hex
    facing: int

    def text(self) -> str:
        return f"{hex_label(self.hex)}:{DIRECTION_NAMES[self.facing]}"

    def ahead(self, steps: int = 1) -> Hex:
        return self.hex + _direction(self.facing).scale(steps)


def _direction(facing: int) -> Hex:
    return DIRECTIONS[facing % 6]


def footprint(moves: str, vehicle_class: str | None, table: MovementTable) -> tuple[SlotRef, ...]:
    """The slots a unit occupies relative to its pose: its class's for vehicles and aircraft,
    none for free movers (ruling ``activation.slots``)."""
    if moves == "free" or vehicle_class is None:
        return ()
    return table.footprints.get(vehicle_class, ())


def slots_at(pose: Pose, refs: Iterable[SlotRef]) -> frozenset[Slot]:
    """The absolute slots of a footprint at ``pose``."""
    out: set[Slot] = set()
    for ref in refs:
        tile = pose.hex + _direction(pose.facing).scale(ref.tile)
        sides = range(6) if ref.side is None else ((pose.facing + ref.side) % 6,)
        out.update((tile, s) for s in sides)
    return frozenset(out)


class SlotCheck(msgspec.Struct, frozen=True):
    """Whether a footprint fits at a pose: the slots taken by others, those off the map."""

    pose: Pose
    clashes: frozenset[Slot]
    off_map: frozenset[Hex]

    @property
    def free(self) -> bool:
        return not self.clashes and not self.off_map

    def reason(self) -> str:
        if self.off_map:
            tiles = ", ".join(sorted(hex_label(h) for h in self.off_map))
            facing = DIRECTION_NAMES[self.pose.facing]
            return f"facing {facing} it would reach off the map ({tiles})"
        slots = ", ".join(f"{hex_label(h)} {DIRECTION_NAMES[s]}" for h, s in sorted(self.clashes))
        return (
            f"facing {DIRECTION_NAMES[self.pose.facing]} at {hex_label(self.pose.hex)} "
            f"it needs slots already taken ({slots})"
        )


def check_slots(
    pose: Pose, refs: Iterable[SlotRef], taken: frozenset[Slot], tiles: frozenset[Hex]
) -> SlotCheck:
    """Whether the footprint ``refs`` at ``pose`` finds its slots free and on the map."""
    mine = slots_at(pose, refs)
    off = frozenset(h for h, _ in mine if h not in tiles)
    return SlotCheck(pose, mine & taken, off)
