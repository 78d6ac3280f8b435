"""The assault wizard's plan builds the ``assault`` command's typed value (issue 26, "typed
end to end"), and the match file writes it as the JSON the wizard wrote as a table before,
key for key and in the same order (kind, contest, rerolls, tie_winner, deflection,
allocation, retreats), so every journal keeps its bytes."""

from __future__ import annotations

import json
from types import MappingProxyType

from referee.app.wizards.assault.plan import AssaultPlan
from referee.rules.assault.dealing import SideAllocation
from referee.rules.assault.deflection import DeflectionChoice
from referee.rules.assault.roll import DieRef
from referee.rules.orders.commands import Assault, command_from_json


def test_a_plan_of_every_choice_is_an_assault_value_written_as_the_same_json():
    plan = AssaultPlan(
        contest=1,
        rerolls=({"hoplites": (DieRef("hoplites", 1),)}, {}),
        tie_winner=2,
        deflection=DeflectionChoice(by=1, cancelled={2: {"grunts": 1}}),
        allocation=MappingProxyType({1: SideAllocation(side=1, by=1, rolls=())}),
        retreats=MappingProxyType({"grunts": ("D5", 3), "boars": ("F5", None)}),
    )
    command = plan.command()
    assert isinstance(command, Assault)
    assert command.contest == 1 and command.tie_winner == 2
    assert command.rerolls == ({"hoplites": ["hoplites#2"]}, {})
    # written by hand: the table the wizard built before, in its order
    assert json.dumps(command.to_json()) == (
        '{"kind": "assault", "contest": 1, "rerolls": [{"hoplites": ["hoplites#2"]}, {}], '
        '"tie_winner": 2, "deflection": {"cancelled": {"2": {"grunts": 1}}}, '
        '"allocation": {"1": {"rolls": [], "light": [], "tokens": []}}, '
        '"retreats": {"boars": "F5", "grunts": {"hex": "D5", "facing": 3}}}'
    )
    # read back from its JSON, it is the same value (what the journal reads)
    assert command_from_json(command.to_json()) == command


def test_a_plan_of_no_choice_is_the_engines_proposal_for_the_first_contest():
    command = AssaultPlan().command()
    assert command == Assault(contest=0)
    assert json.dumps(command.to_json()) == '{"kind": "assault", "contest": 0}'
