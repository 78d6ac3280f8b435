"""The gunnery wizard's line on the map: from the shooter to the target picked, with the
range and its band (clause ``fire.range``), the sector the line leaves the shooter by and
the one it enters the target by (``angles.sectors``; both when it runs along an edge,
``angles.on-edge``), as the engine works them out."""

from __future__ import annotations

from referee.app.map.shot_line_item import ShotLine
from referee.board.facing import shot_sectors
from referee.rules.fire.preview import ShotPreview
from referee.rules.state import UnitState
from referee.ruleset import Ruleset


def shot_line(
    rules: Ruleset, shooter: UnitState, target: UnitState, preview: ShotPreview | None
) -> ShotLine:
    """The line of a shot of ``shooter`` at ``target`` (``preview``: the engine's verdict)."""
    sectors = shot_sectors(shooter.hex, shooter.facing, target.hex, target.facing, rules)
    band = preview.check.band if preview is not None else None
    middle = f"range {sectors.distance}" + (f", {band.band}" if band is not None else "")
    return ShotLine(
        shooter.hex,
        target.hex,
        middle,
        leaves="from " + " or ".join(sectors.leaves),
        enters="into " + " or ".join(sectors.enters),
        allowed=preview is None or preview.allowed,
    )
