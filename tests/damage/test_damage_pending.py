"""Damage rolled in sequence takes effect at 'apply damage' (clauses damage.sequence,
damage.previous, damage.model-death)."""

from __future__ import annotations

from damage_units import REGULAR, target, weapon

from referee.board.hexgrid import Hex
from referee.dice.service import Dice
from referee.rules.damage.damage_roll import damage_roll
from referee.rules.damage.pending import PendingLedger, apply_pending
from referee.rules.damage.table_roll import roll_on_table


def typed(*values: int) -> Dice:
    dice = Dice(seed=0)
    dice.type_in(values)
    return dice


def test_next_roll_sees_the_tokens_of_the_earlier_roll(current):
    unit = target(armor=None, models=4)
    ledger = PendingLedger.open(current)
    first = damage_roll(current, weapon("d6"), ledger.seen(unit), "normal", typed(4))
    ledger = ledger.record(unit, first)  # 4: +1 to future damage
    assert ledger.seen(unit).damage_tokens == 1
    second = damage_roll(current, weapon("d6"), ledger.seen(unit), "normal", typed(5))
    assert second.regular is not None and second.regular.result == 6  # 5 + 1 token
    assert unit.damage_tokens == 0  # the unit itself is untouched until applied


def test_ruling_at_apply_keeps_the_tokens_of_the_step_start(current):
    rules = current.with_readings({"damage.pending-tokens": "at-apply"})
    unit = target(armor=None, models=4)
    ledger = PendingLedger.open(rules)
    ledger = ledger.record(unit, damage_roll(rules, weapon("d6"), unit, "normal", typed(4)))
    assert ledger.seen(unit).damage_tokens == 0
    applied = apply_pending(ledger)
    assert applied.states["T1"].damage_tokens == 1


def test_model_death_halves_the_bonus_rounding_down(current):
    # 3 tokens; natural 5 + 3 = 8: one model dies, the bonus halves: 3 // 2 = 1.
    unit = target(armor=None, models=4, damage_tokens=3)
    ledger = PendingLedger.open(current)
    ledger = ledger.record(unit, damage_roll(current, weapon("d6"), unit, "normal", typed(5)))
    assert ledger.seen(unit).damage_tokens == 1 and ledger.seen(unit).alive == 3
    applied = apply_pending(ledger, {"T1": unit})
    assert applied.states["T1"].alive == 3 and applied.states["T1"].damage_tokens == 1
    assert applied.killed == {"T1": 1}


def test_apply_keeps_what_else_changed_since_the_hit(current):
    unit = target(armor=None, models=4)
    ledger = PendingLedger.open(current)
    ledger = ledger.record(unit, damage_roll(current, weapon("d6"), unit, "normal", typed(6)))
    moved = unit.with_(hex=Hex(2, 1))
    applied = apply_pending(ledger, {"T1": moved, "X9": target("X9")})
    after = applied.states["T1"]
    assert after.hex == Hex(2, 1) and after.shaken == 2 and after.damage_tokens == 1
    assert applied.states["X9"] == target("X9")


def test_a_destroyed_unit_takes_nothing_more(current):
    unit = target(armor=None, models=1)
    ledger = PendingLedger.open(current)
    destroy = roll_on_table(unit, "regular", 11, ())
    assert destroy is not None and destroy.row is REGULAR.rows[3]
    ledger = ledger.record_roll(unit, destroy, source="poison")
    assert ledger.seen(unit).destroyed
    again = roll_on_table(ledger.seen(unit), "regular", 6, ())
    assert again is not None
    ledger = ledger.record_roll(unit, again)
    assert ledger.entries[-1].outcome.effects == ()
    assert apply_pending(ledger).states["T1"].shaken == 0


def test_explain_and_json_of_the_apply_step(current):
    unit = target(armor=None, models=4)
    ledger = PendingLedger.open(current)
    ledger = ledger.record(unit, damage_roll(current, weapon("d6"), unit, "normal", typed(4)))
    assert "+1 to future damage" in ledger.explain()
    assert ledger.to_json()["entries"][0]["row"] == "+1 to future damage"
    applied = apply_pending(ledger)
    assert "+1 to future damage" in applied.explain()
    data = applied.to_json()
    assert data["units"]["T1"]["damage_tokens"] == 1
    assert data["entries"][0]["source"] == "gun"
