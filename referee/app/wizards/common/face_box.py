"""A box for one die of :class:`~referee.app.wizards.common.dice_entry.DiceEntry`: only the
faces of its die, refused at the keystroke (a d6 box refuses a 7, and says so), a d12
typed digit by digit; a click or Tab selects its value, so typing replaces it; Backspace in a
die not typed yet asks for the die before (``back``), and Backspace on a whole value clears
it back to ``?``. The box with the keyboard is framed in :data:`FOCUS_FRAME`; a Tab pressed
in a box the app has just put the cursor in (``placed``), before its die is typed, is that
same move and stays there (the referee's habitual Tab "to the dice" never skips a die)."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFocusEvent, QKeyEvent, QPainter, QPaintEvent, QPen, QValidator
from PySide6.QtWidgets import QWidget

from referee.app.widgets.boxes import SpinBox
from referee.errors import whole_number

SELECTING_REASONS = frozenset(
    {
        Qt.FocusReason.MouseFocusReason,
        Qt.FocusReason.TabFocusReason,
        Qt.FocusReason.BacktabFocusReason,
        Qt.FocusReason.ShortcutFocusReason,
    }
)
"""How the referee puts the cursor in a box (a click, Tab): typing then replaces its value.
The keyboard given back after the wizard redrew its page (between the two digits of a d12's
12) keeps the digits typed so far."""

FOCUS_FRAME = "#1565c0"
"""The frame of the die box the keyboard is in."""


class FaceBox(SpinBox):
    """A box for one die: ``?`` until typed, then a face from 1 to the die's sides (a d12
    takes 10, 11 and 12, typed digit by digit); any other number, 0 included, is refused
    at the keystroke (``refused`` says what was typed)."""

    refused = Signal(str)
    retyped = Signal()
    """The value typed again over itself (selected, the same face): no change, but the
    referee has answered this die and moves on."""
    back = Signal()
    """Backspace in the box of a die not typed yet: the die before is wanted (as in a
    one-time-code field)."""

    def __init__(self, sides: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.sides = sides
        self.setRange(0, sides)
        self.setSpecialValueText("?")
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setMinimumWidth(self.fontMetrics().horizontalAdvance("000") + 36)
        self.keyed = False
        """Whether the last value came from the keyboard (then typing moves on)."""
        self.lineEdit().textEdited.connect(self._keyed)
        self.placed = False
        """Whether the app has just put the cursor here (a choice of typed dice, a die typed
        before it): the next Tab, before this die is typed, stays."""

    def _keyed(self, _text: str) -> None:
        self.keyed = True

    def focusOutEvent(self, event: QFocusEvent) -> None:
        self.placed = False
        super().focusOutEvent(event)

    def focusNextPrevChild(self, next: bool) -> bool:
        """Tab in a box the app has just put the cursor in, its die not typed: it stays."""
        placed, self.placed = self.placed, False
        if next and placed and not self.value():
            return True
        return super().focusNextPrevChild(next)

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if self.hasFocus():  # where the keyboard is, at a glance among many dice
            painter = QPainter(self)
            painter.setPen(QPen(QColor(FOCUS_FRAME), 2))
            painter.drawRect(self.rect().adjusted(1, 1, -1, -1))
            painter.end()

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        if event.reason() in SELECTING_REASONS:
            QTimer.singleShot(0, self.selectAll)  # a click puts the cursor: typing replaces

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Backspace with nothing typed goes back to the die before; Backspace that would
        leave the box empty clears the die (``?``, not typed), never a stale value behind
        an empty box."""
        plain = not (event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier)
        if event.key() == Qt.Key.Key_Backspace and plain:
            edit = self.lineEdit()
            text = edit.text().strip()
            if not self.value():
                self.back.emit()
                event.accept()
                return
            whole = edit.selectedText().strip() == text
            if whole or (len(text) == 1 and edit.cursorPosition() >= len(edit.text())):
                self.keyed = False
                self.setValue(0)
                event.accept()
                return
        before, edit = self.value(), self.lineEdit()
        whole = bool(before) and edit.selectedText().strip() == edit.text().strip()
        super().keyPressEvent(event)
        same = edit.text().strip() == str(before) and self.value() == before
        if whole and event.text() == str(before) and same and self.complete_after(before):
            self.retyped.emit()

    def validate(self, text: str, pos: int) -> tuple[QValidator.State, str, int]:
        if len(text) > 1 and "?" in text:  # typed beside the "?" of a die not typed yet
            pos = max(0, pos - (1 if text.index("?") < pos else 0))
            text = text.replace("?", "")
        stripped = text.strip()
        if whole_number(stripped) == 0:  # no die shows 0: never a silent "?"
            self.refused.emit(stripped)
            return QValidator.State.Invalid, text, pos
        result = super().validate(text, pos)
        if result[0] == QValidator.State.Invalid and whole_number(stripped) is not None:
            self.refused.emit(stripped)
        return result

    def typed(self) -> int | None:
        return self.value() or None

    def complete_after(self, value: int) -> bool:
        """Whether no further digit could make a face (a d6's 4; a d12's 2, not its 1)."""
        return value * 10 > self.sides
