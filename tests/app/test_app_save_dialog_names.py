"""A save dialog never writes a file named by a pattern or by characters no name holds
(issue 23's tester: File > Export PDF…, ``*`` and Return wrote a file named ``*.pdf``): a
typed pattern becomes the dialog's filter and nothing is chosen; a name with a backslash
or a control character is refused, saying why, and the dialog stays open."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QFileDialog, QLineEdit, QMessageBox

from referee.app.widgets.save_dialog import save_dialog


def _dialog(qtbot, folder: Path) -> QFileDialog:
    dialog = save_dialog(None, "Export to file", folder / "Cup.pdf", "PDF (*.pdf)", ".pdf")
    dialog.setOption(QFileDialog.Option.DontUseNativeDialog, True)
    qtbot.addWidget(dialog)
    dialog.open()
    return dialog


def _type(qtbot, dialog: QFileDialog, text: str) -> QLineEdit:
    edit = dialog.findChild(QLineEdit, "fileNameEdit")
    assert edit is not None
    edit.clear()
    qtbot.keyClicks(edit, text)
    return edit


@pytest.mark.parametrize("pattern", ["*", "*.pdf", "cup?", "[ab]*"])
def test_a_typed_pattern_and_return_filters_the_folder_and_chooses_no_file(
    qtbot, tmp_path, pattern
):
    (tmp_path / "old.pdf").write_bytes(b"%PDF-1.4\n")
    dialog = _dialog(qtbot, tmp_path)
    edit = _type(qtbot, dialog, pattern)
    qtbot.keyClick(edit, Qt.Key.Key_Return)
    assert dialog.isVisible() and dialog.result() != QFileDialog.DialogCode.Accepted
    # the pattern lists what it matches; the dialog's own filter stays to go back to
    assert dialog.nameFilters() == [pattern, "PDF (*.pdf)"]
    assert dialog.selectedNameFilter() == pattern
    assert edit.text() == ""
    assert sorted(p.name for p in tmp_path.iterdir()) == ["old.pdf"]  # nothing written
    edit = _type(qtbot, dialog, "round-3")  # a name afterwards is chosen as ever
    qtbot.keyClick(edit, Qt.Key.Key_Return)
    assert dialog.result() == QFileDialog.DialogCode.Accepted
    assert [Path(f) for f in dialog.selectedFiles()] == [tmp_path / "round-3.pdf"]


@pytest.mark.parametrize(("name", "why"), [("a\\b", "backslash"), ("tab\there", "control")])
def test_a_name_no_file_holds_is_refused_saying_why(qtbot, tmp_path, name, why):
    dialog = _dialog(qtbot, tmp_path)
    edit = _type(qtbot, dialog, name) if "\t" not in name else None
    if edit is None:  # a tab typed moves the focus: the name is set as a paste would
        edit = dialog.findChild(QLineEdit, "fileNameEdit")
        assert edit is not None
        edit.setText(name)
    said: list[str] = []

    def answer() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(20, answer)
            return
        said.append(box.text())
        box.button(QMessageBox.StandardButton.Ok).click()

    QTimer.singleShot(0, answer)
    dialog.accept()
    assert said and why in said[0] and "type another" in said[0]
    assert dialog.isVisible() and dialog.result() != QFileDialog.DialogCode.Accepted
    assert list(tmp_path.iterdir()) == []


def test_the_replace_question_names_the_file_in_plain_text(qtbot, tmp_path):
    """A file's name is never markup: "replace it?" shows ``<b>cup.pdf`` as typed."""
    (tmp_path / "<b>cup.pdf").write_bytes(b"%PDF-1.4\n")
    dialog = _dialog(qtbot, tmp_path)
    _type(qtbot, dialog, "<b>cup")
    asked: list[tuple[str, bool]] = []

    def answer() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(20, answer)
            return
        asked.append((box.text(), box.textFormat() == Qt.TextFormat.PlainText))
        box.button(QMessageBox.StandardButton.No).click()

    QTimer.singleShot(0, answer)
    dialog.accept()
    assert asked == [("<b>cup.pdf already exists.\nDo you want to replace it?", True)]
    assert dialog.isVisible() and dialog.result() != QFileDialog.DialogCode.Accepted
