"""What one shot is, as the to-hit table needs it: a frozen context (clause ``fire.to-hit``).

:func:`referee.rules.fire.legality.check_target` builds it from the board; tests and the
app may build it directly.
"""

from __future__ import annotations

import msgspec

from referee.board.ranges import RangeBand
from referee.rules.state import UnitState
from referee.ruleset.terrain import Terrain
from referee.units.model import Weapon


class Shot(msgspec.Struct, frozen=True):
    """A shooter, a target, a weapon and where they stand.

    ``weapon`` and ``band`` are ``None`` for a spot that takes no weapon (ruling
    ``fire.spot-as-shot``); ``*_markers`` are marker ids (``smoke``) in each hex;
    ``on_edge`` is the on-edge penalty of the firing angle; ``aim`` whether a valid
    aim applies (see :mod:`.aim`).
    """

    shooter: UnitState
    target: UnitState
    weapon: Weapon | None
    band: RangeBand | None
    shooter_terrain: Terrain
    target_terrain: Terrain
    shooter_markers: frozenset[str] = frozenset()
    target_markers: frozenset[str] = frozenset()
    on_edge: bool = False
    aim: bool = False
