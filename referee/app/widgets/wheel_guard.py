"""The mouse wheel changes a number box (or a drop-down list) only while it has the focus.

Qt's spin boxes and combo boxes take the focus from the wheel and change their value under a
wheel passing over them: scrolling a wizard's page over the assault allocation once changed a
0 to 1 and greyed Next (its rows hold combo boxes too). One event filter on the application
(:func:`install_wheel_guard`, from :func:`referee.app.start.qt_application.ensure_app` and the
main window) holds for every window of the app: each such box is polished with a focus
policy that the wheel does not give (``Qt.StrongFocus``: a click or Tab does), and a wheel
over a box without the focus is passed on to what holds it (the page scrolls), never to the
box.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt
from PySide6.QtWidgets import QAbstractSpinBox, QApplication, QComboBox, QWidget

GUARDED = (QAbstractSpinBox, QComboBox)
"""The boxes whose value the wheel would change."""


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


def install_wheel_guard(app: QCoreApplication | None = None) -> WheelGuard | None:
    """The guard on ``app`` (the running application by default), installed once."""
    app = app if app is not None else QCoreApplication.instance()
    if app is None:
        return None
    guard = app.findChild(WheelGuard)
    if guard is not None:
        return guard
    guard = WheelGuard(app)
    app.installEventFilter(guard)
    if isinstance(app, QApplication):
        for widget in app.allWidgets():  # boxes made before the guard
            if isinstance(widget, GUARDED):
                _no_wheel_focus(widget)
    return guard
