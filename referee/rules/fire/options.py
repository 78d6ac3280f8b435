"""Everything a unit may do at a gunnery step: every weapon against every target
(:func:`referee.rules.fire.legality.check_target`), and whether it may hold its fire
(clauses ``fire.decline``, ``fire.shaken``): what the gunnery wizard offers and what the
clock asks of a unit ordered to fire (:mod:`referee.rules.orders.fire_orders`).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

import msgspec

from referee.board.los import LosBoard
from referee.rules.fire.aim import GunneryStep
from referee.rules.fire.legality import TargetCheck, check_target
from referee.rules.fire.to_hit_table import to_hit_table
from referee.rules.state import UnitState
from referee.ruleset import Ruleset


class HoldFire(msgspec.Struct, frozen=True):
    """Whether the unit may take no shot at all (clause ``fire.decline``), and why."""

    allowed: bool
    reason: str
    clause: str
    ruling: str | None = None


class FireOptions(msgspec.Struct, frozen=True):
    """Every weapon against every target, and the choice to hold fire."""

    checks: tuple[TargetCheck, ...]
    hold_fire: HoldFire

    @property
    def legal(self) -> tuple[TargetCheck, ...]:
        return tuple(c for c in self.checks if c.allowed)

    def to_json(self) -> dict[str, object]:
        return {
            "options": [c.to_json() for c in self.checks],
            "hold_fire": {
                "allowed": self.hold_fire.allowed,
                "reason": self.hold_fire.reason,
                "clause": self.hold_fire.clause,
                "ruling": self.hold_fire.ruling,
            },
        }


def hold_fire(rules: Ruleset, shooter: UnitState, any_legal: bool) -> HoldFire:
    """May ``shooter`` fire at nothing? Forced when shaken or without a legal shot;
    otherwise as the edition says (``orders.may_decline``, clause ``fire.decline``)."""
    orders = to_hit_table(rules).orders
    if shooter.is_shaken:
        return HoldFire(True, "shaken units do no firing actions", "fire.shaken")
    if not any_legal:
        return HoldFire(True, "no legal shot", orders.decline_clause)
    if orders.may_decline:
        return HoldFire(
            True, "a unit may decline to fire", orders.decline_clause, orders.decline_ruling
        )
    return HoldFire(
        False,
        "a unit with a fire order must fire at a legal target",
        orders.decline_clause,
        orders.decline_ruling,
    )


def fire_options(
    rules: Ruleset,
    board: LosBoard,
    shooter: UnitState,
    targets: Iterable[UnitState],
    *,
    now: GunneryStep | None = None,
    fired_this_step: Collection[str] = (),
) -> FireOptions:
    """Every weapon of ``shooter`` against every unit of ``targets``, and holding fire."""
    checks = tuple(
        check_target(rules, board, shooter, t, w, now=now, fired_this_step=fired_this_step)
        for w in shooter.unit.weapons
        for t in targets
    )
    return FireOptions(checks, hold_fire(rules, shooter, any(c.allowed for c in checks)))
