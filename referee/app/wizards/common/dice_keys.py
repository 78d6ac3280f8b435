"""The keyboard among the dice boxes of :class:`~referee.app.wizards.common.dice_entry.
DiceEntry`: the cursor put in a die's box (its value selected, scrolled into view with what
it is for, the other boxes' values not selected), Tab from the choice of typed dice through
the dice in the order asked, and the die before a box (where Backspace in a die not typed
yet goes, as in a one-time-code field), the choice of dice framed while the keyboard is on
it, and a digit typed on that choice or on a wizard button (a Tab too many) sent to the die
asked next (:class:`StrayDigits`): a die typed is never lost."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QApplication,
    QRadioButton,
    QScrollArea,
    QWidget,
    QWizard,
    QWizardPage,
)

from referee.app.wizards.common.face_box import FOCUS_FRAME, FaceBox
from referee.dice.typed_run import DieKey

FOCUSED_CHOICE = (
    "QRadioButton { border: 2px solid transparent; border-radius: 3px; padding: 1px; }"
    f" QRadioButton:focus {{ border-color: {FOCUS_FRAME}; }}"
)
"""The choice of the app's dice or the table's, framed while the keyboard is on it (Down
and Up change it)."""

KEY_BUTTONS = (
    QWizard.WizardButton.BackButton,
    QWizard.WizardButton.NextButton,
    QWizard.WizardButton.CommitButton,
    QWizard.WizardButton.FinishButton,
    QWizard.WizardButton.CancelButton,
)
"""The wizard's buttons a die typed on goes to the die asked next."""


def put_cursor(box: FaceBox, boxes: Iterable[FaceBox], grid_host: QWidget) -> None:
    """The cursor in ``box``, its value selected (the next digit replaces it), scrolled
    into view in every scroll area holding it; only it shows a selection."""
    others = list(boxes)
    QTimer.singleShot(0, lambda: deselect_others(others))  # once the key that moved us is done
    box.setFocus(Qt.FocusReason.OtherFocusReason)
    box.placed = True  # the app moved the cursor: a Tab now is that same move
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


def page_of(widget: QWidget) -> QWizardPage | None:
    """The wizard page holding ``widget`` (None outside a wizard)."""
    page = widget.parentWidget()
    while page is not None and not isinstance(page, QWizardPage):
        page = page.parentWidget()
    return page if isinstance(page, QWizardPage) else None


def frame_on_focus(*choices: QWidget) -> None:
    """The choice of dice framed while the keyboard is on it: its place seen at once."""
    for choice in choices:
        choice.setStyleSheet(FOCUSED_CHOICE)


def wizard_buttons(widget: QWidget) -> list[QWidget]:
    """The buttons of the wizard whose page holds ``widget`` (none outside a wizard)."""
    page = page_of(widget)
    wizard = page.wizard() if page is not None else None
    if wizard is None:
        return []
    buttons = (wizard.button(which) for which in KEY_BUTTONS)
    return [b for b in buttons if b is not None]


class StrayDigits(QObject):
    """A digit typed on the choice of dice or a button of the wizard holding ``entry`` goes
    to the box ``cursor`` puts the keyboard in (the die asked next; None: the digit is left
    to the widget)."""

    def __init__(self, entry: QWidget, cursor: Callable[[], FaceBox | None]) -> None:
        super().__init__(entry)
        self.entry, self.cursor = entry, cursor
        entry.installEventFilter(self)  # shown in its wizard: the buttons are known

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.entry:
            if event.type() == QEvent.Type.Show:
                choices = self.entry.findChildren(QRadioButton)
                for widget in [*choices, *wizard_buttons(self.entry)]:
                    widget.installEventFilter(self)  # once: again only moves it first
            return False
        if (
            event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            and len(event.text()) == 1
            and event.text().isdigit()
            and not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        ):
            box = self.cursor()
            if box is not None:
                key = QKeyEvent(event.type(), event.key(), event.modifiers(), event.text())
                QApplication.sendEvent(box, key)
                return True
        return super().eventFilter(watched, event)
