"""The sector a shot's hits are applied to (clauses ``angles.armor``, ``angles.on-edge``).

A shot enters the target by one sector, or by two when it comes in on their edge; the
attacker chooses among those, and when the attacker names none the hits go to the one with
the weaker armor.
"""

from __future__ import annotations

from referee.board.facing import shot_sectors
from referee.board.sector_stats import Sector
from referee.errors import RefereeError
from referee.rules.fire.area_hex import default_sector
from referee.rules.state import UnitState
from referee.ruleset import Ruleset


class SectorError(RefereeError):
    """A sector the shot does not enter by."""


def hit_sector(
    rules: Ruleset, shooter: UnitState, target: UnitState, chosen: object = None
) -> Sector:
    """The sector the hits are applied to: ``chosen`` among those the shot enters by, by
    default the weaker armor (clauses ``angles.armor``, ``angles.on-edge``)."""
    enters = shot_sectors(shooter.hex, shooter.facing, target.hex, target.facing, rules).enters
    if chosen is not None:
        for s in enters:
            if s == chosen:
                return s
        error = SectorError(f"sector {chosen!r}: the shot enters by {' or '.join(enters)}")
        error.field = "sector"
        raise error
    return default_sector(enters, target)
