"""The keyboard among the dice boxes of :class:`~referee.app.wizards.common.dice_entry.
DiceEntry`: the cursor put in a die's box (its value selected, scrolled into view with what
it is for, the other boxes' values not selected), Tab from the choice of typed dice through
the dice in the order asked, and the die before a box (where Backspace in a die not typed
yet goes, as in a one-time-code field)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QScrollArea, QWidget

from referee.app.wizards.common.face_box import FaceBox
from referee.dice.typed_run import DieKey


def put_cursor(box: FaceBox, boxes: Iterable[FaceBox], grid_host: QWidget) -> None:
    """The cursor in ``box``, its value selected (the next digit replaces it), scrolled
    into view in every scroll area holding it; only it shows a selection."""
    others = list(boxes)
    QTimer.singleShot(0, lambda: deselect_others(others))  # once the key that moved us is done
    box.setFocus(Qt.FocusReason.OtherFocusReason)
    box.selectAll()
    host: QWidget | None = grid_host
    while host is not None:  # the rows just rebuilt, and the page around them, where they stand
        layout = host.layout()
        if layout is not None:
            layout.activate()
        host = host.parentWidget()
    area: QWidget | None = box.parentWidget()
    while area is not None:
        if isinstance(area, QScrollArea):
            area.ensureWidgetVisible(box)
        area = area.parentWidget()


def deselect_others(boxes: Iterable[FaceBox]) -> None:
    """Only the box being typed in shows its value selected (the others read as dice
    typed, not as text about to be replaced)."""
    for box in boxes:
        if not box.hasFocus():
            box.lineEdit().deselect()


def tab_through(first: QWidget, boxes: Sequence[FaceBox]) -> None:
    """Tab from ``first`` (the choice of typed dice) goes to die 1, then die by die."""
    before = first
    for box in boxes:
        QWidget.setTabOrder(before, box)
        before = box


def die_before(keys: Sequence[DieKey], key: DieKey) -> DieKey | None:
    """The die listed before ``key``; None for die 1 (or a die no longer listed)."""
    if key not in keys or keys.index(key) == 0:
        return None
    return keys[keys.index(key) - 1]
