"""The windows of matches of game systems other than written orders (the main window's),
chosen by the system of the match file's ruleset, never by its id: a new game system adds
its window here."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QWidget

from referee.app.activation.window import ActivationWindow
from referee.match.systems import file_system

WINDOWS: dict[str, type[ActivationWindow]] = {ActivationWindow.SYSTEM: ActivationWindow}
"""Game system -> the window of its matches (the main window plays the rest)."""


def system_window(path: Path | str, parent: QWidget | None = None) -> ActivationWindow | None:
    """A window on the match file at ``path`` if its game system has one of its own (None:
    a match for the main window, or a file it will refuse with its reason)."""
    cls = WINDOWS.get(file_system(Path(path)) or "")
    return None if cls is None else cls.open(path, parent)
