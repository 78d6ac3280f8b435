"""Area(n+) attacks and evasion (clauses ``fire.area``, ``fire.area-stacking``,
``fire.evasion``, ``fire.improve-evasion``, ``fire.take-cover``).

Area(n+): one die per enemy model in the hex, each n+ a hit; each extra identical area
attack of the same unit improves n by the edition's ``stack_bonus`` (4 x Area(6+) -> 3+).
Evasion works as the edition's ``[evasion]`` table says:

* ``negate`` (draft 004): Evasion[N+], one die per hit, each N+ (plus Improve Evasion)
  negates a hit; terrain grants its Evasion(N+) to units small enough;
* ``worsen`` (draft 001): Evasion[-N] makes the area number N worse (6+ -> 7+ on the
  open-ended d6); cover terrain grants it to a unit whose Take Cover is active.

Whether the to-hit table changes n follows ruling ``fire.area-modifiers``.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from referee.dice.service import Dice, OpenEndedRoll, RollRequest, open_ended_note
from referee.rules.explain import Term, total
from referee.rules.fire.action import MisfireRoll, misfire_request, start_action, unless_misfire
from referee.rules.fire.ammo import firing_rulings, shots_per_action
from referee.rules.fire.conditions import AbilityParameterError, applies
from referee.rules.fire.misfire import misfire_note, misfire_rulings
from referee.rules.fire.roll import HitRoll, judge
from referee.rules.fire.to_hit_table import EvasionRules, Modifier, ToHitTable, to_hit_table
from referee.rules.state import UnitState
from referee.ruleset import Ruleset
from referee.ruleset.terrain import Terrain
from referee.units.model import Ability, Weapon

AREA_MODIFIERS_RULING = "fire.area-modifiers"


class AreaTarget(msgspec.Struct, frozen=True):
    """An enemy unit in the hex hit by an area attack, and what its hex holds.

    ``to_hit_terms`` are the shot's to-hit terms against this unit; they count only
    under the ``to-hit-table`` reading of ruling ``fire.area-modifiers``.
    """

    unit: UnitState
    terrain: Terrain
    markers: frozenset[str] = frozenset()
    to_hit_terms: tuple[Term, ...] = ()


class Evasion(msgspec.Struct, frozen=True):
    """A unit's evasion against area attacks: ``value`` is N of Evasion[N+] (negate) or
    the -N of Evasion[-N] (worsen); ``improve`` is added to each evasion die."""

    method: str
    value: int
    source: str
    clause: str
    improve: int = 0
    improve_sources: tuple[str, ...] = ()
    improve_clause: str = ""

    def text(self) -> str:
        shown = f"Evasion[{self.value}+]" if self.method == "negate" else f"Evasion[{self.value}]"
        extra = f", improve +{self.improve}" if self.improve else ""
        return f"{shown} ({self.source}{extra})"


def _ability_evasion(rules: EvasionRules, unit: UnitState) -> list[tuple[int, str]]:
    found = []
    for ability in unit.unit.abilities:
        if ability.name != "evasion":
            continue
        try:
            n = ability.number()
        except (ValueError, IndexError):
            raise AbilityParameterError(f"{ability.text()}: expected evasion[N+]") from None
        if rules.method == "negate" and not 2 <= n <= 7:
            raise AbilityParameterError(f"{ability.text()}: Evasion[N+] needs N from 2 to 7")
        if rules.method == "worsen" and n > 0:
            raise AbilityParameterError(f"{ability.text()}: Evasion[-N] needs a negative N")
        found.append((n, ability.text()))
    return found


def _active_at_speed(table: ToHitTable, target: AreaTarget) -> list[tuple[Modifier, Ability]]:
    """Speed abilities that apply now (Take Cover[slow,-1] at slow speed)."""
    out = []
    for ability in target.unit.unit.abilities:
        row = table.unit_abilities.get(ability.name)
        if (
            row is not None
            and row.when == "at-speed"
            and applies(
                table,
                row,
                ability,
                speed=target.unit.speed,
                terrain=target.terrain,
                markers=target.markers,
                band=None,
            )
        ):
            out.append((row, ability))
    return out


def evasion_of(rules: Ruleset, target: AreaTarget) -> Evasion | None:
    """The best evasion ``target`` has against an area attack, or None."""
    table = to_hit_table(rules)
    ev = table.evasion
    sources = _ability_evasion(ev, target.unit)
    active = _active_at_speed(table, target)
    taking_cover = [a.text() for _, a in active if a.name == "take-cover"]
    if ev.terrain == "terrain-table":
        n = target.terrain.evasion_for(target.unit.unit.size)
        if n is not None:
            sources.append((n, target.terrain.name.lower()))
    elif target.terrain.cover < 0 and taking_cover:
        sources.append((ev.terrain_value, f"{target.terrain.name.lower()} with {taking_cover[0]}"))
    if not sources:
        return None
    value, source = min(sources)
    improve = [
        (a.number(), a.text()) for a in target.unit.unit.abilities if a.name == "improve-evasion"
    ]
    improve += [(row.improve_evasion, a.text()) for row, a in active if row.improve_evasion]
    if ev.method != "negate":
        improve = []  # Improve Evasion adds to evasion dice; the worsen method rolls none
    return Evasion(
        ev.method,
        value,
        source,
        ev.clause,
        sum(n for n, _ in improve),
        tuple(s for _, s in improve),
        ev.improve_clause,
    )


class AreaNeed(msgspec.Struct, frozen=True):
    """The success number of the area dice against one unit, with its working."""

    base: int
    terms: tuple[Term, ...]

    @property
    def need(self) -> int:
        return self.base - total(self.terms)

    def explain(self) -> str:
        parts = [f"Area({self.base}+)", *(t.text() for t in self.terms)]
        return f"needs {self.need}: {', '.join(parts)}"


def stacking_terms(rules: Ruleset, identical: int) -> tuple[Term, ...]:
    """+stack_bonus per extra identical area attack (clause ``fire.area-stacking``)."""
    if identical < 1:
        raise ValueError(f"{identical} identical area attacks: at least 1 is needed")
    area = to_hit_table(rules).area
    extra = identical - 1
    if not extra or not area.stack_bonus:
        return ()
    label = f"{extra} extra identical area attack{'s' if extra > 1 else ''}"
    return (Term(label, extra * area.stack_bonus, area.stack_clause, area.stack_ruling),)


def area_need(rules: Ruleset, n: int, identical: int, target: AreaTarget) -> AreaNeed:
    """Area(n+) against ``target``: identical attacks, the to-hit table if ruling
    ``fire.area-modifiers`` says so, and an Evasion[-N] of the worsen method."""
    terms = list(stacking_terms(rules, identical))
    reading = rules.reading(AREA_MODIFIERS_RULING).value
    if reading == "table":
        terms += [
            Term(t.label, t.value, t.clause, t.ruling or AREA_MODIFIERS_RULING)
            for t in target.to_hit_terms
        ]
    elif reading != "none":
        raise ValueError(f"ruling {AREA_MODIFIERS_RULING}: unknown value {reading!r}")
    evasion = evasion_of(rules, target)
    if evasion is not None and evasion.method == "worsen":
        terms.append(Term(f"target {evasion.text()}", evasion.value, evasion.clause))
    return AreaNeed(n, tuple(terms))


class AreaResult(msgspec.Struct, frozen=True):
    """The area dice against one unit, its evasion dice and the hits that stand."""

    target: UnitState
    need: AreaNeed
    rolls: tuple[HitRoll, ...]
    evasion: Evasion | None
    evasion_dice: tuple[int, ...]

    @property
    def successes(self) -> int:
        return sum(1 for r in self.rolls if r.hit)

    @property
    def negated(self) -> int:
        ev = self.evasion
        if ev is None or ev.method != "negate":
            return 0
        return sum(1 for d in self.evasion_dice if d + ev.improve >= ev.value)

    @property
    def hits(self) -> int:
        return self.successes - self.negated

    def explain(self) -> str:
        dice = ", ".join(str(r.result) for r in self.rolls)
        out = (
            f"{self.target.uid}: {self.need.explain()}; rolled {dice}: {self.successes} "
            "success" + ("es" if self.successes != 1 else "")
        )
        if self.evasion_dice and self.evasion is not None:
            ev = ", ".join(str(d) for d in self.evasion_dice)
            out += f"; {self.evasion.text()} rolled {ev}: {self.negated} negated"
        return f"{out}; {self.hits} hit{'s' if self.hits != 1 else ''}"

    def to_json(self) -> dict[str, object]:
        return {
            "target": self.target.uid,
            "need": self.need.need,
            "terms": [t.to_json() for t in self.need.terms],
            "rolls": [r.to_json() for r in self.rolls],
            "evasion": self.evasion.text() if self.evasion else None,
            "evasion_dice": list(self.evasion_dice),
            "negated": self.negated,
            "hits": self.hits,
        }


def _area_die(rules: Ruleset, need: int, dice: Dice, purpose: str) -> HitRoll:
    """An area die: a plain d6 up to 6+, the open-ended d6 beyond (``dice.open-ended``)."""
    if need > 6:
        return judge(rules, need, dice.open_ended(6, purpose))
    d = dice.roll(6, purpose)
    return judge(rules, need, OpenEndedRoll(6, (d,), d))


def area_purpose(target: AreaTarget) -> str:
    return f"area on {target.unit.uid}"


def area_requests(
    rules: Ruleset,
    n: int,
    identical: int,
    targets: Sequence[AreaTarget],
    weapon: Weapon | None = None,
) -> tuple[RollRequest, ...]:
    """The area dice of :func:`area_attack`, in order, before any is rolled (its evasion
    dice are known once the successes are)."""
    out: list[RollRequest] = []
    for t in targets:
        need = area_need(rules, n, identical, t).need
        note = f"needs {need}" + (f"; {open_ended_note()}" if need > 6 else "")
        if weapon is not None:
            note = unless_misfire(rules, weapon, note)
        out += [RollRequest(6, area_purpose(t), note)] * t.unit.alive
    return tuple(out)


def area_attack(
    rules: Ruleset, n: int, identical: int, targets: Sequence[AreaTarget], dice: Dice
) -> tuple[AreaResult, ...]:
    """Area(n+) with ``identical`` identical attacks at the enemy ``targets`` in one hex:
    one die per alive model of each, then evasion dice per success (negate method)."""
    results = []
    for target in targets:
        need = area_need(rules, n, identical, target)
        rolls = tuple(
            _area_die(rules, need.need, dice, area_purpose(target))
            for _ in range(target.unit.alive)
        )
        evasion = evasion_of(rules, target)
        evasion_dice: tuple[int, ...] = ()
        if evasion is not None and evasion.method == "negate":
            hits = sum(1 for r in rolls if r.hit)
            evasion_dice = dice.roll_many(hits, 6, f"evasion of {target.unit.uid}")
        results.append(AreaResult(target.unit, need, rolls, evasion, evasion_dice))
    return tuple(results)


class AreaFire(msgspec.Struct, frozen=True):
    """An area fire action: its misfire die, the results per unit, the shooter after."""

    weapon: Weapon
    misfire: MisfireRoll | None
    identical: int
    results: tuple[AreaResult, ...]
    shooter_after: UnitState
    rulings: tuple[str, ...] = ()
    """Whether Misfire is rolled, who fires the weapon (as :class:`FireAction`)."""
    notes: tuple[str, ...] = ()

    @property
    def misfired(self) -> bool:
        return self.misfire is not None and self.misfire.misfired


def area_fire(
    rules: Ruleset,
    shooter: UnitState,
    weapon: Weapon,
    targets: Sequence[AreaTarget],
    dice: Dice,
    *,
    guns: int = 1,
) -> AreaFire:
    """A fire action with an area weapon: misfire, ammo, then :func:`area_attack` with as
    many identical attacks as the action fires (models x Burst x guns)."""
    if weapon.area is None:
        raise ValueError(f"{weapon.name} is not an area weapon")
    identical = shots_per_action(rules, shooter, weapon, guns)
    dice.expect(
        [
            *misfire_request(rules, weapon),
            *area_requests(rules, weapon.area, max(1, identical), targets, weapon),
        ]
    )
    rulings = (*misfire_rulings(rules, weapon), *firing_rulings(rules, shooter, weapon))
    notes = tuple(n for n in (misfire_note(rules, weapon),) if n)
    start = start_action(rules, shooter, weapon, dice)
    if start.misfired or identical < 1:
        return AreaFire(weapon, start.misfire, identical, (), start.shooter, rulings, notes)
    results = area_attack(rules, weapon.area, identical, targets, dice)
    return AreaFire(weapon, start.misfire, identical, results, start.shooter, rulings, notes)
