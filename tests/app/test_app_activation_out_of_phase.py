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


def test_every_command_but_a_pass_has_a_wizard_opening_in_the_engines_phase_of_it():
    """Draft 002: a wizard opens in the phases of the commands it writes, the phases the
    engine's own check gives them (phase.PHASE_OF), not a list of its own; a pass has no
    wizard (typed on the command line)."""
    from referee.app.activation.wizards.opener import WIZARDS
    from referee.rules.activation.commands import KINDS

    written = [command.KIND for entry in WIZARDS for command in entry.writes]
    assert sorted(written) == sorted(k for k in KINDS if k != "pass")
    phases = {entry.key: entry.phases for entry in WIZARDS}
    assert phases["start"] == ("presentation", "missions", "order")
    assert phases["deploy"] == ("deployment",) and phases["before_battle"] == ("before-battle",)
    assert {phases[k] for k in ("activate", "capture", "embark", "enter")} == {("main",)}


def test_the_opener_follows_the_engine_when_a_command_changes_phase(monkeypatch):
    from types import MappingProxyType

    from referee.app.activation.wizards.opener import WIZARDS
    from referee.rules.activation import phase

    moved = dict(phase.PHASE_OF, capture="before-battle")
    monkeypatch.setattr(phase, "PHASE_OF", MappingProxyType(moved))
    assert next(e for e in WIZARDS if e.key == "capture").phases == ("before-battle",)
