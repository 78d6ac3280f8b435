"""Exact odds, as fractions, of the armor roll and the damage table (never sampled).

* :func:`armor_odds`: the binomial number of armor successes and the outcome it gives
  (clauses ``damage.armor-dice``, ``damage.armor-outcome``).
* :func:`damage_odds` and :func:`row_odds`: the modified damage result and the damage-table
  row of a shot, combining hit, armor, damage dice and modifiers (clause ``damage.table``).

The numbers of a shot are worked out from the ruleset by :mod:`referee.rules.damage` and
handed here; the dice arithmetic is :mod:`referee.dice.odds`.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

import msgspec

from referee.dice.binomial import ONE, ZERO, successes
from referee.dice.expression import DiceExpr
from referee.units.model import DamageRow, DamageTable


def armor_modifier(count: int, block_at: int, per_success: int) -> int | None:
    """The damage modifier of ``count`` successes, ``None`` when they stop the hit."""
    if block_at and count >= block_at:
        return None
    return per_success * count


class ArmorOdds(msgspec.Struct, frozen=True):
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


class DamageOdds(msgspec.Struct, frozen=True):
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


class RowOdds(msgspec.Struct, frozen=True):
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
