"""An aircraft's attack after its move (draft 002, "Aircraft": it "must always move when
activated", and "a lot of Aircraft Attack actions are influenced by how you move"; ruling
activation.aircraft-attack, default move-then-attack): the activated aircraft moves, then
may make an attack action from where its move ends, in the same activation.

Hand-worked with the sample cards (data/rulesets/activation/units.toml): a fighter moves 6
tiles, its wing guns reach 3 tiles and roll d12+1, it carries 4 ammunition; a rifle squad
has armor 4 and 3 H. Tiles of one column are one tile apart per row (H12 to H9: 3)."""

from __future__ import annotations

import pytest
from activation_factory import game, main_phase, pieces_json, play, unit

from referee.rules.activation.actions import ActivationError


@pytest.fixture(scope="module")
def g():
    return game()


def sky(g, **kw):
    """Side 1's fighter on H14 facing N; side 2's rifle squad on H9, 5 tiles away."""
    return main_phase(
        [unit("jet", "fighter", 1, "H14:N", g), unit("squad", "rifle-squad", 2, "H9", g)], **kw
    )


def test_an_aircraft_shoots_from_where_its_move_ends(g):
    # H14 to H12 (2 tiles), then the guns at the squad 3 tiles away: d12+1, a 3 makes 4,
    # the squad's armor 4 met (ruling activation.penetration, meet): 1 H off, 3 -> 2
    out = play(g, sky(g), "move uid=jet path=H13:N,H12:N shots=guns>squad", [3])
    pieces = pieces_json(out.state)
    assert pieces["jet"]["hex"] == "H12"
    assert pieces["squad"]["health"] == 2
    assert pieces["jet"]["ammunition"] == 3  # one shot, one ammunition (activation.ammunition)
    assert out.state.turn == 2 and out.state.activations == 1  # one activation, both done
    assert "activation.aircraft-attack" in out.decision.rulings
    assert {"activation.move-actions", "activation.shooting", "activation.penetration"} <= set(
        out.decision.clauses
    )
    assert out.decision.summary.endswith("then shoots")


def test_a_roll_short_of_the_armor_after_the_move_costs_nothing(g):
    out = play(g, sky(g), "move uid=jet path=H13:N,H12:N shots=guns>squad", [2])  # 3 < 4
    assert pieces_json(out.state)["squad"]["health"] == 3


def test_the_range_is_counted_from_the_end_of_the_move_not_its_start(g):
    # from H13 the squad is 4 tiles away: beyond the guns' 3, as it was from H14 (5)
    with pytest.raises(ActivationError, match="H9 is 4 tiles from H13, beyond"):
        play(g, sky(g), "move uid=jet path=H13:N shots=guns>squad")


def test_an_aircraft_may_not_attack_without_moving(g):
    with pytest.raises(ActivationError, match="must move when activated"):
        play(g, sky(g), "shoot uid=jet shots=guns>squad")


def test_under_move_only_an_aircrafts_activation_is_its_move(g):
    g2 = game(aircraft_attack="move-only")
    with pytest.raises(ActivationError, match=r"ruling activation\.aircraft-attack"):
        play(g2, sky(g2), "move uid=jet path=H13:N,H12:N shots=guns>squad")
    out = play(g2, sky(g2), "move uid=jet path=H13:N,H12:N")  # the move alone stands
    assert pieces_json(out.state)["jet"]["hex"] == "H12"


def test_an_aircraft_destroyed_in_its_move_makes_no_attack_and_rolls_no_die(g):
    # side 2's fighter on H12: the jet meets it in its second step, both are destroyed
    # (clause activation.aircraft-collisions); no penetration roll is asked (play() fails
    # on a die asked and not typed)
    state = main_phase(
        [
            unit("jet", "fighter", 1, "H14:N", g),
            unit("foe", "fighter", 2, "H12:S", g),
            unit("squad", "rifle-squad", 2, "H9", g),
        ]
    )
    out = play(g, state, "move uid=jet path=H13:N,H12:N shots=guns>squad")
    pieces = pieces_json(out.state)
    assert pieces["jet"]["status"] == pieces["foe"]["status"] == "destroyed"
    assert pieces["squad"]["health"] == 3
    assert any("did not survive its move" in w for w in out.decision.working)
    assert out.decision.rolls == ()


def test_an_aircraft_with_no_ammunition_left_moves_but_cannot_shoot(g):
    state = main_phase(
        [
            unit("jet", "fighter", 1, "H14:N", g, ammunition=0),
            unit("squad", "rifle-squad", 2, "H9", g),
        ]
    )
    with pytest.raises(ActivationError, match="ammunition"):
        play(g, state, "move uid=jet path=H13:N,H12:N shots=guns>squad")
