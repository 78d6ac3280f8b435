"""What a ranged weapon's hits place on the unit they hit: fire, acid, minor acid, poison.

Clause ``weapons.set-on-fire``: a unit hit at least once by the weapon is set on fire, and
one already on fire gets another fire token, so one fire token per unit per fire action.
Clause ``weapons.acid``: one acid (Acid) or minor acid (Minor Acid) per hit. Clause
``weapons.poison``: one Poison[N] per hit, only on a unit poison affects (``agony.toml``
``[poison].units``: biological units; ruling ``fire.poison-unaffected``). An area attack
hits each enemy unit of the hex on its own; which of its hits count (after evasion or every
success) is ruling ``fire.condition-evaded``. A misfire replaces the action with doing
nothing, so it places nothing. When the tokens go on (at once, or with the damage at the
'apply damage' step) is ruling ``fire.condition-timing``; the edition's rules are the
``[conditions]`` table of ``to_hit.toml`` (the first draft has no such weapons: ruling
``weapons.first-draft-conditions``). Where the edition's ``damage.toml`` makes a weapon's
``fire damage`` or ``poison damage[dN]`` continuous damage (the first draft, ruling
``damage.first-draft-fire-poison``), its hits place fire or Poison[N] the same way (clause
``damage.special-types``). Nothing here rolls a die.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Literal, cast

import msgspec

from referee.rules.damage.method import damage_method
from referee.rules.fire.to_hit_table import ConditionRules, to_hit_table
from referee.rules.state import UnitState
from referee.ruleset import Ruleset
from referee.units.model import Weapon

ConditionKind = Literal["fire", "acid", "minor-acid", "poison"]
Per = Literal["action", "hit"]
KINDS: tuple[ConditionKind, ...] = ("fire", "acid", "minor-acid", "poison")


class WeaponCondition(msgspec.Struct, frozen=True):
    """The tokens of one kind a fire action places on one unit (see the module docstring).

    ``count`` is the number of tokens (0 when the unit ignores them: ``ignored`` says why);
    ``hits`` the hits that counted for it; ``die`` the N of Poison[N]."""

    source: str
    target: str
    kind: ConditionKind
    count: int
    hits: int
    per: Per
    clause: str
    die: int | None = None
    ignored: str = ""
    rulings: tuple[str, ...] = ()

    @property
    def name(self) -> str:
        """The token's name: ``fire``, ``acid``, ``minor acid``, ``Poison[8]``."""
        if self.kind == "poison":
            return f"Poison[{self.die}]"
        return self.kind.replace("-", " ")

    def text(self, *, already_on_fire: bool = False) -> str:
        """``Gas lobba: 2 x Poison[8] on grunts (one per hit)``."""
        if self.ignored:
            return f"{self.source}: no {self.name} on {self.target}: {self.ignored}"
        if self.kind == "fire":
            again = "another fire token (already on fire)" if already_on_fire else "one fire token"
            hit = "hit once" if self.hits == 1 else f"hit {self.hits} times"
            return f"{self.source} sets {self.target} on fire ({hit}): {again}"
        many = f"{self.count} x {self.name}" if self.count != 1 else f"one {self.name}"
        return f"{self.source}: {many} on {self.target} (one per hit)"

    def to_json(self) -> dict[str, object]:
        return {
            "source": self.source,
            "target": self.target,
            "kind": self.kind,
            "count": self.count,
            "hits": self.hits,
            "per": self.per,
            "die": self.die,
            "clause": self.clause,
            "ignored": self.ignored or None,
            "rulings": list(self.rulings),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> WeaponCondition:
        """Read back what :meth:`to_json` wrote (the match file keeps it)."""
        kind, per = str(data["kind"]), str(data["per"])
        if kind not in KINDS or per not in ("action", "hit"):
            raise ValueError(f"a weapon condition of kind {kind!r} per {per!r}")
        die = data.get("die")
        return cls(
            str(data["source"]),
            str(data["target"]),
            kind,
            int(data["count"]),
            int(data["hits"]),
            cast(Per, per),
            str(data["clause"]),
            None if die is None else int(die),
            str(data.get("ignored") or ""),
            tuple(str(r) for r in data.get("rulings", ())),
        )


class WeaponEffect(msgspec.Struct, frozen=True):
    """One condition a weapon carries: its kind, how it counts hits, its clause."""

    kind: ConditionKind
    per: Per
    clause: str
    die: int | None = None
    rulings: tuple[str, ...] = ()


def condition_rules(rules: Ruleset) -> ConditionRules:
    """The edition's ``[conditions]`` rules (``to_hit.toml``)."""
    return to_hit_table(rules).conditions


def weapon_effects(rules: Ruleset, weapon: Weapon) -> tuple[WeaponEffect, ...]:
    """The conditions a hit of ``weapon`` places in this edition: its Set on Fire, (minor)
    Acid and Poison[N] abilities, and a ``fire``/``poison damage[dN]`` that the edition's
    ``damage.toml`` makes continuous damage (ruling ``damage.first-draft-fire-poison``:
    fire sets on fire, poison places a Poison[N] per hit)."""
    out: list[WeaponEffect] = []
    if condition_rules(rules).places:
        if weapon.set_on_fire:
            out.append(WeaponEffect("fire", "action", "weapons.set-on-fire"))
        if weapon.acid is not None:
            kind: ConditionKind = "acid" if weapon.acid == "major" else "minor-acid"
            out.append(WeaponEffect(kind, "hit", "weapons.acid"))
        if weapon.poison is not None:
            out.append(WeaponEffect("poison", "hit", "weapons.poison", weapon.poison))
    method = damage_method(rules)
    for sd in weapon.special_damage:
        if not method.special_rule(sd.type).continuous:
            continue
        ruling = method.ruling(f"special.types.{sd.type}.continuous")
        rulings = (ruling,) if ruling else ()
        if sd.type == "fire" and not any(e.kind == "fire" for e in out):
            out.append(WeaponEffect("fire", "action", "damage.special-types", rulings=rulings))
        elif sd.type == "poison":
            out.append(
                WeaponEffect("poison", "hit", "damage.special-types", sd.dice.sides, rulings)
            )
    return tuple(out)


def poison_ignored(rules: Ruleset, target: UnitState) -> str:
    """Why poison does not affect ``target`` (``agony.toml`` ``[poison].units``), or ""."""
    from referee.rules.agony.schedule import agony_rules  # poison's rules: asked for rarely

    spec = agony_rules(rules).poison
    if spec is None:
        return "this edition has no poison"
    if spec.affects(target.unit):
        return ""
    return f"not {' or '.join(spec.units)}: it ignores poison"


def conditions_of_hits(
    rules: Ruleset,
    weapon: Weapon,
    target: UnitState,
    hits: int,
    *,
    successes: int | None = None,
) -> tuple[WeaponCondition, ...]:
    """What ``hits`` hits of ``weapon`` place on ``target`` (see the module docstring).

    ``successes`` are an area attack's successes before evasion (ruling
    ``fire.condition-evaded`` may count them instead of the hits that stand)."""
    table = condition_rules(rules)
    effects = weapon_effects(rules, weapon)
    counted = hits
    rulings: tuple[str, ...] = ()
    if successes is not None and successes != hits and effects:
        rulings = table.ruling("evaded")
        counted = successes if table.evaded == "successes" else hits
    if counted <= 0 or target.destroyed:
        return ()
    out = []
    for e in effects:
        count = 1 if e.per == "action" else counted
        ignored, why = "", (*e.rulings, *rulings)
        unaffected = poison_ignored(rules, target) if e.kind == "poison" else ""
        if unaffected:
            why = (*why, *table.ruling("unaffected_poison"))
            if table.unaffected_poison == "skip":
                count, ignored = 0, unaffected
        out.append(
            WeaponCondition(
                weapon.name,
                target.uid,
                e.kind,
                count,
                counted,
                e.per,
                e.clause,
                e.die,
                ignored,
                why,
            )
        )
    return tuple(out)


def place_conditions(state: UnitState, conditions: Iterable[WeaponCondition]) -> UnitState:
    """``state`` with the tokens of ``conditions`` meant for it placed (a destroyed unit
    takes none)."""
    s = state
    for c in conditions:
        if c.target != state.uid or s.destroyed or not c.count:
            continue
        if c.kind == "fire":
            s = s.with_(fire=s.fire + c.count)
        elif c.kind == "acid":
            s = s.with_(acid=s.acid + c.count)
        elif c.kind == "minor-acid":
            s = s.with_(minor_acid=s.minor_acid + c.count)
        elif c.die is not None:
            s = s.with_(poison=(*s.poison, *[c.die] * c.count))
    return s


def clauses_of(conditions: Iterable[WeaponCondition]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(c.clause for c in conditions))


def rulings_of(rules: Ruleset, conditions: Iterable[WeaponCondition]) -> tuple[str, ...]:
    """The rulings behind ``conditions``: when they go on, and each one's own."""
    found = list(conditions)
    if not found:
        return ()
    table = condition_rules(rules)
    own = [r for c in found for r in c.rulings]
    places = table.ruling("places") if any(c.clause.startswith("weapons.") for c in found) else ()
    return tuple(dict.fromkeys([*places, *table.ruling("timing"), *own]))
