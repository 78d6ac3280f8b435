"""The app's number boxes and drop-down lists: the mouse wheel changes one only while it has
the keyboard (a click or Tab gives it; the wheel does not).

Every spin box and combo box of the app is one of these (:class:`SpinBox`, :class:`ComboBox`;
``tests/app/test_app_wheel_guard_boxes.py`` finds any other), so the guard holds from the
moment a box is made, in any window, whatever the user touched before: a wheel over a box
without the keyboard is passed on to what holds it (the page or the dock scrolls). The
application's own filter (:mod:`referee.app.widgets.wheel_guard`, on at the main window's
first touch) is left for the boxes Qt makes itself (a file dialog's lists); a filter on the
whole application from the start would run Python for every event of every widget.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QComboBox, QSpinBox


class _WheelGuarded:
    """What both boxes share: the focus a click or Tab gives, never the wheel (Qt's boxes take
    it from the wheel), and a wheel without the keyboard ignored, so Qt passes it on to the
    widgets holding the box. It comes before the Qt class in a box's bases."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)  # type: ignore[attr-defined]

    def wheelEvent(self, event: QWheelEvent) -> None:
        if self.hasFocus():  # type: ignore[attr-defined]
            super().wheelEvent(event)  # type: ignore[misc]
        else:
            event.ignore()


class SpinBox(_WheelGuarded, QSpinBox):
    """A number box the wheel changes only while it has the keyboard."""


class ComboBox(_WheelGuarded, QComboBox):
    """A drop-down list the wheel changes only while it has the keyboard."""
