"""The main phase (draft 002, "Main Phase"): the players activate one unit each in turn (the
same unit as often as they like); a unit moves or attacks: shooting each weapon at targets
in range and sight, the penetration roll against Armor costing 1 H on a success; capturing
a building by turning its pips (two for a neutral pip); embarking and disembarking one
tile; the reserves entering."""

from __future__ import annotations

import json

import pytest
from activation_factory import fort, game, main_phase, pieces_json, play, unit

from referee.board.hexgrid import hex_label
from referee.cli.main import main
from referee.rules.activation.actions import ActivationError
from referee.rules.activation.cards import UnknownCard


@pytest.fixture(scope="module")
def g():
    return game()


def duel(g, **kw):
    return main_phase(
        [
            unit("tank", "battle-tank", 1, "H12:N", g),
            unit("squad", "rifle-squad", 2, "H9", g),
            unit("grunts", "rifle-squad", 2, "H3", g),
        ],
        **kw,
    )


# --- turns -------------------------------------------------------------------------------------


def test_the_players_alternate_and_may_activate_the_same_unit_again(g):
    state = duel(g)
    state = play(g, state, "move uid=tank path=H11:N").state
    assert state.turn == 2 and state.last == "tank" and state.activations == 1
    with pytest.raises(ActivationError, match="it is side 2's turn; tank is side 1's"):
        play(g, state, "move uid=tank path=H10:N")
    state = play(g, state, "move uid=squad path=H8").state
    state = play(g, state, "move uid=tank path=H10:N").state  # the same unit again
    assert state.activations == 3 and state.turn == 2


def test_a_player_with_a_unit_to_activate_may_not_pass(g):
    with pytest.raises(ActivationError, match="must activate one"):
        play(g, duel(g), "pass side=1")
    alone = main_phase([unit("squad", "rifle-squad", 2, "H9", g)])
    assert play(g, alone, "pass side=1").state.turn == 2
    assert play(game(**{"pass": "always"}), duel(g), "pass side=1").state.turn == 2


def test_a_unit_moves_or_attacks_not_both(g):
    with pytest.raises(ActivationError, match="moves or attacks, not both"):
        play(g, duel(g), "move uid=tank path=H11:N shots=cannon>squad")


# --- shooting ----------------------------------------------------------------------------------


def test_a_penetration_roll_that_meets_the_armor_costs_1_h(g):
    # cannon d12+2 against the squad's armor 4: a natural 2 makes 4, 4+: success
    out = play(g, duel(g), "shoot uid=tank shots=cannon>squad", [2])
    assert pieces_json(out.state)["squad"]["health"] == 2
    assert pieces_json(out.state)["tank"]["ammunition"] == 4
    assert {"activation.penetration", "activation.shooting"} <= set(out.decision.clauses)
    missed = play(g, duel(g), "shoot uid=tank shots=cannon>squad", [1])  # 3 against 4+
    assert pieces_json(missed.state)["squad"]["health"] == 3


def test_the_roll_must_beat_the_armor_under_the_other_reading():
    g2 = game(penetration="beat")
    out = play(g2, duel(g2), "shoot uid=tank shots=cannon>squad", [2])  # 4 against 5+
    assert pieces_json(out.state)["squad"]["health"] == 3


def test_each_weapon_shoots_once_at_a_target_of_its_own(g):
    # the cannon at the squad (6 + 2 vs 4+), the coaxial gun (no ammunition) at it again
    out = play(g, duel(g), "shoot uid=tank shots=cannon>squad,mg>squad", [6, 4])
    assert pieces_json(out.state)["squad"]["health"] == 1
    assert pieces_json(out.state)["tank"]["ammunition"] == 4  # the mg uses none
    with pytest.raises(ActivationError, match="fires once per attack"):
        play(g, duel(g), "shoot uid=tank shots=cannon>squad,cannon>squad")
    with pytest.raises(UnknownCard, match="no weapon 'laser'"):
        play(g, duel(g), "shoot uid=tank shots=laser>squad")


def test_a_target_beyond_the_weapons_range_is_refused(g):
    # the grunts on H3 are 9 tiles from H12; the cannon's R is 6
    with pytest.raises(ActivationError, match="H3 is 9 tiles from H12, beyond Cannon's R 6"):
        play(g, duel(g), "shoot uid=tank shots=cannon>grunts")


def test_no_ammunition_no_shot(g):
    state = main_phase(
        [
            unit("tank", "battle-tank", 1, "H12:N", g, ammunition=0),
            unit("squad", "rifle-squad", 2, "H9", g),
        ]
    )
    with pytest.raises(ActivationError, match="has 0 ammunition; this attack needs 1"):
        play(g, state, "shoot uid=tank shots=cannon>squad")
    assert play(g, state, "shoot uid=tank shots=mg>squad", [1]).state  # the mg needs none


def test_a_unit_that_loses_its_last_h_is_destroyed(g):
    state = main_phase(
        [
            unit("tank", "battle-tank", 1, "H12:N", g),
            unit("squad", "rifle-squad", 2, "H9", g, health=1),
        ]
    )
    out = play(g, state, "shoot uid=tank shots=cannon>squad", [5])
    assert pieces_json(out.state)["squad"]["status"] == "destroyed"


def test_own_units_are_no_targets(g):
    state = main_phase(
        [unit("tank", "battle-tank", 1, "H12:N", g), unit("mate", "rifle-squad", 1, "H10", g)]
    )
    with pytest.raises(ActivationError, match="shoot the enemy"):
        play(g, state, "shoot uid=tank shots=cannon>mate")


def test_the_penetration_odds(capsys):
    # d12+2 against Armor 9: a natural 7 or more, 6 faces of 12
    assert (
        main(["activation", "penetration", "--penetration", "d12+2", "--armor", "9", "--json"]) == 0
    )
    data = json.loads(capsys.readouterr().out)
    assert (data["need"], data["exact"]) == ("9+", "1/2")


# --- capture -----------------------------------------------------------------------------------


def test_capturing_turns_a_pip_and_a_neutral_one_turns_two(g):
    state = main_phase([unit("squad", "rifle-squad", 1, "H9", g)], [fort("H9", side2=2, neutral=3)])
    out = play(g, state, "capture uid=squad hex=H9")  # neutral first when there is one
    (f,) = out.state.fortifications.values()
    assert f.pips.to_json() == {"side1": 2, "side2": 2, "neutral": 1}
    out = play(g, state, "capture uid=squad hex=H9 colour=enemy")
    (f,) = out.state.fortifications.values()
    assert f.pips.to_json() == {"side1": 1, "side2": 1, "neutral": 3}


def test_the_last_neutral_pip_turns_alone_or_with_an_enemy_one(g):
    state = main_phase([unit("squad", "rifle-squad", 1, "H9", g)], [fort("H9", side2=2, neutral=1)])
    (f,) = play(g, state, "capture uid=squad hex=H9").state.fortifications.values()
    assert f.pips.to_json() == {"side1": 1, "side2": 2, "neutral": 0}
    g2 = game(capture_neutral="neutral-and-any")
    (f,) = play(g2, state, "capture uid=squad hex=H9").state.fortifications.values()
    assert f.pips.to_json() == {"side1": 2, "side2": 1, "neutral": 0}


def test_a_capture_is_made_from_inside_or_next_to_the_building(g):
    state = main_phase([unit("squad", "rifle-squad", 1, "H10", g)], [fort("H9", neutral=2)])
    with pytest.raises(ActivationError, match="on the building's tile"):
        play(g, state, "capture uid=squad hex=H9")
    assert play(game(capture_reach="adjacent"), state, "capture uid=squad hex=H9").state
    with pytest.raises(ActivationError, match="no enemy pip"):
        play(
            g,
            main_phase([unit("squad", "rifle-squad", 1, "H9", g)], [fort("H9", side1=2)]),
            "capture uid=squad hex=H9 colour=enemy",
        )


# --- transports and reserves --------------------------------------------------------------


def test_embark_and_disembark_one_tile(g):
    state = main_phase(
        [
            unit("apc", "carrier", 1, "H12:N", g),
            unit("squad", "rifle-squad", 1, "H13", g),
            unit("foe", "rifle-squad", 2, "A5", g),
        ]
    )
    state = play(g, state, "embark uid=squad transport=apc").state
    assert pieces_json(state)["squad"]["status"] == "embarked"
    state = play(g, state, "move uid=foe path=A6").state
    state = play(g, state, "move uid=apc path=H11:N,H10:N").state
    state = play(g, state, "move uid=foe path=A7").state
    with pytest.raises(ActivationError, match="more than 1 tile from the transport at H10"):
        play(g, state, "disembark uid=squad hex=H8")
    state = play(g, state, "disembark uid=squad hex=H9").state
    assert pieces_json(state)["squad"]["hex"] == "H9"


def test_a_transport_carries_only_what_its_card_says(g):
    state = main_phase(
        [unit("apc", "carrier", 1, "H12:N", g), unit("buggy", "scout-buggy", 1, "H13:N", g)]
    )
    with pytest.raises(ActivationError, match="carries infantry, not vehicle"):
        play(g, state, "embark uid=buggy transport=apc")


def test_units_aboard_a_destroyed_transport_are_set_down(g):
    state = main_phase(
        [
            unit("apc", "carrier", 1, "H9:N", g, health=1),
            unit("squad", "rifle-squad", 1, "H9", g, status="embarked", carrier="apc"),
            unit("tank", "battle-tank", 2, "H12:N", g),
        ],
        turn=2,
    )
    out = play(g, state, "shoot uid=tank shots=cannon>apc", [12])
    pieces = pieces_json(out.state)
    assert pieces["apc"]["status"] == "destroyed"
    assert (pieces["squad"]["status"], pieces["squad"]["hex"]) == ("deployed", "H9")
    lost = play(
        game(transport_destroyed="destroyed"), state, "shoot uid=tank shots=cannon>apc", [12]
    )
    assert pieces_json(lost.state)["squad"]["status"] == "destroyed"


def test_a_unit_in_the_reserves_enters_on_its_edge(g):
    state = main_phase(
        [
            unit("tank", "battle-tank", 1, "H12:N", g, status="reserve"),
            unit("foe", "rifle-squad", 2, "A5", g),
        ]
    )
    with pytest.raises(ActivationError, match="not on side 1's edge"):
        play(g, state, "enter uid=tank hex=H14 facing=N")
    out = play(g, state, "enter uid=tank hex=H15 facing=N")
    assert (pieces_json(out.state)["tank"]["hex"], out.state.turn) == ("H15", 2)
    # its edge as the map shows it: the hexagon's S side is its lower-left edge, A12 to H15
    with pytest.raises(ActivationError) as refused:
        play(g, state, "enter uid=tank hex=H14 facing=N")
    assert str(refused.value).endswith(
        "H14 is not on side 1's edge, the lower-left edge (A12 to H15)"
    )
    with pytest.raises(ActivationError, match="only as the mission says"):
        play(game(reserves_entry="mission"), state, "enter uid=tank hex=H15 facing=N")


# --- the state and the commands in their journal forms ------------------------------------


def test_the_state_reads_back_from_its_json(g):
    from referee.rules.activation.state import ActivationState

    state = play(
        g,
        duel(g, forts=[fort("H5", side1=1, neutral=2, owner=1)]),
        "shoot uid=tank shots=cannon>squad",
        [2],
    ).state
    again = ActivationState.from_json(json.loads(json.dumps(state.to_json())), 99)
    assert again == state
    assert [hex_label(h) for h in again.fortifications] == ["H5"]


def test_a_decision_says_what_was_decided(g):
    out = play(g, duel(g), "shoot uid=tank shots=cannon>squad", [2])
    data = json.loads(json.dumps(out.decision.to_json()))
    assert data["text"] == "shoot uid=tank shots=cannon>squad"
    assert data["dice"] == [
        {
            "sides": 12,
            "value": 2,
            "typed": True,
            "purpose": "penetration: tank's Cannon at squad (armor 4)",
        }
    ]
    assert data["changes"]["pieces"] == ["squad", "tank"] and data["changes"]["turn"]
    assert "activation.penetration" in data["clauses"]
