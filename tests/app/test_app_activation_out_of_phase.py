"""A command of the activation rules typed out of its phase or its side's turn is refused in
the window with the engine's words (referee/rules/activation/phase.py): the phase it belongs
to with its clause, and where the game is; nothing is written."""

from __future__ import annotations

import test_app_activation_refusals as refusals
import test_app_activation_wizards as wizards_tests

private_folders = wizards_tests.private_folders
deploying = wizards_tests.deploying  # the sample game up to its deployment: side 1 deploys


def test_a_move_typed_during_deployment_names_its_phase_and_where_the_game_is(qtbot, deploying):
    steps = len(deploying.session.steps())
    refusals.play(qtbot, deploying, "move uid=tank path=H14:N")
    said = refusals.status(deploying)
    assert said == (
        "Refused: move belongs to the main phase (clause activation.activation); the game "
        "is in the deployment phase, side 1's turn"
    )
    assert "Refused, nothing written" in deploying.game.panel.outcome.text()
    assert len(deploying.session.steps()) == steps


def test_a_deployment_by_the_side_whose_turn_it_is_not_is_refused(qtbot, deploying):
    refusals.play(qtbot, deploying, "deploy side=2 uid=buggy hex=H1 facing=S")
    assert refusals.status(deploying) == (
        "Refused: it is side 1's turn, not side 2's (clause activation.deployment)"
    )
