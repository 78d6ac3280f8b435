"""The map editor says a refused open or save in a dialog of plain text with the whole reason
(the status bar cuts a long one off), and the map being edited stays as it was."""

from __future__ import annotations

import pytest
from app_window import demo_window
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from referee.app.map_editor import edits
from referee.app.map_editor.window import MapEditorWindow
from referee.board.hexgrid import parse_label


@pytest.fixture(autouse=True)
def private_folders(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_MATCHES", str(tmp_path / "matches"))
    monkeypatch.setenv("REFEREE_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path / "home"))


@pytest.fixture
def editor(qtbot, tmp_path) -> MapEditorWindow:
    window = demo_window(qtbot, tmp_path)
    window.map_editor_action.trigger()
    found = window.findChild(MapEditorWindow)
    assert found is not None
    with qtbot.waitExposed(found):
        found.show()
    return found


def huge_map(tmp_path):
    path = tmp_path / "huge.toml"
    path.write_text(
        'name = "Huge"\nedition = "current"\nshape = "rectangle"\n'
        'columns = 100000\nrows = 100000\ndefault_terrain = "clear"\n'
    )
    return path


def test_a_refused_map_file_is_said_whole_in_a_plain_dialog_and_the_map_stays(editor, tmp_path):
    before = editor.map
    assert not editor.open_file(huge_map(tmp_path))
    box = editor.refusal
    assert box is not None and box.isVisible()
    assert box.textFormat() == Qt.TextFormat.PlainText
    text = box.text()
    assert text.startswith("huge.toml was not opened.")
    # both fields, whole (the status bar cut the second off)
    assert "columns: expected a whole number from 1 to 200" in text and "got 100000" in text
    assert "rows: expected a whole number from 1 to 200" in text
    assert "The map ENTRENCHED! stays in the editor as it was." in text
    assert editor.map is before and editor.path is None
    box.button(QMessageBox.StandardButton.Ok).click()
    assert editor.refusal is None


def test_a_second_refusal_replaces_the_first_dialog(qtbot, editor, tmp_path):
    editor.open_file(huge_map(tmp_path))
    first = editor.refusal
    editor.open_file(huge_map(tmp_path))
    assert editor.refusal is not first and editor.refusal is not None
    assert first is not None and not first.isVisible()


def test_a_save_refused_by_the_check_lists_every_problem_in_a_dialog(editor, tmp_path):
    before = editor.map
    editor.set_map(edits.paint(before, parse_label("D4"), "building"))  # in no man's land
    assert editor.save_to(tmp_path / "no.toml") is None
    assert not (tmp_path / "no.toml").exists()
    box = editor.refusal
    assert box is not None and box.textFormat() == Qt.TextFormat.PlainText
    # a building is both blocking and advanced terrain: two problems, each on its own line
    assert "was not saved: it has 2 problem(s)" in box.text()
    assert box.text().count("\n- zones.no_mans_land: D4 is Building") == 2
