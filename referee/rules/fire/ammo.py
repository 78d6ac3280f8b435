"""Ammunition of a fire action: Load, Burst(N), Limited Ammo(N) and the unit-base weapon's
"treat every weapon as unloaded" (clauses ``fire.load``, ``fire.burst``,
``fire.limited-ammo``, ``army.unit-base-weapon``); which models fire a weapon (clauses
``army.elite-weapon``, ``fire.burst``; ruling ``fire.elite-model-weapon``).

A fire action spends Burst(N) ammo (1 for other weapons); Limited Ammo counts as ruling
``fire.limited-ammo-count`` says. A misfire spends nothing (clause ``fire.misfire``).
"""

from __future__ import annotations

import msgspec

from referee.rules.fire.to_hit_table import to_hit_table
from referee.rules.state import UnitState
from referee.ruleset import Ruleset
from referee.units.model import Weapon

LIMITED_AMMO_RULING = "fire.limited-ammo-count"


class LimitedAmmoLeft(msgspec.Struct, frozen=True):
    """How much of a Limited Ammo(N) weapon's allowance is used, and what one action uses."""

    limit: int
    used: int
    per_action: int
    ruling: str = LIMITED_AMMO_RULING

    @property
    def left(self) -> int:
        return max(self.limit - self.used, 0)


def counted_per_action(rules: Ruleset, weapon: Weapon) -> int:
    """What one fire action adds to the weapon's count (ruling ``fire.limited-ammo-count``)."""
    value = rules.reading(LIMITED_AMMO_RULING).value
    if value == "actions":
        return 1
    if value == "ammo":
        return weapon.burst
    raise ValueError(f"ruling {LIMITED_AMMO_RULING}: unknown value {value!r} (actions or ammo)")


def limited_ammo_left(rules: Ruleset, shooter: UnitState, weapon: Weapon) -> LimitedAmmoLeft | None:
    """The allowance of a Limited Ammo(N) weapon (None for other weapons)."""
    if weapon.limited_ammo is None:
        return None
    return LimitedAmmoLeft(
        weapon.limited_ammo, shooter.shots_fired(weapon.name), counted_per_action(rules, weapon)
    )


def elites_replaced(shooter: UnitState) -> int:
    """Alive elites whose elite weapon replaced the weapon every model carries: one per
    elite weapon of the card, at most the elites alive (clauses ``army.elite``,
    ``army.elite-weapon``)."""
    elite_weapons = sum(1 for w in shooter.unit.weapons if w.carried == "elite")
    return min(elite_weapons, max(shooter.elites_alive, 0), shooter.alive)


def models_firing(rules: Ruleset, shooter: UnitState, weapon: Weapon) -> int:
    """Models that fire ``weapon``: the alive models that carry it (an elite whose elite
    weapon replaced it fires it or not, ruling ``fire.elite-model-weapon``), one elite, or
    the base once (with two models alive)."""
    if weapon.carried == "each-model":
        if to_hit_table(rules).models.elite_fires_model_weapon:
            return shooter.alive
        return shooter.alive - elites_replaced(shooter)
    if weapon.carried == "elite":
        return 1 if shooter.elites_alive > 0 else 0
    return 1 if shooter.alive >= 2 else 0  # unit-base: needs two alive models


def firing_rulings(rules: Ruleset, shooter: UnitState, weapon: Weapon) -> tuple[str, ...]:
    """The ruling that decided how many models fire ``weapon``: only a weapon every model
    carries, of a base with an elite whose elite weapon replaced it."""
    ruling = to_hit_table(rules).models.ruling
    if ruling and weapon.carried == "each-model" and elites_replaced(shooter):
        return (ruling,)
    return ()


def shots_per_action(rules: Ruleset, shooter: UnitState, weapon: Weapon, guns: int = 1) -> int:
    """To-hit rolls of one fire action: models firing x Burst(N) x fixed guns bearing
    (clauses ``fire.burst``, ``angles.fixed-weapons``)."""
    return models_firing(rules, shooter, weapon) * weapon.burst * guns


def spend(rules: Ruleset, shooter: UnitState, weapon: Weapon) -> UnitState:
    """The shooter after a fire action with ``weapon``: Burst(N) ammo off (1 otherwise),
    the count of the weapon raised, and every weapon unloaded if the unit has a unit-base
    weapon (clause ``army.unit-base-weapon``)."""
    loaded = dict(shooter.loaded)
    have = loaded.get(weapon.name, 0)
    if have < weapon.burst:
        raise ValueError(
            f"{shooter.uid}: {weapon.name} has {have} ammo loaded, a fire action needs "
            f"{weapon.burst}"
        )
    loaded[weapon.name] = have - weapon.burst
    if any(w.carried == "unit-base" for w in shooter.unit.weapons):
        loaded = {name: 0 for name in loaded}
    fired = dict(shooter.fired)
    fired[weapon.name] = fired.get(weapon.name, 0) + counted_per_action(rules, weapon)
    return shooter.with_(loaded=loaded, fired=fired)
