"""The exact odds of a to-hit roll under a ruleset's readings (clause ``fire.roll``)."""

from __future__ import annotations

from fractions import Fraction

from referee.dice.odds import hit_odds, open_ended_odds
from referee.ruleset import Ruleset

NATURAL_ONE_RULING = "fire.natural-one"


def to_hit_odds(rules: Ruleset, need: int, sides: int = 6) -> Fraction:
    """P(hit) of an open-ended to-hit roll needing ``need`` under ``rules``' readings.

    Ruling ``fire.natural-one``: with the reading ``always-misses`` a natural 1 misses.
    """
    natural_one = rules.reading(NATURAL_ONE_RULING).value == "miss"
    return hit_odds(need, open_ended_odds(rules, sides), natural_one_misses=natural_one)
