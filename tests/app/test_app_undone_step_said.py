"""Edit > Undo of a step replaces the status bar's "Step N: ..." (which no longer stands)
with what was undone, and Edit > Redo says what came back."""

from __future__ import annotations

from app_window import demo_window

from referee.rules.orders.commands import Correct

SHAKEN = [Correct(uid="grunts", set={"shaken": 1})]


def test_an_undone_step_is_no_longer_said_as_done_in_the_status_bar(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    bar = window.statusBar()
    step = window.run_step("Grunts shaken", SHAKEN)
    assert step is not None
    assert bar.currentMessage() == f"Step {step.number}: Grunts shaken"
    window.session.undo_stack.undo()  # Edit > Undo
    said = bar.currentMessage()
    assert not said.startswith(f"Step {step.number}:")
    assert said.startswith(f"Undone: step {step.number}, Grunts shaken")
    assert "Edit > Redo" in said
    window.session.undo_stack.redo()  # Edit > Redo
    assert bar.currentMessage() == f"Redone: step {step.number}, Grunts shaken"
