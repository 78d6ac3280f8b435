"""The damage-table core every damage source shares (clauses damage.table, damage.previous,
damage.model-death, conditions.shaken)."""

from __future__ import annotations

from types import MappingProxyType

from referee.board.hexgrid import Hex
from referee.board.sector_stats import parse_sector_numbers
from referee.rules.damage.table_roll import (
    carry_out,
    halve_bonus,
    previous_damage_term,
    resistance_term,
    roll_on_table,
)
from referee.rules.explain import Term
from referee.rules.state import UnitState
from referee.units.model import DamageRow, DamageTable, Effect, UnitType

REGULAR = DamageTable(
    "regular",
    (
        DamageRow(4, (Effect("damage-token"),), "+1 to future damage"),
        DamageRow(6, (Effect("shaken"), Effect("damage-token")), "shaken, +1 to future damage"),
        DamageRow(8, (Effect("kill"), Effect("bleeding", 4)), "one model dies, bleeding[4]"),
        DamageRow(11, (Effect("destroy"),), "destroyed"),
    ),
)


def infantry(models: int = 4) -> UnitType:
    return UnitType(
        id="grunts",
        name="Grunts",
        nation="ork",
        models=models,
        types=frozenset({"infantry", "biological"}),
        size="medium",
        speeds=(),
        armor=parse_sector_numbers("1"),
        weapons=(),
        assault=None,
        deflection=None,
        damage_tables=MappingProxyType({"regular": REGULAR}),
        resistances=MappingProxyType({"fire": 2}),
    )


def state(**kw: object) -> UnitState:
    return UnitState(uid="O1", unit=infantry(), side=2, hex=Hex(0, 0), **kw)  # type: ignore[arg-type]


def test_result_below_the_first_entry_does_nothing():
    roll = roll_on_table(state(), "regular", 3, ())
    assert roll is not None and roll.row is None and roll.result == 3


def test_previous_damage_tokens_add_one_each():
    s = state(damage_tokens=2)
    # natural 4 + 2 tokens = 6: the "shaken" row.
    roll = roll_on_table(s, "regular", 4, [previous_damage_term(s)])
    assert roll is not None and roll.result == 6 and roll.row is REGULAR.rows[1]


def test_resistance_of_the_matching_type_only():
    s = state()
    assert resistance_term(s, "fire").value == -2
    assert resistance_term(s, "regular").value == 0


def test_no_table_of_that_name_means_immune():
    assert roll_on_table(state(), "psychic", 6, ()) is None


def test_a_model_death_halves_the_bonus_rounding_down():
    # 3 tokens, then "one model dies": 3 // 2 = 1; the row's bleeding[4] is added.
    out = carry_out(state(damage_tokens=3), REGULAR.rows[2])
    assert out.killed == 1
    assert out.state.alive == 3
    assert out.state.damage_tokens == 1
    assert out.state.bleeding == (4,)


def test_two_deaths_halve_twice():
    assert halve_bonus(7, 2) == 1  # 7 -> 3 -> 1


def test_bleeding_causes_no_more_bleeding():
    out = carry_out(state(), REGULAR.rows[2], cause="bleeding")
    assert out.state.bleeding == ()
    assert "bleeding does not cause more bleeding" in out.notes


def test_shaken_gives_two_tokens_then_one_more():
    first = carry_out(state(), REGULAR.rows[1]).state
    assert first.shaken == 2 and first.damage_tokens == 1
    again = carry_out(first, REGULAR.rows[1]).state
    assert again.shaken == 3


def test_destroyed_removes_every_model():
    out = carry_out(state(damage_tokens=5), REGULAR.rows[3])
    assert out.state.destroyed and out.killed == 4


def test_explain_lists_the_terms():
    s = state(damage_tokens=1)
    terms = [previous_damage_term(s), Term("long range", -1, "damage.range")]
    roll = roll_on_table(s, "regular", 5, terms)
    assert roll is not None
    assert roll.explain() == (
        "rolled 5, previous damage +1, long range -1 = 5 on the regular table: +1 to future damage"
    )
