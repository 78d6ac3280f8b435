"""The shaken condition (clauses ``conditions.shaken``, ``conditions.shaken-orders``).

"When first shaken, place two shaken tokens. If further shaken is placed on a unit which
is already shaken, place only one. One shaken token is removed during each aftermath.
While shaken a unit carries out the default order for movement, and do no actions in
firing phases." The numbers are the ruleset's ``[shaken]`` table in agony.toml (the first
draft's "two pinned tokens" and its silence on a second shaking: ruling
``conditions.shaken-again``).
"""

from __future__ import annotations

import msgspec

from referee.rules.agony.schedule import agony_rules
from referee.rules.agony.specs import ShakenRule
from referee.rules.state import UnitState
from referee.ruleset import Ruleset


def shaken_rule(rules: Ruleset) -> ShakenRule:
    return agony_rules(rules).shaken


def tokens_for_shaking(rule: ShakenRule, state: UnitState) -> int:
    """Tokens a shaking places: ``first`` on a unit not shaken, ``again`` on a shaken one."""
    return rule.again if state.is_shaken else rule.first


def shake(rule: ShakenRule, state: UnitState) -> UnitState:
    """``state`` shaken once more (clause ``conditions.shaken``); a destroyed unit is not."""
    if state.destroyed:
        return state
    return state.with_(shaken=state.shaken + tokens_for_shaking(rule, state))


def recover(state: UnitState, tokens: int = 1) -> UnitState:
    """``state`` with ``tokens`` shaken tokens removed, not below none (aftermath)."""
    return state.with_(shaken=max(0, state.shaken - tokens))


class AllowedOrders(msgspec.Struct, frozen=True):
    """The orders a unit may be given in its current speed (clause ``conditions.shaken-orders``
    when shaken: the speed's default movement order and no gunnery order)."""

    movement: tuple[str, ...]
    gunnery: tuple[str, ...]
    shaken: bool
    clause: str

    def movement_order(self, ordered: str) -> str:
        """The movement order carried out when ``ordered`` was given: the default if shaken."""
        if self.shaken:
            return self.movement[0]
        if ordered in self.movement:
            return ordered
        raise ValueError(
            f"movement order {ordered!r} is not allowed (allowed: {', '.join(self.movement)})"
        )


def allowed_orders(rules: Ruleset, state: UnitState) -> AllowedOrders:
    """Orders ``state`` may carry out: all its speed allows, or, shaken, the default only."""
    speed = state.unit.speed(state.speed)
    if not state.is_shaken:
        return AllowedOrders(speed.movement, speed.gunnery, False, "orders.speed")
    rule = shaken_rule(rules)
    movement = (speed.default_movement,) if rule.movement == "default" else speed.movement
    gunnery: tuple[str, ...] = () if rule.gunnery == "none" else speed.gunnery
    return AllowedOrders(movement, gunnery, True, "conditions.shaken-orders")
