"""Exact odds, as fractions, of the rolls the referee is about to make (never sampled).

* :class:`OpenEndedOdds`: the open-ended dN (clause ``dice.open-ended``). Its results are
  unbounded, so it is held exactly as a finite head (the faces below N, each 1/N) and a
  geometric tail: P(result = N + k) = (1/N) (1 - p) p^k with p the chance that a die rolled
  on goes on, and P(result >= N + k) = (1/N) p^k in closed form.
* :func:`hit_odds`: P(an open-ended to-hit roll reaches ``need``), any ``need`` (clause
  ``fire.roll``), with a natural 1 missing or not as the caller's ruling says.
* :func:`armor_odds`: the binomial number of armor successes and the outcome it gives
  (clauses ``damage.armor-dice``, ``damage.armor-outcome``).
* :func:`damage_odds` and :func:`row_odds`: the modified damage result and the damage-table
  row of a shot, combining hit, armor, damage dice and modifiers (clause ``damage.table``).

This module is pure arithmetic: the rules layer (``referee.rules.damage``) works out the
numbers of a shot from the ruleset and hands them here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import TYPE_CHECKING

from referee.dice.expression import DiceExpr
from referee.dice.rules import open_ended_rule
from referee.units.model import DamageRow, DamageTable

if TYPE_CHECKING:
    from referee.ruleset import Ruleset

NATURAL_ONE_RULING = "fire.natural-one"

ZERO = Fraction(0)
ONE = Fraction(1)


def fraction_text(p: Fraction) -> str:
    """``"7/27"``, ``"0"``, ``"1"``: an exact probability as text."""
    return str(p)


@dataclass(frozen=True, slots=True)
class OpenEndedOdds:
    """The exact distribution of an open-ended d``sides`` (clause ``dice.open-ended``).

    A natural ``sides`` rolls a d``follow_sides`` on; each such die above ``above`` adds
    one and rolls on.
    """

    sides: int
    follow_sides: int = 6
    above: int = 4

    def __post_init__(self) -> None:
        if self.sides < 1 or self.follow_sides < 1:
            raise ValueError(f"an open-ended d{self.sides} needs dice of at least one side")
        if self.above < 1:
            raise ValueError(
                f"open-ended roll: every d{self.follow_sides} would be above {self.above}, "
                "so the roll would never end"
            )

    @property
    def roll_on(self) -> Fraction:
        """p: the chance that a die rolled on is above ``above`` (adds one, rolls again)."""
        return Fraction(max(0, self.follow_sides - self.above), self.follow_sides)

    @property
    def face(self) -> Fraction:
        return Fraction(1, self.sides)

    def p_equal(self, value: int) -> Fraction:
        """P(result = ``value``)."""
        if value < 1:
            return ZERO
        if value < self.sides:
            return self.face
        k = value - self.sides
        return self.face * (1 - self.roll_on) * self.roll_on**k

    def p_at_least(self, value: int) -> Fraction:
        """P(result >= ``value``), in closed form for any ``value``."""
        if value <= 1:
            return ONE
        if value <= self.sides:
            return Fraction(self.sides - value + 1, self.sides)
        return self.face * self.roll_on ** (value - self.sides)

    @property
    def mean(self) -> Fraction:
        """The exact mean: faces 1..N-1, or N plus a geometric number of extra ones."""
        p = self.roll_on
        below = sum(Fraction(v, self.sides) for v in range(1, self.sides))
        return below + self.face * (self.sides + p / (1 - p))

    def truncated(self, tail: Fraction) -> tuple[dict[int, Fraction], int, Fraction]:
        """Results in order until P(result >= next) <= ``tail``.

        Returns ``(head, next, rest)``: the probability of each listed result, the first
        result not listed and the exact probability of all results from it on.
        """
        if tail <= 0:
            raise ValueError("the tail probability to stop at must be above 0")
        head: dict[int, Fraction] = {}
        v = 1
        while self.p_at_least(v) > tail:
            head[v] = self.p_equal(v)
            v += 1
        return head, v, self.p_at_least(v)


def hit_odds(need: int, die: OpenEndedOdds, *, natural_one_misses: bool = False) -> Fraction:
    """P(an open-ended roll of ``die`` reaches ``need``), for any ``need`` (7+ included).

    With ``natural_one_misses`` a natural 1 misses whatever the need, so a need of 1 or
    less hits with (N - 1)/N rather than certainly.
    """
    p = die.p_at_least(need)
    if natural_one_misses and need <= 1:
        p -= die.face
    return p


def open_ended_odds(rules: Ruleset, sides: int = 6) -> OpenEndedOdds:
    """The open-ended d``sides`` as ``rules`` reads it (ruling ``dice.open-ended-follow-die``)."""
    rule = open_ended_rule(rules)
    return OpenEndedOdds(sides, rule.follow(sides), rule.above)


def to_hit_odds(rules: Ruleset, need: int, sides: int = 6) -> Fraction:
    """P(hit) of an open-ended to-hit roll needing ``need`` under ``rules``' readings.

    Ruling ``fire.natural-one``: with the reading ``always-misses`` a natural 1 misses.
    """
    natural_one = rules.reading(NATURAL_ONE_RULING).value == "miss"
    return hit_odds(need, open_ended_odds(rules, sides), natural_one_misses=natural_one)


def successes(dice: int, sides: int, lowest: int) -> dict[int, Fraction]:
    """The binomial number of successes of ``dice`` d``sides`` succeeding on ``lowest``+."""
    if dice < 0:
        raise ValueError(f"cannot roll {dice} dice")
    q = Fraction(min(sides, max(0, sides - lowest + 1)), sides)
    return {s: comb(dice, s) * q**s * (1 - q) ** (dice - s) for s in range(dice + 1)}


def armor_modifier(count: int, block_at: int, per_success: int) -> int | None:
    """The damage modifier of ``count`` successes, ``None`` when they stop the hit."""
    if block_at and count >= block_at:
        return None
    return per_success * count


@dataclass(frozen=True, slots=True)
class ArmorOdds:
    """The armor roll of one hit: successes and outcome (``damage.armor-outcome``)."""

    successes: Mapping[int, Fraction]
    block_at: int
    per_success: int

    @property
    def blocked(self) -> Fraction:
        return sum(
            (
                p
                for s, p in self.successes.items()
                if armor_modifier(s, self.block_at, self.per_success) is None
            ),
            ZERO,
        )

    @property
    def penetrated(self) -> Fraction:
        return self.successes.get(0, ZERO)

    @property
    def partial(self) -> Fraction:
        return 1 - self.blocked - self.penetrated

    @property
    def modifiers(self) -> dict[int, Fraction]:
        """P of each damage modifier the armor gives a hit it does not stop."""
        out: dict[int, Fraction] = {}
        for s, p in self.successes.items():
            m = armor_modifier(s, self.block_at, self.per_success)
            if m is not None:
                out[m] = out.get(m, ZERO) + p
        return out


def armor_odds(dice: int, sides: int, lowest: int, block_at: int, per_success: int) -> ArmorOdds:
    """Odds of ``dice`` armor dice succeeding on ``lowest``+ (no dice: penetrated)."""
    return ArmorOdds(successes(dice, sides, lowest), block_at, per_success)


NO_ARMOR = ArmorOdds({0: ONE}, 0, 0)
"""A target without armor: the shot penetrates (clause ``damage.no-armor``)."""


@dataclass(frozen=True, slots=True)
class DamageOdds:
    """The modified damage result of a shot: P(result) for each result, and what never rolls.

    ``miss`` is the chance of not hitting, ``blocked`` of a hit the armor stops; the
    results sum with them to 1.
    """

    results: Mapping[int, Fraction]
    blocked: Fraction
    miss: Fraction

    def p_at_least(self, value: int) -> Fraction:
        return sum((p for r, p in self.results.items() if r >= value), ZERO)


def damage_odds(
    expr: DiceExpr,
    constant: int,
    armor: ArmorOdds = NO_ARMOR,
    *,
    penetration_bonus: int = 0,
    p_hit: Fraction = ONE,
) -> DamageOdds:
    """The result of ``expr`` + ``constant`` + the armor's modifier (+ the bonus if penetrated).

    ``constant`` sums the terms that do not depend on a die: range, previous damage,
    resistance, support (clauses ``damage.range``, ``damage.previous``, ...).
    """
    rolled = expr.distribution()
    results: dict[int, Fraction] = {}
    for s, p_s in armor.successes.items():
        m = armor_modifier(s, armor.block_at, armor.per_success)
        if m is None:
            continue
        shift = constant + m + (penetration_bonus if s == 0 else 0)
        for total, p in rolled.items():
            key = total + shift
            results[key] = results.get(key, ZERO) + p_hit * p_s * p
    return DamageOdds(dict(sorted(results.items())), p_hit * armor.blocked, 1 - p_hit)


@dataclass(frozen=True, slots=True)
class RowOdds:
    """The chance of one row of a damage table (``row`` ``None``: below the table)."""

    row: DamageRow | None
    p: Fraction

    @property
    def label(self) -> str:
        return self.row.text if self.row else "no damage (below the table)"


def row_odds(table: DamageTable, odds: DamageOdds) -> tuple[RowOdds, ...]:
    """P of each row of ``table`` (clause ``damage.table``), first the rows below the table.

    Misses and blocked hits are in ``odds.miss`` and ``odds.blocked``, not here.
    """
    by_row: dict[int | None, Fraction] = {}
    rows: dict[int | None, DamageRow | None] = {None: None}
    for result, p in odds.results.items():
        row = table.lookup(result)
        key = row.at if row else None
        rows[key] = row
        by_row[key] = by_row.get(key, ZERO) + p
    order = [None, *(r.at for r in table.rows)]
    return tuple(RowOdds(rows[k], by_row[k]) for k in order if k in by_row)
