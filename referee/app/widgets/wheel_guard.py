"""The mouse wheel changes a number box (or a drop-down list) only while it has the focus.

Qt's spin boxes and combo boxes take the focus from the wheel and change their value under a
wheel passing over them: scrolling a wizard's page over the assault allocation once changed a
0 to 1 and greyed Next (its rows hold combo boxes too). One event filter on the application
(:func:`install_wheel_guard`, from :func:`referee.app.start.qt_application.ensure_app` and the
main window) holds for every window of the app: each such box is polished with a focus
policy that the wheel does not give (``Qt.StrongFocus``: a click or Tab does), and a wheel
over a box without the focus is passed on to what holds it (the page scrolls), never to the
box.

A filter on the application runs Python for every event of every object, and makes PySide
build the Python class of each object it meets (with their enums: about a tenth of the
window's start). The main window puts it on when a box could first meet the wheel
(:class:`FirstTouch`): at the user's first wheel, click or key in the window, or when the
keyboard first goes to another window (a dialog, a floating dock); the boxes made before it
get their focus policy then. The app's own boxes do not wait for it: each is guarded from
the moment it is made (:mod:`referee.app.widgets.boxes`), in a window that was never touched
too (a dock restored floating), and so are the lists of every file dialog the app makes
(:func:`guard_boxes`, from :func:`referee.app.widgets.file_dialogs.name_only`); this filter
is for any other box Qt makes itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt
from PySide6.QtWidgets import QAbstractSpinBox, QApplication, QComboBox, QWidget
from shiboken6 import isValid

if TYPE_CHECKING:
    from PySide6.QtGui import QWindow

GUARDED = (QAbstractSpinBox, QComboBox)
"""The boxes whose value the wheel would change."""
NAME = "referee-wheel-guard"


def _no_wheel_focus(box: QWidget) -> None:
    if box.focusPolicy() & Qt.FocusPolicy.WheelFocus == Qt.FocusPolicy.WheelFocus:
        box.setFocusPolicy(Qt.FocusPolicy.StrongFocus)


class WheelGuard(QObject):
    """The filter (see the module docstring)."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind == QEvent.Type.Polish and isinstance(watched, GUARDED):
            _no_wheel_focus(watched)
        elif kind == QEvent.Type.Wheel and isinstance(watched, GUARDED) and not watched.hasFocus():
            event.ignore()  # not the box's: Qt passes it on to the widgets holding it
            return True
        return False


def guard_boxes(widget: QWidget) -> WheelGuard:
    """The boxes Qt made in ``widget`` (a file dialog's lists) guarded from now on, with
    the application's filter on or not: the focus a click or Tab gives, and a filter on
    each box alone (it sees that box's events, not the application's)."""
    guard = WheelGuard(widget)  # gone with the widget
    for box in widget.findChildren(QWidget):
        if isinstance(box, GUARDED):
            _no_wheel_focus(box)
            box.installEventFilter(guard)
    return guard


def install_wheel_guard(app: QCoreApplication | None = None) -> WheelGuard | None:
    """The guard on ``app`` (the running application by default), installed once."""
    app = app if app is not None else QCoreApplication.instance()
    if app is None:
        return None
    guard = app.findChild(WheelGuard, NAME)  # by its name: PySide meets no other child
    if guard is not None:
        return guard
    guard = WheelGuard(app)
    guard.setObjectName(NAME)
    app.installEventFilter(guard)
    if isinstance(app, QApplication):
        for widget in app.allWidgets():  # boxes made before the guard
            if isinstance(widget, GUARDED):
                _no_wheel_focus(widget)
    return guard


TOUCHES = frozenset(
    {
        QEvent.Type.Wheel,
        QEvent.Type.MouseButtonPress,
        QEvent.Type.MouseButtonDblClick,
        QEvent.Type.KeyPress,
        QEvent.Type.TouchBegin,
        QEvent.Type.TabletPress,
    }
)
"""What a window's first touch can be: a wheel, a click, a key, a finger, a pen."""


class FirstTouch(QObject):
    """Waits for a box's first chance to meet the wheel in ``window`` and then puts the guard
    on the application (once): a touch on the window's own platform window (seen before Qt
    hands it to a widget, so the guard sees the touch itself), or the keyboard going to a
    widget of another window."""

    def __init__(self, app: QApplication, window: QWidget, handle: QWindow) -> None:
        super().__init__(window)  # gone with the window, and its watch with it
        self.app, self.window, self.handle = app, window, handle
        self.done = False
        handle.installEventFilter(self)
        app.focusChanged.connect(self.focus_moved)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in TOUCHES:
            self.guard()
        return False

    def focus_moved(self, _old: QWidget | None, now: QWidget | None) -> None:
        if now is not None and now.window() is not self.window:
            self.guard()

    def guard(self) -> None:
        if self.done:
            return
        self.done = True
        if isValid(self.handle):  # the platform window may have been made anew since
            self.handle.removeEventFilter(self)
        self.app.focusChanged.disconnect(self.focus_moved)
        install_wheel_guard(self.app)


def guard_at_first_touch(app: QApplication, window: QWidget) -> FirstTouch | None:
    """The guard on ``app`` at the first touch of ``window`` (:class:`FirstTouch`); at once
    (and None) when ``window`` is not on the screen yet or the guard is on already."""
    handle = window.windowHandle()
    if handle is None or app.findChild(WheelGuard, NAME) is not None:
        install_wheel_guard(app)
        return None
    return FirstTouch(app, window, handle)
