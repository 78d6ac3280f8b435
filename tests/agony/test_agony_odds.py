"""The exact odds of an agony step on one unit (clauses ``agony.schedule``, ``agony.fire``),
worked out by hand below; the step is the engine's own, run once per face."""

from __future__ import annotations

from fractions import Fraction as F

from referee.board.hexgrid import Hex
from referee.rules.agony.odds import agony_odds
from referee.rules.state import UnitState
from referee.units.catalogue import find_unit


def grunts(**kw: object) -> UnitState:
    return UnitState(uid="grunts", unit=find_unit("ork-grunts"), side=2, hex=Hex(0, 0), **kw)  # type: ignore[arg-type]


def test_fire_two_on_grunts_with_one_token(current):
    # Agony 2, a d6 per fire token (ruling agony.fire-tokens: each-token), a natural 1 stops
    # that token; else natural + tokens on the grunts' table (5 Bruised, 7 one killed).
    # Roll 1, tokens 1: 1 stop, 2-3 nothing (2/6), 4-5 Bruised (2/6), 6 kill (1/6; tokens 0).
    # Roll 2: tokens 1 after stop/nothing (3/6): Bruised 2/6, kill 1/6; tokens 2 after
    # Bruised (2/6): Bruised 2/6, kill 2/6; tokens 0 after a kill (1/6): Bruised 2/6.
    # One killed: 1/6 + 3/6*1/6 + 2/6*2/6 = 13/36; two: never (a kill leaves 0 tokens).
    # Bruised at least once: 2/6 + 3/6*2/6 + 1/6*2/6 = 20/36.
    odds = agony_odds(current, 2, grunts(fire=2, damage_tokens=1))
    assert odds.rolls
    assert odds.killed == {0: F(23, 36), 1: F(13, 36)}
    assert odds.rows["Bruised: +1 to future damage"] == F(5, 9)
    assert odds.rows["One model killed"] == F(13, 36)


def test_a_unit_the_step_does_not_touch_rolls_nothing(current):
    odds = agony_odds(current, 2, grunts())
    assert not odds.rolls and odds.killed == {0: F(1)}


def test_acid_that_may_roll_again_without_end_is_refused_quickly(current):
    # Acid's 6 rolls twice on the table, which may roll twice again: no finite enumeration.
    import pytest

    from referee.rules.agony.odds import TooManyDice

    with pytest.raises(TooManyDice, match="agony 0 on grunts"):
        agony_odds(current, 0, grunts(acid=1))
