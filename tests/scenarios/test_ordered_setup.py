"""The first draft's setup in six steps (drafts 000/003, "Setup"; clauses setup.order,
setup.advantage, setup.scout, setup.hidden), on the standard battle's 7x9 map: side 1 sets
up in rows 7-9, side 2 in rows 1-3 (ruling setup.first-draft-zones, three-each)."""

from __future__ import annotations

import pytest
from setup_factory import Driver, setup_board

from referee.board.hexgrid import parse_label
from referee.scenarios import ordered
from referee.scenarios.setup_board import SetupError

PLAIN = {
    "tank": ("standard-tank", 1),
    "hoplites": ("hoplite-phalanx", 1),
    "cavalry": ("companion-cavalry", 1),
    "grunts": ("ork-grunts", 2),
    "wagon": ("battle-wagon", 2),
    "boars": ("boar-riders", 2),
}


def start(units, readings=None) -> Driver:
    board, waiting = setup_board("standard-battle", units, readings)
    return Driver(board, ordered.start(board, waiting))


def test_steps_without_units_are_passed_over_and_a_step_with_both_sides_asks_for_a_roll():
    d = start(PLAIN)
    # no huge unit, no scout, so nobody stands in sight of one: step 4 is the first
    assert d.step_id() == "others"
    assert d.progress.roll_needed
    with pytest.raises(SetupError, match="roll for the setup advantage"):
        d.place("tank", "E8")


def test_the_loser_places_one_unit_then_two_at_a_time_and_the_last_side_places_the_rest():
    d = start(PLAIN)
    d.roll(2, 5)  # side 2 rolls higher: it has the advantage and sets up second
    assert (d.progress.winner, d.progress.on_turn, d.progress.left) == (2, 1, 1)
    turns = []
    for uid, label in [
        ("tank", "E8"),
        ("grunts", "C2"),
        ("wagon", "D3"),
        ("hoplites", "E9"),
        ("cavalry", "G8"),
        ("boars", "E3"),
    ]:
        turns.append(d.progress.on_turn)
        d.place(uid, label)
    # 1 (the loser's one), 2 2, 1 1 (side 1 is then out of units), 2 (the rest)
    assert turns == [1, 2, 2, 1, 1, 2]
    assert d.progress.done and not d.progress.waiting


def test_a_side_that_runs_out_lets_the_other_place_all_it_has_left():
    units = {"tank": ("standard-tank", 1), **{f"g{i}": ("ork-grunts", 2) for i in range(4)}}
    d = start(units)
    d.roll(6, 1)  # side 1 wins; side 2 places one first
    turns = []
    for uid, label in [("g0", "A1"), ("tank", "E8"), ("g1", "B1"), ("g2", "C1"), ("g3", "D1")]:
        turns.append(d.progress.on_turn)
        d.place(uid, label)
    assert turns == [2, 1, 2, 2, 2]
    assert d.progress.done


def test_the_other_side_waits_its_turn():
    d = start(PLAIN)
    d.roll(2, 5)
    with pytest.raises(SetupError, match="side 1's turn"):
        d.place("grunts", "C2")


def test_a_tied_roll_is_rolled_again_by_default():
    d = start(PLAIN)
    outcome = d.roll(3, 3, 1, 4)
    assert d.progress.winner == 2
    assert outcome.dice == (3, 3, 1, 4)
    assert "setup.advantage-tie" in outcome.rulings


def test_a_tie_keeps_the_previous_steps_advantage_under_keep_previous():
    units = {"talos": ("talos", 1), "gargant": ("gargant-squiggoth", 2), **PLAIN}
    d = start(units, {"setup.advantage-tie": "keep-previous"})
    assert d.step_id() == "huge"
    d.roll(6, 2)  # side 1 has the advantage of step 1
    d.place("gargant", "D2")
    d.place("talos", "C9")
    assert d.step_id() == "others"
    d.roll(4, 4)  # a tie: side 1 keeps it
    assert d.progress.winner == 1 and d.progress.on_turn == 2


def test_the_six_steps_in_order_with_scouts_sight_and_a_hidden_token():
    """As in draft 000: huge units; the scouts one wishes; units in sight of an enemy scout;
    the others out of sight (ruling setup.out-of-sight); remaining scouts; hidden tokens
    (here the Elf Pathfinders, scout and hidden, wait for step 6: ruling
    setup.hidden-scouts, as-hidden)."""
    units = {
        "talos": ("talos", 1),
        "peltasts": ("peltast-skirmishers", 1),
        "tank": ("standard-tank", 1),
        "grunts": ("ork-grunts", 2),
        "wagon": ("battle-wagon", 2),
        "pathfinders": ("elf-pathfinders", 2),
    }
    d = start(units, {"setup.hidden-scouts": "as-hidden"})
    assert d.step_id() == "huge" and d.progress.on_turn == 1 and not d.progress.roll_needed
    with pytest.raises(SetupError, match=r"step 1 \(All huge units\) does not set it up"):
        d.place("tank", "E8")
    d.place("talos", "C9")
    assert d.step_id() == "scouts" and d.progress.on_turn == 1  # side 2 has no scout to set
    # Forward Position[2]: two rows beyond side 1's rows 7-9
    d.place("peltasts", "D6")
    # step 3: the Peltasts at D6 see D3 (clear in between) but not D1, behind the D2 hill
    assert d.step_id() == "in-sight" and d.progress.on_turn == 2
    with pytest.raises(SetupError, match="no enemy scout on the table sees D1"):
        d.place("wagon", "D1")
    d.place("grunts", "D3")
    d.pass_step(2)
    # step 4: the wagon may not stand where the Peltasts see it any more
    assert d.step_id() == "others"
    d.roll(1, 6)  # side 2 wins: side 1 places first
    assert d.progress.on_turn == 1
    d.place("tank", "E8")
    with pytest.raises(SetupError, match="in sight of the enemy scout peltasts"):
        d.place("wagon", "C2")
    d.place("wagon", "D1")
    # step 5 has no scouts left; step 6: one hidden token for the Pathfinders
    assert d.step_id() == "hidden"
    d.place("pathfinders", "A3")
    assert d.placed["pathfinders"].hidden
    assert d.progress.done


def test_units_in_sight_may_go_anywhere_in_step_4_under_the_other_reading():
    units = {"peltasts": ("peltast-skirmishers", 1), "wagon": ("battle-wagon", 2)}
    d = start(units, {"setup.out-of-sight": "anywhere"})
    d.place("peltasts", "D6")
    assert d.step_id() == "in-sight"
    d.pass_step(2)  # the wagon is not set up in sight on purpose...
    assert d.step_id() == "others"
    d.place("wagon", "C2")  # ...yet it may stand in the Peltasts' sight in step 4
    assert d.progress.done


def test_a_hidden_scout_sets_up_with_the_scouts_by_default_as_a_hidden_token():
    units = {"peltasts": ("peltast-skirmishers", 1), "pathfinders": ("elf-pathfinders", 2)}
    d = start(units)
    assert d.step_id() == "scouts" and d.progress.roll_needed
    d.roll(6, 1)
    d.place("pathfinders", "C2")
    assert d.placed["pathfinders"].hidden
    d.place("peltasts", "E8")
    assert d.progress.done


def test_an_optional_step_may_be_passed_but_not_a_step_that_takes_every_unit():
    units = {
        "peltasts": ("peltast-skirmishers", 1),
        "tank": ("standard-tank", 1),
        "grunts": ("ork-grunts", 2),
    }
    d = start(units)
    assert d.step_id() == "scouts"
    d.pass_step(1)  # the Peltasts wait for step 5
    assert d.step_id() == "others"
    d.roll(5, 2)
    with pytest.raises(SetupError, match="cannot be passed"):
        d.pass_step(2)
    d.place("grunts", "C2")
    d.place("tank", "E8")
    assert d.step_id() == "remaining-scouts"
    d.place("peltasts", "C8")
    assert d.progress.done


def test_a_placement_outside_the_zone_is_refused_naming_the_hex_and_the_rule():
    d = start(PLAIN)
    d.roll(2, 5)
    with pytest.raises(SetupError, match=r"E5 is not in side 1's zone \(board.sides\)"):
        d.place("tank", "E5")


def test_stacking_and_terrain_bound_the_legal_hexes():
    d = start(PLAIN)
    d.roll(6, 1)  # side 2 first
    with pytest.raises(SetupError, match="cannot stand in Building"):
        d.place("wagon", "F2")
    d.place("wagon", "C2")
    d.place("tank", "E8")
    d.place("cavalry", "E9")
    with pytest.raises(SetupError, match="no room for a large unit"):
        d.place("boars", "C2")  # the wagon is large already
    legal = ordered.placeable(d.board, d.progress, 2)
    assert {w.uid for w in legal} == {"grunts", "boars"}
    assert parse_label("C2") not in d.board.legal(
        next(w for w in d.progress.waiting if w.uid == "boars")
    )
