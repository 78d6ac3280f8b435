"""Spot: a normal to-hit roll reveals a hidden unit on a success (clause ``fire.spot``,
ruling ``fire.spot-as-shot``)."""

from __future__ import annotations

import pytest
from fire_factory import infantry, shot, state, tank, weapon

from referee.dice.service import Dice
from referee.rules.fire.spot import spot


def typed(*values: int) -> Dice:
    dice = Dice(seed=1)
    dice.type_in(values)
    return dice


SPOTTER = state("t1", tank(), 1, speed="stand-still")
HIDDEN = state("i1", infantry(), 2, speed="slow", hidden=True)


def test_a_successful_spot_reveals_the_unit(current) -> None:
    # stand still +1: 5 - 1 = 4; a 4 succeeds
    result = spot(current, shot(current, SPOTTER, HIDDEN), typed(4))
    assert result.to_hit.need == 4
    assert result.revealed and result.target_after.hidden is False


def test_a_failed_spot_leaves_it_hidden(current) -> None:
    result = spot(current, shot(current, SPOTTER, HIDDEN), typed(3))
    assert not result.revealed and result.target_after.hidden is True


def test_spot_takes_range_and_weapon_abilities_by_default(current) -> None:
    scope = weapon("gun", range=2, abilities=("enhanced-accuracy",))
    # long range -1, stand still +1, Enhanced Accuracy +1: 5 - 1 = 4
    assert (
        spot(current, shot(current, SPOTTER, HIDDEN, scope, distance=4), typed(4)).to_hit.need == 4
    )
    # as a shot: stand still +1, long range -1, on edge -1: 5 - (-1) = 6
    # sight only: range and angle do not count, stand still +1: 5 - 1 = 4
    sight = current.with_readings({"fire.spot-as-shot": "sight-only"})
    edge = shot(sight, SPOTTER, HIDDEN, weapon("gun", range=2), distance=4, on_edge=True)
    assert spot(current, edge, typed(1)).to_hit.need == 6
    assert spot(sight, edge, typed(1)).to_hit.need == 4


def test_spotting_a_unit_that_is_not_hidden_is_refused(current) -> None:
    seen = state("i1", infantry(), 2, speed="slow")
    with pytest.raises(ValueError, match="not hidden"):
        spot(current, shot(current, SPOTTER, seen), typed(6))
