"""A small window keeps a map the referee can use: the map is never narrower than
:data:`MAP_MIN_CHARS` characters, so the docks beside it give way first (down to their own
least widths); when the window has the room again (maximized after being made small) the
docks that gave way get back the widths they had, and docks that never had to give way keep
the widths the referee dragged them to."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QDockWidget, QMainWindow, QWidget

MAP_MIN_CHARS = 32
"""The map's least width, in characters."""

_SIDES = (Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea)


class DocksGiveWay(QObject):
    """The least width of ``map_view`` (the window's central widget) kept in ``window``
    and the docks' widths given back (see the module docstring); a child of the window,
    watching it and its docks."""

    def __init__(self, window: QMainWindow, map_view: QWidget) -> None:
        super().__init__(window)
        self.window = window
        self.map = map_view
        self.map.setMinimumWidth(MAP_MIN_CHARS * window.fontMetrics().averageCharWidth())
        self.given_way: dict[QDockWidget, int] | None = None
        """The widths the docks had before the window squeezed them (None: they have not
        given way)."""
        self.roomy: dict[QDockWidget, int] = {}
        """The docks' widths the last time the map was over its least width."""
        self.size: QSize | None = None
        """The window's size at its last resize: a dock resized at another size is the
        window's layout at work, not the referee dragging it."""
        window.installEventFilter(self)
        for dock in window.findChildren(QDockWidget):
            dock.installEventFilter(self)

    def docks(self) -> list[QDockWidget]:
        """The docks beside the map now (shown, not floating)."""
        window = self.window
        return [
            d
            for d in window.findChildren(QDockWidget)
            if d.isVisible() and not d.isFloating() and window.dockWidgetArea(d) in _SIDES
        ]

    def squeezed(self) -> bool:
        return self.map.width() <= self.map.minimumWidth() + 1

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize:
            if watched is self.window and isinstance(event, QResizeEvent):
                self.window_resized(event.oldSize(), event.size())  # its layout done
            elif (
                isinstance(watched, QDockWidget)
                and self.window.size() == self.size
                and self.given_way is None
                and not self.squeezed()
            ):
                self.roomy = {d: d.width() for d in self.docks()}  # a dock dragged
        return super().eventFilter(watched, event)

    def window_resized(self, old: QSize, new: QSize) -> None:
        """The docks that had to give way remembered at their widths before; given them
        back as the window grows again, before the map grows."""
        self.size = QSize(new)
        if new.width() < old.width() and self.squeezed():
            if self.given_way is None:
                self.given_way = dict(self.roomy)
        elif new.width() > old.width() and self.given_way is not None:
            shown = self.docks()
            back = {d: w for d, w in self.given_way.items() if d in shown}
            self.window.resizeDocks(list(back), list(back.values()), Qt.Orientation.Horizontal)
            if all(d.width() >= w - 2 for d, w in back.items()):
                self.given_way = None
        if self.given_way is None and not self.squeezed():
            self.roomy = {d: d.width() for d in self.docks()}
