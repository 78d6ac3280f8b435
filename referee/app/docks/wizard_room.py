"""The room a wizard takes in the window: the wizard dock widens to what the wizard needs,
taken from the docks across the map so that the map keeps its width, and gives it back when
the wizard closes (:mod:`referee.app.docks.wizard_host`)."""

from __future__ import annotations

import time

from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtWidgets import QDockWidget, QMainWindow, QWidget

KEEP_SECONDS = 1.5
"""How long after a wizard widened the dock the map's width is kept (see ``keep_until``)."""
WIZARD_CHARS = 66
"""How wide the dock opens for a wizard, in characters (the docks across the map lend it)."""


class DockRoom(QObject):
    """The widths the wizard dock borrows for its wizard, and gives back (a child of the
    dock: its timers and filters go with it)."""

    def __init__(self, dock: QDockWidget) -> None:
        super().__init__(dock)
        self.dock = dock
        self.lent: tuple[list[QDockWidget], list[int], int, int] | None = None
        """The docks across the map, their widths, this dock's and the map's before a wizard
        widened it."""
        self.keep_until = 0.0
        """Until when (``time.monotonic``) a resize of the map is the dock widening, which
        the docks across the map make up for (:meth:`keep_map`); later ones are the
        referee's."""

    def is_map_widening(self, watched: QObject) -> bool:
        """Whether a resize of ``watched`` is the map giving the dock the width it took."""
        return (
            self.lent is not None
            and time.monotonic() < self.keep_until
            and isinstance(watched, QWidget)
            and not watched.isWindow()
            and watched is getattr(self.dock.parentWidget(), "centralWidget", lambda: None)()
        )

    def docks_across(self, window: QMainWindow) -> list[QDockWidget]:
        """The docks on the other side of the map, whose width the wizard may borrow."""
        mine = window.dockWidgetArea(self.dock)
        other = {
            Qt.DockWidgetArea.RightDockWidgetArea: Qt.DockWidgetArea.LeftDockWidgetArea,
            Qt.DockWidgetArea.LeftDockWidgetArea: Qt.DockWidgetArea.RightDockWidgetArea,
        }
        return [
            d
            for d in window.findChildren(QDockWidget)
            if d is not self.dock
            and d.isVisible()
            and not d.isFloating()
            and window.dockWidgetArea(d) == other.get(mine)
        ]

    def make_room(self, wizard: QWidget | None) -> None:
        """Widen the dock to what ``wizard`` needs, taken from the docks across the map
        (so the map keeps its size); they get it back when the wizard closes."""
        dock = self.dock
        window = dock.parentWidget()
        if not isinstance(window, QMainWindow) or wizard is None or dock.isFloating():
            return
        char = dock.fontMetrics().averageCharWidth()
        wanted = min(
            max(wizard.minimumSizeHint().width() + 8, WIZARD_CHARS * char), window.width() // 2
        )
        if self.lent is None:
            across = self.docks_across(window)
            central = window.centralWidget()
            self.lent = (
                across,
                [d.width() for d in across],
                dock.width(),
                central.width() if central is not None else 0,
            )
        if dock.width() < wanted:
            window.resizeDocks([dock], [wanted], Qt.Orientation.Horizontal)
        central = window.centralWidget()
        if central is not None:  # the window lays the docks out when it gets to it (X11:
            central.installEventFilter(dock)  # later): the map's next resize is the cue
            self.keep_until = time.monotonic() + KEEP_SECONDS
        QTimer.singleShot(0, self.keep_map)

    def keep_map(self) -> None:
        """The map as wide as before the wizard opened, the docks across it narrower (to a
        point) for what the wizard took."""
        window, lent = self.dock.parentWidget(), self.lent
        central = window.centralWidget() if isinstance(window, QMainWindow) else None
        if not isinstance(window, QMainWindow) or lent is None or central is None:
            return
        across, _, _, map_width = lent
        short = map_width - central.width()
        across = [d for d in across if d.isVisible() and not d.isFloating()]
        if short <= 0 or not across:
            return
        least = 36 * self.dock.fontMetrics().averageCharWidth()
        window.resizeDocks(
            across, [max(least, d.width() - short) for d in across], Qt.Orientation.Horizontal
        )

    def give_back(self, wizard_open: bool) -> None:
        """The widths borrowed for the wizard, back to the docks (unless ``wizard_open``:
        a wizard opened since)."""
        dock = self.dock
        window, lent = dock.parentWidget(), self.lent
        self.lent = None
        if wizard_open or lent is None or not isinstance(window, QMainWindow):
            self.lent = lent if wizard_open else None
            return
        across, widths, mine, _ = lent
        if all(d.isVisible() and not d.isFloating() for d in across) and not dock.isFloating():
            window.resizeDocks([*across, dock], [*widths, mine], Qt.Orientation.Horizontal)
