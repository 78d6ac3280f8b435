"""The exact odds of a whole fire action before any die is rolled.

The misfire die first (clause ``fire.misfire``: on N or less the whole action does
nothing), then the dice the action rolls: one open-ended to-hit d6 per model firing, per
Burst(N) shot and per fixed gun bearing (clauses ``fire.roll``, ``fire.burst``,
``angles.fixed-weapons``), or for an Area(n+) weapon one die per enemy model in the hex
with each success then rolled for evasion (clauses ``fire.area``, ``fire.evasion``). The
dice are independent, so the number of hits is binomial; a misfire is counted as no hit.
The damage of those hits, rolled in sequence on the target, comes from
:func:`referee.rules.damage.sequence_odds.sequence_odds` (clauses ``damage.sequence``,
``damage.model-death``; ruling ``damage.pending-tokens``). The fire, acid and poison the
hits place (clauses ``weapons.set-on-fire``, ``weapons.acid``, ``weapons.poison``) follow
from the number of hits. Everything is a fraction.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import comb
from typing import TYPE_CHECKING

import msgspec

from referee.board.facing import shot_sectors
from referee.board.sector_stats import Sector
from referee.rules.damage.pending import PendingLedger
from referee.rules.damage.sequence_odds import SequenceOdds, sequence_odds
from referee.rules.fire.ammo import firing_rulings, models_firing, shots_per_action
from referee.rules.fire.area_hex import default_sector
from referee.rules.fire.legality import TargetCheck
from referee.rules.fire.misfire import misfire_on, misfire_rulings
from referee.rules.fire.odds import NATURAL_ONE_RULING, to_hit_odds
from referee.rules.fire.to_hit import to_hit
from referee.rules.fire.weapon_conditions import (
    WeaponCondition,
    condition_rules,
    conditions_of_hits,
)
from referee.rules.state import UnitState
from referee.ruleset import Ruleset
from referee.units.model import Weapon

if TYPE_CHECKING:  # area fire's modules are imported by area_odds, when asked
    from referee.rules.fire.area import AreaNeed, AreaTarget, Evasion

ZERO = Fraction(0)
MISFIRE_DIE = 6
AREA_MODIFIERS = "fire.area-modifiers"
"""Whether the to-hit table changes an Area(n+) number: every area attack takes it."""


def binomial(n: int, p: Fraction) -> tuple[Fraction, ...]:
    """P(k successes) of ``n`` independent dice succeeding with ``p``, k = 0..n."""
    return tuple(comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1))


def misfire_chance(rules: Ruleset, weapon: Weapon) -> Fraction:
    """P(a Misfire[N-] die shows N or less) (clause ``fire.misfire``); 0 without Misfire,
    or in an edition that rolls no misfire die."""
    on = misfire_on(rules, weapon)
    if on is None:
        return ZERO
    return Fraction(max(0, min(on, MISFIRE_DIE)), MISFIRE_DIE)


def action_rulings(
    rules: Ruleset, shooter: UnitState, weapon: Weapon, need: int
) -> tuple[str, ...]:
    """The rulings a fire action's odds take: whether Misfire is rolled, who fires the
    weapon, and a natural 1 when the need is 1 or less (ruling ``fire.natural-one``)."""
    natural = (NATURAL_ONE_RULING,) if need <= 1 else ()
    return (*misfire_rulings(rules, weapon), *firing_rulings(rules, shooter, weapon), *natural)


def with_misfire(hits: Sequence[Fraction], misfire: Fraction) -> tuple[Fraction, ...]:
    """The hits of the action once the misfire die is counted (a misfire: no hit)."""
    out = [(1 - misfire) * p for p in hits] or [ZERO]
    out[0] += misfire
    return tuple(out)


def evasion_chance(evasion: Evasion | None) -> Fraction:
    """P(one evasion die negates a hit): d6 + improve reaching N (clause ``fire.evasion``);
    0 without evasion or under the edition that worsens the area number instead."""
    if evasion is None or evasion.method != "negate":
        return ZERO
    need = evasion.value - evasion.improve
    return Fraction(max(0, min(6, 7 - need)), 6)


class AreaOdds(msgspec.Struct, frozen=True):
    """An Area(n+) attack on one unit: its dice, the success number, the evasion need."""

    dice: int
    need: AreaNeed
    evasion: Evasion | None
    p_success: Fraction
    p_evade: Fraction

    @property
    def evasion_need(self) -> int | None:
        """The face an evasion die must show (Evasion[N+] less Improve Evasion)."""
        if self.evasion is None or self.evasion.method != "negate":
            return None
        return self.evasion.value - self.evasion.improve


class ConditionOdds(msgspec.Struct, frozen=True):
    """The chance of each number of tokens of one kind the action places on the unit
    (clauses ``weapons.set-on-fire``: one fire token if hit at least once,
    ``weapons.acid``, ``weapons.poison``: one per hit)."""

    name: str
    kind: str
    per: str
    clause: str
    die: int | None
    tokens: tuple[Fraction, ...]
    """P(k tokens placed), k = 0.."""
    ignored: str = ""
    rulings: tuple[str, ...] = ()

    @property
    def at_least_one(self) -> Fraction:
        return 1 - self.tokens[0]

    @property
    def expected(self) -> Fraction:
        return sum((k * p for k, p in enumerate(self.tokens)), ZERO)

    def to_json(self) -> dict[str, object]:
        return {
            "name": self.name,
            "kind": self.kind,
            "per": self.per,
            "die": self.die,
            "clause": self.clause,
            "ignored": self.ignored or None,
            "at_least_one": float(self.at_least_one),
            "at_least_one_exact": str(self.at_least_one),
            "expected": float(self.expected),
            "expected_exact": str(self.expected),
            "tokens": [float(p) for p in self.tokens],
            "tokens_exact": [str(p) for p in self.tokens],
            "rulings": list(self.rulings),
        }


def condition_odds(
    rules: Ruleset,
    weapon: Weapon,
    target: UnitState,
    counted: Sequence[Fraction],
) -> tuple[ConditionOdds, ...]:
    """The tokens ``weapon`` places on ``target`` when the hits that count for them are k
    with chance ``counted[k]`` (the engine's own :func:`conditions_of_hits` for each k)."""
    by_kind: dict[tuple[str, int | None], list[Fraction]] = {}
    seen: dict[tuple[str, int | None], WeaponCondition] = {}
    for k, p in enumerate(counted):
        for c in conditions_of_hits(rules, weapon, target, k):
            key = (c.kind, c.die)
            dist = by_kind.setdefault(key, [ZERO])
            dist.extend([ZERO] * (c.count + 1 - len(dist)))
            dist[c.count] += p
            seen.setdefault(key, c)
    out = []
    for kind, dist in by_kind.items():
        c = seen[kind]
        dist[0] += 1 - sum(dist, ZERO)  # the k that place nothing (no hit counted)
        out.append(
            ConditionOdds(c.name, c.kind, c.per, c.clause, c.die, tuple(dist), c.ignored, c.rulings)
        )
    return tuple(out)


class ActionOdds(msgspec.Struct, frozen=True):
    """The whole fire action against one unit, before any die (see the module docstring)."""

    weapon: str
    target: str
    dice: int
    """To-hit dice (area: one per enemy model of this unit) rolled if it does not misfire."""
    misfire: Fraction
    misfire_on: int | None
    need: int
    p_die: Fraction
    """P(one die makes a hit that stands: to-hit, or area success not evaded)."""
    hits: tuple[Fraction, ...]
    """P(k hits) for the whole action, k = 0..dice (a misfire is no hit)."""
    sector: Sector | None
    damage: SequenceOdds | None
    area: AreaOdds | None = None
    conditions: tuple[ConditionOdds, ...] = ()
    """The fire, acid and poison the action places (:func:`condition_odds`)."""
    rulings: tuple[str, ...] = ()
    """Rulings the odds took besides the damage's and the conditions': whether Misfire is
    rolled, who fires the weapon, a natural 1 (its need 1 or less)."""
    models: int | None = None
    """Models firing the weapon (not an area weapon's: its dice are the enemy models)."""

    @property
    def at_least_one_hit(self) -> Fraction:
        return 1 - self.hits[0]

    @property
    def expected_hits(self) -> Fraction:
        return sum((k * p for k, p in enumerate(self.hits)), ZERO)

    @property
    def kill_at_least_one(self) -> Fraction:
        return self.damage.kill_at_least_one if self.damage is not None else ZERO

    def area_json(self) -> dict[str, object] | None:
        a = self.area
        if a is None:
            return None
        return {
            "dice": a.dice,
            "need": a.need.need,
            "evasion_need": a.evasion_need,
            "expected_hits": float(self.expected_hits),
            "expected_hits_exact": str(self.expected_hits),
            "need_working": a.need.explain(),
            "evasion": a.evasion.text() if a.evasion else None,
            "p_success": float(a.p_success),
            "p_evade": float(a.p_evade),
            "rulings": [AREA_MODIFIERS, *(t.ruling for t in a.need.terms if t.ruling)],
        }

    def to_json(self) -> dict[str, object]:
        """The keys of ``referee shot --json``: ``dice``, ``misfire``, ``hits`` (by number
        of hits), ``kill_at_least_one``, with exact fractions beside them."""
        return {
            "target": self.target,
            "dice": self.dice,
            "misfire": float(self.misfire),
            "misfire_exact": str(self.misfire),
            "hits": [float(p) for p in self.hits],
            "hits_exact": [str(p) for p in self.hits],
            "at_least_one_hit": float(self.at_least_one_hit),
            "at_least_one_hit_exact": str(self.at_least_one_hit),
            "kill_at_least_one": float(self.kill_at_least_one),
            "kill_at_least_one_exact": str(self.kill_at_least_one),
            "sector": self.sector,
            "damage": self.damage.to_json() if self.damage is not None else None,
            "conditions": [c.to_json() for c in self.conditions],
            "rulings": list(self.rulings),
        }


def _damage(
    rules: Ruleset,
    check: TargetCheck,
    weapon: Weapon,
    unit: UnitState,
    sector: Sector,
    hits: Sequence[Fraction],
    ledger: PendingLedger | None,
) -> SequenceOdds | None:
    if weapon.damage is None and not weapon.special_damage:
        return None
    return sequence_odds(rules, weapon, unit, check.band, hits, ledger=ledger, sector=sector)


def _sector(rules: Ruleset, check: TargetCheck, unit: UnitState, sector: Sector | None) -> Sector:
    enters = shot_sectors(
        check.shooter.hex, check.shooter.facing, unit.hex, unit.facing, rules
    ).enters
    return sector if sector is not None and sector in enters else default_sector(enters, unit)


def fire_odds(
    rules: Ruleset,
    check: TargetCheck,
    *,
    ledger: PendingLedger | None = None,
    sector: Sector | None = None,
) -> ActionOdds:
    """The odds of an allowed ordinary fire action (not an area weapon)."""
    weapon, shot = check.weapon, check.shot
    if weapon is None or shot is None:
        raise ValueError(f"{check.explain()}: the odds need an allowed shot with a weapon")
    if weapon.area is not None:
        raise ValueError(f"{weapon.name} is an area weapon: see area_odds")
    need = to_hit(rules, shot).need
    p = to_hit_odds(rules, need)
    n = shots_per_action(rules, check.shooter, weapon, max(1, check.guns))
    misfire = misfire_chance(rules, weapon)
    hits = with_misfire(binomial(n, p), misfire)
    where = _sector(rules, check, check.target, sector)
    damage = _damage(rules, check, weapon, check.target, where, hits, ledger)
    conditions = condition_odds(rules, weapon, check.target, hits)
    return ActionOdds(
        weapon.name,
        check.target.uid,
        n,
        misfire,
        misfire_on(rules, weapon),
        need,
        p,
        hits,
        where,
        damage,
        conditions=conditions,
        rulings=action_rulings(rules, check.shooter, weapon, need),
        models=models_firing(rules, check.shooter, weapon),
    )


def area_odds(
    rules: Ruleset,
    check: TargetCheck,
    targets: Sequence[AreaTarget],
    *,
    ledger: PendingLedger | None = None,
) -> tuple[ActionOdds, ...]:
    """The odds of an allowed Area(n+) fire action on each unit it reaches (the named
    target first; see :func:`referee.rules.fire.area_hex.area_targets`)."""
    weapon = check.weapon
    if weapon is None or weapon.area is None or check.shot is None:
        raise ValueError(f"{check.explain()}: area odds need an allowed shot with an area weapon")
    from referee.rules.fire.area import area_need, evasion_of

    identical = shots_per_action(rules, check.shooter, weapon, max(1, check.guns))
    misfire = misfire_chance(rules, weapon)
    out = []
    for t in targets:
        need = area_need(rules, weapon.area, max(1, identical), t)
        evasion = evasion_of(rules, t)
        p_success = to_hit_odds(rules, need.need)
        p_evade = evasion_chance(evasion)
        p = p_success * (1 - p_evade)
        n = t.unit.alive if identical else 0
        hits = with_misfire(binomial(n, p), misfire)
        where = _sector(rules, check, t.unit, None)
        damage = _damage(rules, check, weapon, t.unit, where, hits, ledger)
        area = AreaOdds(n, need, evasion, p_success, p_evade)
        counted = hits
        if condition_rules(rules).evaded == "successes":  # ruling fire.condition-evaded
            counted = with_misfire(binomial(n, p_success), misfire)
        conditions = condition_odds(rules, weapon, t.unit, counted)
        out.append(
            ActionOdds(
                weapon.name,
                t.unit.uid,
                n,
                misfire,
                misfire_on(rules, weapon),
                need.need,
                p,
                hits,
                where,
                damage,
                area,
                conditions,
                action_rulings(rules, check.shooter, weapon, need.need),
            )
        )
    return tuple(out)
