"""Stacking limit (clause move.stacking): two units of which at most one large, or one huge;
flying units stack apart from ground units and may share a hex with an enemy."""

from __future__ import annotations

import pytest

from referee.board.movement import Mover
from referee.board.stacking import (
    Occupant,
    StackingError,
    can_share,
    enemy_blocks,
    has_room,
    simultaneous_entry,
)

SMALL, MEDIUM, LARGE, HUGE = (Occupant(s) for s in ("small", "medium", "large", "huge"))
FLYING_MEDIUM = Occupant("medium", flying=True)
FLYING_LARGE = Occupant("large", flying=True)


@pytest.mark.parametrize(
    ("sizes", "fits"),
    [
        (["small"], True),
        (["small", "medium"], True),
        (["medium", "large"], True),  # at most one of them large
        (["large", "large"], False),
        (["small", "small", "small"], False),  # at most two units
        (["huge"], True),  # one huge unit
        (["huge", "small"], False),  # a huge unit stands alone
        (["huge", "huge"], False),
    ],
)
def test_two_units_at_most_one_large_or_one_huge(sizes: list[str], fits: bool) -> None:
    assert can_share([(s, False) for s in sizes]) is fits


def test_flying_units_stack_apart_from_ground_units() -> None:
    assert can_share([MEDIUM, MEDIUM, FLYING_MEDIUM, FLYING_MEDIUM])
    assert can_share([HUGE, FLYING_LARGE])
    assert not can_share([FLYING_LARGE, FLYING_LARGE])  # same limits in the air


def test_stacking_accepts_movers_and_refuses_unknown_sizes() -> None:
    assert can_share([Mover(frozenset({"infantry"}), "large"), SMALL])
    with pytest.raises(StackingError, match="'giant'"):
        can_share([("giant", False)])
    with pytest.raises(ValueError, match="'tiny'"):
        Occupant("tiny")


def test_entering_together_past_the_limit_overcrowds_the_hex() -> None:
    got = simultaneous_entry([MEDIUM], [MEDIUM, SMALL])  # three ground units
    assert got.overcrowded and got.layers == ("ground",)
    assert "stay put" in got.reason and "shaken" in got.reason
    assert got.clause == "move.stacking"


def test_entering_together_within_the_limit_is_fine() -> None:
    assert not simultaneous_entry([], [MEDIUM, LARGE]).overcrowded
    assert not simultaneous_entry([MEDIUM, MEDIUM], [FLYING_LARGE]).overcrowded


def test_second_large_unit_entering_overcrowds() -> None:
    assert simultaneous_entry([LARGE], [LARGE]).overcrowded
    assert simultaneous_entry([], [HUGE, SMALL]).overcrowded


def test_has_room_counts_friends_only() -> None:
    mover = Mover(frozenset({"infantry"}), "medium")
    assert not has_room([MEDIUM, MEDIUM], mover)
    assert has_room([MEDIUM, Occupant("medium", enemy=True)], mover)


def test_ground_enemies_block_ground_units_but_not_flying_ones(current) -> None:
    ground = Mover(frozenset({"infantry"}), "medium")
    flyer = Mover(frozenset({"vehicle"}), "medium", flying=True)
    enemy_on_ground = [Occupant("medium", enemy=True)]
    enemy_flying = [Occupant("medium", flying=True, enemy=True)]
    assert enemy_blocks(current, ground, enemy_on_ground)
    assert not enemy_blocks(current, ground, enemy_flying)  # a flying unit may share with enemy
    assert not enemy_blocks(current, flyer, enemy_on_ground)
    assert not enemy_blocks(current, ground, [MEDIUM])  # friends never block


def test_flying_enemies_block_each_other_unless_ruled_otherwise(current) -> None:
    flyer = Mover(frozenset({"vehicle"}), "medium", flying=True)
    enemy_flying = [Occupant("medium", flying=True, enemy=True)]
    assert enemy_blocks(current, flyer, enemy_flying)
    anyone = current.with_readings({"move.flying-enemy": "any"})
    assert not enemy_blocks(anyone, flyer, enemy_flying)
