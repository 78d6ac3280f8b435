"""A refusal that comes from the match file rather than from a step (Edit > Undo or Redo
the file refuses: another program wrote to it, or it no longer reads; Next step on a file
that no longer reads) is said the way every refusal is (one path, the window's ``refuse``):
"Refused: ..." in the status bar until the next action, the window's last error, and the
game's own panel (the activation Turn dock's "Refused, nothing written"). The undo stack's
own move back to where the file is does not wipe the refusal it came with."""

from __future__ import annotations

import sqlite3

import test_app_activation_wizards as wizards_tests
from app_window import demo_window

from referee.match.games.orders_file import MatchFile
from referee.rules.orders.commands import Correct

private_folders = wizards_tests.private_folders
window = wizards_tests.window  # the sample game played to its end: side 2's turn

SHAKEN = [Correct(uid="grunts", set={"shaken": 1})]
LAST_ROW_CUT = (
    "UPDATE events SET data = substr(data, 1, 30) WHERE id = (SELECT MAX(id) FROM events)"
)


def status(window) -> str:
    return window.statusBar().currentMessage()


def cut_last_row(path) -> None:
    conn = sqlite3.connect(path)
    with conn:  # another program cuts the last journal row short
        conn.execute(LAST_ROW_CUT)
    conn.close()


def close_dialog(window) -> None:
    box = window.refused_open_dialog
    assert box is not None and box.isVisible()
    box.close()


def test_an_undo_the_file_refuses_stays_said_after_the_stack_moves_back(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    session = window.session
    session.timer.stop()
    window.run_step("Mine", SHAKEN)
    with MatchFile.open(session.path) as other:
        other.run("Theirs", SHAKEN)
    with qtbot.waitSignal(session.changed, timeout=5000):
        window.undo_action.trigger()  # Ctrl+Z: it would take back "Theirs", not "Mine"
    qtbot.wait(50)  # the stack rebuilt from the file (its index moved twice)
    assert "another program wrote" in window.last_error
    assert status(window).startswith("Refused: ") and "another program wrote" in status(window)
    window.next_in_game()  # the next action: the refusal goes
    assert "another program wrote" not in status(window)


def test_a_redo_refused_on_a_damaged_file_is_said_in_the_turn_dock_until_the_next_action(
    qtbot, window
):
    session = window.session
    path = session.path
    session.timer.stop()
    window.undo_action.trigger()  # a step undone, to redo
    assert session.undo_stack.canRedo()
    index = session.undo_stack.index()
    cut_last_row(path)
    session.sync()  # the window's look at the file, on its timer: said in the dialog
    close_dialog(window)
    before = path.read_bytes()
    with qtbot.waitSignal(session.changed, timeout=5000):
        window.redo_action.trigger()
    qtbot.wait(50)
    close_dialog(window)  # said again, with the refusal
    assert session.undo_stack.index() == index  # the stack is back where the file is
    assert path.read_bytes() == before
    assert str(path) in window.last_error and "event" in window.last_error
    assert status(window).startswith(f"Refused: {path}")
    said = window.game.panel.outcome.text()
    assert said.startswith("Refused, nothing written: ") and str(path) in said


def test_next_step_on_a_damaged_file_is_refused_as_every_action_is(qtbot, window):
    session = window.session
    path = session.path
    good = path.read_bytes()
    session.timer.stop()
    cut_last_row(path)
    window.next_in_game()  # N: refused, the dialog names the file
    close_dialog(window)
    assert window.wizard_host.wizard is None
    assert str(path) in window.last_error and "event" in window.last_error
    assert status(window).startswith(f"Refused: {path}")
    said = window.game.panel.outcome.text()
    assert said.startswith("Refused, nothing written: ") and str(path) in said
    path.write_bytes(good)  # put right from a copy: the next action clears the refusal
    window.next_in_game()
    assert window.wizard_host.wizard is not None
    assert str(path) not in status(window)
    assert str(path) not in window.game.panel.outcome.text()
