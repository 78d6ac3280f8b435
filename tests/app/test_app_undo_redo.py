"""Edit > Undo and Redo: named after the step, and the match file changes with them."""

from __future__ import annotations

from app_window import demo_window
from PySide6.QtCore import Qt

from referee.app.session.match_session import MatchSession
from referee.match.games.orders_file import MatchFile
from referee.rules.orders.commands import Correct


def steps_in_file(path):
    with MatchFile.open(path) as m:
        return [(s.name, s.undone) for s in m.steps(include_undone=True)]


def test_undo_and_redo_through_the_menu_change_the_match_file(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    path = window.session.path
    window.next_step(unfired="pass")  # the tank and the wagon hold their fire
    # Gunnery 1's hex effects have nothing in them: the clock passes them in one step
    assert window.session.state.step == "movement-1"
    assert window.undo_action.text() == "&Undo Gunnery 1: nothing to do in 1 step"
    window.undo_action.trigger()
    assert steps_in_file(path)[-1] == ("Gunnery 1: nothing to do in 1 step", True)
    assert window.session.state.step == "gunnery-1"
    assert window.tracker.current_step_label().startswith("Gunnery 1: carry out")
    assert window.redo_action.text().startswith("&Redo Gunnery 1: nothing to do")
    window.redo_action.trigger()
    assert steps_in_file(path)[-1][1] is False
    assert window.session.state.step == "movement-1"


def test_undo_shortcut_is_ctrl_z(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    window.next_step(unfired="pass")
    qtbot.keyClick(window.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.session.state.step == "gunnery-1"
    qtbot.keyClick(
        window.view,
        Qt.Key.Key_Z,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    assert window.session.state.step == "movement-1"


def test_next_step_key_moves_the_turn_on(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    qtbot.keyClick(window.view, Qt.Key.Key_N)
    # Gunnery 1: the tank is ordered to fire (demo orders), so N opens its gunnery wizard
    wizard = window.turn_driver.wizard
    assert wizard is not None and wizard.shooter_page.uid() == "tank"
    wizard.reject()
    assert window.session.state.step == "gunnery-1"
    qtbot.keyClick(window.view, Qt.Key.Key_N, Qt.KeyboardModifier.ShiftModifier)
    # the tank and the wagon are ordered to fire and have not: asked once, they hold fire
    # (ruling turn.unfired-fire-order; test_app_unfired.py)
    question = window.unfired_question
    assert question is not None and question.box is not None
    qtbot.mouseClick(question.pass_button, Qt.MouseButton.LeftButton)
    # Gunnery 1's hex effects have nothing in them: passed in the same journal step
    assert window.session.state.step == "movement-1"
    # the button does what N does: the movement wizard of Movement 1
    qtbot.mouseClick(window.tracker.next_button, Qt.MouseButton.LeftButton)
    assert type(window.turn_driver.wizard).__name__ == "MovementWizard"
    window.turn_driver.wizard.reject()
    assert window.session.state.step == "movement-1"


def test_reopening_a_file_restores_the_undo_stack_with_undone_steps_to_redo(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    path = window.session.path
    window.next_step(unfired="pass")
    window.next_step()
    window.undo_action.trigger()
    window.close()  # closes the file
    session = MatchSession.open(path)
    try:
        stack = session.undo_stack
        # orders, next step, next step (undone): three commands, the index below the last
        assert (stack.count(), stack.index()) == (3, 2)
        assert stack.undoText() == "Gunnery 1: nothing to do in 1 step"
        stack.redo()
        # nothing happens in Movement 1 without its movement: on to Movement 2
        assert session.state.step == "movement-2"
        stack.undo()
        stack.undo()
        assert session.state.step == "gunnery-1"
        assert [u for _, u in steps_in_file(path)] == [False, True, True]
    finally:
        session.close()


def test_a_refused_step_writes_nothing_and_says_why(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    before = steps_in_file(window.session.path)
    step = window.run_step("bad", [Correct(uid="ghost", set={"facing": 1})])
    assert step is None
    assert "ghost" in window.last_error
    assert steps_in_file(window.session.path) == before
    assert window.session.undo_stack.count() == len(before)
