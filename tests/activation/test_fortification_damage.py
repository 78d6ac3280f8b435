"""Fortification damage (draft 002, "Fortification Damage"): pips go one at a time, always of
the most common colour, ties broken neutral, then enemy, then ally, seen from the attacker;
a d12 for each pip removed with an enemy unit inside, 9+ costing it 1 H."""

from __future__ import annotations

import json

import pytest
from activation_factory import fort, game, main_phase, pieces_json, play, unit
from hypothesis import given
from hypothesis import strategies as st

from referee.cli.main import main
from referee.dice.service import Dice
from referee.rules.activation.fortification import Inside, inside_rolls
from referee.rules.activation.pips import (
    PipCount,
    PipError,
    damage_pips,
    most_common,
    parse_pip_count,
)

TIES = ("neutral", "enemy", "ally")


@pytest.fixture(scope="module")
def g():
    return game()


@pytest.mark.parametrize(
    ("pips", "hits", "removed", "left"),
    [
        # the most common colour goes first
        ((1, 4, 2), 2, ["enemy", "enemy"], (1, 2, 2)),
        # enemy 3 and neutral 3 tie: neutral first; then enemy is most common; then a three-way
        # tie at 2 goes to neutral; then ally and enemy tie at 2: enemy before ally
        ((2, 3, 3), 4, ["neutral", "enemy", "neutral", "enemy"], (2, 1, 1)),
        # ally and enemy tie: enemy first; ally alone at the top: ally
        ((2, 2, 0), 3, ["enemy", "ally", "enemy"], (1, 0, 0)),
        # ally most common is taken too: the attacker's own colour
        ((5, 0, 1), 2, ["ally", "ally"], (3, 0, 1)),
        # more hits than pips: the pips run out
        ((1, 1, 1), 5, ["neutral", "enemy", "ally"], (0, 0, 0)),
        ((0, 0, 0), 2, [], (0, 0, 0)),
        ((3, 3, 3), 0, [], (3, 3, 3)),
    ],
)
def test_pips_go_most_common_first_ties_neutral_enemy_ally(pips, hits, removed, left):
    result = damage_pips(PipCount(*pips), hits, TIES)
    assert list(result.removed) == removed
    assert result.left == PipCount(*left)


counts = st.builds(PipCount, st.integers(0, 12), st.integers(0, 12), st.integers(0, 12))


@given(counts, st.integers(0, 40))
def test_damage_conserves_the_pips(pips, hits):
    result = damage_pips(pips, hits, TIES)
    assert len(result.removed) == min(hits, pips.total)
    assert result.left.total + len(result.removed) == pips.total
    for colour in ("ally", "enemy", "neutral"):
        assert result.left.of(colour) + result.removed.count(colour) == pips.of(colour)


@given(counts, st.integers(0, 40))
def test_each_pip_removed_is_of_a_most_common_colour_and_the_tie_order_decides(pips, hits):
    result = damage_pips(pips, hits, TIES)
    now = pips
    for colour in result.removed:
        top = max(now.ally, now.enemy, now.neutral)
        assert now.of(colour) == top
        tied = [c for c in TIES if now.of(c) == top]
        assert colour == tied[0]
        now = now.minus(colour)


@given(counts)
def test_most_common_is_none_only_with_no_pips(pips):
    assert (most_common(pips, TIES) is None) == (pips.total == 0)


def test_colours_are_named_from_the_attacking_side():
    # side 1 holds 3 pips, side 2 holds 2, 1 neutral: from side 2, side 1's pips are enemy
    from referee.rules.activation.pips import Pips

    pips = Pips(side1=3, side2=2, neutral=1)
    assert damage_pips(pips.seen_from(2), 1, TIES).removed == ("enemy",)
    assert damage_pips(pips.seen_from(1), 1, TIES).removed == ("ally",)
    assert damage_pips(pips.seen_from(2), 1, TIES).left.absolute(2) == Pips(2, 2, 1)


def test_pip_counts_are_read_as_typed():
    assert parse_pip_count("neutral=3,ally=1", 99) == PipCount(1, 0, 3)
    for bad, why in [
        ("ally=1,ally=2", "twice"),
        ("red=2", "COLOUR=N"),
        ("ally=-1", "whole number"),
        ("ally", "COLOUR=N"),
    ]:
        with pytest.raises(PipError, match=why):
            parse_pip_count(bad, 99)


def test_a_d12_per_pip_removed_for_each_enemy_inside(g):
    # two pips removed, two enemies inside: the lowest H rolls first for each pip;
    # pip 1: weak (H1) rolls 9: loses its last H; strong (H3) rolls 8: nothing.
    # pip 2: only strong is left: rolls 12, loses 1 H.
    table = g.rules.fortifications
    dice = Dice(seed=1)
    dice.type_in([9, 8, 12])
    rolls, losses = inside_rolls(
        ("neutral", "enemy"), [Inside("strong", 2, 3), Inside("weak", 2, 1)], table, dice, "H8"
    )
    assert [(r.pip, r.uid, r.check.value, r.lost) for r in rolls] == [
        (1, "weak", 9, 1),
        (1, "strong", 8, 0),
        (2, "strong", 12, 1),
    ]
    assert losses == {"weak": 1, "strong": 1}


def test_one_die_per_pip_under_the_other_reading():
    table = game(inside_rolls="one-die").rules.fortifications
    dice = Dice(seed=1)
    dice.type_in([9, 3])
    rolls, losses = inside_rolls(
        ("neutral", "enemy"), [Inside("strong", 2, 3), Inside("weak", 2, 2)], table, dice, "H8"
    )
    assert [(r.uid, r.lost) for r in rolls] == [("weak", 1), ("weak", 0)]
    assert losses == {"weak": 1}


def test_shooting_a_fortification_removes_a_pip_and_rolls_for_the_enemy_inside(g):
    # A battle tank (cannon d12+2) shoots the bunker (armor 8) holding an enemy rifle squad.
    # Penetration: 7 + 2 = 9, against 8+: one hit. The bunker has side 2's 2 pips and
    # 1 neutral: from side 1, enemy is the most common: an enemy pip goes.
    # The squad inside rolls a d12: 10, 9+: it loses 1 H.
    state = main_phase(
        [unit("tank", "battle-tank", 1, "H12:N", g), unit("squad", "rifle-squad", 2, "H9", g)],
        [fort("H9", side2=2, neutral=1, owner=2)],
    )
    out = play(g, state, "shoot uid=tank shots=cannon>@H9", [7, 10])
    f = out.state.fortifications[next(iter(out.state.fortifications))]
    assert f.pips.to_json() == {"side1": 0, "side2": 1, "neutral": 1}
    assert pieces_json(out.state)["squad"]["health"] == 2
    assert pieces_json(out.state)["tank"]["ammunition"] == 4
    assert "activation.fortification-damage" in out.decision.clauses
    assert {"activation.fortification-hits", "activation.inside-rolls"} <= set(out.decision.rulings)


def test_units_inside_a_fortification_with_pips_are_shot_through_it(g):
    state = main_phase(
        [unit("tank", "battle-tank", 1, "H12:N", g), unit("squad", "rifle-squad", 2, "H9", g)],
        [fort("H9", neutral=3)],
    )
    from referee.rules.activation.actions import ActivationError

    with pytest.raises(ActivationError, match="shoot the fortification"):
        play(g, state, "shoot uid=tank shots=cannon>squad")
    exposed = game(garrison_shots="exposed")
    # 11 + 2 = 13 against the squad's armor 4+: it loses 1 H
    out = play(exposed, state, "shoot uid=tank shots=cannon>squad", [11])
    assert pieces_json(out.state)["squad"]["health"] == 2


def test_a_fortification_with_no_pips_left_is_destroyed(g):
    state = main_phase([unit("tank", "battle-tank", 1, "H12:N", g)], [fort("H9", neutral=1)])
    out = play(g, state, "shoot uid=tank shots=cannon>@H9", [12])
    assert out.state.fortifications == {}
    rubble = game(fortification_destroyed="rubble")
    out = play(rubble, state, "shoot uid=tank shots=cannon>@H9", [12])
    assert [f.pips.total for f in out.state.fortifications.values()] == [0]


# --- the lookup for disputes ---------------------------------------------------------------


def test_the_dispute_lookup_answers_as_the_issue_writes_it(capsys):
    status = main(
        [
            "activation",
            "damage-fortification",
            "--pips",
            "ally=2,enemy=3,neutral=3",
            "--hits",
            "4",
            "--json",
        ]
    )
    assert status == 0
    assert json.loads(capsys.readouterr().out) == {
        "removed": ["neutral", "enemy", "neutral", "enemy"],
        "pips": {"ally": 2, "enemy": 1, "neutral": 1},
        # every answer lists the rulings it used (issue 24): this lookup uses none
        "rulings": [],
        "readings": {},
    }


def test_the_dispute_lookup_in_words(capsys):
    assert (
        main(
            [
                "activation",
                "damage-fortification",
                "--pips",
                "ally=1,enemy=1,neutral=0",
                "--hits",
                "1",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "ally and enemy tie at 1, enemy goes first" in out
    assert "left: ally=1,enemy=0,neutral=0" in out


def test_the_dispute_lookup_refuses_bad_pips(capsys):
    assert main(["activation", "damage-fortification", "--pips", "blue=2", "--hits", "1"]) == 2
    assert "COLOUR=N" in capsys.readouterr().err


def test_a_fortification_you_hold_may_be_shot_unless_the_ruling_says_not(g):
    # The bunker holds 2 of side 1's pips and 1 neutral: side 1 holds it. By default
    # (activation.fortification-target = any) side 1's tank may shoot it: penetration 7 + 2
    # = 9 against armor 8, a hit; side 1's pip is the most common and goes.
    state = main_phase(
        [unit("tank", "battle-tank", 1, "H12:N", g)], [fort("H9", side1=2, neutral=1, owner=1)]
    )
    out = play(g, state, "shoot uid=tank shots=cannon>@H9", [7])
    f = out.state.fortifications[next(iter(out.state.fortifications))]
    assert f.pips.to_json() == {"side1": 1, "side2": 0, "neutral": 1}
    assert "activation.fortification-target" in out.decision.rulings
    from referee.rules.activation.actions import ActivationError

    strict = game(fortification_target="not-held")
    with pytest.raises(
        ActivationError,
        match=r"side 1 holds the fortification on H9.*"
        r"ruling activation.fortification-target",
    ):
        play(strict, state, "shoot uid=tank shots=cannon>@H9")
    # a tie is held by nobody: it may be shot under either reading
    tied = main_phase(
        [unit("tank", "battle-tank", 1, "H12:N", g)], [fort("H9", side1=1, side2=1, owner=1)]
    )
    out = play(strict, tied, "shoot uid=tank shots=cannon>@H9", [7])
    assert next(iter(out.state.fortifications.values())).pips.total == 1
