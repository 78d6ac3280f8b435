"""The exact odds agree with the engine's own rolls sampled with a seeded Dice (within 4
standard errors for every outcome)."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Hashable, Mapping
from fractions import Fraction

from damage_units import target, weapon

from referee.dice.odds import OpenEndedOdds, hit_odds
from referee.dice.service import Dice
from referee.rules.damage.armor import armor_plan, roll_armor
from referee.rules.damage.damage_roll import damage_roll, shot_odds

N = 200_000


def assert_agrees(exact: Mapping[Hashable, Fraction], counts: Counter[Hashable], n: int) -> None:
    assert sum(exact.values()) == 1
    impossible = set(counts) - set(exact)
    assert not impossible, f"outcomes the odds call impossible: {impossible}"
    for outcome, p in exact.items():
        freq = counts[outcome] / n
        se = math.sqrt(float(p * (1 - p)) / n)
        assert abs(freq - float(p)) <= 4 * se, (outcome, freq, float(p), se)


def test_open_ended_d6_sampled():
    die = OpenEndedOdds(6)
    dice = Dice(seed=11)
    counts: Counter[Hashable] = Counter(min(dice.open_ended(6).value, 10) for _ in range(N))
    exact: dict[Hashable, Fraction] = {v: die.p_equal(v) for v in range(1, 10)}
    exact[10] = die.p_at_least(10)
    assert_agrees(exact, counts, N)


def test_hit_needing_7_sampled():
    p = hit_odds(7, OpenEndedOdds(6))
    dice = Dice(seed=12)
    counts: Counter[Hashable] = Counter(dice.open_ended(6).value >= 7 for _ in range(N))
    assert_agrees({True: p, False: 1 - p}, counts, N)


def test_current_armor_sampled(current):
    plan = armor_plan(current, 4, 1, "normal")
    odds = plan.odds()
    dice = Dice(seed=13)
    counts: Counter[Hashable] = Counter(roll_armor(plan, dice).outcome for _ in range(N))
    assert_agrees(
        {"blocked": odds.blocked, "partial": odds.partial, "penetrated": odds.penetrated}, counts, N
    )


def test_first_draft_armor_reduction_sampled(first_draft):
    plan = armor_plan(first_draft, 3, -2, "normal", 2)  # 3 dice at 3+
    dice = Dice(seed=14)
    counts: Counter[Hashable] = Counter()
    for _ in range(N):
        r = roll_armor(plan, dice)
        counts[r.term.value if r.term else 0] += 1
    assert_agrees(dict(plan.odds().modifiers), counts, N)


def test_damage_shot_rows_sampled(current):
    n = N // 2
    t = target(damage_tokens=1)
    w = weapon("d6-1", ap=1, bonus=3)
    odds = shot_odds(current, w, t, "point-blank")
    exact: dict[Hashable, Fraction] = {"blocked": odds.damage.blocked}
    exact.update({r.label: r.p for r in odds.rows})
    dice = Dice(seed=15)
    counts: Counter[Hashable] = Counter()
    for _ in range(n):
        result = damage_roll(current, w, t, "point-blank", dice)
        if result.regular is None:
            counts["blocked"] += 1
        else:
            row = result.regular.row
            counts[row.text if row else "no damage (below the table)"] += 1
        dice.log.clear()
    assert_agrees(exact, counts, n)
