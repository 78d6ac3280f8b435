"""Embarking and disembarking out of an enemy tile (draft 002, "Move Actions": "Disembark
from a transport, by moving up to 1 tile. Embark into a transport, by moving up to 1 tile",
and "Moving out of Enemy Occupied Buildings and enemy tiles costs double movement"; ruling
activation.embark-leaving). By default the 1 tile is the action's reach, wherever the unit
stands; under ``double`` that tile would cost 2 out of an enemy tile, so the action reaches
only its own tile. A tile with an enemy unit on it is an enemy tile (clause
activation.tiles); infantry takes no slots, so side 2's rifle squad shares a tile with
side 1's."""

from __future__ import annotations

import pytest
from activation_factory import game, main_phase, pieces_json, play, unit

from referee.rules.activation.actions import ActivationError

DOUBLE = {"embark_leaving": "double"}


def squad_beside_its_carrier(g, carrier_at="H12:N"):
    """Side 1's rifle squad on H13 with side 2's squad on the same tile; its carrier on
    ``carrier_at``."""
    return main_phase(
        [
            unit("apc", "carrier", 1, carrier_at, g),
            unit("squad", "rifle-squad", 1, "H13", g),
            unit("foe", "rifle-squad", 2, "H13", g),
        ]
    )


def test_by_default_a_unit_embarks_one_tile_out_of_an_enemy_tile():
    g = game()
    out = play(g, squad_beside_its_carrier(g), "embark uid=squad transport=apc")
    assert pieces_json(out.state)["squad"]["status"] == "embarked"
    assert "activation.embark-leaving" in out.decision.rulings
    assert "activation.tiles" in out.decision.clauses


def test_under_double_a_unit_on_an_enemy_tile_embarks_only_on_its_own_tile():
    g = game(**DOUBLE)
    with pytest.raises(ActivationError, match=r"ruling activation\.embark-leaving") as err:
        play(g, squad_beside_its_carrier(g), "embark uid=squad transport=apc")
    assert err.value.field == "transport"
    here = play(g, squad_beside_its_carrier(g, "H13:N"), "embark uid=squad transport=apc")
    assert pieces_json(here.state)["squad"]["status"] == "embarked"


def test_the_reading_changes_nothing_away_from_enemy_tiles():
    g = game(**DOUBLE)
    state = main_phase(
        [unit("apc", "carrier", 1, "H12:N", g), unit("squad", "rifle-squad", 1, "H13", g)]
    )
    out = play(g, state, "embark uid=squad transport=apc")
    assert pieces_json(out.state)["squad"]["status"] == "embarked"
    assert "activation.embark-leaving" not in out.decision.rulings


def aboard_on_an_enemy_tile(g):
    """Side 1's squad aboard its carrier on H12, where side 2's squad stands too."""
    return main_phase(
        [
            unit("apc", "carrier", 1, "H12:N", g),
            unit("squad", "rifle-squad", 1, "H12", g, status="embarked", carrier="apc"),
            unit("foe", "rifle-squad", 2, "H12", g),
        ]
    )


def test_disembarking_from_a_transport_on_an_enemy_tile():
    g = game()
    out = play(g, aboard_on_an_enemy_tile(g), "disembark uid=squad hex=H11")
    assert pieces_json(out.state)["squad"]["hex"] == "H11"
    assert "activation.embark-leaving" in out.decision.rulings
    g2 = game(**DOUBLE)
    with pytest.raises(ActivationError, match="more than 0 tile from the transport at H12"):
        play(g2, aboard_on_an_enemy_tile(g2), "disembark uid=squad hex=H11")
    here = play(g2, aboard_on_an_enemy_tile(g2), "disembark uid=squad hex=H12")
    assert pieces_json(here.state)["squad"]["hex"] == "H12"
