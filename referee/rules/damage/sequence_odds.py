"""Exact odds of the damage of one hit, and of several hits rolled in sequence on one unit.

:func:`hit_outcomes`: every way the damage of one hit can end, as the table rows it reads in
the order :func:`~referee.rules.damage.damage_roll.damage_roll` rolls them (the regular
table, then each special type), with its exact probability: the armor successes
(binomial, clauses ``damage.armor-dice``, ``damage.armor-outcome``), then the sum of the
damage dice, with the same terms as the roll itself (``damage.modifiers``).

:func:`sequence_odds`: the hits of one action rolled one after another on one unit (clause
``damage.sequence``): each roll reads the unit as the earlier rows left it, or with the
tokens it had when the step began (ruling ``damage.pending-tokens``); a death halves the
bonus (clause ``damage.model-death``) and a destroyed unit takes nothing more. It is an
exact Markov chain over the unit's damage state, mixed over the number of hits, so a
chance of "at least one model killed" is exact, not sampled. Ruling
``fire.action-odds-rows`` says what "the chance of a row" of a whole action means.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from types import MappingProxyType
from typing import TYPE_CHECKING

import msgspec

from referee.board.ranges import Band, RangeBand
from referee.board.sector_stats import Sector
from referee.dice.expression import DiceExpr
from referee.rules.damage.armor import ArmorResult, armor_plan
from referee.rules.damage.damage_roll import (
    REGULAR,
    Attack,
    SpecialResult,
    attack_of,
    band_and_distance,
    effective_armor,
    needs_armor,
    regular_terms,
    special_terms,
)
from referee.rules.damage.method import damage_method
from referee.rules.damage.pending import PendingLedger
from referee.rules.damage.table_roll import carry_out, roll_on_table
from referee.rules.explain import Term
from referee.rules.state import UnitState
from referee.units.model import Assault, DamageRow, Weapon

if TYPE_CHECKING:
    from referee.ruleset import Ruleset

PENDING_RULING = "damage.pending-tokens"

TableHit = tuple[str, str, DamageRow | None]
"""One table roll of a hit: (damage type, table, the row read; None below the table)."""
HitOutcome = tuple[TableHit, ...]

ZERO = Fraction(0)


def _naturals(expr: DiceExpr) -> dict[int, Fraction]:
    """The sum of the dice of ``expr`` without its modifier (a term of the roll)."""
    return DiceExpr(expr.count, expr.sides, 0).distribution()


def _then(
    partial: Mapping[HitOutcome, Fraction],
    target: UnitState,
    cause: str,
    table: str,
    expr: DiceExpr,
    terms: Sequence[Term],
) -> dict[HitOutcome, Fraction]:
    out: dict[HitOutcome, Fraction] = {}
    for natural, p in _naturals(expr).items():
        roll = roll_on_table(target, table, natural, terms)
        for before, q in partial.items():
            key = before if roll is None else (*before, (cause, table, roll.row))
            out[key] = out.get(key, ZERO) + p * q
    return out


def hit_outcomes(
    rules: Ruleset,
    attack: Weapon | Assault | Attack,
    target: UnitState,
    band: Band | RangeBand | None,
    *,
    support: int = 0,
    sector: Sector = "front",
    distance: int | None = None,
    special_support: Mapping[str, int] | None = None,
) -> dict[HitOutcome, Fraction]:
    """Every outcome of one hit's damage on ``target`` (as the roll sees it) and its chance;
    the chances sum to 1 (a hit the armor stops reads no row: the empty outcome).
    ``special_support`` as :func:`~referee.rules.damage.damage_roll.damage_roll` takes it."""
    method = damage_method(rules)
    att = attack_of(attack)
    band_name, distance = band_and_distance(band, distance)
    cases: list[tuple[ArmorResult | None, Fraction]] = [(None, Fraction(1))]
    if needs_armor(method, att, target):
        plan = armor_plan(rules, effective_armor(target, sector), att.ap, band_name, distance)
        cases = [
            (ArmorResult(plan, (), s, plan.outcome(s)), p)
            for s, p in plan.odds().successes.items()
            if p
        ]
    out: dict[HitOutcome, Fraction] = {}
    for armor, p_armor in cases:
        partial: dict[HitOutcome, Fraction] = {(): p_armor}
        terms = regular_terms(method, att, target, armor, band_name, support) if armor else None
        if terms is not None and att.damage is not None:
            partial = _then(partial, target, REGULAR, REGULAR, att.damage, terms)
        for sd in att.special_damage:
            extra = (special_support or {}).get(sd.type, support)
            found = special_terms(method, sd, target, armor, band_name, extra)
            if isinstance(found, SpecialResult):
                continue
            table, special = found
            partial = _then(partial, target, sd.type, table, sd.dice, special)
        for key, p in partial.items():
            out[key] = out.get(key, ZERO) + p
    return out


_Key = tuple[object, ...]
_Link = tuple[_Key, frozenset["RowKey"]]


def _key(u: UnitState) -> _Key:
    """What damage can change on a unit: states equal in these are one state of the chain."""
    return (
        u.alive,
        u.elites_alive,
        u.damage_tokens,
        u.shaken,
        u.bleeding,
        u.fire,
        u.armor_down,
        u.acid,
        u.minor_acid,
        u.poison,
    )


RowKey = tuple[str, int | None]
"""A row of a damage table: (table, the row's start; None below the table)."""


class SequenceOdds(msgspec.Struct, frozen=True):
    """The damage of a whole action on one unit: how many models it kills, and each row's
    chance of being read at least once (ruling ``damage.pending-tokens`` decides what each
    roll sees of the rolls before it)."""

    uid: str
    alive: int
    """Models alive before the action (after any damage already pending)."""
    killed: tuple[Fraction, ...]
    """P(n models killed), n = 0 .. ``alive``."""
    rows: Mapping[RowKey, Fraction]
    labels: Mapping[RowKey, str]
    destroyed: Fraction

    @property
    def kill_at_least_one(self) -> Fraction:
        return 1 - self.killed[0]

    def to_json(self) -> dict[str, object]:
        return {
            "unit": self.uid,
            "killed": [float(p) for p in self.killed],
            "killed_exact": [str(p) for p in self.killed],
            "destroyed": float(self.destroyed),
            "rows": [
                {"table": t, "at": at, "row": self.labels[(t, at)], "p": float(p), "exact": str(p)}
                for (t, at), p in self.rows.items()
            ],
            "rulings": [PENDING_RULING],
        }


def _row_label(row: DamageRow | None) -> str:
    return row.text if row else "no damage (below the table)"


def sequence_odds(
    rules: Ruleset,
    attack: Weapon | Assault | Attack,
    target: UnitState,
    band: Band | RangeBand | None,
    hits: Sequence[Fraction],
    *,
    ledger: PendingLedger | None = None,
    support: int = 0,
    sector: Sector = "front",
    distance: int | None = None,
) -> SequenceOdds:
    """The damage of ``k`` hits with chance ``hits[k]`` on ``target``, rolled in sequence
    (see the module docstring); ``ledger`` holds the damage already pending this step."""
    ledger = ledger if ledger is not None else PendingLedger.open(rules)
    start = ledger.current.get(target.uid, target)
    start_tokens = ledger.start.get(target.uid, target).damage_tokens

    def seen(u: UnitState) -> UnitState:
        return u if ledger.tokens_seen == "immediately" else u.with_(damage_tokens=start_tokens)

    cache: dict[_Key, dict[HitOutcome, Fraction]] = {}
    labels: dict[RowKey, str] = {}
    states: dict[_Key, UnitState] = {_key(start): start}
    # the chain: (unit state, rows read so far) -> chance, after k hits
    chain: dict[_Link, Fraction] = {(_key(start), frozenset()): Fraction(1)}
    final: dict[_Link, Fraction] = {}
    for k, p_k in enumerate(hits):
        if p_k:
            for key, p in chain.items():
                final[key] = final.get(key, ZERO) + p * p_k
        if k == len(hits) - 1 or not any(hits[k + 1 :]):
            break
        nxt: dict[_Link, Fraction] = {}
        for (skey, read), p in chain.items():
            unit = states[skey]
            if unit.destroyed:
                nxt[(skey, read)] = nxt.get((skey, read), ZERO) + p
                continue
            look = seen(unit)
            outcomes = cache.get(_key(look))
            if outcomes is None:
                outcomes = hit_outcomes(
                    rules, attack, look, band, support=support, sector=sector, distance=distance
                )
                cache[_key(look)] = outcomes
            for outcome, q in outcomes.items():
                u = unit
                now = set(read)
                for cause, table, row in outcome:
                    u = carry_out(u, row, cause=cause).state
                    rk = (table, row.at if row else None)
                    labels[rk] = _row_label(row)
                    now.add(rk)
                states.setdefault(_key(u), u)
                key = (_key(u), frozenset(now))
                nxt[key] = nxt.get(key, ZERO) + p * q
        chain = nxt
    killed = [ZERO] * (start.alive + 1)
    rows: dict[RowKey, Fraction] = {}
    destroyed = ZERO
    for (skey, read), p in final.items():
        u = states[skey]
        killed[start.alive - u.alive] += p
        destroyed += p if u.destroyed and not start.destroyed else ZERO
        for rk in read:
            rows[rk] = rows.get(rk, ZERO) + p
    order = _row_order(target, rows)
    return SequenceOdds(
        target.uid,
        start.alive,
        tuple(killed),
        MappingProxyType({rk: rows[rk] for rk in order}),
        MappingProxyType(labels),
        destroyed,
    )


class StepRoll(msgspec.Struct, frozen=True):
    """One damage roll of a step, in the order the step rolls them: who it hits and with
    what (``support``/``special_support`` as :func:`damage_roll` takes them)."""

    attack: Weapon | Assault | Attack
    target: str
    support: int = 0
    special_support: Mapping[str, int] | None = None
    sector: Sector = "front"


class RollOdds(msgspec.Struct, frozen=True):
    """The exact odds of one roll of a step, over what the earlier rolls of the step may
    have left of its target (ruling ``damage.pending-tokens``).

    ``rows``: the chance of reading each table row (a hit reading a regular and a special
    table counts in both); ``unread``: of reading no row (the armor stops the hit, or the
    target has none of the tables); ``gone``: of the target being destroyed by the earlier
    rolls (it takes nothing more). ``sum(rows of one table) + unread + gone == 1``.
    """

    target: str
    rows: Mapping[RowKey, Fraction]
    labels: Mapping[RowKey, str]
    unread: Fraction
    gone: Fraction
    killed: Mapping[int, Fraction]
    """P(this roll kills n models), n >= 1."""


def _add(chain: dict[_Key, tuple[UnitState, Fraction]], u: UnitState, p: Fraction) -> None:
    k = _key(u)
    chain[k] = (u, chain[k][1] + p) if k in chain else (u, p)


def step_roll_odds(
    rules: Ruleset,
    rolls: Sequence[StepRoll],
    units: Mapping[str, UnitState],
    band: Band | RangeBand | None = None,
    *,
    ledger: PendingLedger | None = None,
    distance: int | None = None,
) -> tuple[RollOdds, ...]:
    """The odds of each of ``rolls`` (clause ``damage.sequence``), exactly: roll k is
    weighed over every outcome of the rolls before it on the same unit (an exact chain
    over the unit's damage state; rolls on other units do not change it). Each roll sees
    the unit as :meth:`PendingLedger.seen` would: the earlier rows' tokens under
    ``damage.pending-tokens=immediately``, the step's starting tokens under ``at-apply``
    (then only a destroyed target differs from the roll alone)."""
    ledger = ledger if ledger is not None else PendingLedger.open(rules)
    # per unit: its damage state -> (the state, chance)
    chains: dict[str, dict[_Key, tuple[UnitState, Fraction]]] = {}
    start_tokens: dict[str, int] = {}
    out: list[RollOdds] = []
    for roll in rolls:
        if roll.target not in chains:
            first = ledger.current.get(roll.target, units[roll.target])
            start = ledger.start.get(roll.target, first)
            start_tokens[roll.target] = start.damage_tokens
            chains[roll.target] = {_key(first): (first, Fraction(1))}
        chain = chains[roll.target]
        nxt: dict[_Key, tuple[UnitState, Fraction]] = {}
        rows: dict[RowKey, Fraction] = {}
        labels: dict[RowKey, str] = {}
        killed: dict[int, Fraction] = {}
        unread = gone = ZERO

        for unit, p in chain.values():
            if unit.destroyed:
                gone += p
                _add(nxt, unit, p)
                continue
            look = (
                unit
                if ledger.tokens_seen == "immediately"
                else unit.with_(damage_tokens=start_tokens[roll.target])
            )
            outcomes = hit_outcomes(
                rules,
                roll.attack,
                look,
                band,
                support=roll.support,
                sector=roll.sector,
                distance=distance,
                special_support=roll.special_support,
            )
            for outcome, q in outcomes.items():
                if not outcome:
                    unread += p * q
                u = unit
                for cause, table, row in outcome:
                    rk = (table, row.at if row else None)
                    labels[rk] = _row_label(row)
                    rows[rk] = rows.get(rk, ZERO) + p * q
                    u = carry_out(u, row, cause=cause).state
                if unit.alive - u.alive:
                    n = unit.alive - u.alive
                    killed[n] = killed.get(n, ZERO) + p * q
                _add(nxt, u, p * q)
        chains[roll.target] = nxt
        order = _row_order(units[roll.target], rows)
        out.append(
            RollOdds(
                roll.target,
                MappingProxyType({rk: rows[rk] for rk in order}),
                MappingProxyType(labels),
                unread,
                gone,
                MappingProxyType(dict(sorted(killed.items()))),
            )
        )
    return tuple(out)


def _row_order(target: UnitState, rows: Mapping[RowKey, Fraction]) -> list[RowKey]:
    """Rows table by table (regular first), below the table first, then by start."""

    def sort_key(rk: RowKey) -> tuple[int, str, int]:
        table, at = rk
        return (0 if table == REGULAR else 1, table, -1000 if at is None else at)

    return sorted(rows, key=sort_key)
