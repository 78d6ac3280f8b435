"""File > Save As… (Ctrl+Shift+S), the same action for a match of either game: the match
written whole to a new file (every step, undone ones too: Edit > Redo brings them back),
then the window goes on with that file and the old one stays as it is. A match file
deleted while its match is open: the "gone" dialog offers "Save the match to a new file…",
whose save dialog starts where the file was (putting it back). Refused in a dialog of plain
text naming the file, nothing written, the open match as it was: the match's own file, no
such folder; typed in the save dialog, the match's own file is refused there at once, and a
name that exists is the dialog's own question first. An open wizard stays open and writes
its step to the new file; an older file's events keep their recorded bytes."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from app_window import activation_window, demo_window
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox

from referee.app.window.main_window import MainWindow
from referee.app.window.match_opening import SAVE_AS_OFFER, SAVE_AS_TITLE
from referee.match.games.systems import open_match
from referee.match.journal.journal_text import read_journal, replay_journal
from referee.paths import data_dir


@pytest.fixture(autouse=True)
def private_folders(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_MATCHES", str(tmp_path / "matches"))
    monkeypatch.setenv("REFEREE_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path / "home"))


def crossroads(tmp_path: Path) -> Path:
    path = tmp_path / "crossroads.referee"
    replay_journal(read_journal(data_dir() / "journals" / "activation-crossroads.journal"), path)
    return path


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def answer_save_dialog(name: str, seen: list[list[str]], replace: bool | None = None) -> None:
    """Type ``name`` in the next save dialog and accept it (noting its title and the file
    it suggested); ``replace``: the answer to Qt's "replace it?" question, if asked."""

    def answer() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, QFileDialog):
            QTimer.singleShot(20, answer)
            return
        seen.append([dialog.windowTitle(), *dialog.selectedFiles()])
        if replace is not None:
            QTimer.singleShot(0, answer_replace)
        dialog.selectFile(name)
        dialog.accept()

    def answer_replace() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(20, answer_replace)
            return
        seen.append([box.text()])
        button = QMessageBox.StandardButton.Yes if replace else QMessageBox.StandardButton.No
        box.button(button).click()
        if not replace:  # still asking where: cancelled
            QTimer.singleShot(0, cancel)

    def cancel() -> None:
        dialog = QApplication.activeModalWidget()
        if isinstance(dialog, QFileDialog):
            dialog.reject()

    QTimer.singleShot(0, answer)


@pytest.fixture(autouse=True)
def qt_file_dialogs(qapp):
    """Qt's own dialogs (the tests answer them), never the desktop's."""
    qapp.setAttribute(Qt.ApplicationAttribute.AA_DontUseNativeDialogs, True)
    yield
    qapp.setAttribute(Qt.ApplicationAttribute.AA_DontUseNativeDialogs, False)


def shown_dialog(window) -> QMessageBox:
    dialog = window.refused_open_dialog
    assert isinstance(dialog, QMessageBox) and dialog.isVisible()
    assert dialog.textFormat() == Qt.TextFormat.PlainText
    return dialog


def test_a_deleted_match_file_is_saved_from_the_gone_dialog_and_the_match_goes_on(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    path = window.session.path
    for _ in range(3):
        assert window.next_step(unfired="pass") is not None, window.last_error
    window.undo_action.trigger()
    steps = window.session.steps()
    assert [s.undone for s in steps][-2:] == [False, True]
    path.unlink()  # rm while the window is open
    window.session.sync()  # the window's look at the file, on its timer
    gone = shown_dialog(window)
    assert gone.windowTitle() == "Match file gone"
    assert "File > Save As…" in gone.text() and "the window goes on with that file" in gone.text()
    (offer,) = [b for b in gone.buttons() if b.text() == SAVE_AS_OFFER]

    seen: list[list[str]] = []
    answer_save_dialog("saved", seen)
    offer.click()
    new = tmp_path / "saved.referee"
    # the dialog, the copy read back whole and the new file opened: slow on a loaded machine
    qtbot.waitUntil(lambda: window.session.path == new, timeout=60_000)
    assert seen == [[SAVE_AS_TITLE, str(path)]]  # the dialog starts where the file was
    assert window.refused_open_dialog is None  # nothing more said of the file gone
    assert window.session.steps() == steps  # the undone step too, waiting for redo
    assert window.undo_group.activeStack().index() == len(steps) - 1
    assert window.redo_action.isEnabled()
    said = window.statusBar().currentMessage()
    assert said.startswith(f"Saved as saved.referee; {path} is still gone."), said
    assert "(every step is written as it happens)" in said
    assert window.windowTitle().startswith("saved.referee")
    assert not path.exists()
    with open_match(new) as copy:
        assert copy.replay_check() == []
    assert window.next_step(unfired="pass") is not None, window.last_error  # written to new
    with open_match(new) as copy:
        assert len(copy.steps(include_undone=True)) == len(steps)  # the undone step dropped
        assert copy.replay_check() == []


def test_save_as_of_an_activation_match_goes_on_with_the_new_file(qtbot, tmp_path):
    path = crossroads(tmp_path)
    window = activation_window(qtbot, path)
    action = window.save_as_action
    assert action.text() == "&Save As…"
    assert action.shortcut() == QKeySequence("Ctrl+Shift+S")
    window.undo_action.trigger()
    before = digest(path)
    steps = window.session.steps()
    seen: list[list[str]] = []
    answer_save_dialog("evening", seen)
    action.trigger()
    new = tmp_path / "evening.referee"
    assert window.session.path == new and window.session.system == "activation"
    assert seen == [[SAVE_AS_TITLE, str(tmp_path / "crossroads-copy.referee")]]
    assert window.session.steps() == steps
    assert digest(path) == before  # the old file stays as it is
    assert (
        window.statusBar()
        .currentMessage()
        .startswith(f"Saved as evening.referee; {path} stays as it was.")
    )
    window.redo_action.trigger()  # redo, written to the new file only
    with open_match(new) as copy:
        assert not any(s.undone for s in copy.steps(include_undone=True))
        assert copy.replay_check() == []
    assert digest(path) == before


def test_a_name_that_exists_is_qts_question_first(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    there = tmp_path / "there.referee"
    there.write_bytes(b"last week's match")
    path = window.session.path
    seen: list[list[str]] = []
    answer_save_dialog("there", seen, replace=False)
    window.save_as_action.trigger()
    assert "there.referee already exists" in seen[1][0]
    assert window.session.path == path and there.read_bytes() == b"last week's match"

    answer_save_dialog("there", seen, replace=True)
    window.save_as_action.trigger()
    assert window.session.path == there
    with open_match(there) as copy:
        assert copy.replay_check() == []


def test_the_matchs_own_file_and_no_folder_are_refused_in_a_dialog(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    assert window.next_step(unfired="pass") is not None, window.last_error
    path = window.session.path
    session, before = window.session, digest(path)
    for target, why in (
        (path, "it is the match's own file; choose another name"),
        (tmp_path / "nowhere" / "m.referee", f"no folder '{tmp_path / 'nowhere'}'"),
    ):
        assert window.save_match_as(target) is None
        refused = shown_dialog(window)
        assert refused.windowTitle() == "Match not saved"
        assert refused.text() == (
            f"{target}: the match was not saved there: {why}; nothing was written\n\n"
            f"The open match stays as it was, with its file {path}."
        )
        assert window.session is session and digest(path) == before
    # nothing written beside the match but the window's own lock (README, "Match files")
    assert sorted(p.name for p in tmp_path.iterdir()) == [".demo.referee.open", "demo.referee"]


def test_a_damaged_match_file_offers_to_save_the_match_as_last_read_well(qtbot, tmp_path):
    import sqlite3

    window = demo_window(qtbot, tmp_path)
    assert window.next_step(unfired="pass") is not None, window.last_error
    steps = window.session.steps()
    path = window.session.path
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE events SET data = 'not json'")
    conn.close()
    window.session.sync()
    damaged = shown_dialog(window)
    assert damaged.windowTitle() == "Match file damaged"
    assert [b for b in damaged.buttons() if b.text() == SAVE_AS_OFFER]
    new = tmp_path / "rescued.referee"
    assert window.save_match_as(new) == new
    assert window.session.path == new and window.session.steps() == steps
    with open_match(new) as copy:
        assert copy.replay_check() == []


def test_a_file_gone_is_never_called_damaged(qtbot, tmp_path):
    """Whatever reads the match while its file is gone (the journal, a step refused), the
    dialog says the file is gone and offers to save the match, never that it is damaged."""
    window = demo_window(qtbot, tmp_path)
    assert window.next_step(unfired="pass") is not None, window.last_error
    path = window.session.path
    path.unlink()
    window.session._good = (window.session._good[0], [])  # the steps to be read again
    window.session.steps()
    gone = shown_dialog(window)
    assert gone.windowTitle() == "Match file gone"
    assert gone.text().startswith(f"{path}: the match file is gone")
    assert [b for b in gone.buttons() if b.text() == SAVE_AS_OFFER]


def test_the_matchs_own_name_is_refused_in_the_dialog_before_any_replace_question(qtbot, tmp_path):
    """Typed in the save dialog, the open match's own file is refused at once, saying why,
    and the dialog stays open for another name: no "replace it?" is asked of it."""
    window = demo_window(qtbot, tmp_path)
    path = window.session.path
    session, before = window.session, digest(path)
    said: list[tuple[str, str]] = []

    def answer() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, QFileDialog):
            QTimer.singleShot(20, answer)
            return
        QTimer.singleShot(0, lambda: answer_box(dialog))
        dialog.selectFile("demo")  # the suffix added: the open match's own file
        dialog.accept()

    def answer_box(dialog: QFileDialog) -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(20, lambda: answer_box(dialog))
            return
        said.append((box.windowTitle(), box.text()))
        said.append(("plain text", str(box.textFormat() == Qt.TextFormat.PlainText)))
        # (Qt's own question, were it asked, is answered No: the dialog stays open)
        (
            box.button(QMessageBox.StandardButton.Ok) or box.button(QMessageBox.StandardButton.No)
        ).click()
        QTimer.singleShot(0, lambda: said.append(("still open", str(dialog.isVisible()))))
        QTimer.singleShot(0, dialog.reject)

    QTimer.singleShot(0, answer)
    assert window.save_match_as() is None
    assert said == [
        (
            "Not saved there",
            "demo.referee: it is the match's own file (every step is already written "
            "there as it happens); choose another name",
        ),
        ("plain text", "True"),
        ("still open", "True"),
    ]
    assert window.refused_open_dialog is None  # nothing said after the dialog
    assert window.session is session and digest(path) == before
    # nothing written beside the match but the window's own lock (README, "Match files")
    assert sorted(p.name for p in tmp_path.iterdir()) == [".demo.referee.open", "demo.referee"]


def test_save_as_keeps_the_open_wizard_which_then_writes_to_the_new_file(qtbot, tmp_path):
    from test_app_gunnery_wizard import finish, to_roll_page

    window = demo_window(qtbot, tmp_path)
    path = window.session.path
    wizard = to_roll_page(qtbot, window)
    drawn = window.wizard_host.overlay.drawn()
    assert drawn  # the shot's line on the map
    before = digest(path)
    new = tmp_path / "evening.referee"
    assert window.save_match_as(new) == new
    assert window.session.path == new
    assert window.wizard_host.wizard is wizard and wizard.isVisible()
    assert window.wizard_host.overlay.drawn() == drawn
    assert "wizard was closed" not in window.statusBar().currentMessage()
    finish(qtbot, wizard)
    assert window.wizard_host.wizard is None
    with open_match(new) as copy:
        assert copy.steps()[-1].events[0].kind == "fire"
        assert copy.replay_check() == []
    assert digest(path) == before  # the old file stays as it was
    window.undo_action.trigger()  # undo: the new file's
    with open_match(new) as copy:
        assert copy.steps(include_undone=True)[-1].undone


def test_save_as_keeps_the_activation_rules_open_wizard(qtbot, tmp_path):
    from test_app_activation_wizards import click_tile, finish, next_page

    from referee.match.games.activation_file import ActivationMatch

    journal = read_journal(data_dir() / "journals" / "activation-crossroads.journal")
    path = tmp_path / "deploying.referee"
    with ActivationMatch.from_journal(journal, path) as match:
        for step in journal.steps[:6]:
            match.run(step.name, step.commands, step.dice)
    window = activation_window(qtbot, path)
    qtbot.mouseClick(window.game.panel.buttons["deploy"], Qt.MouseButton.LeftButton)
    wizard = window.wizard_host.wizard
    assert wizard is not None
    wizard.pieces.pick("tank")
    next_page(qtbot, wizard)
    before = digest(path)
    new = tmp_path / "evening.referee"
    assert window.save_match_as(new) == new
    assert window.wizard_host.wizard is wizard and wizard.isVisible()
    click_tile(qtbot, window, "H15")
    next_page(qtbot, wizard)
    finish(qtbot, wizard)
    with open_match(new) as copy:
        assert copy.steps()[-1].name.startswith("deploy side=1 uid=tank hex=H15")
    assert digest(path) == before
    assert window.wizard_host.wizard is None
    # the next wizard opens on the new file's match: side 2 deploys now (the tank is down)
    qtbot.mouseClick(window.game.panel.buttons["deploy"], Qt.MouseButton.LeftButton)
    pieces = window.wizard_host.wizard.pieces.list
    listed = [pieces.item(i).text().split(":")[0] for i in range(pieces.count())]
    assert "tank" not in listed and listed[-1] == "Pass"
    assert window.game.wizards.match is window.session.match


def test_save_as_of_an_older_file_keeps_each_events_recorded_bytes(qtbot, tmp_path):
    import sqlite3

    older = Path(__file__).parents[1] / "match" / "files" / "demo-format-1.referee"
    path = tmp_path / "older.referee"
    path.write_bytes(older.read_bytes())
    window = MainWindow()
    qtbot.addWidget(window)
    window.open_match(path)
    assert window.session is not None, window.last_error
    new = tmp_path / "saved.referee"
    assert window.save_match_as(new) == new

    def events(p: Path) -> list[tuple[object, ...]]:
        conn = sqlite3.connect(p)
        try:
            return list(conn.execute("SELECT step, position, kind, data FROM events ORDER BY id"))
        finally:
            conn.close()

    assert events(new) == events(older)
