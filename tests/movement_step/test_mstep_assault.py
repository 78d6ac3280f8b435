"""Assaults a movement step starts (draft 004, Assault): "If two or more units from different
team/faction tries to enter the same hex simultaneously, use ASSAULT rules. Assaults also is
conducted if two or more units from different teams try to enter each others hex. Ie they
are facing each other and both moving forward." Head-on ambiguity: "the team with the
heighest melee skills determine which hex (or hexes) are being faught over: Spartan,
Dark_Elf, Ork, Dwarf, Elf". Facing: "front ... for units entering the hex ... when reversing
into an assault, set facing = back. For stationary units being assaulted, use assault and
armor from the side which it is assaulted from." Stacking Limit: "A flying unit may even
share a hex with an enemy."
"""

from __future__ import annotations

from mstep_factory import NE, NW, SE, SW, TANK_TYPES, N, S, board, run, unit, where

from referee.dice.service import Dice
from referee.ruleset.shipped import ruleset


def test_enemies_entering_the_same_empty_hex_fight_over_it():
    m = board()
    units = [unit(m, "X", "B3", 1, N), unit(m, "Y", "B1", 2, S, nation="ork")]
    r = run(m, units, {"X": "F", "Y": "F"})
    (c,) = r.contests
    assert [str(h) for h in c.hexes] == ["B2"] and c.layer == "ground"
    assert not c.head_on and c.decision is None
    assert [(p.uid, p.role, p.sectors) for p in c.participants] == [
        ("X", "entering", ("front",)),
        ("Y", "entering", ("front",)),
    ]
    assert [p.uid for p in c.attackers(1)] == ["X"] and c.defenders(2) == ()
    # nobody has moved yet: the assault decides
    assert where(m, r, units) == {"X": "B3", "Y": "B1"} and not r.moves


def test_moving_into_a_stationary_enemy_is_fought_with_the_side_it_is_attacked_from():
    m = board()
    units = [unit(m, "D", "B3", 2, N, nation="ork"), unit(m, "X", "B4", 1, N)]
    r = run(m, units, {"X": "F"})
    (c,) = r.contests
    d = c.participant("D")
    # X comes from B4, south of B3; D faces north: its back.
    assert (d.role, d.to, d.sectors) == ("stationary", None, ("back",))
    assert c.defenders(2) == (d,) and [p.uid for p in c.attackers(1)] == ["X"]


def test_a_defender_attacked_from_two_sides_lists_both():
    m = board()
    units = [
        unit(m, "D", "B3", 2, N, nation="ork"),
        unit(m, "X1", "B4", 1, N),
        unit(m, "X2", "C3", 1, SW),
    ]
    r = run(m, units, {"X1": "F", "X2": "F"})
    (c,) = r.contests
    # from C3 (north-east of B3): front-side; from B4 (south): back.
    assert c.participant("D").sectors == ("front-side", "back")


def test_reversing_into_an_enemy_fights_with_its_back():
    m = board()
    units = [unit(m, "D", "B2", 2, N, nation="ork"), unit(m, "X", "B1", 1, N)]
    r = run(m, units, {"X": "Rev"})
    (c,) = r.contests
    x = c.participant("X")
    assert (x.role, x.sectors, str(x.to)) == ("reversing-in", ("back",), "B2")
    # D faces north and X comes from B1, north of it: D's front.
    assert c.participant("D").sectors == ("front",)


def test_head_on_swap_waits_for_the_best_melee_side_to_choose_the_hex():
    m = board()
    units = [unit(m, "X", "B2", 1, S, nation="elf"), unit(m, "Y", "B3", 2, N, nation="spartan")]
    r = run(m, units, {"X": "F", "Y": "F"})
    assert not r.complete
    (c,) = r.contests
    assert c.head_on and c.hexes == () and c.hex is None
    assert c.decision is not None and c.deciding_nation == "spartan"
    (choice,) = r.pending
    assert choice.key == "head-on B2-B3" and choice.kind == "hex-fought-over"
    assert (choice.side, choice.nation, [str(h) for h in choice.options]) == (
        2,
        "spartan",
        ["B2", "B3"],
    )
    assert all(p.head_on and p.role == "entering" for p in c.participants)


def test_the_chosen_hex_of_a_head_on_assault():
    m = board()
    units = [unit(m, "X", "B2", 1, S, nation="elf"), unit(m, "Y", "B3", 2, N, nation="spartan")]
    r = run(m, units, {"X": "F", "Y": "F"}, choices={"head-on B2-B3": m.parse("B3")})
    assert r.complete
    (c,) = r.contests
    assert [str(h) for h in c.hexes] == ["B3"]
    assert c.decision is not None and str(c.decision.chosen) == "B3"
    assert "assault.hex-fought-over" in c.clauses and "move.head-on-ways" in c.rulings


def test_dark_elves_outrank_orks_in_melee():
    m = board()
    units = [unit(m, "X", "B2", 1, S, nation="ork"), unit(m, "Y", "B3", 2, N, nation="dark-elf")]
    (choice,) = run(m, units, {"X": "F", "Y": "F"}).pending
    assert (choice.side, choice.nation) == (2, "dark-elf")


def test_equal_melee_skill_leaves_the_hex_to_the_referee():
    m = board()
    units = [unit(m, "X", "B2", 1, S), unit(m, "Y", "B3", 2, N)]
    r = run(m, units, {"X": "F", "Y": "F"})
    (choice,) = r.pending
    assert (choice.side, choice.nation) == (None, None)
    assert "move.head-on-same-nation" in r.contests[0].rulings


def test_equal_melee_skill_rolls_off_if_ruled_so():
    m = board()
    units = [unit(m, "X", "B2", 1, S), unit(m, "Y", "B3", 2, N)]
    rules = ruleset("current").with_readings({"move.head-on-same-nation": "roll-off"})
    dice = Dice(seed=1)
    dice.type_in([4, 4, 2, 5])  # a tie, then side 2 higher
    r = run(m, units, {"X": "F", "Y": "F"}, rules=rules, dice=dice)
    (choice,) = r.pending
    assert (choice.side, choice.nation) == (2, "elf")
    assert r.dice_values() == (4, 4, 2, 5)


def test_a_head_on_meeting_joins_the_fight_in_a_hex_held_by_an_enemy():
    m = board()
    units = [
        unit(m, "X", "B2", 1, S, nation="elf"),
        unit(m, "Y", "B3", 2, N, nation="spartan"),
        unit(m, "Y2", "B3", 2, N, nation="spartan", speed="stand-still"),
    ]
    r = run(m, units, {"X": "F", "Y": "F"})
    # X entering B3 meets Y2 there: only one way to fight, nobody chooses.
    assert r.complete
    (c,) = r.contests
    assert [str(h) for h in c.hexes] == ["B3"] and c.head_on and c.decision is None
    assert c.participant("Y2").role == "stationary"
    assert c.participant("Y2").sectors == ("front",)  # X comes from B2, north of Y2
    assert c.participant("Y").head_on and not c.participant("Y2").head_on


def test_a_head_on_swap_with_a_reversing_enemy_is_an_assault():
    m = board()
    units = [unit(m, "X", "B2", 1, S, nation="ork"), unit(m, "Y", "B3", 2, S, nation="spartan")]
    r = run(m, units, {"X": "F", "Y": "Rev"}, choices={"head-on B2-B3": m.parse("B2")})
    (c,) = r.contests
    assert c.participant("Y").role == "reversing-in"


def test_enemies_pass_each_other_unless_facing_and_moving_forward_if_ruled_so():
    m = board()
    units = [unit(m, "X", "B2", 1, S, nation="ork"), unit(m, "Y", "B3", 2, S, nation="spartan")]
    rules = ruleset("current").with_readings({"move.head-on": "facing-forward"})
    r = run(m, units, {"X": "F", "Y": "Rev"}, rules=rules)
    assert not r.contests
    assert where(m, r, units) == {"X": "B3", "Y": "B2"}


def test_both_hexes_are_fought_over_if_ruled_so():
    m = board()
    units = [unit(m, "X", "B2", 1, S, nation="elf"), unit(m, "Y", "B3", 2, N, nation="spartan")]
    rules = ruleset("current").with_readings({"move.head-on-ways": "both-hexes"})
    r = run(m, units, {"X": "F", "Y": "F"}, rules=rules)
    assert r.complete
    assert [str(h) for h in r.contests[0].hexes] == ["B2", "B3"]


def test_an_enemy_entering_a_hex_being_left_does_not_fight():
    m = board()
    units = [unit(m, "D", "B2", 2, N, nation="ork"), unit(m, "X", "B3", 1, N)]
    r = run(m, units, {"D": "F", "X": "F"})
    assert not r.contests
    assert where(m, r, units) == {"D": "B1", "X": "B2"}


def test_an_enemy_stuck_in_its_hex_is_assaulted_there():
    m = board({"B2": "swamp"})
    units = [unit(m, "D", "B2", 2, N, nation="ork", types=TANK_TYPES), unit(m, "X", "B3", 1, N)]
    dice = Dice(seed=1)
    dice.type_in([2])  # D stuck on 1-2
    r = run(m, units, {"D": "F", "X": "F"}, dice=dice)
    (c,) = r.contests
    assert c.participant("D").role == "stationary"
    assert c.participant("D").sectors == ("back",)


def test_a_flying_unit_may_share_a_hex_with_enemies_on_the_ground():
    m = board()
    units = [
        unit(m, "D", "B2", 2, N, nation="ork"),
        unit(m, "F", "B3", 1, N, flying=True),
        unit(m, "A", "B1", 2, S, nation="ork", flying=True),
        unit(m, "G", "C2", 1, SW),
    ]
    # F flies into B2 over D and meets A flying in from B1; on the ground G meets D.
    r = run(m, units, {"F": "F", "G": "F", "A": "F"})
    layers = sorted((c.layer, tuple(p.uid for p in c.participants)) for c in r.contests)
    assert layers == [("flying", ("F", "A")), ("ground", ("G", "D"))]


def test_flying_over_a_ground_enemy_is_no_assault():
    m = board()
    units = [unit(m, "D", "B2", 2, N, nation="ork"), unit(m, "F", "B3", 1, N, flying=True)]
    r = run(m, units, {"F": "F"})
    assert not r.contests
    assert where(m, r, units) == {"D": "B2", "F": "B2"}


def test_flying_enemies_share_a_hex_if_ruled_so():
    m = board()
    units = [
        unit(m, "A", "B2", 2, N, nation="ork", flying=True),
        unit(m, "F", "B3", 1, N, flying=True),
    ]
    assert run(m, units, {"F": "F"}).contests[0].rulings == ("move.flying-enemy",)
    rules = ruleset("current").with_readings({"move.flying-enemy": "any"})
    r = run(m, units, {"F": "F"}, rules=rules)
    assert not r.contests and where(m, r, units)["F"] == "B2"


def test_no_overcrowding_check_in_a_hex_fought_over():
    m = board()
    units = [
        unit(m, "X1", "B3", 1, N),
        unit(m, "X2", "A3", 1, NE),
        unit(m, "X3", "C3", 1, NW),
        unit(m, "Y", "B1", 2, S, nation="ork"),
    ]
    r = run(m, units, {"X1": "F", "X2": "F", "X3": "F", "Y": "F"})
    (c,) = r.contests
    assert sorted(p.uid for p in c.participants) == ["X1", "X2", "X3", "Y"]
    assert not any(s.shaken for s in r.states.values())


def test_a_unit_entering_either_hex_of_a_pending_head_on_waits_for_the_choice():
    m = board()
    units = [
        unit(m, "X", "B2", 1, S, nation="elf"),
        unit(m, "Y", "B3", 2, N, nation="spartan"),
        unit(m, "Z", "A2", 2, SE, nation="spartan"),  # A2 -> B2, the hex X leaves
    ]
    orders = {"X": "F", "Y": "F", "Z": "F"}
    r = run(m, units, orders)
    assert sorted(p.uid for p in r.contests[0].participants) == ["X", "Y", "Z"]
    assert not r.moves
    # fought over B3: Z enters B2, which X left, unopposed
    r = run(m, units, orders, choices={"head-on B2-B3": m.parse("B3")})
    assert sorted(p.uid for p in r.contests[0].participants) == ["X", "Y"]
    assert where(m, r, units)["Z"] == "B2"
    # fought over B2: Z joins the assault there
    r = run(m, units, orders, choices={"head-on B2-B3": m.parse("B2")})
    assert sorted(p.uid for p in r.contests[0].participants) == ["X", "Y", "Z"]
