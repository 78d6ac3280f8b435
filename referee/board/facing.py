"""Facing and the sectors a shot leaves the shooter by and enters the target by.

A unit faces one of its six hex sides (a direction index of :mod:`hexgrid`, clause
``angles.facing``). Relative to facing ``f`` the side ``f`` is front, ``f±1`` front-side
(``+1`` right, ``-1`` left, clockwise on the map), ``f±2`` back-side and ``f+3`` back
(clause ``angles.sectors``). A shot runs from the shooter's centre to the target's
centre; the hex side it crosses decides the sector. A line through a corner lies
between two sides, always of two different sectors: the shot is *on edge* and the
attacker chooses (clause ``angles.on-edge``).

All decisions are exact, with integer cross products on :func:`hexgrid.lattice`.

Clause ``angles.firing-arcs``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from referee.board.hexgrid import LATTICE_CORNERS, Hex, distance, lattice
from referee.board.sector_stats import (
    SECTORS,
    FiringArc,
    FixedGuns,
    Sector,
    SectorNumbers,
    Side,
    sector_index,
)

if TYPE_CHECKING:
    from referee.ruleset import Ruleset

# Sector and side of each hex side relative to the facing (0 = the facing side).
_RELATIVE: tuple[tuple[Sector, Side | None], ...] = (
    ("front", None),
    ("front-side", "right"),
    ("back-side", "right"),
    ("back", None),
    ("back-side", "left"),
    ("front-side", "left"),
)

SAME_HEX_RULING = "angles.same-hex"
ON_EDGE_PENALTY_RULING = "angles.on-edge-penalty"


def check_facing(facing: int) -> int:
    """``facing`` if it is a direction index 0-5, else ValueError (clause ``angles.facing``)."""
    if isinstance(facing, bool) or not isinstance(facing, int) or not 0 <= facing < 6:
        raise ValueError(f"facing {facing!r} is not a direction 0-5 (0 = N, clockwise)")
    return facing


def relative_sector(facing: int, hexside: int) -> tuple[Sector, Side | None]:
    """Sector and side (``None`` for front and back) of ``hexside`` for a unit facing ``facing``."""
    if isinstance(hexside, bool) or not isinstance(hexside, int) or not 0 <= hexside < 6:
        raise ValueError(f"hex side {hexside!r} is not a direction 0-5 (0 = N, clockwise)")
    return _RELATIVE[(hexside - check_facing(facing)) % 6]


def _cross(ax: int, ay: int, bx: int, by: int) -> int:
    return ax * by - ay * bx


def hexsides_towards(origin: Hex, towards: Hex) -> tuple[int, ...]:
    """The side(s) of ``origin`` that the centre line to ``towards`` crosses.

    One direction index, or two adjacent ones (clockwise order) when the line passes
    exactly through the corner between them. ValueError for the same hex.
    """
    (ox, oy), (tx, ty) = lattice(origin), lattice(towards)
    dx, dy = tx - ox, ty - oy
    if dx == 0 and dy == 0:
        raise ValueError(f"{origin} and {towards} are the same hex: no line leaves it")
    for i, (cx, cy) in enumerate(LATTICE_CORNERS):
        # Corner i lies between the sides (i + 1) % 6 and (i + 2) % 6.
        if _cross(dx, dy, cx, cy) == 0 and dx * cx + dy * cy > 0:
            return ((i + 1) % 6, (i + 2) % 6)
    for side in range(6):
        # Side k runs from corner (k - 2) % 6 to corner (k - 1) % 6, clockwise.
        ax, ay = LATTICE_CORNERS[(side - 2) % 6]
        bx, by = LATTICE_CORNERS[(side - 1) % 6]
        if _cross(ax, ay, dx, dy) > 0 and _cross(dx, dy, bx, by) > 0:
            return (side,)
    raise ArithmeticError(f"no hex side found from {origin} towards {towards}")  # unreachable


class SectorCrossing(msgspec.Struct, frozen=True):
    """Where a shot crosses one unit's hex boundary, relative to that unit's facing.

    ``sectors`` holds one sector, two when the line is on edge (the attacker chooses),
    all four for a shot within one hex under the ``any`` reading of ``angles.same-hex``,
    and none when that reading allows no shot.
    """

    facing: int
    hexsides: tuple[int, ...]
    sectors: tuple[Sector, ...]
    side: Side | None
    on_edge: bool

    @property
    def clause(self) -> str:
        return "angles.on-edge" if self.on_edge else "angles.sectors"


def crossing(at: Hex, facing: int, towards: Hex) -> SectorCrossing:
    """The sector of the unit at ``at`` (facing ``facing``) the line to ``towards`` crosses.

    Clauses ``angles.sectors`` and ``angles.on-edge``. ValueError for the same hex.
    """
    check_facing(facing)
    sides = hexsides_towards(at, towards)
    relative = [relative_sector(facing, s) for s in sides]
    sectors = tuple(sorted({sec for sec, _ in relative}, key=sector_index))
    side_names = {sd for _, sd in relative if sd is not None}
    side = side_names.pop() if side_names else None
    return SectorCrossing(facing, sides, sectors, side, on_edge=len(sides) == 2)


class ShotSectors(msgspec.Struct, frozen=True):
    """The sector a shot leaves the shooter by and the one it enters the target by."""

    leaving: SectorCrossing
    entering: SectorCrossing
    distance: int
    ruling: str | None = None  # the ruling that decided a shot within one hex

    @property
    def leaves(self) -> tuple[Sector, ...]:
        return self.leaving.sectors

    @property
    def enters(self) -> tuple[Sector, ...]:
        return self.entering.sectors

    @property
    def on_edge_shooter(self) -> bool:
        return self.leaving.on_edge

    @property
    def on_edge_target(self) -> bool:
        return self.entering.on_edge

    @property
    def same_hex(self) -> bool:
        return self.distance == 0


def _same_hex_crossing(facing: int, rules: Ruleset) -> SectorCrossing:
    value = rules.reading(SAME_HEX_RULING).value
    if value == "any":
        return SectorCrossing(facing, tuple(range(6)), SECTORS, None, on_edge=False)
    if value == "none":
        return SectorCrossing(facing, (), (), None, on_edge=False)
    raise ValueError(f"ruling {SAME_HEX_RULING}: unknown value {value!r} (expected any or none)")


def shot_sectors(
    shooter: Hex, shooter_facing: int, target: Hex, target_facing: int, rules: Ruleset
) -> ShotSectors:
    """Sectors of a shot from ``shooter`` to ``target`` (clauses ``angles.sectors``,
    ``angles.on-edge``, ``angles.armor``).

    The line enters the target where the line from the target's centre back to the
    shooter leaves it. Within one hex (a flying unit above another) there is no line:
    ruling ``angles.same-hex`` decides.
    """
    check_facing(shooter_facing)
    check_facing(target_facing)
    if shooter == target:
        return ShotSectors(
            _same_hex_crossing(shooter_facing, rules),
            _same_hex_crossing(target_facing, rules),
            0,
            SAME_HEX_RULING,
        )
    return ShotSectors(
        crossing(shooter, shooter_facing, target),
        crossing(target, target_facing, shooter),
        distance(shooter, target),
    )


class ArcCheck(msgspec.Struct, frozen=True):
    """Whether a weapon's firing arc lets it take a shot (clauses ``angles.sectors``,
    ``angles.on-edge``); ``sectors`` are those the shooter may fire through."""

    allowed: bool
    sectors: tuple[Sector, ...]
    on_edge_penalty: bool
    ruling: str | None = None  # the ruling that decided the penalty, if one did


def check_arc(arc: FiringArc, shot: ShotSectors, rules: Ruleset) -> ArcCheck:
    """May a weapon with ``arc`` take ``shot``, and with the on-edge to-hit penalty?

    Allowed when a sector the shot leaves by is allowed. On edge between an allowed and
    a forbidden sector the shot runs along the border of the weapon's own arc and takes
    the penalty; between two allowed sectors ruling ``angles.on-edge-penalty`` decides.
    """
    usable = tuple(s for s in shot.leaves if arc.allows(s))
    if not usable:
        return ArcCheck(False, (), False, shot.ruling)
    if not shot.on_edge_shooter:
        return ArcCheck(True, usable, False, shot.ruling)
    if len(usable) < len(shot.leaves):
        return ArcCheck(True, usable, True)
    value = rules.reading(ON_EDGE_PENALTY_RULING).value
    if value not in ("arc-border", "any-border"):
        raise ValueError(
            f"ruling {ON_EDGE_PENALTY_RULING}: unknown value {value!r} "
            "(expected arc-border or any-border)"
        )
    return ArcCheck(True, usable, value == "any-border", ON_EDGE_PENALTY_RULING)


class GunsBearing(msgspec.Struct, frozen=True):
    """Fixed guns that can fire at one target (clause ``angles.fixed-weapons``).

    ``choices`` pairs each sector the shooter may fire through with the guns pointing
    there; on edge the shooter picks one of the two.
    """

    choices: tuple[tuple[Sector, int], ...]
    on_edge_penalty: bool

    @property
    def most(self) -> int:
        """The most guns the shooter can bring to bear by choosing the sector."""
        return max((n for _, n in self.choices), default=0)


def guns_bearing(guns: FixedGuns, shot: ShotSectors) -> GunsBearing:
    """Which fixed guns bear on the target of ``shot`` (clause ``angles.fixed-weapons``).

    Each gun fires only through its own sector, so an on-edge shot always runs along
    the border of the chosen gun's arc and takes the on-edge penalty (``angles.on-edge``).
    """
    choices = tuple((s, guns.guns(s)) for s in shot.leaves if guns.guns(s) > 0)
    return GunsBearing(choices, on_edge_penalty=bool(choices) and shot.on_edge_shooter)


def armor_choices(armor: SectorNumbers, shot: ShotSectors) -> tuple[tuple[Sector, int], ...]:
    """The target's armor for each sector the attacker may apply the hit to.

    One pair, or two when the shot enters on edge (clauses ``angles.armor``,
    ``angles.on-edge``).
    """
    return tuple((s, armor.value(s)) for s in shot.enters)
