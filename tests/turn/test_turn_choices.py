"""The order of dependent choices (draft 004 and 000, Orders; clause orders.choice-order):
"The ones not entering assaults must choose first, and the ones entering assault second ...
The highest rank choices last: Spartan, Elf, Dark-Elf, Dwarf, Ork"."""

from __future__ import annotations

from turn_units import unit

from referee.rules.turn.choices import choice_order
from referee.ruleset.shipped import load_ruleset


def uids(groups):
    return [g.uids for g in groups]


def test_spartan_chooses_last_among_spartan_elf_and_ork(current):
    units = [unit("S1", "spartan", side=1), unit("E1", "elf", side=2), unit("O1", "ork", side=2)]
    groups = choice_order(current, units, set())
    # Spartan ranks highest, then Elf; Ork lowest: Ork, Elf, Spartan.
    assert uids(groups) == [("O1",), ("E1",), ("S1",)]
    assert [g.nation for g in groups] == ["ork", "elf", "spartan"]
    assert all(g.clause == "orders.choice-order" for g in groups)


def test_units_not_entering_an_assault_choose_first(current):
    units = [
        unit("S1", "spartan"),
        unit("S2", "spartan"),
        unit("O1", "ork", side=2),
        unit("O2", "ork", side=2),
    ]
    groups = choice_order(current, units, {"O1", "S2"})
    # not entering: O2 (ork) then S1 (spartan); entering: O1 (ork) then S2 (spartan)
    assert uids(groups) == [("O2",), ("S1",), ("O1",), ("S2",)]
    assert [g.entering_assault for g in groups] == [False, False, True, True]


def test_units_of_one_nation_choose_together_in_the_order_given(current):
    units = [unit("D2", "dwarf"), unit("E1", "elf", side=2), unit("D1", "dwarf")]
    assert uids(choice_order(current, units, set())) == [("D2", "D1"), ("E1",)]


def test_two_sides_of_one_nation_choose_together_by_default(current):
    units = [unit("A", "ork", side=1), unit("B", "ork", side=2)]
    (group,) = choice_order(current, units, set())
    assert group.uids == ("A", "B") and group.side is None and not group.roll_off
    assert "turn.choice-same-rank" in group.rulings


def test_two_sides_of_one_nation_may_roll_off():
    rules = load_ruleset("current", {"turn.choice-same-rank": "roll-off"})
    units = [unit("B", "ork", side=2), unit("A", "ork", side=1), unit("E", "elf", side=1)]
    groups = choice_order(rules, units, set())
    assert uids(groups) == [("A",), ("B",), ("E",)]
    assert [(g.side, g.roll_off) for g in groups] == [(1, True), (2, True), (1, False)]


def test_the_other_reading_of_the_table_puts_ork_last():
    rules = load_ruleset("current", {"turn.choice-rank": "last-is-highest"})
    units = [unit("S1", "spartan"), unit("D1", "dwarf", side=2), unit("O1", "ork", side=2)]
    assert uids(choice_order(rules, units, set())) == [("S1",), ("D1",), ("O1",)]


def test_a_nation_missing_from_the_table_chooses_first(first_draft):
    units = [unit("E1", "elf"), unit("H1", "human", side=2)]
    assert uids(choice_order(first_draft, units, set())) == [("H1",), ("E1",)]


def test_dark_elf_between_elf_and_dwarf(first_draft):
    units = [unit("E", "elf"), unit("W", "dwarf", side=2), unit("K", "dark-elf", side=2)]
    assert uids(choice_order(first_draft, units, set())) == [("W",), ("K",), ("E",)]
