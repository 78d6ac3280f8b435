"""Continuous fire, poison and bleeding (clauses agony.fire, agony.poison, agony.bleeding).

The units read the hand-made regular table of agony_units.py:
5-6 +1 future damage, 7-8 one model dies, 9-10 one dies and Bleeding[6], 11+ destroyed.
"""

from __future__ import annotations

from types import MappingProxyType

from agony_units import infantry, typed, vehicle
from msgspec.structs import replace

from referee.board.hexgrid import Hex
from referee.rules.agony.step import run_agony_step
from referee.rules.state import UnitState
from referee.units.model import DamageRow, DamageTable, Effect

FIRE, POISON, BLEEDING = 2, 3, 4  # agony steps of the current edition


# --- fire, current edition (agony 2) --------------------------------------------------------


def test_fire_stops_on_a_natural_1_with_no_damage(current):
    res = run_agony_step(current, FIRE, [infantry(fire=1, damage_tokens=5)], typed(1))
    i = res.unit("I1")
    # 1 stops the fire: no table roll although 1 + 5 tokens would read "one model dies"
    assert (i.fire, i.alive, i.damage_tokens) == (0, 4, 5)
    assert res.events[0].table is None


def test_fire_burns_on_with_the_roll_as_fire_damage(current):
    # 5 + 0 tokens = 5 -> +1 future damage; the fire goes on
    res = run_agony_step(current, FIRE, [infantry(fire=1)], typed(5))
    i = res.unit("I1")
    assert (i.fire, i.damage_tokens, i.alive) == (1, 1, 4)


def test_fire_damage_adds_tokens_and_takes_fire_resistance_off(current):
    # 6 + 2 tokens - fire resistance 1 = 7 -> one model dies; the bonus halves 2 -> 1
    u = infantry(fire=1, damage_tokens=2, resistances={"fire": 1, "regular": 3})
    res = run_agony_step(current, FIRE, [u], typed(6))
    i = res.unit("I1")
    assert (i.alive, i.damage_tokens, i.fire) == (3, 1, 1)
    assert res.events[0].table is not None and res.events[0].table.result == 7


def test_fire_ignores_all_armor(current):
    # an armored vehicle rolls no armor dice: 6 + 0 = 6 -> +1 future damage, one die only
    res = run_agony_step(current, FIRE, [vehicle(fire=1)], typed(6))
    assert res.unit("V1").damage_tokens == 1
    assert len(res.dice) == 1


def test_each_fire_token_rolls_and_a_1_removes_only_that_token(current):
    # ruling agony.fire-tokens, "each-token": 1 removes one token; 5 -> +1
    res = run_agony_step(current, FIRE, [infantry(fire=2)], typed(1, 5))
    i = res.unit("I1")
    assert (i.fire, i.damage_tokens) == (1, 1)


def test_one_fire_roll_per_unit_reading_removes_every_token(current):
    rules = current.with_readings({"agony.fire-tokens": "one-roll"})
    res = run_agony_step(rules, FIRE, [infantry(fire=2)], typed(1))
    assert res.unit("I1").fire == 0
    assert len(res.dice) == 1


def test_draft_001s_poison_resistance_against_fire(current):
    # ruling agony.fire-resistance read as "poison": 6 - poison resistance 2 = 4 -> nothing
    u = infantry(fire=1, resistances={"poison": 2})
    res = run_agony_step(
        current.with_readings({"agony.fire-resistance": "poison"}), FIRE, [u], typed(6)
    )
    assert res.unit("I1").damage_tokens == 0
    # default reading "fire": the unit has no fire resistance: 6 -> +1 future damage
    res = run_agony_step(current, FIRE, [u], typed(6))
    assert res.unit("I1").damage_tokens == 1


# --- fire, first draft (agony 3) ------------------------------------------------------------


def test_first_draft_fire_goes_when_the_natural_roll_minus_resistance_is_2_or_less(
    first_draft,
):
    # natural 3 - fire resistance 1 = 2 -> removed; its damage 3 - 1 = 2 does nothing
    res = run_agony_step(first_draft, 3, [infantry(fire=1, resistances={"fire": 1})], typed(3))
    assert (res.unit("I1").fire, res.unit("I1").damage_tokens) == (0, 0)
    # natural 3 without resistance: 3 > 2 -> burns on
    res = run_agony_step(first_draft, 3, [infantry(fire=1)], typed(3))
    assert res.unit("I1").fire == 1


def test_first_draft_fire_that_goes_still_deals_its_damage(first_draft):
    # natural 2 + 4 tokens = 6 -> +1 future damage (tokens 5), and 2 <= 2: fire removed
    res = run_agony_step(first_draft, 3, [infantry(fire=1, damage_tokens=4)], typed(2))
    i = res.unit("I1")
    assert (i.fire, i.damage_tokens) == (0, 5)


def test_first_draft_fire_then_poison_in_agony_3(first_draft):
    # fire 6 + 0 = 6 -> +1 (tokens 1); then poison d8 4 + 1 = 5 -> +1 (tokens 2), 8 -> 6
    res = run_agony_step(first_draft, 3, [infantry(fire=1, poison=(8,))], typed(6, 4))
    i = res.unit("I1")
    assert (i.damage_tokens, i.poison, i.fire) == (2, (6,), 1)
    assert [e.effect for e in res.events] == ["fire", "poison"]


# --- poison (agony 3) ----------------------------------------------------------------------


def test_poison_steps_down_12_10_8_6_4_none_while_it_kills_nobody(current):
    u = infantry(poison=(12,))
    seen = []
    for _ in range(5):
        u = run_agony_step(current, POISON, [u], typed(1)).unit("I1")  # 1 + 0: no damage
        seen.append(u.poison)
    assert seen == [(10,), (8,), (6,), (4,), ()]


def test_poison_that_kills_is_removed_not_downgraded(current):
    # d8 shows 8: 8 + 0 = 8 -> one model dies -> this Poison[8] is removed
    res = run_agony_step(current, POISON, [infantry(poison=(8,))], typed(8))
    i = res.unit("I1")
    assert (i.alive, i.poison) == (3, ())


def test_poison_takes_poison_resistance_off_and_adds_tokens(current):
    # d10 shows 8: 8 + 1 token - poison resistance 2 = 7 -> one model dies, removed
    u = infantry(poison=(10,), damage_tokens=1, resistances={"poison": 2})
    res = run_agony_step(current, POISON, [u], typed(8))
    assert (res.unit("I1").alive, res.unit("I1").poison) == (3, ())
    assert res.events[0].table is not None and res.events[0].table.result == 7


def test_poison_ignores_regular_resistance(current):
    # d6 shows 5: 5, regular resistance 3 does not count -> +1 future damage
    u = infantry(poison=(6,), resistances={"regular": 3})
    assert run_agony_step(current, POISON, [u], typed(5)).unit("I1").damage_tokens == 1


def test_poison_is_ignored_by_units_that_are_not_biological(current):
    res = run_agony_step(current, POISON, [vehicle(poison=(8, 6))], typed())
    v = res.unit("V1")
    assert res.dice == ()
    assert (v.alive, v.damage_tokens, v.poison) == (1, 0, ())


def test_poison_instances_roll_oldest_first_by_default(current):
    # tokens 2, Poison[6] (older) then Poison[8], dice 5 and 5:
    # d6 5 + 2 = 7 -> dies, tokens 2 -> 1, Poison[6] removed;
    # d8 5 + 1 = 6 -> +1 (tokens 2), Poison[8] -> 6.
    res = run_agony_step(current, POISON, [infantry(poison=(6, 8), damage_tokens=2)], typed(5, 5))
    i = res.unit("I1")
    assert (i.alive, i.damage_tokens, i.poison) == (3, 2, (6,))


def test_poison_instances_largest_first_reading(current):
    # d8 first: 5 + 2 = 7 -> dies, tokens 1, Poison[8] removed;
    # d6: 5 + 1 = 6 -> +1 (tokens 2), Poison[6] -> 4.
    rules = current.with_readings({"agony.order": "largest-first"})
    res = run_agony_step(rules, POISON, [infantry(poison=(6, 8), damage_tokens=2)], typed(5, 5))
    i = res.unit("I1")
    assert (i.alive, i.damage_tokens, i.poison) == (3, 2, (4,))
    assert "agony.order" in res.rulings


def test_tokens_earned_in_the_step_count_at_once_by_default(current):
    # two Poison[8], dice 5 and 4: 5 -> +1 (tokens 1); 4 + 1 = 5 -> +1 (tokens 2)
    res = run_agony_step(current, POISON, [infantry(poison=(8, 8))], typed(5, 4))
    assert res.unit("I1").damage_tokens == 2


def test_tokens_earned_in_the_step_count_from_the_next_step_when_read_so(current):
    # ruling damage.pending-tokens "at-apply": the second roll sees 0 tokens: 4 -> nothing
    rules = current.with_readings({"damage.pending-tokens": "at-apply"})
    res = run_agony_step(rules, POISON, [infantry(poison=(8, 8))], typed(5, 4))
    assert res.unit("I1").damage_tokens == 1


def test_poison_damage_may_cause_bleeding(current):
    # d10 shows 9 -> one model dies, Bleeding[6]; the poison is removed
    res = run_agony_step(current, POISON, [infantry(poison=(10,))], typed(9))
    i = res.unit("I1")
    assert (i.alive, i.poison, i.bleeding) == (3, (), (6,))


# --- bleeding (agony 4) ----------------------------------------------------------------------


def test_bleeding_1_removes_it_with_no_effect(current):
    res = run_agony_step(current, BLEEDING, [infantry(bleeding=(6,), damage_tokens=9)], typed(1))
    i = res.unit("I1")
    assert (i.bleeding, i.alive, i.damage_tokens) == ((), 4, 9)


def test_bleeding_that_does_not_kill_goes_on(current):
    # d6 shows 5: 5 -> +1 future damage; Bleeding[6] stays as it is
    res = run_agony_step(current, BLEEDING, [infantry(bleeding=(6,))], typed(5))
    assert (res.unit("I1").bleeding, res.unit("I1").damage_tokens) == ((6,), 1)


def test_bleeding_that_kills_is_removed(current):
    # d6 shows 6: 6 + 1 token = 7 -> one model dies -> removed
    res = run_agony_step(current, BLEEDING, [infantry(bleeding=(6,), damage_tokens=1)], typed(6))
    assert (res.unit("I1").alive, res.unit("I1").bleeding) == (3, ())


def test_bleeding_causes_no_more_bleeding(current):
    # Bleeding[10] shows 9 -> "one model dies, Bleeding[6]": the kill removes this bleeding
    # and no new Bleeding[6] is added
    res = run_agony_step(current, BLEEDING, [infantry(bleeding=(10,))], typed(9))
    i = res.unit("I1")
    assert (i.alive, i.bleeding) == (3, ())


def test_a_destroyed_unit_rolls_no_further_instances(current):
    # tokens 6: Bleeding[6] shows 5 -> 11 -> destroyed; the second instance is not rolled
    res = run_agony_step(current, BLEEDING, [infantry(bleeding=(6, 6), damage_tokens=6)], typed(5))
    assert res.unit("I1").destroyed
    assert len(res.dice) == 1


def test_a_shaken_row_follows_the_rulesets_shaken_tokens(first_draft):
    # a regular table whose 5+ row is "shaken"; the unit is already shaken (2 tokens).
    # first draft read with conditions.shaken-again = "none": no further token;
    # default reading "one-more": 2 + 1 = 3.
    shaken_row = DamageTable("regular", (DamageRow(5, (Effect("shaken"),), "shaken"),))
    ut = replace(infantry().unit, damage_tables=MappingProxyType({"regular": shaken_row}))
    u = UnitState(uid="S", unit=ut, side=2, hex=Hex(0, 0), shaken=2, poison=(6,))
    none = first_draft.with_readings({"conditions.shaken-again": "none"})
    assert run_agony_step(none, 3, [u], typed(5)).unit("S").shaken == 2
    assert run_agony_step(first_draft, 3, [u], typed(5)).unit("S").shaken == 3
