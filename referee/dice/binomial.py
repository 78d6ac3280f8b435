"""The binomial number of successes of a handful of dice, as exact fractions (never
sampled): what the armor roll's odds count (:mod:`referee.rules.damage.odds`). The
open-ended die's odds are :mod:`referee.dice.odds`.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

ZERO = Fraction(0)
ONE = Fraction(1)


def successes(dice: int, sides: int, lowest: int) -> dict[int, Fraction]:
    """The binomial number of successes of ``dice`` d``sides`` succeeding on ``lowest``+."""
    if dice < 0:
        raise ValueError(f"cannot roll {dice} dice")
    q = Fraction(min(sides, max(0, sides - lowest + 1)), sides)
    return {s: comb(dice, s) * q**s * (1 - q) ** (dice - s) for s in range(dice + 1)}
