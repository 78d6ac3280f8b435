"""A small window keeps a map the referee can use: the map is never narrower than
:data:`MAP_MIN_CHARS` characters, so the docks beside it give way first (down to their own
least widths); when the window has the room again (maximized after being made small) the
docks that gave way get back the widths they had, and docks that never had to give way keep
the widths the referee dragged them to. A window too small even so (the map under
:data:`USABLE_MAP_CHARS` characters with the docks at their least widths) folds the docks
away (as View > Fold the docks does), said once in the status bar, and unfolds them when the
window has the room for them beside a usable map again."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QSize, Qt, QTimer
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QDockWidget, QMainWindow, QWidget

MAP_MIN_CHARS = 32
"""The map's least width, in characters."""

USABLE_MAP_CHARS = 60
"""A map narrower than this, in characters, with the docks beside it, shows too little (no
hex labels on a battlefield of 7 columns): the docks fold away."""

FOLDED_MESSAGE = "Docks folded (D)"
"""Said in the status bar when the docks fold for want of room: short, as the bar of a small
window has little room left of its label on the right; the whole in its tooltip."""

FOLDED_TIP = (
    "The window is too small for the docks beside the map: they are folded away until it "
    "has the room (View > Fold the docks, D, brings them back now)."
)

_SIDES = (Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea)


class DocksGiveWay(QObject):
    """The least width of ``map_view`` (the window's central widget) kept in ``window``
    and the docks' widths given back (see the module docstring); a child of the window,
    watching it and its docks."""

    def __init__(
        self,
        window: QMainWindow,
        map_view: QWidget,
        fold: Callable[[bool], bool] | None = None,
    ) -> None:
        """``fold(True)`` folds the docks away, ``fold(False)`` unfolds them; each True
        when it did (the docks not folded by the referee, the window's menus there)."""
        super().__init__(window)
        self.fold = fold
        self.folded_room: int | None = None
        """The width the docks took beside the map when they were folded for want of room
        (None: not folded by this)."""
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
        self.watching = False
        """Whether the window and its docks are watched (from :meth:`watch` on)."""

    def watch(self) -> None:
        """Watch the window's and the docks' resizes from now on, once the window is shown
        with its panels (its first layouts, at the size it opens at, are no resizes to
        watch, and Python then sees none of their many events), and fold the docks if it
        opened too small for them beside a usable map (a laptop's or a netbook's screen).
        Again, or before the window is shown: nothing (the window calls it when shown with
        its panels)."""
        window = self.window
        if self.watching or not window.isVisible():
            return
        self.watching = True
        window.installEventFilter(self)
        for dock in window.findChildren(QDockWidget):
            dock.installEventFilter(self)
        self.size = QSize(window.size())
        if not self.squeezed():
            self.roomy = {d: d.width() for d in self.docks()}
        if self.fold is not None:
            layout = window.layout()
            if layout is not None:
                layout.activate()  # the map's width at this size, before it is painted
            self.fold_for_room()

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
        elif new.width() > old.width() and self.folded_room is None:
            self.give_back()
        if self.given_way is None and not self.squeezed():
            self.roomy = {d: d.width() for d in self.docks()}
        if self.folded_room is not None:
            self.fold_for_room()  # the room is the window's width: unfolded at once
        elif self.fold is not None:
            QTimer.singleShot(0, self.fold_for_room)  # the map's width once laid out

    def give_back(self) -> None:
        """The docks that gave way given back the widths they had (as far as they fit)."""
        if self.given_way is None:
            return
        shown = self.docks()
        back = {d: w for d, w in self.given_way.items() if d in shown}
        self.window.resizeDocks(list(back), list(back.values()), Qt.Orientation.Horizontal)
        if all(d.width() >= w - 2 for d, w in back.items()):
            self.given_way = None

    def usable(self) -> int:
        return USABLE_MAP_CHARS * self.window.fontMetrics().averageCharWidth()

    def fold_for_room(self) -> None:
        """Fold the docks away when the map beside them is under its usable width; unfold
        them when the window has the room they took and a usable map again."""
        if self.fold is None:
            return
        if self.folded_room is not None:
            if self.window.width() - self.folded_room >= self.usable() and self.fold(False):
                self.folded_room = None
                bar = self.window.statusBar()
                if bar.currentMessage() == FOLDED_MESSAGE:  # no longer so
                    bar.clearMessage()
                self.give_back()
                self.given_way = None  # the docks back as far as the window lets them
        elif self.docks() and self.map.width() < self.usable():
            room = self.window.width() - self.map.width()
            if self.fold(True):  # (said by the window, over no other message)
                self.folded_room = room

    def forget_fold(self) -> None:
        """The referee folded or unfolded the docks (D): theirs to unfold, not the window's."""
        self.folded_room = None
