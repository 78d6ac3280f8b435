"""Decisions of the gunnery step made by the fire rules: a shaken unit takes no gunnery
action (clause fire.shaken: no Load), a unit fires its card's first weapon unless one is
named."""

from __future__ import annotations

import pytest
from fire_factory import infantry, state, weapon

from referee.rules.fire.legality import named_weapon
from referee.rules.fire.load import LoadError, check_not_shaken, load
from referee.ruleset.shipped import ruleset
from referee.units.model import UnknownWeapon

RIFLE = weapon("Rifle")
MG = weapon("Machine gun")


def test_a_shaken_unit_may_not_load() -> None:
    grunts = state("grunts", infantry(weapons=(RIFLE,)), 1, shaken=1)
    with pytest.raises(LoadError, match="grunts is shaken and takes no gunnery action"):
        load(ruleset("current"), grunts)
    with pytest.raises(LoadError):
        check_not_shaken(grunts)
    check_not_shaken(state("fresh", infantry(weapons=(RIFLE,)), 1))


def test_the_weapon_fired_is_the_one_named_or_else_the_cards_first() -> None:
    grunts = state("grunts", infantry(weapons=(RIFLE, MG)), 1)
    assert named_weapon(grunts, None) == RIFLE
    assert named_weapon(grunts, "Machine gun") == MG
    assert named_weapon(state("unarmed", infantry(), 1), None) is None
    with pytest.raises(UnknownWeapon):
        named_weapon(grunts, "Burna")
