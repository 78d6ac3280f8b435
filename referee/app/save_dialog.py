"""Asking where to write a file: Qt's save dialog, which asks before replacing one.

The suffix is the dialog's default suffix, so a name typed without it ("vanguard") is
completed before the dialog checks it: the question "already exists, replace it?" is asked
of the file that will really be written, never skipped because a suffix was added after.
The dialog lists its folder without opening the files in it (:mod:`referee.app.file_dialogs`).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QDialog, QFileDialog, QWidget

from referee.app.file_dialogs import name_only


def save_dialog(
    parent: QWidget | None, title: str, suggested: Path | str, name_filter: str, suffix: str
) -> QFileDialog:
    """The save dialog (not shown yet): starts at ``suggested``, adds ``suffix`` to a name
    typed without one, and confirms before replacing a file."""
    dialog = name_only(QFileDialog(parent, title, str(suggested), name_filter))
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
    return Path(files[0]) if files else None
