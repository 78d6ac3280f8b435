"""The exact odds of an agony step on one unit (clauses ``agony.schedule``, ``agony.fire``),
worked out by hand below; the step is the engine's own, run once per face."""

from __future__ import annotations

import math
from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.board.hexgrid import Hex
from referee.dice.service import Dice
from referee.rules.agony.odds import acid_rounds, agony_odds
from referee.rules.agony.schedule import agony_rules
from referee.rules.agony.step import run_agony_step
from referee.rules.state import UnitState
from referee.ruleset.shipped import ruleset
from referee.units.catalogue import find_unit


def grunts(**kw: object) -> UnitState:
    return UnitState(uid="grunts", unit=find_unit("ork-grunts"), side=2, hex=Hex(0, 0), **kw)  # type: ignore[arg-type]


def test_fire_two_on_grunts_with_one_token(current):
    # Agony 2, a d6 per fire token (ruling agony.fire-tokens: each-token), a natural 1 stops
    # that token; else natural + tokens on the grunts' table (5 Bruised, 7 one killed).
    # Roll 1, tokens 1: 1 stop, 2-3 nothing (2/6), 4-5 Bruised (2/6), 6 kill (1/6; tokens 0).
    # Roll 2: tokens 1 after stop/nothing (3/6): Bruised 2/6, kill 1/6; tokens 2 after
    # Bruised (2/6): Bruised 2/6, kill 2/6; tokens 0 after a kill (1/6): Bruised 2/6.
    # One killed: 1/6 + 3/6*1/6 + 2/6*2/6 = 13/36; two: never (a kill leaves 0 tokens).
    # Bruised at least once: 2/6 + 3/6*2/6 + 1/6*2/6 = 20/36.
    odds = agony_odds(current, 2, grunts(fire=2, damage_tokens=1))
    assert odds.rolls
    assert odds.killed == {0: F(23, 36), 1: F(13, 36)}
    assert odds.rows["Bruised: +1 to future damage"] == F(5, 9)
    assert odds.rows["One model killed"] == F(13, 36)


def test_a_unit_the_step_does_not_touch_rolls_nothing(current):
    odds = agony_odds(current, 2, grunts())
    assert not odds.rolls and odds.killed == {0: F(1)}


def test_an_acid_round_of_at_most_three_rolls_by_hand(current):
    # Agony 0, a d6 (clause agony.acid): 1-5 end the round (1/6 each); a 6 rolls twice, so a
    # round has 1, 3, 5... rolls. Three rolls: a 6 then two of 1-5 in either order (1/216
    # each order). Longer rounds: 1 - 5/6 - 25/216 = 11/216.
    rounds, rest = acid_rounds(agony_rules(current).acid, 3)
    assert rounds[(1,)] == F(1, 6) and rounds[(5,)] == F(1, 6)
    assert rounds[(1, 1, 6)] == F(1, 216) and rounds[(1, 2, 6)] == F(2, 216)
    assert len(rounds) == 5 + 15 and rest == F(11, 216)


def test_one_acid_against_the_closed_form_of_its_rounds(current):
    # The number of 1s an acid round reads has the generating function G(x) = x/6 + 4/6 +
    # G(x)^2/6 (a 6 rolls twice), so G(x) = 3 - sqrt(5 - x): no 1 with 3 - sqrt(5), exactly
    # one 1 (the acid becomes minor acid) with G'(0) = 1/(2 sqrt(5)). The odds are exact
    # for the rounds weighed: each figure at most ``rest`` below the whole.
    odds = agony_odds(current, 0, grunts(acid=1))
    assert odds.rolls and odds.bound is not None and 0 < odds.rest < F(1, 100)
    minor = odds.acid["becomes minor acid"]
    gone = odds.acid["no acid left"]
    assert minor <= 1 / (2 * math.sqrt(5)) <= minor + odds.rest
    assert gone <= 1 - (3 - math.sqrt(5)) <= gone + odds.rest
    # a 5 sets the unit on fire (ruling agony.acid-five: as 4): as likely as a 1 is read
    assert odds.acid["set on fire"] == gone
    assert "armor reduced" not in odds.acid  # the grunts have no armor
    assert odds.killed == {0: 1 - odds.rest}  # acid kills no model


@pytest.mark.parametrize(
    ("reading", "minor", "gone"),
    [("per-instance", F(9, 36), F(1, 36)), ("per-unit", F(8, 36), F(1, 36))],
)
def test_two_acids_rounds_of_one_roll_by_hand(current, reading, minor, gone):
    # Rounds of one roll only (a 6 is the rest: 1 - (5/6)^2 = 11/36). Both roll a 1 (1/36):
    # no acid left either way; per instance each becomes minor acid, per unit (ruling
    # agony.acid-two-downgrades) both are removed. One 1 and one of 2-5: 2 * 1/6 * 4/6.
    rules = current.with_readings({"agony.acid-two-downgrades": reading})
    odds = agony_odds(rules, 0, grunts(acid=2), acid_bound=1)
    assert odds.rest == F(11, 36)
    assert odds.acid["becomes minor acid"] == minor
    assert odds.acid["no acid left"] == gone


def test_terror_of_each_enemy_in_reach_counts_on_its_target(current):
    # Nightmare riders: Terror[range=2][d6], psychic damage; elf rangers read "Dismayed:
    # shaken" at 6: 1/6 for one rider unit, 1 - (5/6)^2 = 11/36 for two.
    rangers = UnitState(uid="rangers", unit=find_unit("elf-rangers"), side=1, hex=Hex(0, 0))
    riders = [
        UnitState(uid=f"riders{i}", unit=find_unit("nightmare-riders"), side=2, hex=Hex(0, i))
        for i in (1, 2)
    ]
    alone = agony_odds(current, 0, rangers)
    assert not alone.rolls
    one = agony_odds(current, 0, rangers, riders[:1])
    assert one.rows == {"Dismayed: shaken": F(1, 6)} and one.terror == ("riders1",)
    two = agony_odds(current, 0, rangers, riders)
    assert two.rows == {"Dismayed: shaken": F(11, 36)}


class DiceNeeded(Exception):
    """The step asked a die past the faces given."""


def _needed(request):
    raise DiceNeeded


def brute_acid(rules, step, unit, bound):
    """Every sequence of faces of at most ``bound`` dice through the engine's own step
    (a die asked past the bound: the rest)."""
    named: dict[str, F] = {}
    tokens: dict[int, F] = {}
    rest = F(0)
    stack = [((), F(1))]
    while stack:
        faces, p = stack.pop()
        dice = Dice(seed=0, ask=_needed)
        dice.type_in(faces)
        try:
            result = run_agony_step(rules, step, [unit], dice)
        except DiceNeeded:
            if len(faces) == bound:
                rest += p
            else:
                stack.extend(((*faces, f), p / 6) for f in range(1, 7))
            continue
        after = result.unit(unit.uid)
        for name, happened in (
            ("no acid left", after.acid == 0),
            ("becomes minor acid", after.minor_acid > unit.minor_acid),
            ("set on fire", after.fire > unit.fire),
            ("armor reduced", after.armor_down > unit.armor_down),
            ("cloud placed", bool(result.placements)),
        ):
            if happened:
                named[name] = named.get(name, F(0)) + p
        gained = after.damage_tokens - unit.damage_tokens
        if gained:
            tokens[gained] = tokens.get(gained, F(0)) + p
    return named, tokens, rest


@settings(max_examples=30, deadline=None)
@given(
    edition=st.sampled_from([("current", 0), ("first-draft", 2)]),
    kind=st.sampled_from(["ork-grunts", "standard-tank"]),
    bound=st.integers(1, 5),
    start=st.tuples(st.integers(0, 2), st.integers(0, 1), st.integers(0, 1)),
    five=st.sampled_from(["as-4", "as-6"]),
)
def test_one_acids_odds_match_every_face_enumerated(edition, kind, bound, start, five):
    name, step = edition
    rules = ruleset(name)
    if name == "current":
        rules = rules.with_readings({"agony.acid-five": five})
    tokens, minor, fire = start
    unit = UnitState(
        uid="u", unit=find_unit(kind), side=2, hex=Hex(0, 0), acid=1,
        damage_tokens=tokens, minor_acid=minor, fire=fire,
    )  # fmt: skip
    odds = agony_odds(rules, step, unit, acid_bound=bound)
    named, gained, rest = brute_acid(rules, step, unit, bound)
    assert odds.rest == rest
    assert {k: v for k, v in odds.acid.items() if v} == named
    assert dict(odds.tokens) == gained


class Asked(Exception):
    def __init__(self, request):
        super().__init__(request.purpose)
        self.request = request


def _asked(request):
    raise Asked(request)


def brute_step(rules, step, unit, others, bound):
    """The whole step through the engine, every die asked branching (an acid round's dice
    past ``bound`` the rest): P(models killed), P(rows read), P(tokens gained), the rest."""
    table = agony_rules(rules).acid
    killed: dict[int, F] = {}
    rows: dict[str, F] = {}
    tokens: dict[int, F] = {}
    rest = F(0)
    # (faces so far, rolls of the acid round under way, its rolls still to come, p)
    stack = [((), 0, 1, F(1))]
    while stack:
        faces, length, pending, p = stack.pop()
        dice = Dice(seed=0, ask=_asked)
        dice.type_in(faces)
        try:
            result = run_agony_step(rules, step, [unit, *others], dice)
        except Asked as asked:
            sides = asked.request.sides
            if not asked.request.purpose.startswith("acid on"):
                stack.extend(((*faces, f), length, pending, p / sides) for f in range(1, sides + 1))
            elif length == bound:
                rest += p
            else:
                for f in range(1, sides + 1):
                    left = pending - 1 + table.row(f).roll_again
                    # a round done: the next instance's starts afresh
                    state = (length + 1, left) if left else (0, 1)
                    stack.append(((*faces, f), *state, p / sides))
            continue
        after = result.unit(unit.uid)
        n = unit.alive - after.alive
        killed[n] = killed.get(n, F(0)) + p
        gained = after.damage_tokens - unit.damage_tokens
        if gained:
            tokens[gained] = tokens.get(gained, F(0)) + p
        read = {e.table.row for e in result.events if e.uid == unit.uid and e.table}
        for text in {row.text for row in read if row is not None}:
            rows[text] = rows.get(text, F(0)) + p
    return killed, rows, tokens, rest


@settings(max_examples=10, deadline=None)
@given(
    reading=st.sampled_from(["immediately", "at-apply"]),
    target=st.sampled_from(["elf-rangers", "wind-riders", "shades"]),
    acid=st.sampled_from([(1, 1), (1, 3), (2, 1), (2, 3)]),
    tokens=st.integers(0, 2),
    downgrades=st.sampled_from(["per-instance", "per-unit"]),
)
def test_acid_then_terror_match_the_whole_step_enumerated(
    reading, target, acid, tokens, downgrades
):
    # The acid's tokens count on the terror roll after it when psychic damage counts
    # previous damage (ruling damage.special-modifiers: regular) and the pending tokens are
    # seen at once; at 'at-apply' the terror sees the tokens the step began with.
    rules = ruleset("current").with_readings(
        {
            "damage.special-modifiers": "regular",
            "damage.pending-tokens": reading,
            "agony.acid-two-downgrades": downgrades,
        }
    )
    instances, bound = acid
    unit = UnitState(
        uid="u",
        unit=find_unit(target),
        side=1,
        hex=Hex(0, 0),
        acid=instances,
        damage_tokens=tokens,
    )
    riders = [UnitState(uid="r", unit=find_unit("nightmare-riders"), side=2, hex=Hex(0, 1))]
    odds = agony_odds(rules, 0, unit, riders, acid_bound=bound)
    killed, rows, gained, rest = brute_step(rules, 0, unit, riders, bound)
    assert odds.rest == rest
    assert dict(odds.killed) == killed
    assert dict(odds.rows) == rows
    assert dict(odds.tokens) == gained


def test_terror_reaches_no_unit_without_a_psychic_table(current):
    # The standard tank has no psychic table: immune to terror, so none is weighed on it.
    from referee.rules.agony.terror import terror_sources

    spec = agony_rules(current).terror
    tank = UnitState(uid="tank", unit=find_unit("standard-tank"), side=1, hex=Hex(0, 0))
    rangers = UnitState(uid="rangers", unit=find_unit("elf-rangers"), side=1, hex=Hex(0, 0))
    riders = UnitState(uid="riders", unit=find_unit("nightmare-riders"), side=2, hex=Hex(0, 2))
    far = UnitState(uid="far", unit=find_unit("nightmare-riders"), side=2, hex=Hex(0, 3))
    assert terror_sources(spec, tank, [tank, riders]) == ()
    assert terror_sources(spec, rangers, [rangers, riders, far]) == (riders,)  # range 2
