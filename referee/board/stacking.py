"""Stacking: how many units a hex may hold, and who may share it (clause ``move.stacking``).

A hex holds at most two units of which at most one is large, or one huge unit alone.
Flying units stack among themselves, apart from the units on the ground.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Protocol

import msgspec

from referee.board.hexgrid import Hex
from referee.errors import RefereeError
from referee.ruleset.terrain import SIZES

if TYPE_CHECKING:
    from referee.ruleset import Ruleset


class StackingError(RefereeError):
    """A unit record that stacking cannot judge (an unknown size)."""


def check_size(size: str) -> str:
    """``size`` itself if it is one of the unit sizes, else :class:`StackingError`."""
    if size not in SIZES:
        raise StackingError(f"unknown unit size {size!r}: use one of {', '.join(SIZES)}")
    return size


class StackMember(Protocol):
    """Anything with a size and a flying flag: a :class:`Occupant`, a mover."""

    @property
    def size(self) -> str: ...

    @property
    def flying(self) -> bool: ...


Member = StackMember | tuple[str, bool]


class Occupant(msgspec.Struct, frozen=True):
    """A unit standing in a hex, seen from the side of the unit being moved."""

    size: str = "medium"
    flying: bool = False
    enemy: bool = False
    name: str = ""

    def __post_init__(self) -> None:
        check_size(self.size)


Occupancy = Mapping[Hex, Sequence[Occupant]]
"""The units in each hex, other than the unit being moved (empty hexes may be left out)."""


class StackingLimit(msgspec.Struct, frozen=True):
    """The limit of one layer (ground or flying) of a hex (clause ``move.stacking``)."""

    units: int = 2
    large: int = 1
    alone: str = "huge"

    def describe(self) -> str:
        return (
            f"at most {self.units} units, at most {self.large} of them large, "
            f"or one {self.alone} unit alone"
        )


STACKING = StackingLimit()


def _key(unit: Member) -> tuple[str, bool]:
    if isinstance(unit, tuple):
        size, flying = unit
    else:
        size, flying = unit.size, unit.flying
    return check_size(size), bool(flying)


def layer_fits(sizes: Iterable[str], limit: StackingLimit = STACKING) -> bool:
    """Whether units of these sizes fit in one layer of a hex (clause ``move.stacking``)."""
    sizes = [check_size(s) for s in sizes]
    if limit.alone in sizes:
        return len(sizes) == 1
    return len(sizes) <= limit.units and sizes.count("large") <= limit.large


def can_share(units: Iterable[Member], limit: StackingLimit = STACKING) -> bool:
    """Whether the units may stand in one hex; flying and ground units count apart.

    Units are :class:`Occupant`-like records or ``(size, flying)`` pairs (clause
    ``move.stacking``).
    """
    keys = [_key(u) for u in units]
    ground = [size for size, flying in keys if not flying]
    air = [size for size, flying in keys if flying]
    return layer_fits(ground, limit) and layer_fits(air, limit)


class Crowding(msgspec.Struct, frozen=True):
    """Whether same-side units entering a hex together overcrowd it, and why."""

    overcrowded: bool
    layers: tuple[str, ...]
    reason: str
    clause: str = "move.stacking"


def simultaneous_entry(
    staying: Iterable[Member], entering: Iterable[Member], limit: StackingLimit = STACKING
) -> Crowding:
    """Whether same-side units entering a hex at once overcrowd it (clause ``move.stacking``).

    ``staying`` are the units that will still be in the hex. When it overflows, every unit
    trying to enter stays put and is shaken next turn; this only reports it.
    """
    staying_keys = [_key(u) for u in staying]
    entering_keys = [_key(u) for u in entering]
    together = staying_keys + entering_keys
    over: list[str] = []
    for layer, flying in (("ground", False), ("flying", True)):
        if not layer_fits([s for s, f in together if f == flying], limit):
            over.append(layer)
    if not over:
        return Crowding(False, (), f"within the stacking limit ({limit.describe()})")
    counts = ", ".join(
        f"{sum(1 for _, f in together if f == (layer == 'flying'))} {layer} units" for layer in over
    )
    return Crowding(
        True,
        tuple(over),
        f"the hex would hold {counts}, over the stacking limit ({limit.describe()}): "
        f"all {len(entering_keys)} units trying to enter stay put and are shaken next turn",
    )


def friends(occupants: Iterable[Occupant]) -> list[Occupant]:
    return [o for o in occupants if not o.enemy]


def has_room(
    occupants: Iterable[Occupant], mover: StackMember, limit: StackingLimit = STACKING
) -> bool:
    """Whether ``mover`` fits beside the friendly ``occupants`` (clause ``move.stacking``)."""
    return can_share([*friends(occupants), mover], limit)


def enemy_blocks(rules: Ruleset, mover: StackMember, occupants: Iterable[Occupant]) -> bool:
    """Whether enemies in a hex keep ``mover`` out of it (clause ``move.stacking``).

    Enemies on the ground keep out ground units; a flying unit may share a hex with
    enemies on the ground, and with flying enemies too under ruling ``move.flying-enemy``.
    """
    shares_with_flyers = str(rules.reading("move.flying-enemy").value) == "any"
    for o in occupants:
        if not o.enemy:
            continue
        if o.flying == mover.flying and not (mover.flying and shares_with_flyers):
            return True
    return False
