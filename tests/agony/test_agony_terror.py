"""Terror[range=n][dN] at agony 0 (clause agony.terror, current edition only).

Psychic table of agony_units.py: 4-5 shaken, 6+ one model dies.
"""

from __future__ import annotations

import pytest
from agony_units import infantry, typed, unit_type

from referee.board.hexgrid import Hex
from referee.rules.agony.step import run_agony_step
from referee.rules.agony.terror import TerrorAbilityError
from referee.rules.state import UnitState
from referee.units.model import Ability


def terror_unit(params: tuple[str, ...] = ("range=2", "d6")) -> UnitState:
    ut = unit_type(abilities=(Ability("terror", params),))
    return UnitState(uid="T", unit=ut, side=1, hex=Hex(0, 0), speed="slow")


def test_terror_rolls_psychic_damage_on_every_enemy_in_range(current):
    near = infantry("A", side=2, hex=Hex(2, 0), psychic=True)  # 2 hexes away: in range
    far = infantry("B", side=2, hex=Hex(3, 0), psychic=True)  # 3 hexes: out of range
    friend = infantry("C", side=1, hex=Hex(1, 0), psychic=True)  # own side
    res = run_agony_step(current, 0, [terror_unit(), near, far, friend], typed(5))
    # one d6 for A only: 5 -> shaken: two tokens
    assert res.unit("A").shaken == 2
    assert res.unit("B").shaken == 0 and res.unit("C").shaken == 0
    assert [r.value for r in res.dice] == [5]


def test_a_unit_without_a_psychic_table_is_immune_to_terror(current):
    res = run_agony_step(current, 0, [terror_unit(), infantry("A", hex=Hex(1, 0))], typed())
    assert res.unit("A").shaken == 0
    assert "immune" in res.events[0].text


def test_terror_ignores_previous_damage_tokens(current):
    # ruling damage.special-modifiers (default): psychic damage adds no previous damage:
    # 3 with 3 tokens is 3 -> below the psychic table (4)
    target = infantry("A", hex=Hex(1, 0), psychic=True, damage_tokens=3)
    res = run_agony_step(current, 0, [terror_unit(), target], typed(3))
    assert res.unit("A").shaken == 0 and res.unit("A").alive == 4


def test_terror_takes_psychic_resistance_off(current):
    # 6 - psychic resistance 1 = 5 -> shaken, not a kill
    target = infantry("A", hex=Hex(1, 0), psychic=True, resistances={"psychic": 1})
    res = run_agony_step(current, 0, [terror_unit(), target], typed(6))
    assert (res.unit("A").shaken, res.unit("A").alive) == (2, 4)


def test_the_first_draft_has_no_terror(first_draft):
    target = infantry("A", hex=Hex(1, 0), psychic=True)
    res = run_agony_step(first_draft, 0, [terror_unit(), target], typed())
    assert res.events == () and res.unit("A").shaken == 0


def test_an_unreadable_terror_ability_names_the_unit(current):
    with pytest.raises(TerrorAbilityError, match="Test unit: terror\\[range=2\\]"):
        run_agony_step(
            current, 0, [terror_unit(("range=2",)), infantry("A", hex=Hex(1, 0))], typed()
        )
