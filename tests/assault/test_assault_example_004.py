"""Draft 004's assault example, end to end with typed dice (clauses assault.*, current).

"DarkElf: Tank + a infantry base with 4 models: total 9 assault dice with success at 5+ and
11 deflection dice with success at 6+. Elf: Tank + a infantry base with 3 alive modles:
total 8 assault dice wth success at 5+, but no deflection. DarkElf rolled 5 success and 3
deflection. Elf rolled 6 successes (3 from E34 and 3 from infantry). DarkElf scores 5 hits
and elf score 6-3 = 3 hits. Advantage DarkElf." The Dark Elf deflects the 3 tank hits; the
Elf puts 3 damaging hits on the Dark-Elf infantry; the Dark Elf puts 3 on the Elf infantry
and its tank hit gets support. The Elf kills 2 models, the Dark Elf all 3, the E34 is not
penetrated, and the Elf retreats.

The Dark Elves enter C3 from C2 (facing S); the Elves hold C3 facing N, attacked in front.
"""

from __future__ import annotations

import json

import pytest
from assault_units import N, S, at, board, contest, fighter, state, typed

from referee.rules.assault.allocation import SideAllocation, TokenPlan, check_allocation, roll_plan
from referee.rules.assault.contest import AssaultError
from referee.rules.assault.deflection import choice
from referee.rules.assault.flow import Assault

# side 1 assault: tank 5 dice (2 successes at 5+), infantry 4 dice (3 successes)
# side 1 deflection at 6+: tank 3 dice (one 6), infantry 8 dice (two 6s)
# side 2 assault: E34 5 dice (3 successes), infantry 3 dice (3 successes)
DICE = (5, 6, 1, 2, 3, 5, 5, 6, 1, 6, 1, 2, 6, 6, 1, 1, 2, 3, 4, 5, 5, 6, 5, 1, 2, 5, 6, 5)


def example(rules):
    # Earlier damage explains the kills: d6-1 alone never reaches a kill row (6+).
    dark_tank = state("DT", "shadow-tank", 1, "C2", S)
    dark_inf = state("DW", "dark-elf-warriors", 1, "C2", S, damage_tokens=2)
    e34 = state("E34", "e34", 2, "C3", N)
    elf_inf = state("ER", "elf-rangers", 2, "C3", N, alive=3, damage_tokens=4)
    return Assault(
        rules,
        contest(
            "C3",
            [fighter(dark_tank), fighter(dark_inf)],
            [fighter(e34, "stationary", "front"), fighter(elf_inf, "stationary", "front")],
        ),
    )


def test_dice_pools_of_the_example(current):
    a = example(current).roll(typed(*DICE))
    # 5 (tank front) + 1 x 4 models = 9 assault dice; 3 + 2 x 4 = 11 deflection dice
    assert (a.pools.dice(1, "assault"), a.pools.dice(1, "deflection")) == (9, 11)
    # 5 (E34 front) + 1 x 3 alive models = 8 assault dice, no deflection
    assert (a.pools.dice(2, "assault"), a.pools.dice(2, "deflection")) == (8, 0)


def test_successes_deflections_and_advantage(current):
    a = example(current).roll(typed(*DICE)).decide()
    assert dict(a.rolled.successes(2, "assault")) == {"E34": 3, "ER": 3}
    adv = a.advantage
    assert (adv.successes[1], adv.deflections[1], adv.successes[2]) == (5, 3, 6)
    assert (adv.net(1), adv.net(2)) == (5, 6 - 3)
    assert adv.side == 1 and adv.tie is None


def test_the_advantaged_side_deflects_the_tank_hits(current):
    a = example(current).roll(typed(*DICE)).decide().deflect(choice(1, {2: {"E34": 3}}))
    assert dict(a.deflected.of(2)) == {"E34": 0, "ER": 3}
    assert dict(a.deflected.of(1)) == {"DT": 2, "DW": 3}


def test_the_example_allocates_six_hits_of_five(current):
    # "3 damaging scores to the infantry and 1 damaging + 2 support to the tank" is 6 hits,
    # but the Dark Elf scored 5: the check names the overdrawn source.
    a = example(current).roll(typed(*DICE)).decide().deflect(choice(1, {2: {"E34": 3}}))
    as_written = SideAllocation(
        1,
        1,
        (*[roll_plan("DW", "ER")] * 3, roll_plan("DT", "E34", {"DT": 2})),
        tokens=(TokenPlan("DW", "ER", "poison"),),
    )
    assert check_allocation(current, a.deflected, as_written) == ["DT: 3 hits dealt, it has 2"]


def run(current):
    a = example(current).roll(typed(*DICE)).decide().deflect(choice(1, {2: {"E34": 3}}))
    dark = SideAllocation(
        1,
        1,
        (*[roll_plan("DW", "ER")] * 3, roll_plan("DT", "E34", {"DT": 1})),
        # Poison[6][1 for 2] of the warriors: 3 hits -> 1 token; the tank's Acid[1 for 3]: 2
        # hits -> none
        tokens=(TokenPlan("DW", "ER", "poison"),),
    )
    elf = SideAllocation(2, 2, tuple([roll_plan("ER", "DW")] * 3))
    a = a.allocate({1: dark, 2: elf})
    # Dark Elf on the rangers (4 tokens, regular table 4 token / 6 kill / 10 kill+bleeding):
    #   6-1+4 = 9 kill (tokens 4 -> 2), 5-1+2 = 6 kill (2 -> 1), 6-1+1 = 6 kill (1 -> 0).
    # Tank hit on the E34: front armor 4 against AP -1 = 5 dice at 5+: 5, 6 -> blocked.
    # Elf on the warriors (2 tokens): 6-1+2 = 7 kill (2 -> 1), 6-1+1 = 6 kill, 3-1 = 2 nothing.
    return a.roll_damage(typed(6, 5, 6, 5, 6, 1, 1, 1, 6, 6, 3))


def test_damage_elf_kills_two_dark_elf_kills_three_tank_unharmed(current):
    a = run(current)
    tank_roll = [r for r in a.damage.rolls if r.target == "E34"]
    assert len(tank_roll) == 1 and tank_roll[0].result.blocked
    assert tank_roll[0].support == {"regular": 1}
    states, applied = a.damage.apply()
    assert dict(applied.killed) == {"ER": 3, "DW": 2}
    assert states["ER"].destroyed and states["DW"].alive == 2
    assert "E34" not in applied.killed  # nothing pending on the tank
    assert [(p.source, p.target, p.kind, p.die) for p in a.damage.placements] == [
        ("DW", "ER", "poison", 6)
    ]


def test_the_elf_retreats_and_the_dark_elves_enter(current):
    a = run(current).resolve(board())
    out = a.outcome
    assert out.retreating == 2 and not out.repeat
    assert {u: (r.kind, r.options) for u, r in out.retreats.items()} == {
        "E34": ("backwards", (at("C4"),)),
        "ER": ("backwards", (at("C4"),)),
    }
    assert out.enter == ("DT", "DW") and out.shaken == ()
    moved = out.apply({"E34": (None, S)})  # the E34 turns about as it retreats
    assert (moved["E34"].hex, moved["E34"].facing) == (at("C4"), S)
    assert moved["DT"].hex == moved["DW"].hex == at("C3")


def test_every_stage_explains_itself_and_names_its_clauses(current):
    a = run(current).resolve(board())
    data = json.loads(json.dumps(a.to_json()))
    assert data["stage"] == "outcome"
    assert "assault.advantage" in data["advantage"]["clauses"]
    assert "assault.allocation" in data["allocated"]["clauses"]
    assert "assault.damaging-first" in data["allocated"]["rulings"]
    text = a.explain()
    assert "advantage: side 1" in text and "retreats backwards into C4" in text


def test_a_stage_out_of_turn_is_refused(current):
    with pytest.raises(AssaultError, match="decide the advantage first"):
        example(current).roll(typed(*DICE)).deflect()
