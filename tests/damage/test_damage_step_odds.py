"""The odds of each damage roll of a step over the rolls before it on the same unit
(clause ``damage.sequence``; ruling ``damage.pending-tokens``), exactly.

The hand figure is the trial's (hoplites' assault on ork grunts, grunts' table: 5 Bruised
+1 token, 7 one model killed, 11 two killed); the property test checks the chain against a
brute-force enumeration of every face of every die, rolled through the engine's own
:func:`damage_roll` and :class:`PendingLedger`.
"""

from __future__ import annotations

import itertools
from fractions import Fraction as F
from types import MappingProxyType

from damage_units import target, weapon
from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from referee.board.hexgrid import Hex
from referee.dice.service import Dice
from referee.rules.damage.damage_roll import damage_roll
from referee.rules.damage.pending import PendingLedger
from referee.rules.damage.sequence_odds import StepRoll, step_roll_odds
from referee.rules.state import UnitState
from referee.units.catalogue import find_unit
from referee.units.model import DamageRow, DamageTable, Effect


def grunts() -> UnitState:
    return UnitState(uid="grunts", unit=find_unit("ork-grunts"), side=2, hex=Hex(0, 0))


def by_text(odds):
    return {odds.labels[rk].split(":")[0]: p for rk, p in odds.rows.items()}


def test_an_assault_roll_sees_the_tokens_and_deaths_of_the_rolls_before_it(current):
    # Row 1: d6 + 4 support on the grunts: 1-2 -> 5-6 Bruised (1/3), 3-6 -> 7-10 one model
    # killed (2/3). Row 2, d6 + the tokens row 1 left: after Bruised (1/3) d6+1: 1-3 nothing,
    # 4-5 Bruised, 6 one killed; after a kill (2/3) the bonus is 0: 1-4 nothing, 5-6 Bruised.
    # Nothing 1/3*1/2 + 2/3*2/3 = 11/18 (61.1%); Bruised 1/3*1/3 + 2/3*1/3 = 1/3;
    # one killed 1/3*1/6 = 1/18 (5.6%).
    hoplites = find_unit("hoplite-phalanx").assault
    odds = step_roll_odds(
        current,
        [StepRoll(hoplites, "grunts", support=4), StepRoll(hoplites, "grunts")],
        {"grunts": grunts()},
        distance=0,
    )
    assert by_text(odds[0]) == {"Bruised": F(1, 3), "One model killed": F(2, 3)}
    assert by_text(odds[1]) == {
        "no damage (below the table)": F(11, 18),
        "Bruised": F(1, 3),
        "One model killed": F(1, 18),
    }
    assert odds[1].killed == {1: F(1, 18)}


def test_at_apply_a_roll_sees_the_tokens_of_the_steps_start(current):
    # Ruling damage.pending-tokens = at-apply: row 2 rolls d6 + 0 whatever row 1 did:
    # 1-4 nothing (2/3), 5-6 Bruised (1/3), as the roll alone.
    rules = current.with_readings({"damage.pending-tokens": "at-apply"})
    hoplites = find_unit("hoplite-phalanx").assault
    odds = step_roll_odds(
        rules,
        [StepRoll(hoplites, "grunts", support=4), StepRoll(hoplites, "grunts")],
        {"grunts": grunts()},
        distance=0,
    )
    assert by_text(odds[1]) == {"no damage (below the table)": F(2, 3), "Bruised": F(1, 3)}


TABLE = DamageTable(
    "regular",
    (
        DamageRow(4, (Effect("damage-token"),), "+1"),
        DamageRow(6, (Effect("kill"),), "kill"),
        DamageRow(8, (Effect("kill", 2),), "kill two"),
    ),
)


def base(uid: str, models: int, tokens: int):
    b = target(uid, armor=None, models=models, damage_tokens=tokens)
    return b.with_(unit=replace(b.unit, damage_tables=MappingProxyType({"regular": TABLE})))


def brute_force(rules, rolls, units, sides):
    """Every face of every die, rolled through the engine: P(row read, or 'gone') per roll."""
    out = [dict() for _ in rolls]
    p_each = F(1, sides ** len(rolls))
    for faces in itertools.product(range(1, sides + 1), repeat=len(rolls)):
        ledger = PendingLedger.open(rules)
        for k, (roll, face) in enumerate(zip(rolls, faces, strict=True)):
            seen = ledger.seen(units[roll.target])
            if seen.destroyed:
                out[k]["gone"] = out[k].get("gone", 0) + p_each
                continue
            dice = Dice(seed=0)
            dice.type_in([face])
            result = damage_roll(rules, roll.attack, seen, None, dice, support=roll.support)
            for _, tr in result.table_rolls:
                key = tr.row.at if tr.row else None
                out[k][key] = out[k].get(key, 0) + p_each
            ledger = ledger.record(units[roll.target], result)
    return out


@settings(max_examples=40, deadline=None)
@given(
    sides=st.sampled_from([4, 6]),
    plan=st.lists(
        st.tuples(st.sampled_from(["a", "b"]), st.integers(0, 3)), min_size=1, max_size=4
    ),
    models=st.integers(1, 3),
    tokens=st.integers(0, 3),
    reading=st.sampled_from(["immediately", "at-apply"]),
)
def test_each_rolls_odds_match_every_face_enumerated(current, sides, plan, models, tokens, reading):
    rules = current.with_readings({"damage.pending-tokens": reading})
    gun = weapon(f"d{sides}", ap=0)
    units = {"a": base("a", models, tokens), "b": base("b", 2, 0)}
    rolls = [StepRoll(gun, uid, support=s) for uid, s in plan]
    odds = step_roll_odds(rules, rolls, units)
    expected = brute_force(rules, rolls, units, sides)
    for got, want in zip(odds, expected, strict=True):
        seen = {at: p for (_, at), p in got.rows.items() if p}
        if got.gone:
            seen["gone"] = got.gone
        assert seen == want


def test_referee_odds_assault_rolls_gives_the_pages_figures(capsys):
    # The trial's hand figure again, through the command line (same engine as the page).
    import json

    from referee.cli.main import main

    argv = ["odds", "assault-rolls", "--attacker", "hoplite-phalanx", "--target", "ork-grunts"]
    assert main([*argv, "--hits", "4", "0", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    second = {r["row"].split(":")[0]: r["exact"] for r in out["rolls"][1]["rows"]}
    assert second == {
        "no damage (below the table)": "11/18",
        "Bruised": "1/3",
        "One model killed": "1/18",
    }
    assert out["rulings"] == ["damage.pending-tokens"]


def test_referee_odds_assault_rolls_refuses_too_many_hits(capsys):
    from referee.cli.main import main

    argv = ["odds", "assault-rolls", "--attacker", "hoplite-phalanx", "--target", "ork-grunts"]
    assert main([*argv, "--hits", *["0"] * 21]) != 0
    assert "--hits" in capsys.readouterr().err
