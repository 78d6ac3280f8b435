"""Assault choices as journal data: every malformed key is named."""

from __future__ import annotations

import pytest

from referee.rules.assault.dealing import SideAllocation, roll_plan
from referee.rules.orders.assault_choices import (
    AssaultChoiceError,
    allocation_json,
    deflection_choice,
    side_allocation,
)


def test_a_deflection_choice_reads_back():
    chosen = deflection_choice({"cancelled": {"2": {"e34": 3}}}, by=1)
    assert chosen.by == 1 and dict(chosen.of(2)) == {"e34": 3}


@pytest.mark.parametrize(
    "raw, where",
    [
        ({}, "deflection.cancelled"),
        ({"cancelled": {"3": {}}}, "side '3'"),
        ({"cancelled": {"1": {"tank": -1}}}, "deflection.cancelled.1.tank"),
    ],
)
def test_a_bad_deflection_names_the_key(raw, where):
    with pytest.raises(AssaultChoiceError, match=where):
        deflection_choice(raw, by=1)


def test_an_allocation_round_trips():
    proposal = SideAllocation(1, 1, (roll_plan("tank", "grunts", {"tank": 1}),))
    again = side_allocation(allocation_json(proposal), 1, proposal)
    assert again == proposal


@pytest.mark.parametrize(
    "raw, where",
    [
        ({"rolls": [{"source": "tank"}]}, r"allocation.1.rolls\[0\]"),
        ({"tokens": [{"source": "a", "target": "b", "kind": "gas"}]}, r"tokens\[0\].kind"),
        ({"bogus": []}, "unknown key bogus"),
    ],
)
def test_a_bad_allocation_names_the_key(raw, where):
    proposal = SideAllocation(1, 1, ())
    with pytest.raises(AssaultChoiceError, match=where):
        side_allocation(raw, 1, proposal)
