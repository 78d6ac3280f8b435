"""Exact odds, as fractions, of the dice the referee is about to roll (never sampled).

* :class:`OpenEndedOdds`: the open-ended dN (clause ``dice.open-ended``). Its results are
  unbounded, so it is held exactly as a finite head (the faces below N, each 1/N) and a
  geometric tail: P(result = N + k) = (1/N) (1 - p) p^k with p the chance that a die rolled
  on goes on, and P(result >= N + k) = (1/N) p^k in closed form.
* :func:`hit_odds`: P(an open-ended roll reaches ``need``), any ``need``, with a natural 1
  missing or not as the caller says.
* the binomial number of successes of a handful of dice: :mod:`referee.dice.binomial`.

This module is pure dice arithmetic: the odds of what a roll decides (a hit, the armor, the
damage table's row) are worked out by the rules (:mod:`referee.rules.fire.odds`,
:mod:`referee.rules.damage.odds`).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

import msgspec

from referee.dice.binomial import ONE, ZERO
from referee.dice.rules import open_ended_rule

if TYPE_CHECKING:
    from referee.ruleset import Ruleset


def fraction_text(p: Fraction) -> str:
    """``"7/27"``, ``"0"``, ``"1"``: an exact probability as text."""
    return str(p)


class OpenEndedOdds(msgspec.Struct, frozen=True):
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
