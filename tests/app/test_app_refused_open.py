"""A match file the window cannot open is refused whole: the match is opened and its state
built before anything in the window turns to it, so a damaged file (a unit of the set-up
with an impossible value) leaves the open match exactly as it was, of either game; the
refusal is a dialog of plain text naming the file and the field, not only a line in the
status bar. The same from File > Open, File > Open Recent and the match of last time."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from app_window import activation_window, demo_window
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QMessageBox

from referee.app.start.app import make_window
from referee.app.window.remembered import fill_recent_menu
from referee.match.journal.journal_text import read_journal, replay_journal
from referee.match.setup.demo import create_demo_match
from referee.paths import data_dir


@pytest.fixture(autouse=True)
def private_folders(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_MATCHES", str(tmp_path / "matches"))
    monkeypatch.setenv("REFEREE_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path / "home"))


def crossroads(tmp_path: Path) -> Path:
    path = tmp_path / "crossroads.referee"
    journal = data_dir() / "journals" / "activation-crossroads.journal"
    replay_journal(read_journal(journal), path).close()
    return path


def damaged_demo(tmp_path: Path, name: str = "edited.referee") -> Path:
    """A demo match whose tank was edited outside the app to -5 damage tokens (its tables
    and its meta are sound: only building the match's state finds it)."""
    path = tmp_path / name
    create_demo_match(path).close()
    with sqlite3.connect(path) as conn:
        conn.execute(
            "UPDATE units SET data = json_set(data, '$.damage_tokens', -5) WHERE uid = 'tank'"
        )
    conn.close()
    return path


def looks(window) -> tuple[object, ...]:
    """What the referee sees of the open match: its file, game, title, Turn panel, undo
    stack and the Undo menu item's words."""
    session = window.session
    return (
        session,
        session.path,
        window.game,
        window.windowTitle(),
        window.tracker_dock.widget(),
        window.undo_group.activeStack(),
        window.undo_action.text(),
        window.journal_dock.widget(),
        window.journal.model.rowCount(),
        window.scene.battle_map,
    )


def refused_dialog(window) -> QMessageBox:
    dialog = window.refused_open_dialog
    assert isinstance(dialog, QMessageBox) and dialog.isVisible()
    assert dialog.textFormat() == Qt.TextFormat.PlainText  # words from the file stay words
    return dialog


def test_a_damaged_set_up_leaves_the_open_activation_match_as_it_was(qtbot, tmp_path):
    window = activation_window(qtbot, crossroads(tmp_path))
    before = looks(window)
    bad = damaged_demo(tmp_path)
    for _ in range(3):  # again and again: nothing of the bad file creeps in
        window.open_match(bad)
        assert looks(window) == before
        assert window.session.system == "activation" and window.game.SYSTEM == "activation"
    assert str(bad) in window.last_error and "damage_tokens" in window.last_error
    text = refused_dialog(window).text()
    assert str(bad) in text and "damage_tokens: -5" in text
    assert "crossroads.referee" in text  # which match stays open
    # the activation match still plays: Edit > Undo takes back its own last step
    steps = len([s for s in window.session.match.steps() if not s.undone])
    window.undo_action.trigger()
    assert len([s for s in window.session.match.steps() if not s.undone]) == steps - 1


def test_a_damaged_set_up_leaves_the_open_demo_match_playing(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    before = looks(window)
    window.open_match(damaged_demo(tmp_path))
    assert looks(window) == before
    refused_dialog(window).close()
    assert window.next_step(unfired="pass") is not None, window.last_error  # N still works


def test_open_recent_on_a_damaged_file_is_refused_the_same_way(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    window.remembered = None
    bad = damaged_demo(tmp_path)
    fill_recent_menu(window.recent_menu, [bad], window.open_match)
    before = looks(window)
    window.recent_menu.actions()[0].trigger()
    assert looks(window) == before
    assert "damage_tokens" in refused_dialog(window).text()


def test_a_damaged_match_of_last_time_gives_a_new_demo_and_says_why(qtbot, tmp_path):
    settings = QSettings(str(tmp_path / "referee.ini"), QSettings.Format.IniFormat)
    bad = damaged_demo(tmp_path)
    window = make_window(bad, settings)
    qtbot.addWidget(window)
    assert window.session is not None and window.session.path != bad
    assert window.session.path.name.startswith("demo-")
    assert window.session.state.unit("tank").damage_tokens == 0  # the new demo's, sound
    assert "could not be opened" in window.statusBar().currentMessage()
    assert "damage_tokens" in window.refused_open_dialog.text()
    assert "A new demo match is opened in its place." in window.refused_open_dialog.text()
    window.refused_open_dialog.close()


def test_the_refusal_shows_the_file_name_as_plain_text(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    bad = damaged_demo(tmp_path, "<b>bold</b>.referee".replace("/", "_"))
    window.open_match(bad)
    dialog = refused_dialog(window)
    assert "<b>bold<_b>.referee" in dialog.text()


def test_a_match_file_moved_away_under_the_window_is_said_to_be_gone(qtbot, tmp_path):
    """The file deleted or moved away (from File > Open's dialog, say) while its match is
    open: the next step is refused saying plainly that the file is gone, where it was, that
    nothing was written and what to do; put back, the match goes on."""
    window = demo_window(qtbot, tmp_path)
    path = window.session.path
    away = path.rename(tmp_path / "moved.referee")
    assert window.next_step(unfired="pass") is None
    said = window.last_error
    assert said.startswith(f"{path}: the match file is gone")
    assert "nothing was written" in said and "open it where it is now" in said
    assert "damaged" not in said and "No such file" not in said
    window.session.sync()  # the window's look at the file, on its timer: a dialog, once
    assert "the match file is gone" in window.statusBar().currentMessage()
    dialog = refused_dialog(window)
    assert dialog.text().startswith(f"{path}: the match file is gone")
    assert "File > Open" in dialog.text()
    dialog.close()
    window.statusBar().clearMessage()
    window.session.sync()  # looked at again: not said again
    assert window.refused_open_dialog is None and window.statusBar().currentMessage() == ""
    away.rename(path)
    assert window.next_step(unfired="pass") is not None, window.last_error
