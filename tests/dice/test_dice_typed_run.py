"""Dice typed from the table bound to what each die is for, and a step run on them."""

from __future__ import annotations

from referee.dice.service import Dice, RollRequest
from referee.dice.typed_run import rolled_run, typed_run


def shot(dice: Dice) -> int:
    """A made-up step: an announced misfire die and two open-ended to-hit dice; each hit
    (4+) then rolls a damage die."""
    dice.expect([RollRequest(6, "misfire"), RollRequest(6, "to hit"), RollRequest(6, "to hit")])
    if dice.roll(6, "misfire") <= 1:
        return 0
    hits = sum(dice.open_ended(6, "to hit").value >= 4 for _ in range(2))
    return sum(dice.roll(6, "damage") for _ in range(hits))


def listed(run):
    return [(s.request.purpose, s.state, s.value) for s in run.slots]


def test_every_announced_die_is_listed_before_the_first_is_typed():
    run = typed_run(shot, 1, {})
    assert listed(run) == [
        ("misfire", "next", None),
        ("to hit", "ahead", None),
        ("to hit", "ahead", None),
    ]
    assert not run.complete and run.problem is None


def test_a_misfire_takes_the_rest_off_the_list():
    run = typed_run(shot, 1, {("misfire", 0): 1})
    assert listed(run) == [("misfire", "asked", 1)] and run.complete and run.result == 0


def test_a_six_asks_for_its_follow_up_and_the_values_stay_with_their_dice():
    typed = {("misfire", 0): 3, ("to hit", 0): 6, ("to hit", 1): 2}
    run = typed_run(shot, 1, typed)
    # the follow-up of the first 6 comes before the second to-hit die, which keeps its 2
    assert listed(run)[:3] == [
        ("misfire", "asked", 3),
        ("to hit", "asked", 6),
        ("to hit (open-ended)", "next", None),
    ]
    assert listed(run)[3] == ("to hit", "ahead", 2)
    typed[("to hit", 0, "follow", 0)] = 3
    run = typed_run(shot, 1, typed)
    # 6 then 3: 6, a hit; the 2 misses: one damage die, known now
    assert listed(run)[-1] == ("damage", "next", None)
    typed[("damage", 0)] = 5
    run = typed_run(shot, 1, typed)
    assert run.complete and run.result == 5 and run.values == (3, 6, 3, 2, 5)


def test_a_step_that_announces_nothing_is_looked_ahead_with_the_apps_dice():
    def pools(dice: Dice) -> int:
        return sum(dice.roll(6, "pool a") for _ in range(3)) + dice.roll(6, "pool b")

    run = typed_run(pools, 1, {("pool a", 0): 2})
    assert [s.request.purpose for s in run.slots] == ["pool a"] * 3 + ["pool b"]
    assert [s.state for s in run.slots] == ["asked", "next", "ahead", "ahead"]


def test_the_apps_dice_are_the_ones_the_step_rolls():
    run = rolled_run(shot, 7)
    dice = Dice(7)
    shot(dice)
    assert run.values == tuple(r.value for r in dice.log)
