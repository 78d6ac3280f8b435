"""How much a transport carries (clause activation.embark, ruling
activation.transport-capacity): its card's capacity counts units (the default) or the
cards' capacity points. The sample carrier (data/rulesets/activation/units.toml) has a
capacity of 2 and carries infantry; a rifle squad's card takes 1 capacity point."""

from __future__ import annotations

import pytest
from activation_factory import game, main_phase, play, unit
from msgspec.structs import replace

from referee.rules.activation.actions import ActivationError
from referee.rules.activation.transport import embark_problem


@pytest.fixture
def g():
    return game()


def test_the_default_reading_counts_units(g):
    assert g.rules.movement.transport_counts == "units"
    assert g.rules.movement.rulings("transport.capacity") == ("activation.transport-capacity",)


def test_a_carrier_of_capacity_2_takes_two_squads_and_refuses_a_third(g):
    state = main_phase(
        [
            unit("apc", "carrier", 1, "H12:N", g),
            unit("a", "rifle-squad", 1, "H13", g),
            unit("b", "rifle-squad", 1, "H13", g),
            unit("c", "rifle-squad", 1, "H13", g),
            unit("foe", "rifle-squad", 2, "A5", g),
        ]
    )
    out = play(g, state, "embark uid=a transport=apc")
    assert "a embarks into apc (aboard 1 of 2)" in out.decision.working
    assert "activation.transport-capacity" in out.decision.rulings
    state = play(g, out.state, "move uid=foe path=A6").state
    state = play(g, state, "embark uid=b transport=apc").state
    state = play(g, state, "move uid=foe path=A7").state
    with pytest.raises(ActivationError, match=r"apc has no room \(aboard 2 of 2\)"):
        play(g, state, "embark uid=c transport=apc")


def test_counted_in_points_a_heavy_squad_fills_what_two_light_ones_would(g):
    squad = g.cards.unit("rifle-squad")
    heavy = replace(squad, capacity=2)  # a squad whose card takes 2 points
    carrier = g.cards.unit("carrier")
    pieces = {
        p.uid: p
        for p in (unit("apc", "carrier", 1, "H12:N", g), unit("light", "rifle-squad", 1, "H13", g))
    }
    apc, light = pieces["apc"], pieces["light"]
    # one light squad aboard: 1 of 2 units, or 1 of 2 points
    assert embark_problem(light, heavy, apc, carrier, [squad], 1, "units") is None
    assert (
        embark_problem(light, heavy, apc, carrier, [squad], 1, "points")
        == "apc has no room (1 of 2 capacity points aboard; light takes 2)"
    )
    assert embark_problem(light, squad, apc, carrier, [squad], 1, "points") is None
