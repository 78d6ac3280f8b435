"""The damage roll of one hit: armor first, then the damage dice, their terms and the table.

Clause ``damage.no-armor``/``damage.armor-dice``/``damage.armor-outcome``: the armor roll
(:mod:`referee.rules.damage.armor`) against the armor of the sector hit less the target's
armor-down effects. Then the weapon's damage dice with, in this order, the terms: armor
(partly blocked), range (``damage.range``), previous damage (``damage.previous``), the
weapon's modifier (``damage.weapon-modifier``), the penetration bonus of a penetrating hit
(``damage.penetration-bonus``), the resistance of the damage's type (``damage.resistance``)
and assault support hits (``assault.support``), read on the target's table
(``damage.table``). Special damage ``[type] damage[dN]`` rolls on the table of that name or
does nothing to a target without one (``damage.special-types``); how each type is
modified, whom it hurts (poison: biological units, ``damage.poison``) and whether it
places its continuous damage instead are data (``damage.toml`` ``[special]``). Nothing here
changes a unit: the rows are carried out by :mod:`referee.rules.damage.pending` at the
'apply damage' step.

Clause ``damage.modifiers``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

import msgspec

from referee.board.ranges import Band, RangeBand
from referee.board.sector_stats import Sector
from referee.dice.expression import DiceExpr
from referee.rules.damage.armor import ArmorPlan, ArmorResult, armor_plan, roll_armor
from referee.rules.damage.method import DamageMethod, SpecialRule, damage_method
from referee.rules.damage.odds import DamageOdds, RowOdds, damage_odds, row_odds
from referee.rules.damage.table_roll import (
    TableRoll,
    previous_damage_term,
    resistance_term,
    roll_on_table,
)
from referee.rules.explain import Term, clauses, total
from referee.rules.state import UnitState
from referee.units.model import Assault, SpecialDamage, Weapon

if TYPE_CHECKING:
    from referee.dice.service import Dice, RollRequest
    from referee.ruleset import Ruleset

REGULAR = "regular"


class Attack(msgspec.Struct, frozen=True):
    """What deals a hit's damage: a weapon's or an assault's AP, damage dice and extras."""

    name: str
    ap: int
    damage: DiceExpr | None
    penetration_bonus: int = 0
    special_damage: tuple[SpecialDamage, ...] = ()


def attack_of(source: Weapon | Assault | Attack) -> Attack:
    """The damage stats of a weapon, an assault (with its weapon abilities) or an attack."""
    if isinstance(source, Attack):
        return source
    if isinstance(source, Weapon):
        return Attack(
            source.name, source.ap, source.damage, source.penetration_bonus, source.special_damage
        )
    extra = source.weapon
    return Attack(
        extra.name if extra else "assault",
        source.ap,
        source.damage,
        extra.penetration_bonus if extra else 0,
        extra.special_damage if extra else (),
    )


def effective_armor(target: UnitState, sector: Sector) -> int | None:
    """The armor of ``sector`` less ``armor_down`` (never below 0); ``None``: no armor."""
    if target.unit.armor is None:
        return None
    return max(0, target.unit.armor[sector] - target.armor_down)


def band_and_distance(
    band: Band | RangeBand | None, distance: int | None
) -> tuple[Band | None, int | None]:
    """The band's name and the distance (a :class:`RangeBand` carries both)."""
    if isinstance(band, RangeBand):
        return band.band, band.distance if distance is None else distance
    if band == "out-of-range":
        raise ValueError("the target is out of range: a shot out of range does no damage")
    return band, distance


def _fixed_terms(
    method: DamageMethod,
    target: UnitState,
    expr: DiceExpr,
    band: Band | None,
    rule: SpecialRule | None,
    damage_type: str,
    support: int,
    bonus: int = 0,
) -> list[Term]:
    """The terms of a damage roll but the armor's; ``bonus`` is a penetrating hit's bonus."""
    terms: list[Term] = []
    special = rule is not None
    mod = method.range_modifier(band)
    if band is not None and (not special or (rule is not None and rule.range)):
        terms.append(
            Term(
                f"{band} range",
                mod.damage,
                "damage.range",
                method.ruling(f"range.{band}.damage")
                if not special
                else method.ruling("special.range"),
            )
        )
    if not special or (rule is not None and rule.previous):
        t = previous_damage_term(target)
        terms.append(
            Term(t.label, t.value, t.clause, method.ruling("special.previous") if special else None)
        )
    if expr.modifier:
        terms.append(Term(f"weapon {expr.text()}", expr.modifier, "damage.weapon-modifier"))
    if bonus:
        terms.append(Term("penetration bonus", bonus, "damage.penetration-bonus"))
    terms.append(resistance_term(target, damage_type))
    if support:
        terms.append(Term("support hits", support, "assault.support"))
    return terms


def _table_json(roll: TableRoll) -> dict[str, object]:
    return {
        "table": roll.table,
        "natural": roll.natural,
        "terms": [t.to_json() for t in roll.terms],
        "result": roll.result,
        "row": roll.row.text if roll.row else None,
        "row_at": roll.row.at if roll.row else None,
        "clauses": list(clauses(roll.terms)),
    }


class SpecialResult(msgspec.Struct, frozen=True):
    """One ``[type] damage[dN]`` of a hit: its table roll, or none (immune or blocked)."""

    type: str
    table: str
    dice: tuple[int, ...]
    roll: TableRoll | None
    immune: bool = False
    """The target has no table of that name (clause ``damage.special-types``), or the type
    does not hurt it (``why``)."""
    blocked: bool = False
    """The type rolls against armor and the armor stopped the hit."""
    why: str = ""
    """Why nothing was rolled when the type does not hurt the target, or places its
    continuous damage instead."""

    def explain(self) -> str:
        if self.why:
            return f"{self.type} damage: nothing rolled ({self.why})"
        if self.immune:
            return f"{self.type} damage: nothing (the target has no {self.table} table)"
        if self.roll is None:
            return f"{self.type} damage: stopped by the armor"
        return f"{self.type} damage: {self.roll.explain()}"

    def to_json(self) -> dict[str, object]:
        return {
            "type": self.type,
            "table": self.table,
            "dice": list(self.dice),
            "immune": self.immune,
            "blocked": self.blocked,
            **({"why": self.why} if self.why else {}),
            "roll": _table_json(self.roll) if self.roll else None,
        }


class DamageResult(msgspec.Struct, frozen=True):
    """The damage roll of one hit; its table rolls await the 'apply damage' step."""

    attack: str
    target: str
    sector: Sector
    band: Band | None
    armor: ArmorResult | None
    """``None`` when nothing of the hit rolls against armor."""
    dice: tuple[int, ...]
    regular: TableRoll | None
    special: tuple[SpecialResult, ...] = ()

    @property
    def table_rolls(self) -> tuple[tuple[str, TableRoll], ...]:
        """``(damage type, roll)`` of every table roll, in the order they were rolled."""
        out: list[tuple[str, TableRoll]] = []
        if self.regular is not None:
            out.append((REGULAR, self.regular))
        out.extend((s.type, s.roll) for s in self.special if s.roll is not None)
        return tuple(out)

    @property
    def blocked(self) -> bool:
        return self.armor is not None and self.armor.blocked

    def explain(self) -> str:
        lines = [
            f"{self.attack} on {self.target} ({self.sector}"
            f"{', ' + self.band + ' range' if self.band else ''}):"
        ]
        if self.armor is not None:
            lines.append(f"  {self.armor.explain()}")
        if self.regular is not None:
            lines.append(f"  damage: {self.regular.explain()}")
        elif self.blocked:
            lines.append("  damage: none, the armor stopped the hit")
        lines.extend(f"  {s.explain()}" for s in self.special)
        return "\n".join(lines)

    def to_json(self) -> dict[str, object]:
        return {
            "attack": self.attack,
            "target": self.target,
            "sector": self.sector,
            "band": self.band,
            "armor": self.armor.to_json() if self.armor else None,
            "dice": list(self.dice),
            "blocked": self.blocked,
            "regular": _table_json(self.regular) if self.regular else None,
            "special": [s.to_json() for s in self.special],
        }


def _rolls(rule: SpecialRule, sd: SpecialDamage, target: UnitState) -> str | None:
    """Why a ``[type] damage[dN]`` rolls nothing on ``target``, or None when it rolls: the
    type places its continuous damage instead, hurts only some units, or the target has no
    such table ("")."""
    if rule.continuous:
        return f"the hit places {sd.type} as continuous damage instead"
    if rule.units:
        from referee.rules.agony.specs import matches  # only some special damage types ask

        if not matches(target.unit, rule.units):
            return f"not {' or '.join(rule.units)}: {sd.type} damage does not hurt it"
    if target.unit.damage_table(rule.table or sd.type) is None:
        return ""
    return None


def _needs_armor(method: DamageMethod, attack: Attack, target: UnitState) -> bool:
    if attack.damage is not None:
        return True
    for sd in attack.special_damage:
        rule = method.special_rule(sd.type)
        if rule.armor and _rolls(rule, sd, target) is None:
            return True
    return False


def special_terms(
    method: DamageMethod,
    sd: SpecialDamage,
    target: UnitState,
    armor: ArmorResult | None,
    band: Band | None,
    support: int,
) -> tuple[str, list[Term]] | SpecialResult:
    """The table and terms of one ``[type] damage[dN]`` of a hit, or the result when it
    rolls nothing (the target is immune, or the armor stopped it)."""
    rule = method.special_rule(sd.type)
    table = rule.table or sd.type
    why = _rolls(rule, sd, target)
    if why is not None:
        return SpecialResult(sd.type, table, (), None, immune=True, why=why)
    terms: list[Term] = []
    if rule.armor and armor is not None:
        if armor.blocked:
            return SpecialResult(sd.type, table, (), None, blocked=True)
        if armor.term is not None:
            terms.append(armor.term)
    terms.extend(_fixed_terms(method, target, sd.dice, band, rule, sd.type, support))
    return table, terms


def _special(
    method: DamageMethod,
    sd: SpecialDamage,
    target: UnitState,
    armor: ArmorResult | None,
    band: Band | None,
    support: int,
    dice: Dice,
) -> SpecialResult:
    found = special_terms(method, sd, target, armor, band, support)
    if isinstance(found, SpecialResult):
        return found
    table, terms = found
    rolled = dice.expression(sd.dice, f"{sd.type} damage")
    return SpecialResult(
        sd.type, table, rolled.dice, roll_on_table(target, table, sum(rolled.dice), terms)
    )


def regular_terms(
    method: DamageMethod,
    attack: Attack,
    target: UnitState,
    armor: ArmorResult,
    band: Band | None,
    support: int,
) -> list[Term] | None:
    """The terms of a hit's regular damage roll, ``None`` when it rolls none (no regular
    damage, or the armor stopped the hit)."""
    if attack.damage is None or armor.blocked:
        return None
    terms: list[Term] = [armor.term] if armor.term else []
    bonus = attack.penetration_bonus if armor.penetrated else 0
    terms.extend(_fixed_terms(method, target, attack.damage, band, None, REGULAR, support, bonus))
    return terms


def needs_armor(method: DamageMethod, attack: Attack, target: UnitState) -> bool:
    """Whether anything of a hit of ``attack`` rolls against the armor."""
    return _needs_armor(method, attack, target)


def damage_roll(
    rules: Ruleset,
    attack: Weapon | Assault | Attack,
    target: UnitState,
    band: Band | RangeBand | None,
    dice: Dice,
    support: int = 0,
    sector: Sector = "front",
    distance: int | None = None,
    special_support: Mapping[str, int] | None = None,
) -> DamageResult:
    """Roll the damage of one hit on ``target`` through ``sector`` (see the module docstring).

    ``band`` ``None`` is an assault (no range modifiers); ``support`` the assault support
    hits given to this roll; ``distance`` is needed where AP decays with distance;
    ``special_support`` the support of each special damage type where it differs from
    ``support`` (clause ``assault.psychic``: psychic support helps only psychic damage).
    """
    method = damage_method(rules)
    att = attack_of(attack)
    band_name, distance = band_and_distance(band, distance)
    armor: ArmorResult | None = None
    if _needs_armor(method, att, target):
        plan = armor_plan(rules, effective_armor(target, sector), att.ap, band_name, distance)
        armor = roll_armor(plan, dice)
    regular: TableRoll | None = None
    rolled: tuple[int, ...] = ()
    terms = regular_terms(method, att, target, armor, band_name, support) if armor else None
    if terms is not None and att.damage is not None:
        rolled = dice.expression(att.damage, "damage").dice
        regular = roll_on_table(target, REGULAR, sum(rolled), terms)
    extra = special_support or {}
    special = tuple(
        _special(method, sd, target, armor, band_name, extra.get(sd.type, support), dice)
        for sd in att.special_damage
    )
    return DamageResult(att.name, target.uid, sector, band_name, armor, rolled, regular, special)


class ShotOdds(msgspec.Struct, frozen=True):
    """Exact odds of one shot's regular damage: hit, armor, results and table rows."""

    p_hit: Fraction
    armor: ArmorPlan
    terms: tuple[Term, ...]
    """The terms that depend on no die (range, previous damage, weapon, resistance...)."""
    damage: DamageOdds
    rows: tuple[RowOdds, ...]

    @property
    def constant(self) -> int:
        return total(self.terms)


def shot_odds(
    rules: Ruleset,
    attack: Weapon | Assault | Attack,
    target: UnitState,
    band: Band | RangeBand | None,
    *,
    p_hit: Fraction = Fraction(1),
    support: int = 0,
    sector: Sector = "front",
    distance: int | None = None,
) -> ShotOdds:
    """The exact odds of :func:`damage_roll`'s regular damage, times ``p_hit``."""
    method = damage_method(rules)
    att = attack_of(attack)
    if att.damage is None:
        raise ValueError(f"{att.name} does no regular damage")
    band_name, distance = band_and_distance(band, distance)
    plan = armor_plan(rules, effective_armor(target, sector), att.ap, band_name, distance)
    terms = _fixed_terms(method, target, att.damage, band_name, None, REGULAR, support)
    # the weapon's modifier is part of the expression's own distribution
    constant = total(t for t in terms if t.clause != "damage.weapon-modifier")
    odds = damage_odds(
        att.damage, constant, plan.odds(), penetration_bonus=att.penetration_bonus, p_hit=p_hit
    )
    table = target.unit.damage_table(REGULAR)
    rows: Sequence[RowOdds] = row_odds(table, odds) if table is not None else ()
    return ShotOdds(p_hit, plan, tuple(terms), odds, tuple(rows))


def damage_requests(
    rules: Ruleset,
    attack: Weapon | Assault | Attack,
    target: UnitState,
    band: Band | RangeBand | None,
    sector: Sector = "front",
    distance: int | None = None,
) -> tuple[RollRequest, ...]:
    """The dice :func:`damage_roll` asks for one hit, in order, before any is rolled: the
    armor dice, then the damage dice (unless the armor stops the hit), then each special
    type's dice the target has a table for."""
    from referee.dice.service import RollRequest  # the dice are asked for, not only weighed

    method = damage_method(rules)
    att = attack_of(attack)
    band_name, distance = band_and_distance(band, distance)
    out: list[RollRequest] = []
    armored = False
    if _needs_armor(method, att, target):
        plan = armor_plan(rules, effective_armor(target, sector), att.ap, band_name, distance)
        out += [
            RollRequest(
                plan.sides,
                "armor",
                f"armor {plan.armor}: {plan.success_text()} succeeds for the target",
            )
        ] * plan.dice
        armored = plan.dice > 0
    unless = "unless the armor stops the hit" if armored else ""
    if att.damage is not None:
        out += [RollRequest(att.damage.sides, "damage", unless)] * att.damage.count
    for sd in att.special_damage:
        rule = method.special_rule(sd.type)
        if _rolls(rule, sd, target) is None:
            out += [
                RollRequest(sd.dice.sides, f"{sd.type} damage", unless if rule.armor else "")
            ] * sd.dice.count
    return tuple(out)
