"""Everything a referee wants to know before a shot is rolled, in one frozen value.

Whether the shot is allowed (every reason, clause ``fire.target``), the number needed with
its working (``fire.to-hit``), the exact chance to hit (``fire.roll``), and for each
sector the attacker may apply the hit to (``angles.armor``, ``angles.on-edge``) the exact
odds of the armor stopping, partly stopping or letting the hit through and of each row
of the target's damage table (``damage.*``), read on the target as the action's first
damage roll sees it: the damage already pending in the step counted as the whole action's
odds count it (ruling ``damage.pending-tokens``). Nothing is rolled.

The odds of the whole action come with it (:mod:`.action_odds`): the dice it rolls, the
misfire, the chance of each number of hits and of killing at least one model, and of the
fire, acid and poison the hits place. An Area(n+) weapon makes no ordinary to-hit roll: its
preview has no to-hit number, and its odds are one die per enemy model in the hex (clause
``fire.area``).
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import TYPE_CHECKING

import msgspec

from referee.board.facing import shot_sectors
from referee.board.sector_stats import Sector
from referee.dice.odds import fraction_text
from referee.rules.damage.damage_roll import ShotOdds, effective_armor, shot_odds
from referee.rules.damage.pending import PendingLedger
from referee.rules.fire.action_odds import ActionOdds, area_odds, fire_odds
from referee.rules.fire.aim import GunneryStep
from referee.rules.fire.area_hex import area_targets
from referee.rules.fire.legality import TargetCheck, check_target
from referee.rules.fire.odds import to_hit_odds
from referee.rules.fire.to_hit import ToHit, to_hit
from referee.rules.state import UnitState
from referee.units.model import Weapon

if TYPE_CHECKING:
    from referee.board.los import LosBoard
    from referee.ruleset import Ruleset


class SectorOdds(msgspec.Struct, frozen=True):
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
                {
                    "row": r.label,
                    "at": r.row.at if r.row else None,
                    "p": float(r.p),
                    "exact": fraction_text(r.p),
                }
                for r in self.odds.rows
            ],
            "terms": [t.to_json() for t in self.odds.terms],
            "rulings": list(plan.rulings),
        }


class ShotPreview(msgspec.Struct, frozen=True):
    check: TargetCheck
    to_hit: ToHit | None
    p_hit: Fraction
    """P(one die hits): the to-hit roll, or an area die's hit that is not evaded."""
    sectors: tuple[SectorOdds, ...]
    actions: tuple[ActionOdds, ...] = ()
    """The whole action's odds on each unit it reaches (the named target first)."""

    @property
    def allowed(self) -> bool:
        return self.check.allowed

    @property
    def action(self) -> ActionOdds | None:
        """The whole action's odds on the named target."""
        return self.actions[0] if self.actions else None

    @property
    def is_area(self) -> bool:
        return self.check.weapon is not None and self.check.weapon.area is not None

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = self.check.to_json()
        data["to_hit"] = self.to_hit.to_json() if self.to_hit else None
        data["p_hit"] = float(self.p_hit)
        data["p_hit_exact"] = fraction_text(self.p_hit)
        data["sectors"] = [s.to_json() for s in self.sectors]
        action = self.action
        data["dice"] = action.dice if action else None
        data["misfire"] = float(action.misfire) if action else None
        data["hits"] = [float(p) for p in action.hits] if action else None
        data["kill_at_least_one"] = float(action.kill_at_least_one) if action else None
        data["conditions"] = [c.to_json() for c in action.conditions] if action else []
        data["action"] = [a.to_json() for a in self.actions]
        if self.is_area:
            data["area"] = action.area_json() if action else None
        return data


def preview_shot(
    rules: Ruleset,
    board: LosBoard,
    shooter: UnitState,
    target: UnitState,
    weapon: Weapon,
    now: GunneryStep | None = None,
    *,
    units: Iterable[UnitState] = (),
    ledger: PendingLedger | None = None,
) -> ShotPreview:
    """The preview of ``shooter`` firing ``weapon`` at ``target`` (see module docstring);
    ``units`` are the others on the table (an area weapon reaches the enemies in the
    target's hex) and ``ledger`` the damage already pending in the step."""
    check = check_target(rules, board, shooter, target, weapon, now=now)
    if check.shot is None:
        return ShotPreview(check, None, Fraction(0), ())
    if weapon.area is not None:
        actions = area_odds(rules, check, area_targets(rules, check, units), ledger=ledger)
        need: ToHit | None = None
        p_hit = actions[0].p_die
    else:
        actions = (fire_odds(rules, check, ledger=ledger),)
        need = to_hit(rules, check.shot)
        p_hit = to_hit_odds(rules, need.need)
    sectors: list[SectorOdds] = []
    if weapon.damage is not None:
        # one hit reads the target as the action's first damage roll sees it: with the
        # damage already pending this step (ruling damage.pending-tokens), as the whole
        # action's odds do (sequence_odds)
        seen = ledger.seen(target) if ledger is not None else target
        enters = shot_sectors(shooter.hex, shooter.facing, target.hex, target.facing, rules).enters
        for sector in enters:
            odds = shot_odds(rules, weapon, seen, check.band, p_hit=p_hit, sector=sector)
            sectors.append(SectorOdds(sector, effective_armor(seen, sector), odds))
    return ShotPreview(check, need, p_hit, tuple(sectors), actions)
