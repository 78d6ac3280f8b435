"""After and before the assault: retreats, Stubborn, overcrowded winners, Pre-Assault
Retreat and Fear (clauses assault.retreat, assault.stubborn-edge, abilities.stubborn,
assault.overcrowding, abilities.pre-assault-retreat, abilities.fear).

On the 5 x 5 board C3's neighbours are C2 (N), D2 (NE), D3 (SE), C4 (S), B3 (SW), B2 (NW).
"""

from __future__ import annotations

import pytest
from assault_units import NE, N, S, at, board, contest, fighter, state, typed

from referee.rules.assault.contest import AssaultError
from referee.rules.assault.flow import Assault
from referee.rules.assault.outcome import outcome
from referee.rules.assault.pre_assault import pre_assault, retreat_options


def elf_enters_against(unit: str, where: str = "C3", facing: int = N, frm: str = "C2"):
    """Elf rangers (side 1) enter ``where`` from ``frm`` against ``unit`` (side 2) holding it."""
    return contest(
        where,
        [fighter(state("ER", "elf-rangers", 1, frm, S))],
        [fighter(state("T", unit, 2, where, facing), "stationary", "front")],
    )


def test_a_loser_that_tried_to_enter_stays_where_it_was(current):
    out = outcome(current, board(), elf_enters_against("standard-tank"), winner=2)
    r = out.retreats["ER"]
    assert (r.kind, r.options) == ("stays", (at("C2"),))
    assert out.enter == () and out.retreating == 1


def test_a_blocked_retreat_goes_to_the_closest_possible_hex(current):
    enemy_behind = state("X", "elf-rangers", 1, "C4")
    out = outcome(current, board(), elf_enters_against("standard-tank"), 1, [enemy_behind])
    r = out.retreats["T"]
    assert (r.kind, r.options) == ("closest", (at("B3"), at("D3")))
    moved = out.apply({"T": (at("D3"), N)})
    assert moved["T"].hex == at("D3") and moved["ER"].hex == at("C3")


def test_a_surrounded_loser_assaults_the_hex_it_would_retreat_into(current):
    ring = [
        state(f"X{i}", "elf-rangers", 1, h) for i, h in enumerate(["C4", "B3", "D3", "B2", "D2"])
    ]
    ring.append(state("Y", "elf-rangers", 1, "C2"))
    # the rangers enter from D2, where X4 stays: every neighbour of C3 holds an enemy
    c = contest(
        "C3",
        [fighter(state("ER", "elf-rangers", 1, "D2", S))],
        [fighter(state("T", "standard-tank", 2, "C3", N), "stationary", "front")],
    )
    out = outcome(current, board(), c, 1, ring)
    assert out.retreats["T"].kind == "surrounded"
    assert out.new_assaults == (("T", (at("C4"),)),)


def test_a_stubborn_loser_holds_and_the_enemy_retreats_instead(current):
    out = outcome(current, board(), elf_enters_against("ironbreakers"), winner=1)
    assert dict(out.stubborn) == {"T": "ability"}
    assert out.retreating == 1 and out.enter == ()
    assert out.retreats["ER"].kind == "stays"
    assert "T" not in out.retreats


def test_the_first_draft_fights_the_assault_again(first_draft):
    out = outcome(first_draft, board(), elf_enters_against("ironbreakers"), winner=1)
    assert out.repeat and out.retreating is None and dict(out.retreats) == {}


def test_a_loser_at_the_board_edge_gains_stubborn(current):
    # The tank holds C1 (top row) facing S; the hex behind it is off the map.
    c = elf_enters_against("standard-tank", where="C1", facing=S, frm="C2")
    out = outcome(current, board(), c, winner=1)
    assert dict(out.stubborn) == {"T": "edge"}
    assert out.retreating == 1 and out.retreats["ER"].kind == "stays"
    assert "assault.edge-stubborn" in out.rulings


def test_the_first_draft_has_no_edge_rule(first_draft):
    c = elf_enters_against("standard-tank", where="C1", facing=S, frm="C2")
    out = outcome(first_draft, board(), c, winner=1)
    assert dict(out.stubborn) == {} and out.retreating == 2
    assert out.retreats["T"].kind == "closest" and out.enter == ("ER",)


def two_tanks():
    # Two shadow tanks (large) enter C3 from C2 and B3: at most one large unit per hex.
    return contest(
        "C3",
        [
            fighter(state("D1", "shadow-tank", 1, "C2", S)),
            fighter(state("D2", "shadow-tank", 1, "B3", NE)),
        ],
        [fighter(state("ER", "elf-rangers", 2, "C3", N), "stationary", "front")],
    )


def test_winners_over_the_stacking_limit_are_all_shaken(current):
    out = outcome(current, board(), two_tanks(), winner=1)
    assert out.enter == ("D1", "D2") and out.shaken == ("D1", "D2")
    moved = out.apply()
    assert [moved[u].shaken for u in ("D1", "D2")] == [2, 2]  # first shaken: two tokens
    assert moved["D1"].hex == moved["D2"].hex == at("C3")


def test_overcrowded_winners_stay_out_under_the_other_reading(current):
    rules = current.with_readings({"assault.overcrowded-winners": "stay-shaken"})
    out = outcome(rules, board(), two_tanks(), winner=1)
    assert out.enter == () and out.shaken == ("D1", "D2")
    assert "assault.overcrowded-winners" in out.rulings


def test_a_retreat_may_only_turn_left_right_or_about(current):
    out = outcome(current, board(), elf_enters_against("standard-tank"), winner=1)
    with pytest.raises(AssaultError, match="facing 2 is not one it may take"):
        out.apply({"T": (None, 2)})


# --- before the assault ---------------------------------------------------------------------


def peltasts_attacked(others=()):
    # Peltast skirmishers, Pre-Assault Retreat[4+], hold C3 facing N at stand-still.
    return contest(
        "C3",
        [fighter(state("ER", "elf-rangers", 1, "C2", S))],
        [fighter(state("P", "peltast-skirmishers", 2, "C3", N), "stationary", "front")],
    )


def test_pre_assault_retreat_on_n_or_more(current):
    c = peltasts_attacked()
    (attempt,) = retreat_options(current, board(), c, [])
    assert attempt.allowed and attempt.retreat.options == (at("C4"),)
    done = pre_assault(current, c, typed(4), [attempt])
    assert done.retreats[0].succeeded and not done.contest.is_fought
    assert done.states["P"].speed == "slow"  # stand-still becomes slow
    failed = pre_assault(current, c, typed(3), [attempt])
    assert not failed.retreats[0].succeeded and failed.contest.is_fought


def test_pre_assault_retreat_only_into_a_legal_hex_in_the_current_edition(current, first_draft):
    c = peltasts_attacked()
    enemy_behind = [state("X", "elf-rangers", 1, "C4")]
    (attempt,) = retreat_options(current, board(), c, enemy_behind)
    assert attempt.retreat.kind == "closest" and not attempt.allowed
    done = pre_assault(current, c, typed(6), [attempt])
    assert done.retreats[0].roll is None and done.contest.is_fought  # no die rolled
    (older,) = retreat_options(first_draft, board(), c, enemy_behind)
    assert older.allowed


def nightmares_attacked():
    # Nightmare riders (Fear[6]) hold C3; Elf rangers enter from C2 and the E34 from B3.
    return contest(
        "C3",
        [fighter(state("NR", "nightmare-riders", 1, "C3", N), "stationary", "front")],
        [
            fighter(state("ER", "elf-rangers", 2, "C2", S)),
            fighter(state("E34", "e34", 2, "B3", NE)),
        ],
    )


def test_fear_rolls_psychic_damage_on_each_enemy_with_a_psychic_table(current):
    done = pre_assault(current, nightmares_attacked(), typed(6))
    ranger, tank = done.fear
    # d6 = 6 on the rangers' psychic table (6: "Dismayed: shaken"); the E34 has none
    assert ranger.roll is not None and ranger.roll.row is not None
    assert ranger.roll.row.text == "Dismayed: shaken"
    assert tank.roll is None and tank.why_none == "no psychic table: immune"
    assert [e.uid for e in done.ledger.entries] == ["ER"]  # pending until apply damage


def test_fear_halving_of_the_fear_dice_reading(current):
    rules = current.with_readings({"assault.fear-halving": "fear-dice"})
    c = contest(
        "C3",
        [fighter(state("NR", "nightmare-riders", 1, "C3", N), "stationary", "front")],
        [fighter(state("ER", "elf-rangers", 2, "C2", S, shaken=2))],
    )
    done = pre_assault(rules, c, typed())
    assert done.fear[0].roll is None and done.rulings == ("assault.fear-halving",)


def test_the_assault_carries_the_fear_damage_on_to_its_ledger(current):
    # NR front 3 dice x 2 at 4+: 1s; ER 4 dice at 5+: 5 -> 1 hit; E34 5 dice: 1s.
    a = Assault(current, nightmares_attacked()).before(typed(6))
    a = a.roll(typed(1, 1, 1, 1, 1, 1, 5, 1, 1, 1, 1, 1, 1, 1, 1)).decide().deflect()
    a = a.allocate().roll_damage(typed(1))  # ER d6-1 on NR (no armor): 1 - 1 = 0
    assert [e.source for e in a.damage.ledger.entries] == ["fear of NR", "assault"]


def test_losers_retreat_one_after_the_other(current):
    # The E34 and the rangers leave C3 backwards into C4, where a friendly base stands: the
    # E34 fills C4 (two units), so the rangers go to the closest possible hexes.
    c = contest(
        "C3",
        [fighter(state("DW", "dark-elf-warriors", 1, "C2", S))],
        [
            fighter(state("E34", "e34", 2, "C3", N), "stationary", "front"),
            fighter(state("ER", "elf-rangers", 2, "C3", N), "stationary", "front"),
        ],
    )
    friend = state("F", "elf-pathfinders", 2, "C4")
    out = outcome(current, board(), c, winner=1, units=[friend])
    assert (out.retreats["E34"].kind, out.retreats["E34"].options) == ("backwards", (at("C4"),))
    assert (out.retreats["ER"].kind, out.retreats["ER"].options) == (
        "closest",
        (at("B3"), at("D3")),
    )
