"""Aim: +2 for one round, only at targets seen from the hex aimed from (clause
``fire.aim``; rulings ``fire.aim-life`` and ``fire.aim-spent``)."""

from __future__ import annotations

import pytest
from fire_factory import board, infantry, state, tank, weapon

from referee.board.hexgrid import parse_label
from referee.rules.fire.aim import GunneryStep, after_fire, aim_in_time, check_aim
from referee.rules.fire.legality import check_target
from referee.rules.fire.to_hit import to_hit
from referee.rules.state import Aim

AIM_T1_G2 = Aim(parse_label("D7"), 1, 2)


@pytest.mark.parametrize(
    ("turn", "gunnery", "alive"),
    [(1, 2, False), (2, 1, True), (2, 2, True), (3, 1, False)],
)
def test_one_round_aim_serves_until_the_same_step_next_turn(current, turn, gunnery, alive):
    # aimed in turn 1 gunnery 2: usable in turn 2 gunnery 1 and 2, not later
    assert aim_in_time(current, AIM_T1_G2, GunneryStep(turn, gunnery)) is alive


@pytest.mark.parametrize(("turn", "gunnery", "alive"), [(2, 1, True), (2, 2, False)])
def test_next_gunnery_aim_serves_only_the_next_step(current, turn, gunnery, alive):
    rules = current.with_readings({"fire.aim-life": "next-gunnery"})
    assert aim_in_time(rules, AIM_T1_G2, GunneryStep(turn, gunnery)) is alive


def test_aim_made_in_gunnery_1_serves_gunnery_2_of_the_same_turn(current) -> None:
    rules = current.with_readings({"fire.aim-life": "next-gunnery"})
    assert aim_in_time(rules, Aim(parse_label("D7"), 3, 1), GunneryStep(3, 2))


def test_expired_aim_gives_no_bonus(current) -> None:
    check = check_aim(current, AIM_T1_G2, GunneryStep(3, 1), seen_from_aim_hex=True)
    assert not check.valid and "run out" in check.reason


def test_aim_only_at_targets_seen_from_the_aim_hex(current) -> None:
    # the shooter aimed at D7 and moved to D1; along column D the forest at D5 blocks
    # D7 -> D3, while D1 -> D3 crosses only D2 (clear); range 2 of a range-4 gun: normal
    field = board(current, {"D5": "forest"})
    gun = weapon(range=4)
    shooter = state(
        "t1", tank(weapons=(gun,)), 1, "D1", speed="slow", loaded={"gun": 1}, aim=("D7", 1, 2)
    )
    target = state("i1", infantry(), 2, "D3", speed="slow")
    check = check_target(current, field, shooter, target, gun, now=GunneryStep(2, 1))
    assert check.allowed
    assert [n.code for n in check.notes] == ["aim-lost"]
    assert check.shot is not None and check.shot.aim is False
    # from the aim hex itself the aim holds: +2, so 5 - 2 = 3
    stayed = shooter.with_(aim=Aim(parse_label("D1"), 1, 2))
    check = check_target(current, field, stayed, target, gun, now=GunneryStep(2, 1))
    assert [n.code for n in check.notes] == ["aim"]
    assert check.shot is not None and to_hit(current, check.shot).need == 3


def test_firing_with_the_aim_uses_it_up_by_default(current) -> None:
    shooter = state("t1", tank(), 1, aim=("D7", 1, 2))
    assert after_fire(current, shooter, aim_used=True).aim is None
    assert after_fire(current, shooter, aim_used=False).aim is not None
    kept = current.with_readings({"fire.aim-spent": "kept"})
    assert after_fire(kept, shooter, aim_used=True).aim is not None
