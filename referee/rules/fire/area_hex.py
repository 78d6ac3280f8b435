"""The units an area attack reaches: every enemy unit in the target's hex (clause
``fire.area``), each as an :class:`~referee.rules.fire.area.AreaTarget` with the hex's
terrain and markers and its own to-hit terms (which count under ruling
``fire.area-modifiers`` only)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from msgspec.structs import replace

from referee.board.sector_stats import Sector
from referee.rules.damage.damage_roll import effective_armor
from referee.rules.fire.legality import TargetCheck
from referee.rules.fire.to_hit import to_hit
from referee.rules.state import UnitState
from referee.ruleset import Ruleset

if TYPE_CHECKING:
    from referee.rules.fire.area import AreaTarget  # imported by area_targets: area fire only


def area_targets(
    rules: Ruleset, check: TargetCheck, units: Iterable[UnitState]
) -> tuple[AreaTarget, ...]:
    """The enemy units of ``units`` in the hex of ``check``'s target (an allowed shot),
    the named target first: not destroyed and not hidden (a hidden unit is a token the
    shooter does not know is there)."""
    from referee.rules.fire.area import AreaTarget

    shot = check.shot
    if shot is None:
        raise ValueError(f"{check.explain()}: an area attack needs an allowed shot")
    target = check.target
    others = [
        u
        for u in units
        if u.uid != target.uid
        and u.hex == target.hex
        and u.side != check.shooter.side
        and not u.destroyed
        and not u.hidden
    ]
    out = []
    for unit in [target, *sorted(others, key=lambda u: u.uid)]:
        terms = to_hit(rules, replace(shot, target=unit)).terms
        out.append(AreaTarget(unit, shot.target_terrain, shot.target_markers, terms))
    return tuple(out)


def default_sector(enters: Iterable[Sector], target: UnitState) -> Sector:
    """The sector a hit is applied to when the attacker names none: of the sectors the
    shot enters by, the one with the weaker armor (clauses ``angles.armor``,
    ``angles.on-edge``)."""
    return min(enters, key=lambda s: effective_armor(target, s) or 0)
