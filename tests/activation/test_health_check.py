"""The fortification health check (draft 002, "Fortification Health Checks"): when the units
inside have more H than the fortification has pips, they make attacks, lowest H first and
allied units first on a tie, until their total is at most the pips."""

from __future__ import annotations

import json

import pytest
from activation_factory import fort, game, main_phase, pieces_json, play, unit

from referee.cli.main import main
from referee.dice.service import Dice
from referee.rules.activation.fortification import (
    Inside,
    allied_side,
    health_check,
    health_order,
)
from referee.rules.activation.pips import Pips


@pytest.fixture(scope="module")
def table():
    return game().rules.fortifications


def test_no_check_while_the_pips_hold_the_units(table):
    check = health_check(5, [Inside("a", 1, 2), Inside("b", 2, 3)], 1, table, Dice(1), "H8")
    assert not check.needed and check.attacks == () and check.losses == {}


def test_attacks_lowest_h_first_allies_first_on_a_tie_until_the_totals_fit(table):
    # 3 pips; a (side 1, H2), b (side 2, H2), c (side 1, H3): 7 H. Side 1 is allied.
    # Round 1, by H then allies first: a (2), b (2), c (3): each loses 1 -> 1, 1, 2 (4 H).
    # Round 2: a (1), b (1), c (2): a loses its last H -> 3 H, at most the 3 pips: stop.
    units = [Inside("c", 1, 3), Inside("b", 2, 2), Inside("a", 1, 2)]
    check = health_check(3, units, 1, table, Dice(1), "H8")
    assert [a.uid for a in check.attacks] == ["a", "b", "c", "a"]
    assert check.losses == {"a": 2, "b": 1, "c": 1}


def test_the_tie_goes_to_the_other_side_when_it_is_the_allied_one(table):
    units = [Inside("c", 1, 3), Inside("b", 2, 2), Inside("a", 1, 2)]
    check = health_check(3, units, 2, table, Dice(1), "H8")
    assert [a.uid for a in check.attacks] == ["b", "a", "c", "b"]
    assert check.losses == {"a": 1, "b": 2, "c": 1}


def test_the_order_is_by_h_then_allies():
    units = [Inside("x", 2, 1), Inside("y", 1, 1), Inside("z", 1, 4)]
    health = {u.uid: u.health for u in units}
    assert [u.uid for u in health_order(units, 1, health)] == ["y", "x", "z"]
    assert [u.uid for u in health_order(units, 2, health)] == ["x", "y", "z"]


def test_attacks_that_roll_under_the_other_reading():
    table = game(health_check_attacks="roll").rules.fortifications
    # 1 pip, one unit of H2: each attack is a d12, 9+ costs 1 H: 3 (nothing), 9, then fits
    dice = Dice(seed=1)
    dice.type_in([3, 9])
    check = health_check(1, [Inside("a", 1, 2)], 1, table, dice, "H8")
    assert [(a.lost, a.check.value) for a in check.attacks] == [(0, 3), (1, 9)]
    assert check.losses == {"a": 1}


def test_allied_to_the_acting_player_or_to_the_holder(table):
    assert allied_side(Pips(side1=1, side2=4), 1, table) == 1
    holder = game(health_check_allied="holder").rules.fortifications
    assert allied_side(Pips(side1=1, side2=4), 1, holder) == 2
    assert allied_side(Pips(side1=2, side2=2), 1, holder) == 1


def test_damage_that_leaves_too_few_pips_sets_off_the_check():
    g = game()
    # The bunker on H9 has 3 neutral pips and holds side 2's squad (H3) and buggy (H2): 5 H
    # against 3 pips is already too many: the check after side 1's shot (cannon 12+2 vs 8+,
    # a hit: 2 pips; the d12s of the pip, 1 each: nothing) brings 5 H to 2.
    # Allied are side 1's units (the attacker's): none inside, so by H: buggy (2), squad (3).
    # Round 1: buggy 1, squad 2 (3 H); round 2: buggy 0 (destroyed) -> 2 H: fits.
    state = main_phase(
        [
            unit("tank", "battle-tank", 1, "H13:N", g),
            unit("squad", "rifle-squad", 2, "H9", g),
            unit("buggy", "scout-buggy", 2, "H9:S", g),
        ],
        [fort("H9", neutral=3)],
    )
    out = play(g, state, "shoot uid=tank shots=cannon>@H9", [12, 1, 1])
    pieces = pieces_json(out.state)
    assert pieces["buggy"]["status"] == "destroyed"
    assert pieces["squad"]["health"] == 2
    assert "activation.fortification-health" in out.decision.clauses
    assert "activation.health-check-attacks" in out.decision.rulings


def test_moving_into_a_full_building_sets_off_the_check_under_every_step():
    g = game()
    # A watchtower (1 side-1 pip) holds nothing; a squad (H3) moves in: 3 H against 1 pip.
    # It loses H one attack at a time until its 1 H fits.
    state = main_phase([unit("squad", "rifle-squad", 1, "H12", g)], [fort("H11", side1=1)])
    out = play(g, state, "move uid=squad path=H11")
    assert pieces_json(out.state)["squad"]["health"] == 1
    only_damage = game(health_check_when="after-damage")
    out = play(only_damage, state, "move uid=squad path=H11")
    assert pieces_json(out.state)["squad"]["health"] == 3


def test_the_health_check_lookup(capsys):
    assert (
        main(
            [
                "activation",
                "health-check",
                "--pips",
                "ally=2,enemy=1,neutral=0",
                "--unit",
                "c:1:3",
                "--unit",
                "b:2:2",
                "--unit",
                "a:1:2",
                "--json",
            ]
        )
        == 0
    )
    data = json.loads(capsys.readouterr().out)
    assert [a["unit"] for a in data["attacks"]] == ["a", "b", "c", "a"]
    assert data["health"] == {"c": 2, "b": 1, "a": 0}
