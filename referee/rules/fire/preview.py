"""Everything a referee wants to know before a shot is rolled, in one frozen value.

Whether the shot is allowed (every reason, clause ``fire.target``), the number needed with
its working (``fire.to-hit``), the exact chance to hit (``fire.roll``), and for each
sector the attacker may apply the hit to (``angles.armor``, ``angles.on-edge``) the exact
odds of the armor stopping, partly stopping or letting the hit through and of each row
of the target's damage table (``damage.*``). Nothing is rolled.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from referee.board.facing import shot_sectors
from referee.board.sector_stats import Sector
from referee.dice.odds import fraction_text, to_hit_odds
from referee.rules.damage.damage_roll import ShotOdds, effective_armor, shot_odds
from referee.rules.fire.aim import GunneryStep
from referee.rules.fire.legality import TargetCheck, check_target
from referee.rules.fire.to_hit import ToHit, to_hit
from referee.rules.state import UnitState
from referee.units.model import Weapon

if TYPE_CHECKING:
    from referee.board.los import LosBoard
    from referee.rules.ruleset import Ruleset


@dataclass(frozen=True, slots=True)
class SectorOdds:
    """The odds of one shot if the hit is applied to ``sector`` (armor ``armor``)."""

    sector: Sector
    armor: int | None
    odds: ShotOdds

    def to_json(self) -> dict[str, object]:
        plan = self.odds.armor
        armor_odds = plan.odds()
        return {
            "sector": self.sector,
            "armor": self.armor,
            "armor_dice": plan.dice,
            "blocked": float(armor_odds.blocked),
            "partial": float(armor_odds.partial),
            "penetrated": float(armor_odds.penetrated),
            "rows": [
                {"row": r.label, "at": r.row.at if r.row else None, "p": float(r.p),
                 "exact": fraction_text(r.p)}
                for r in self.odds.rows
            ],
            "terms": [t.to_json() for t in self.odds.terms],
        }


@dataclass(frozen=True, slots=True)
class ShotPreview:
    check: TargetCheck
    to_hit: ToHit | None
    p_hit: Fraction
    sectors: tuple[SectorOdds, ...]

    @property
    def allowed(self) -> bool:
        return self.check.allowed

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = self.check.to_json()
        data["to_hit"] = self.to_hit.to_json() if self.to_hit else None
        data["p_hit"] = float(self.p_hit)
        data["p_hit_exact"] = fraction_text(self.p_hit)
        data["sectors"] = [s.to_json() for s in self.sectors]
        return data


def preview_shot(
    rules: Ruleset,
    board: LosBoard,
    shooter: UnitState,
    target: UnitState,
    weapon: Weapon,
    now: GunneryStep | None = None,
) -> ShotPreview:
    """The preview of ``shooter`` firing ``weapon`` at ``target`` (see module docstring)."""
    check = check_target(rules, board, shooter, target, weapon, now=now)
    if check.shot is None:
        return ShotPreview(check, None, Fraction(0), ())
    need = to_hit(rules, check.shot)
    p_hit = to_hit_odds(rules, need.need)
    sectors: list[SectorOdds] = []
    if weapon.damage is not None:
        enters = shot_sectors(shooter.hex, shooter.facing, target.hex, target.facing, rules).enters
        for sector in enters:
            odds = shot_odds(rules, weapon, target, check.band, p_hit=p_hit, sector=sector)
            sectors.append(SectorOdds(sector, effective_armor(target, sector), odds))
    return ShotPreview(check, need, p_hit, tuple(sectors))
