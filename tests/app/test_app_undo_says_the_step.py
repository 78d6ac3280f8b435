"""Edit > Undo and Redo name the step in words, in both games (Anki's named undo steps,
CONVENTIONS.md): a step written as a command line, as the activation rules' wizards and
command line write theirs ("move uid=buggy path=H4:S"), is named by what the engine decided
("buggy moves from H3:S to H4:S (1 of 6)": the buggy's one tile forward, of its card's
Movement 6, data/rulesets/activation/units.toml); a step the referee or a wizard named
("Movement 1", "Correction: ...") keeps its name."""

from __future__ import annotations

from test_app_activation_more_wizards import CARRIER_ARMIES, TO_BATTLE, sample_window
from test_app_activation_wizards import private_folders  # noqa: F401 (a fixture)

from referee.rules.activation.commands import parse_command
from referee.rules.events import Step


def typed(window, text):
    step = window.run_step(text, [parse_command(text)])
    assert step is not None, window.last_error
    return step


def test_the_activation_edit_menu_names_the_step_in_words(qtbot, tmp_path):
    window = sample_window(qtbot, tmp_path, 0, units=CARRIER_ARMIES, commands=TO_BATTLE)
    typed(window, "move uid=rifles path=H13")  # side 1's activation; side 2's turn next
    step = typed(window, "move uid=buggy path=H4:S")
    assert step.name == "move uid=buggy path=H4:S"  # the journal keeps the command's text
    assert window.undo_action.text() == "&Undo buggy moves from H3:S to H4:S (1 of 6)"
    assert "buggy moves from H3:S to H4:S (1 of 6)" in window.statusBar().currentMessage()
    window.undo_action.trigger()
    assert window.redo_action.text() == "&Redo buggy moves from H3:S to H4:S (1 of 6)"
    assert "buggy moves from H3:S to H4:S" in window.game.panel.outcome.text()
    window.redo_action.trigger()
    assert window.undo_action.text() == "&Undo buggy moves from H3:S to H4:S (1 of 6)"


def test_a_step_given_a_name_keeps_it(qtbot, tmp_path):
    window = sample_window(qtbot, tmp_path, 0, units=CARRIER_ARMIES, commands=TO_BATTLE)
    window.run_step("The rifles advance", [parse_command("move uid=rifles path=H13")])
    assert window.undo_action.text() == "&Undo The rifles advance"
    assert window.session.match.steps()[-1].title == "The rifles advance"


def test_a_step_of_no_events_keeps_its_name():
    assert Step(1, "move uid=buggy path=H4:S", ()).title == "move uid=buggy path=H4:S"
