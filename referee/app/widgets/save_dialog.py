"""Asking where to write a file: Qt's save dialog, which asks before replacing one.

The suffix is the dialog's default suffix, so a name typed without it ("vanguard") is
completed before the dialog checks it: the question "already exists, replace it?" is asked
of the file that will really be written, never skipped because a suffix was added after.
The dialog lists its folder without opening the files in it
(:mod:`referee.app.widgets.file_dialogs`).

A name with a wildcard (``*``, ``?``, ``[``) is a pattern, never a file's name: typed and
confirmed with Return, it becomes the dialog's filter (the folder's files it matches are
listed) and nothing is chosen, so no file named ``*.pdf`` is ever written. A name with a
backslash or a control character is refused in the dialog, saying why.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QFileDialog, QLineEdit, QMessageBox, QWidget

from referee.app.widgets.file_dialogs import name_only
from referee.app.widgets.message_box import MessageBox

WILDCARDS = frozenset("*?[")
"""The characters of a name pattern (the dialog's filter), never of a file to write."""


def refused_name(name: str) -> str | None:
    """Why ``name`` (the last part of a path to write) cannot be written, or None: a
    backslash (a Windows folder separator, never part of a name) or a control character."""
    if "\\" in name:
        return f"{name!r}: a file's name does not hold a backslash (\\)"
    if any(ord(c) < 32 or ord(c) == 127 for c in name):
        return f"{name!r}: a file's name does not hold control characters"
    return None


class SaveDialog(QFileDialog):
    """Qt's save dialog, which takes a typed pattern as its filter and refuses a name it
    must not write (see the module docstring)."""

    def _typed(self) -> QLineEdit | None:
        return self.findChild(QLineEdit, "fileNameEdit")

    def accept(self) -> None:
        edit = self._typed()
        typed = edit.text().strip() if edit is not None else ""
        files = self.selectedFiles()
        name = typed or (Path(files[0]).name if files else "")
        if WILDCARDS & set(name):
            # list what the pattern matches, the dialog's own filters kept below it; nothing
            # is chosen (a pattern typed before, without a "(", is dropped)
            given = [f for f in self.nameFilters() if "(" in f and f != name]
            self.setNameFilters([name, *given])
            self.selectNameFilter(name)
            if edit is not None:
                edit.clear()
            return
        why = refused_name(Path(files[0]).name if files else name)
        if why is not None:
            box = MessageBox(
                QMessageBox.Icon.Warning, "Not a file name", f"{why}; type another.", parent=self
            )
            box.setTextFormat(Qt.TextFormat.PlainText)  # the name as typed, never rich text
            box.exec()
            return
        super().accept()


def save_dialog(
    parent: QWidget | None, title: str, suggested: Path | str, name_filter: str, suffix: str
) -> QFileDialog:
    """The save dialog (not shown yet): starts at ``suggested``, adds ``suffix`` to a name
    typed without one, and confirms before replacing a file."""
    dialog = name_only(SaveDialog(parent, title, str(suggested), name_filter))
    dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
    dialog.setFileMode(QFileDialog.FileMode.AnyFile)
    dialog.setDefaultSuffix(suffix.lstrip("."))
    dialog.setOption(QFileDialog.Option.DontConfirmOverwrite, False)
    dialog.selectFile(str(suggested))
    return dialog


def ask_save_path(
    parent: QWidget | None, title: str, suggested: Path | str, name_filter: str, suffix: str
) -> Path | None:
    """Where to write, or None when the referee cancels (see :func:`save_dialog`)."""
    dialog = save_dialog(parent, title, suggested, name_filter, suffix)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    files = dialog.selectedFiles()
    if not files:
        return None
    path = Path(files[0])  # a native dialog chose it: the same names are never written
    if WILDCARDS & set(path.name) or refused_name(path.name) is not None:
        return None
    return path
