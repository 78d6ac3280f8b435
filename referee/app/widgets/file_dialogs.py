"""The app's file dialogs list a folder without opening the files in it.

Qt's file dialog guesses the type (and the icon) of each file it lists by opening it and
reading its first bytes. Closing that handle on a match or event file drops every SQLite lock
this process holds on it (sqlite.org/howtocorrupt.html, 2.2). The match and event files no
longer depend on those locks (:mod:`referee.sqlite_files`: no connection is kept between
operations, each holds the file with a lock no other handle drops); as a second line, the
dialogs opened here say a file's type and draw its icon from its name alone
(:class:`NameOnlyIcons`). Their lists (the folder, the type of file) change under the mouse
wheel only while they have the keyboard, from the moment the dialog is made
(:func:`referee.app.widgets.wheel_guard.guard_boxes`). A native dialog of the desktop, where
Qt uses one, is the desktop's.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QFileInfo
from PySide6.QtGui import QAbstractFileIconProvider, QIcon
from PySide6.QtWidgets import (
    QDialog,
    QFileDialog,
    QFileIconProvider,
    QFileSystemModel,
    QTreeView,
    QWidget,
)

from referee.app.widgets.wheel_guard import guard_boxes


class NameOnlyIcons(QAbstractFileIconProvider):
    """Icons and types of listed files from their names (a folder, a file, its suffix),
    never from their contents."""

    def __init__(self) -> None:
        super().__init__()
        self.standard = QFileIconProvider()

    def icon(self, what: QAbstractFileIconProvider.IconType | QFileInfo) -> QIcon:
        if isinstance(what, QFileInfo):
            kind = QAbstractFileIconProvider.IconType
            what = kind.Folder if what.isDir() else kind.File
        return self.standard.icon(what)

    def type(self, info: QFileInfo) -> str:
        if info.isDir():
            return "Folder"
        suffix = info.suffix()
        return f"{suffix.upper()} file" if suffix else "File"


_icons: list[NameOnlyIcons] = []
"""The one provider (a dialog does not own the provider it is given)."""


def name_only(dialog: QFileDialog) -> QFileDialog:
    """``dialog``, listing files without opening them, its lists guarded against the wheel
    (see the module docstring)."""
    if not _icons:
        _icons.append(NameOnlyIcons())
    dialog.setIconProvider(_icons[0])
    guard_boxes(dialog)
    return dialog


def existing_folder(folder: Path | str) -> Path:
    """``folder``, or the nearest folder above it that exists: Qt's dialog, given a folder
    that does not exist, opens in its parent with the missing folder's name typed as the
    file name."""
    start = Path(folder)
    while not start.is_dir() and start.parent != start:
        start = start.parent
    return start


def fit_columns(dialog: QFileDialog) -> None:
    """Size the detail list's size, type and date columns to what they show (Qt keeps
    fixed widths that cut "132 KiB" to "132...KiB"), each time a folder is listed."""
    view = dialog.findChild(QTreeView, "treeView")
    model = dialog.findChild(QFileSystemModel)
    if view is None or model is None:  # a native dialog of the desktop
        return

    def fit(_folder: str = "") -> None:
        for column in range(1, model.columnCount()):
            view.resizeColumnToContents(column)

    model.directoryLoaded.connect(fit)
    fit()


def open_dialog(
    parent: QWidget | None, title: str, folder: Path | str, name_filter: str, *, make: bool = False
) -> QFileDialog:
    """The dialog :func:`ask_open_path` shows: in ``folder`` (or the nearest folder above
    it that exists; ``make``: made when missing, one of the app's own folders), the file
    name empty, the columns fitting their contents."""
    if make:
        Path(folder).mkdir(parents=True, exist_ok=True)
    dialog = name_only(QFileDialog(parent, title, str(existing_folder(folder)), name_filter))
    dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptOpen)
    dialog.setFileMode(QFileDialog.FileMode.ExistingFile)
    fit_columns(dialog)
    return dialog


def ask_open_path(
    parent: QWidget | None, title: str, folder: Path | str, name_filter: str
) -> Path | None:
    """An existing file to open, chosen in ``folder``; None when the referee cancels."""
    return chosen_path(open_dialog(parent, title, folder, name_filter))


def ask_folder(parent: QWidget | None, title: str, folder: Path | str) -> Path | None:
    """An existing folder, chosen from ``folder``; None when the referee cancels."""
    dialog = name_only(QFileDialog(parent, title, str(folder)))
    dialog.setFileMode(QFileDialog.FileMode.Directory)
    dialog.setOption(QFileDialog.Option.ShowDirsOnly, True)
    return chosen_path(dialog)


def chosen_path(dialog: QFileDialog) -> Path | None:
    """The file or folder chosen in ``dialog``, shown modal; None when the referee cancels."""
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    files = dialog.selectedFiles()
    return Path(files[0]) if files else None
