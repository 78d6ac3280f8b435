"""The outcome of a step a wizard wrote stays in the Wizard dock only while the step stands:
undone (Edit > Undo, Ctrl+Z, the journal's "Undo back to here") the dock says the step was
undone instead of "Written: the journal keeps the step and its dice"; redone, the outcome
shows again; another match opened, it goes."""

from __future__ import annotations

from app_window import demo_window
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWizard
from test_app_gunnery_wizard import next_page, steps, to_roll_page

WRITTEN = "Written: the journal keeps the step and its dice."


def fire_with_the_apps_dice(qtbot, window):
    wizard = to_roll_page(qtbot, window, shooter="wagon", weapon="Wagon shootas", target="tank")
    next_page(qtbot, wizard)
    qtbot.mouseClick(wizard.button(QWizard.WizardButton.FinishButton), Qt.MouseButton.LeftButton)
    last = steps(window)[-1]
    assert last.name == "Gunnery 1: wagon fires Wagon shootas at tank"
    host = window.wizard_host
    assert host.written is not None and host.written.isVisible()
    assert WRITTEN in host.written.toPlainText()
    return last


def test_an_undone_step_is_no_longer_said_to_be_written(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    last = fire_with_the_apps_dice(qtbot, window)
    host = window.wizard_host
    qtbot.keyClick(window.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert steps(window)[-1].number < last.number  # the file took it back
    assert not host.written.isVisible()
    said = host.idle.text()
    assert host.idle.isVisible()
    assert said.startswith(f"Step {last.number}, {last.name}, was undone")
    assert "Edit > Redo" in said
    assert WRITTEN not in said
    window.redo_action.trigger()  # back: its outcome, with the same dice, shows again
    assert host.written.isVisible() and WRITTEN in host.written.toPlainText()
    assert f"Step {last.number}: {last.name}" in host.written.toPlainText()


def test_undo_back_to_an_earlier_step_takes_the_outcome_away_too(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    last = fire_with_the_apps_dice(qtbot, window)
    first = steps(window)[0]
    assert window.undo_back_to(first.number)
    assert not window.wizard_host.written.isVisible()
    assert window.wizard_host.idle.text().startswith(f"Step {last.number}, ")


def test_another_match_opened_takes_the_outcome_away(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    fire_with_the_apps_dice(qtbot, window)
    window.new_action.trigger()  # File > New demo match
    assert not window.wizard_host.written.isVisible()
    assert window.wizard_host.idle.isVisible()
