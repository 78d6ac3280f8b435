"""A match file that another program damages while the window has it open (``sqlite3``
setting a unit's damage tokens to -5, truncating a journal row's JSON) writes no step: the
window's look at the file notices the change all the same, reads the file again whole and,
as it no longer reads, says so once in a dialog naming the file and the field; the window
keeps showing the match as last read well, and every step, undo and redo is refused with
nothing written, the way forward said. Put right (restored from a copy), the match carries
on. Bad input "gets a clear message naming the file, line or field, in bounded time, and
loses nothing already saved" (the guide)."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest
from app_window import activation_window, demo_window
from PySide6.QtWidgets import QMessageBox

from referee.app.session.match_session import ALL_CHANGES
from referee.rules.orders.commands import Correct

SHAKEN = [Correct(uid="grunts", set={"shaken": 1})]


@pytest.fixture(autouse=True)
def private_folders(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_MATCHES", str(tmp_path / "matches"))
    monkeypatch.setenv("REFEREE_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path / "home"))


def edit(path: Path, sql: str) -> None:
    """``sql`` run on the file by another program (as the sqlite3 shell would)."""
    conn = sqlite3.connect(path)
    with conn:
        conn.execute(sql)
    conn.close()


TANK_MINUS_FIVE = "UPDATE units SET data = json_set(data, '$.damage_tokens', -5) WHERE uid = 'tank'"
LAST_ROW_CUT = (
    "UPDATE events SET data = substr(data, 1, 30) WHERE id = (SELECT MAX(id) FROM events)"
)


def dialog_of(window) -> QMessageBox:
    box = window.refused_open_dialog
    assert box is not None and box.isVisible()
    return box


def test_a_unit_edited_to_minus_five_damage_tokens_is_said_once_and_every_change_refused(
    qtbot, tmp_path
):
    window = demo_window(qtbot, tmp_path)
    session = window.session
    assert window.run_step("Shaken", SHAKEN) is not None
    good = tmp_path / "copy.referee"
    shutil.copy(session.path, good)
    title, index = window.windowTitle(), session.undo_stack.index()
    edit(session.path, TANK_MINUS_FIVE)
    before = session.path.read_bytes()
    session.sync()  # the window's look at the file, on its timer
    box = dialog_of(window)
    assert str(session.path) in box.text() and "'tank'" in box.text()
    assert "damage_tokens" in box.text() and "from a copy" in box.text()
    box.close()
    session.sync()  # looked at again, unchanged: not said again
    assert window.refused_open_dialog is None
    # the window shows the match as last read well
    assert session.state.unit("tank").damage_tokens == 0
    assert session.state.unit("grunts").shaken == 1
    assert window.windowTitle() == title
    # a step, Next step, undo (Ctrl+Z), undo back to: refused, nothing written
    assert window.run_step("Shaken again", SHAKEN) is None
    assert str(session.path) in window.last_error and "damage_tokens" in window.last_error
    assert "Nothing was written" in window.last_error
    dialog_of(window).close()
    window.next_in_game()
    dialog_of(window).close()
    with qtbot.waitSignal(session.changed, timeout=5000):
        session.undo_stack.undo()
    assert session.undo_stack.index() == index  # the stack is back where the file is
    dialog_of(window).close()
    assert window.undo_back_to(0) == []
    assert session.path.read_bytes() == before
    # restored from a copy: the match carries on from it
    shutil.copy(good, session.path)
    assert session.sync()
    assert "reads again" in window.statusBar().currentMessage()
    assert window.run_step("Shaken again", SHAKEN) is not None, window.last_error


def test_a_journal_row_cut_short_while_open_keeps_the_last_good_match(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    session = window.session
    assert window.run_step("Shaken", SHAKEN) is not None
    steps = [s.name for s in session.steps()]
    edit(session.path, LAST_ROW_CUT)
    before = session.path.read_bytes()
    # N at once, before the timer looked: refused, said, nothing written, nothing raised
    assert window.run_step("Shaken again", SHAKEN) is None
    assert str(session.path) in window.last_error and "event" in window.last_error
    assert "Nothing was written" in window.last_error
    box = dialog_of(window)
    assert str(session.path) in box.text() and "event" in box.text()
    assert session.path.read_bytes() == before
    assert [s.name for s in session.steps()] == steps  # the journal dock keeps them
    assert session.state.unit("grunts").shaken == 1
    window.refresh(ALL_CHANGES)  # every dock redrawn from the match read well: nothing raised
    with qtbot.waitSignal(session.changed, timeout=5000):
        session.undo_stack.undo()
    assert session.path.read_bytes() == before


def test_a_step_written_by_another_program_into_a_damaged_file_is_not_taken(qtbot, tmp_path):
    """The file's revision moves (a step written by the command line) and the journal no
    longer reads: the window does not drop the match it showed for a blank one."""
    from referee.match.games.orders_file import MatchFile

    window = demo_window(qtbot, tmp_path)
    session = window.session
    with MatchFile.open(session.path) as other:
        other.run("From the terminal", [Correct(uid="grunts", set={"shaken": 2})])
    edit(session.path, LAST_ROW_CUT)
    session.sync()
    assert "event" in dialog_of(window).text()
    assert session.state.unit("grunts").shaken == 0
    assert "From the terminal" not in [s.name for s in session.steps()]
    dialog_of(window).close()
    assert window.wizards.gunnery() is None  # Wizards > Gunnery: not opened, said why
    assert "event" in dialog_of(window).text()


def test_a_match_of_the_activation_rules_damaged_while_open_is_refused_the_same(qtbot, tmp_path):
    from test_app_activation_wizards import JOURNAL

    from referee.match.journal.journal_text import read_journal, replay_journal

    path = tmp_path / "crossroads.referee"
    replay_journal(read_journal(JOURNAL), path).close()
    window = activation_window(qtbot, path)
    session = window.session
    panel = window.game.panel
    heading, count = panel.heading.text(), len(session.steps())
    index = session.undo_stack.index()
    edit(path, LAST_ROW_CUT)
    before = path.read_bytes()
    session.sync()
    box = dialog_of(window)
    assert str(path) in box.text() and "event" in box.text()
    box.close()
    window.next_in_game()  # N: refused, said again
    dialog_of(window).close()
    with qtbot.waitSignal(session.changed, timeout=5000):
        session.undo_stack.undo()
    assert session.undo_stack.index() == index
    assert path.read_bytes() == before
    assert window.game.panel.heading.text() == heading and len(session.steps()) == count
