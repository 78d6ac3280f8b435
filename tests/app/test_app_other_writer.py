"""A step written to the open match by another program (the command line) shows in the
window, and a step, undo or redo from a view the file moved on from writes nothing
(issue 11)."""

from __future__ import annotations

from app_window import demo_window

from referee.match.games.orders_file import MatchFile

SHAKEN = [{"kind": "correct", "uid": "grunts", "set": {"shaken": 1}}]


def test_a_step_written_from_the_command_line_shows_in_the_window(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    session = window.session
    assert session is not None
    before = len(session.steps())
    with MatchFile.open(session.path) as other:
        other.run("From the terminal", [{"kind": "correct", "uid": "grunts", "set": {"shaken": 2}}])
    with qtbot.waitSignal(session.notice, timeout=5000) as notice:
        pass  # the session's timer looks at the file
    assert "Another program wrote" in notice.args[0]
    assert "From the terminal" in notice.args[0]
    assert len(session.steps()) == before + 1
    assert session.state.units["grunts"].shaken == 2
    assert session.undo_stack.undoText() == "From the terminal"
    assert "Another program wrote" in window.statusBar().currentMessage()


def test_a_step_from_a_view_the_file_moved_on_from_is_refused_and_writes_nothing(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    session = window.session
    assert session is not None
    session.timer.stop()  # as if the other program wrote between two looks at the file
    with MatchFile.open(session.path) as other:
        other.run("From the terminal", SHAKEN)
    count = len(session.steps())
    before = session.path.read_bytes()
    assert window.run_step("From the window", SHAKEN) is None
    assert "another program wrote" in window.last_error
    assert session.path.read_bytes() == before
    assert len(session.steps()) == count
    assert session.undo_stack.undoText() == "From the terminal"  # the view caught up
    assert window.run_step("From the window", SHAKEN) is not None


def test_undo_from_a_view_the_file_moved_on_from_takes_back_nothing(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    session = window.session
    assert session is not None
    session.timer.stop()
    window.run_step("Mine", SHAKEN)
    with MatchFile.open(session.path) as other:
        other.run("Theirs", SHAKEN)
    before = session.path.read_bytes()
    with qtbot.waitSignal(session.changed, timeout=5000):
        session.undo_stack.undo()  # Ctrl+Z: it would take back "Theirs", not "Mine"
    assert session.path.read_bytes() == before
    assert session.undo_stack.undoText() == "Theirs"
