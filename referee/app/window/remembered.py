"""What the app remembers between runs, in Qt's settings (``QSettings``): the window's size
and place, the layout of its docks, and the match files opened, the last one first (File >
Open Recent; plain ``referee`` reopens the first). Nothing of a match is kept here: the
match file holds the match.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings
from PySide6.QtWidgets import QMainWindow, QMenu

from referee.app.widgets.plain_text import plain_tip

RECENT_KEY = "matches/recent"
GEOMETRY_KEY = "window/geometry"
STATE_KEY = "window/state"
MAX_RECENT = 8
LAYOUT_VERSION = 2
"""Dock layouts saved by an older layout of the window are not restored (the window
starts with its own)."""


class Remembered:
    """The app's memory in ``settings`` (see the module docstring)."""

    def __init__(self, settings: QSettings) -> None:
        self.settings = settings

    def recent(self) -> list[Path]:
        """The match files opened, the last one first (some may be gone since)."""
        value = self.settings.value(RECENT_KEY, [])
        items: list[object] = (
            [value]
            if isinstance(value, str)
            else list(value)
            if isinstance(value, list | tuple)
            else []
        )
        return [Path(str(item)) for item in items if str(item)]

    def add_recent(self, path: Path | str) -> None:
        """``path`` opened now: first in the list, once."""
        path = Path(path).resolve()
        kept = [p for p in self.recent() if p != path]
        self.settings.setValue(RECENT_KEY, [str(p) for p in [path, *kept][:MAX_RECENT]])
        self.settings.sync()

    def last_match(self) -> Path | None:
        """The match of last time, if its file is still there."""
        recent = self.recent()
        return recent[0] if recent and recent[0].is_file() else None

    def save_window(self, window: QMainWindow) -> None:
        self.settings.setValue(GEOMETRY_KEY, window.saveGeometry())
        self.settings.setValue(STATE_KEY, window.saveState(LAYOUT_VERSION))
        self.settings.sync()

    def restore_window(self, window: QMainWindow) -> bool:
        """The size, place and dock layout of last time; False when none is kept."""
        geometry = self.settings.value(GEOMETRY_KEY)
        state = self.settings.value(STATE_KEY)
        if not isinstance(geometry, QByteArray) or not isinstance(state, QByteArray):
            return False
        return window.restoreGeometry(geometry) and window.restoreState(state, LAYOUT_VERSION)


def fill_recent_menu(
    menu: QMenu, recent: Sequence[Path], open_match: Callable[[Path], None] | None
) -> None:
    """File > Open Recent, the same in every window: the matches opened, the last first, a
    file gone greyed (and every entry greyed when ``open_match`` is None: nothing to open
    it with)."""
    menu.clear()
    for number, path in enumerate(recent, 1):
        there = path.is_file()
        action = menu.addAction(f"&{number} {path.name}" + ("" if there else " (gone)"))
        action.setToolTip(plain_tip(str(path)))
        action.setStatusTip(str(path))
        action.setEnabled(there and open_match is not None)
        if open_match is not None:
            action.triggered.connect(lambda _=False, p=path: open_match(p))
    if not recent:
        menu.addAction("(no match opened yet)").setEnabled(False)
