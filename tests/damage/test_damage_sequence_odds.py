"""The damage of several hits rolled in sequence on one unit, exactly (clauses
``damage.sequence``, ``damage.model-death``; ruling ``damage.pending-tokens``).

Every expected value below is worked out by hand in the comment above it. The unit is a
4-model base without armor whose table reads 4-5: +1 to future damage, 6+: one model dies;
the weapon does d6 (no range term: ``band`` None).
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction as F
from types import MappingProxyType

from damage_units import target, weapon

from referee.dice.service import Dice
from referee.rules.damage.damage_roll import damage_roll
from referee.rules.damage.pending import PendingLedger
from referee.rules.damage.sequence_odds import hit_outcomes, sequence_odds
from referee.units.model import DamageRow, DamageTable, Effect

TABLE = DamageTable(
    "regular",
    (
        DamageRow(4, (Effect("damage-token"),), "+1 to future damage"),
        DamageRow(6, (Effect("kill"),), "one model dies"),
    ),
)


def squad(tokens: int = 0):
    base = target("sq", armor=None, models=4, damage_tokens=tokens)
    unit = base.unit
    from msgspec.structs import replace

    return base.with_(unit=replace(unit, damage_tables=MappingProxyType({"regular": TABLE})))


D6 = weapon("d6", ap=0)


def test_one_hit_reads_each_row_with_the_chance_of_its_faces(current):
    # d6: 1-3 below the table (1/2), 4-5 a token (1/3), 6 a model (1/6)
    outcomes = hit_outcomes(current, D6, squad(), None)
    by_row = {tuple(r.at if r else None for _, _, r in o): p for o, p in outcomes.items()}
    assert by_row == {(None,): F(1, 2), (4,): F(1, 3), (6,): F(1, 6)}


def test_two_hits_the_second_sees_the_token_of_the_first(current):
    # Hit 1: 6 kills (1/6, the bonus halves: 0), 4-5 gives a token (1/3), 1-3 nothing (1/2).
    # Hit 2 kills on d6 + tokens >= 6: after a token d6 >= 5 (1/3), else a 6 (1/6).
    # P(no kill) = 1/3 * 2/3 + 1/2 * 5/6 = 8/36 + 15/36 = 23/36: at least one = 13/36.
    # Two killed: 6 then 6 = 1/36; so one killed = 13/36 - 1/36 = 12/36.
    odds = sequence_odds(current, D6, squad(), None, [F(0), F(0), F(1)])
    assert odds.kill_at_least_one == F(13, 36)
    assert odds.killed == (F(23, 36), F(12, 36), F(1, 36), F(0), F(0))


def test_a_death_halves_the_bonus_before_the_next_roll(current):
    # 3 tokens. Hit 1: d6 + 3 >= 6 on 3-6 (2/3): a model dies, tokens 3 // 2 = 1;
    # on 1-2 (result 4-5) a token: 4. Hit 2 after a death kills on d6 + 1 >= 6 (1/3),
    # after the token on d6 + 4 >= 6 (5/6).
    # Two killed: 2/3 * 1/3 = 2/9 (without the halving it would be 2/3 * 5/6 = 5/9).
    # None killed: 1/3 * 1/6 = 1/18; one killed: 1 - 2/9 - 1/18 = 13/18.
    odds = sequence_odds(current, D6, squad(tokens=3), None, [F(0), F(0), F(1)])
    assert odds.killed[:3] == (F(1, 18), F(13, 18), F(2, 9))


def test_at_apply_reading_later_rolls_see_the_tokens_of_the_step_start(current):
    # Ruling damage.pending-tokens = at-apply: both hits roll d6 + 0; a kill is a 6 each:
    # P(no kill) = (5/6)^2 = 25/36, at least one = 11/36.
    rules = current.with_readings({"damage.pending-tokens": "at-apply"})
    odds = sequence_odds(rules, D6, squad(), None, [F(0), F(0), F(1)])
    assert odds.kill_at_least_one == F(11, 36)


def test_the_number_of_hits_is_mixed_in(current):
    # No hit 1/4, one hit 1/2 (a kill 1/6), two hits 1/4 (13/36): 1/12 + 13/144 = 25/144.
    odds = sequence_odds(current, D6, squad(), None, [F(1, 4), F(1, 2), F(1, 4)])
    assert odds.kill_at_least_one == F(1, 2) * F(1, 6) + F(1, 4) * F(13, 36) == F(25, 144)
    # the token row at least once: one hit 1/3; two hits 1 - P(no token in either):
    # no token on hit 1 is 1-3 (then hit 2: token on 4-5, 1/3) or 6 (tokens 0: 1/3 again),
    # so two hits: 1 - (2/3)(2/3) = 5/9. Mixed: 1/2 * 1/3 + 1/4 * 5/9 = 1/6 + 5/36 = 11/36.
    assert odds.rows[("regular", 4)] == F(11, 36)


def test_damage_already_pending_counts(current):
    # A token already pending from an earlier roll of the step: one hit kills on d6 >= 5.
    ledger = PendingLedger.open(current)
    first = damage_roll(current, D6, squad(), None, Dice(seed=1, ask=lambda r: 4))
    ledger = ledger.record(squad(), first)
    odds = sequence_odds(current, D6, squad(), None, [F(0), F(1)], ledger=ledger)
    assert odds.kill_at_least_one == F(1, 3)


def test_sequence_odds_agree_with_seeded_rolls(current):
    # three hits on a squad with one token: the engine's own rolls, 4 000 times
    exact = sequence_odds(current, D6, squad(tokens=1), None, [F(0), F(0), F(0), F(1)])
    dice = Dice(seed=2024)
    n = 4_000
    counts: Counter[int] = Counter()
    for _ in range(n):
        ledger = PendingLedger.open(current)
        unit = squad(tokens=1)
        for _ in range(3):
            ledger = ledger.record(unit, damage_roll(current, D6, ledger.seen(unit), None, dice))
        counts[4 - ledger.current["sq"].alive] += 1
    for killed, p in enumerate(exact.killed):
        se = (float(p * (1 - p)) / n) ** 0.5
        assert abs(counts[killed] / n - float(p)) <= 4 * se + 1e-12, (killed, counts, p)
