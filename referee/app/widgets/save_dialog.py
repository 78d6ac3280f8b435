"""Asking where to write a file: Qt's save dialog, which asks before replacing one.

The suffix is the dialog's default suffix, so a name typed without it ("vanguard") is
completed before the dialog checks it: the question "already exists, replace it?" is asked
of the file that will really be written, never skipped because a suffix was added after.
The question is the dialog's own (Qt's is turned off), asked after the caller's check
(``refuse``: File > Save As refuses the open match's own file), so a name refused is said
at once, the dialog staying open for another, never after "replace it?" was answered; the
name in it is plain text. A path a desktop's native dialog chose without that check is
checked (and the question asked) once it has closed.
The dialog lists its folder without opening the files in it
(:mod:`referee.app.widgets.file_dialogs`).

A name with a wildcard (``*``, ``?``, ``[``) is a pattern, never a file's name: typed and
confirmed with Return, it becomes the dialog's filter (the folder's files it matches are
listed) and nothing is chosen, so no file named ``*.pdf`` is ever written. A name with a
backslash or a control character is refused in the dialog, saying why.
"""

from __future__ import annotations

from collections.abc import Callable
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


Refuse = Callable[[Path], str | None]
"""A caller's check of a path chosen: why it may not be written (said in the dialog), or
None."""


class SaveDialog(QFileDialog):
    """Qt's save dialog, which takes a typed pattern as its filter and refuses a name it
    must not write (see the module docstring)."""

    refuse: Refuse | None = None
    """The caller's check of the path chosen (None: none)."""
    checked: Path | None = None
    """The path last checked and, if a file is there, agreed to be replaced."""

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
        chosen = Path(files[0]) if files else None
        if chosen is not None and not chosen.is_dir() and not self.may_write(chosen):
            return  # (a folder: Qt's own accept opens it)
        super().accept()

    def may_write(self, path: Path) -> bool:
        """Whether ``path`` is to be written: not refused by :attr:`refuse` (said in a box
        over the dialog), and, if a file of that name is there, agreed to be replaced."""
        why = self.refuse(path) if self.refuse is not None else None
        if why is not None:
            self._box(QMessageBox.Icon.Warning, "Not saved there", f"{path.name}: {why}")
            return False
        if path.exists() or path.is_symlink():
            asked = self._box(
                QMessageBox.Icon.Warning,
                self.windowTitle(),
                f"{path.name} already exists.\nDo you want to replace it?",
                QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            )
            if asked != QMessageBox.StandardButton.Yes:
                return False
        self.checked = path
        return True

    def _box(
        self,
        icon: QMessageBox.Icon,
        title: str,
        text: str,
        buttons: QMessageBox.StandardButton = QMessageBox.StandardButton.Ok,
    ) -> int:
        """A message of plain text over the dialog, waited for: the button pressed (No,
        the default, when there is one)."""
        box = MessageBox(icon, title, text, buttons, self)
        box.setTextFormat(Qt.TextFormat.PlainText)  # a file's name, never rich text
        if buttons & QMessageBox.StandardButton.No:
            box.setDefaultButton(QMessageBox.StandardButton.No)
        return box.exec()


def save_dialog(
    parent: QWidget | None,
    title: str,
    suggested: Path | str,
    name_filter: str,
    suffix: str,
    refuse: Refuse | None = None,
) -> SaveDialog:
    """The save dialog (not shown yet): starts at ``suggested``, adds ``suffix`` to a name
    typed without one, refuses a path ``refuse`` gives a reason for, and confirms before
    replacing a file (its own question: see the module docstring)."""
    dialog = SaveDialog(parent, title, str(suggested), name_filter)
    name_only(dialog)
    dialog.refuse = refuse
    dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
    dialog.setFileMode(QFileDialog.FileMode.AnyFile)
    dialog.setDefaultSuffix(suffix.lstrip("."))
    dialog.setOption(QFileDialog.Option.DontConfirmOverwrite, True)  # the dialog's own
    dialog.selectFile(str(suggested))
    return dialog


def ask_save_path(
    parent: QWidget | None,
    title: str,
    suggested: Path | str,
    name_filter: str,
    suffix: str,
    refuse: Refuse | None = None,
) -> Path | None:
    """Where to write, or None when the referee cancels (see :func:`save_dialog`)."""
    dialog = save_dialog(parent, title, suggested, name_filter, suffix, refuse)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    return chosen_path(dialog)


def chosen_path(dialog: SaveDialog) -> Path | None:
    """The path ``dialog`` (accepted) chose to write, or None: a name no file holds, or a
    path refused or not to be replaced (asked now if the dialog did not ask)."""
    files = dialog.selectedFiles()
    if not files:
        return None
    path = Path(files[0])  # a native dialog chose it: the same names are never written
    if WILDCARDS & set(path.name) or refused_name(path.name) is not None:
        return None
    if dialog.checked != path and not dialog.may_write(path):
        return None  # a native dialog's choice, checked now it has closed
    return path
