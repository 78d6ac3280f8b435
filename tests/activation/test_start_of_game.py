"""Starting the game (draft 002, "Starting the Game"): presentation, missions banned in turn
until one is left, its map set up, a random player who chooses to go first or second."""

from __future__ import annotations

import pytest
from activation_factory import game, play

from referee.board.hexgrid import hex_label
from referee.rules.activation.actions import ActivationError
from referee.rules.activation.start import StartError, new_game

ARMIES = {
    1: [("tank", "battle-tank"), ("squad", "rifle-squad"), ("bunker", "bunker")],
    2: [("buggy", "scout-buggy"), ("jet", "fighter")],
}


@pytest.fixture(scope="module")
def g():
    return game()


def fresh(g, offered=None):
    return new_game(g.cards, g.missions, ARMIES, offered)


def test_presentation_shows_each_army_and_a_d2_names_who_bans_first(g):
    out = play(g, fresh(g), "present", [2])
    assert out.decision.working[:2] == (
        "side 1 presents: bunker (Bunker), squad (Rifle squad), tank (Battle tank)",
        "side 2 presents: buggy (Scout buggy), jet (Fighter)",
    )
    assert out.state.phase == "missions" and out.state.to_ban == 2
    assert [r.sides for r in out.decision.rolls] == [2]
    assert "activation.first-ban" in out.decision.rulings


def test_missions_are_banned_in_turn_until_one_is_left(g):
    state = play(g, fresh(g), "present", [1]).state
    assert state.missions_left == ("crossroads", "twin-towers", "open-field", "last-stand")
    with pytest.raises(ActivationError, match="side 1 bans next, not side 2"):
        play(g, state, "ban side=2 mission=crossroads")
    state = play(g, state, "ban side=1 mission=open-field").state
    with pytest.raises(StartError, match="cannot be banned"):
        play(g, state, "ban side=2 mission=open-field")
    state = play(g, state, "ban side=2 mission=crossroads").state
    out = play(g, state, "ban side=1 mission=last-stand")
    assert out.state.mission == "twin-towers" and out.state.phase == "order"
    assert out.state.bans == ((1, "open-field"), (2, "crossroads"), (1, "last-stand"))
    # the mission's map: its two watchtowers with their neutral pips
    forts = {hex_label(h): f.pips.neutral for h, f in out.state.fortifications.items()}
    assert forts == {"E9": 2, "K6": 2}
    assert {"activation.map", "activation.mission-choosing"} <= set(out.decision.clauses)


def test_the_last_mission_cannot_be_banned(g):
    state = play(g, fresh(g, ["crossroads", "open-field"]), "present", [1]).state
    state = play(g, state, "ban side=1 mission=crossroads").state
    assert state.mission == "open-field"


def test_one_mission_offered_is_played_without_bans(g):
    out = play(g, fresh(g, ["last-stand"]), "present")
    assert out.state.mission == "last-stand" and out.state.phase == "order"


def test_side_1_bans_first_under_the_other_reading():
    g2 = game(first_ban="side-1")
    out = play(g2, fresh(g2), "present")
    assert out.state.to_ban == 1 and out.decision.rolls == ()


def test_a_random_player_chooses_to_go_first_or_second(g):
    state = play(g, fresh(g, ["open-field"]), "present").state
    with pytest.raises(ActivationError, match="roll-order"):
        play(g, state, "choose-order side=1 go=first")
    state = play(g, state, "roll-order", [2]).state
    assert state.chooser == 2
    with pytest.raises(ActivationError, match="side 2 chooses the order"):
        play(g, state, "choose-order side=1 go=first")
    out = play(g, state, "choose-order side=2 go=second")
    assert out.state.first == 1 and out.state.turn == 1 and out.state.phase == "deployment"


def test_a_game_needs_two_armies_of_known_cards_and_a_mission(g):
    with pytest.raises(StartError, match="side 1 and side 2"):
        new_game(g.cards, g.missions, {1: []})
    with pytest.raises(StartError, match="names two pieces"):
        new_game(g.cards, g.missions, {1: [("a", "fighter")], 2: [("a", "fighter")]})
    from referee.rules.activation.cards import UnknownCard

    with pytest.raises(UnknownCard, match="no unit card 'zeppelin'"):
        new_game(g.cards, g.missions, {1: [("a", "zeppelin")], 2: []})
    from referee.rules.activation.missions import UnknownMission

    with pytest.raises(UnknownMission, match="no mission 'moon'"):
        new_game(g.cards, g.missions, ARMIES, ["moon"])


def test_a_command_out_of_its_phase_is_refused(g):
    with pytest.raises(ActivationError, match="belongs to the main phase"):
        play(g, fresh(g), "move uid=tank path=H11:N")


def test_an_unknown_card_lists_the_structures_as_well_as_the_units(g):
    # the sample data's structures: bunker, citadel, farmhouse, watchtower
    from referee.rules.activation.cards import UnknownCard

    with pytest.raises(UnknownCard) as caught:
        new_game(g.cards, g.missions, {1: [("a", "zeppelin")], 2: []})
    listed = str(caught.value).partition("(cards: ")[2].rstrip(")").split(", ")
    for card in ("bunker", "citadel", "farmhouse", "watchtower", "battle-tank"):
        assert card in listed
