"""The one widget for the dice of a step, in every wizard: rolled by the app, or typed.

Before the first die is typed it lists every die the step needs, in order, each with what
it is for (the engine runs the step on a copy and announces its dice:
:func:`referee.dice.typed_run.typed_run`); dice whose number depends on earlier dice
(damage after hits, the follow-up of an open-ended 6) are added as soon as the dice they
depend on are typed. Each box takes only the faces of its die (a d6 box refuses a 7, and
says so); a typed value stays with its die. The die the step needs next is marked, and
typing a die moves on to the next; a box refuses a value its die cannot show (0, a d6's 7, a
d12's 13) with the message beside it, and a d12 takes 10, 11 and 12 digit by digit. In the
app's mode the boxes are off: the app draws its dice when the step is written and shows
them only then (nothing peeked: a choice is never made on dice already seen; the journal
keeps the dice, rolled with the step's own seed), unless the entry is made to ``reveal``
them for the choices that follow in the same step (the assault's).

The owner gives the step as a function of a :class:`~referee.dice.service.Dice`
(:meth:`DiceEntry.set_step`), reads :meth:`DiceEntry.values` (the typed values in the
order the step asks for them, what the journal step is given), :meth:`complete` and
:meth:`problem`, and listens to ``changed``. A die's box is
:class:`~referee.app.wizards.common.face_box.FaceBox`; the words beside the dice are
:mod:`referee.app.wizards.common.dice_words`; the keyboard among the boxes (Tab, Backspace
back to the die before, a digit typed on a wizard button: the die asked next) is
:mod:`referee.app.wizards.common.dice_keys`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from msgspec.structs import replace
from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QApplication,
    QButtonGroup,
    QGridLayout,
    QLabel,
    QRadioButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)
from shiboken6 import isValid

from referee.app.wizards.common import dice_keys
from referee.app.wizards.common.dice_readout import DiceReadout
from referee.app.wizards.common.dice_words import (
    purpose_html,
    refused_note,
    roll_words,
    status_text,
)
from referee.app.wizards.common.face_box import FaceBox
from referee.app.wizards.common.tab_out import keep_in_wizard
from referee.dice.service import Dice
from referee.dice.typed_run import DieKey, DieSlot, TypedRun, rolled_run, typed_run

Runner = Callable[[Dice], object]

NEXT_STYLE = "background: #fff3c4"
"""The row of the die the step needs next."""


class DiceEntry(QWidget, DiceReadout):
    """Digital or typed dice for one step (see the module docstring)."""

    changed = Signal()

    def __init__(
        self,
        parent: QWidget | None = None,
        reveal: bool = False,
        hidden_words: str | None = None,
    ) -> None:
        super().__init__(parent)
        self.hidden_words = hidden_words
        """What the dice hidden from view wait for, where the owner shows them before the
        step is written (the rerolls: as soon as Reroll is pressed); None: the step's
        writing (Finish)."""
        self.reveal = reveal
        """Whether the app's dice show before the step is written: only where the referee's
        next choices need them (the assault's pools, damage and tie, whose wizard settles
        the choices before them once they show), and only once the referee, having chosen
        the app's dice over the table's, has them rolled (:meth:`roll`). Elsewhere the app's
        dice are drawn when the step is written and shown only after (nothing peeked)."""
        self.rolled_count = 0
        """How many dice the app's roll of the step asks (hidden or not)."""
        self.shown = False
        """Whether the referee had the app's dice rolled (:meth:`roll`), where they ``reveal``:
        until then they are hidden as everywhere else, and once shown they stand (typing
        others then would be choosing after seeing them)."""
        self.digital = QRadioButton("The app rolls the dice")
        self.typed = QRadioButton("Type the dice rolled at the table")
        self.digital.setChecked(True)
        dice_keys.frame_on_focus(self.digital, self.typed)
        group = QButtonGroup(self)
        group.addButton(self.digital)
        group.addButton(self.typed)
        self.note = QLabel()
        self.note.setTextFormat(Qt.TextFormat.PlainText)
        self.note.setWordWrap(True)
        self.note.setStyleSheet("color: #555")
        self.note.hide()
        self.status = QLabel()
        self.status.setTextFormat(Qt.TextFormat.PlainText)
        self.status.setWordWrap(True)
        self.refusal = QLabel()
        self.refusal.setTextFormat(Qt.TextFormat.PlainText)
        self.refusal.setWordWrap(True)
        self.refusal.setStyleSheet("color: #c62828")
        self.grid_host = QWidget()
        host = QVBoxLayout(self.grid_host)
        host.setContentsMargins(0, 0, 0, 0)
        self.grid = QGridLayout()
        host.addLayout(self.grid)
        host.addStretch(1)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setHorizontalSpacing(8)
        self.grid.setColumnStretch(3, 1)
        self.grid.setVerticalSpacing(2)
        self.dice_scroll = scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.grid_host)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Tab goes from the choice to die 1
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.digital)
        layout.addWidget(self.typed)
        layout.addWidget(self.note)
        layout.addWidget(self.status)
        layout.addWidget(scroll, 1)
        layout.addWidget(self.refusal)
        self.run: Runner | None = None
        self.seed = 0
        self.before: tuple[int, ...] = ()
        self.skip: int | None = None
        self.typed_values: dict[DieKey, int] = {}
        self.boxes: dict[DieKey, FaceBox] = {}
        self.slots: tuple[DieSlot, ...] = ()
        self.last: TypedRun | None = None
        self._row_widgets: list[QWidget] = []
        self.purposes: dict[DieKey, QLabel] = {}
        """The label beside each die's box: what it is for, and a value refused for it."""
        self._building = False
        self._refused_key: DieKey | None = None
        self._refused_note = ""
        self.typed.toggled.connect(self._mode)
        self.stray = dice_keys.StrayDigits(  # a digit typed on a wizard button: the next die
            self, lambda: self.focus_next() if self.isVisible() and self.is_typed() else None
        )

    # --- the step ---------------------------------------------------------------------

    def set_step(
        self,
        run: Runner | None,
        seed: int,
        before: Sequence[int] = (),
        skip: int | None = None,
    ) -> None:
        """The step whose dice are asked: ``run(dice)`` carries it out on a copy; ``before``
        answers dice an earlier part typed, and the first ``skip`` dice (default: those)
        belong to earlier parts and are not listed. Typed values are kept; ``changed`` is
        not emitted (the owner asked)."""
        self.run, self.seed, self.before, self.skip = run, seed, tuple(before), skip
        self.refresh(emit=False)

    def clear(self) -> None:
        """Forget every typed value (a new step); ``changed`` is not emitted."""
        self.typed_values = {}
        for box in self.boxes.values():
            self.grid.removeWidget(box)
            box.hide()
            box.deleteLater()
        self.boxes = {}
        self.refresh(emit=False)

    def refresh(self, emit: bool = True) -> None:
        """Run the step again on the values typed (typed mode) or with the app's dice: the
        dice it needs, the next one to type."""
        if self.run is None:
            self.last, self.slots = None, ()
        elif self.is_typed():
            self.last = typed_run(self.run, self.seed, self.typed_values, self.before)
            self.slots = self.last.slots
        else:
            rolled = rolled_run(self.run, self.seed, self.before, self.skip)
            self.rolled_count = len(rolled.slots)
            if (self.reveal and self.shown) or not rolled.slots:  # or no dice: nothing hidden
                self.last = rolled
            else:  # the dice known before any is rolled, without their values
                if self.skip is None or self.skip == len(self.before):
                    known = typed_run(self.run, self.seed, {}, self.before).slots
                else:  # after dice the app rolled for earlier parts: this part's dice
                    known = rolled.slots
                slots = tuple(replace(s, value=None, state="ahead") for s in known)
                self.last = TypedRun(slots, (), None, rolled.problem, rolled.problem is None)
            self.slots = self.last.slots
        self._rebuild()
        self._describe()
        if emit:
            self.changed.emit()

    # --- mode -------------------------------------------------------------------------

    def is_typed(self) -> bool:
        return self.typed.isChecked()

    def hides_dice(self) -> bool:
        """Whether the app rolls dice of this step that do not show yet: until the step is
        written, or where they ``reveal``, until :meth:`roll`."""
        if self.is_typed() or self.run is None or self.rolled_count == 0:
            return False
        return not (self.reveal and self.shown)

    def awaits_roll(self) -> bool:
        """Whether the app's dice, which show before the step is written (``reveal``), wait
        for the referee's Roll: the choice of the app's dice or the table's is made before
        any face is seen."""
        return self.reveal and self.hides_dice()

    def awaits_choice(self) -> bool:
        """Whether the app's dice, not drawn yet, may still be the table's (Down there)."""
        return self.typed.isEnabled() and not self.is_typed() and self.hides_dice()

    def roll(self) -> None:
        """Show the app's dice (``reveal``): from now on they stand, typing is off."""
        if not self.awaits_roll():
            return
        self.shown = True
        self.set_typing_allowed(
            False,
            "The app rolled these dice: they stand (typing others now would be choosing "
            "after seeing them).",
        )
        self.refresh()

    def set_typed(self, typed: bool) -> None:
        (self.typed if typed and self.typed.isEnabled() else self.digital).setChecked(True)

    def set_typing_allowed(self, allowed: bool, why: str = "") -> None:
        """Typed dice answer a step's first dice: once the app rolled, it rolls the rest."""
        if self.shown and allowed:  # the app's dice have shown here: they stand
            return
        self.typed.setEnabled(allowed)
        self.note.setText(why)
        self.note.setVisible(not allowed and bool(why))
        if not allowed and self.typed.isChecked():
            self.digital.setChecked(True)

    def _mode(self, typed: bool) -> None:
        self.refresh()
        if typed:
            self.focus_next()
            # chosen with an arrow key, the radio button takes the keyboard back once it is
            # checked: the cursor goes to the dice after that
            QTimer.singleShot(0, self, self._focus_after_choice)

    def _focus_after_choice(self) -> None:
        if self.is_typed() and QApplication.focusWidget() in (self.typed, self.digital):
            self.focus_next()

    # --- drawing ----------------------------------------------------------------------

    def _box(self, slot: DieSlot) -> FaceBox:
        box = self.boxes.get(slot.key)
        if box is None or box.sides != slot.sides:
            box = FaceBox(slot.sides, self.grid_host)
            key = slot.key
            box.valueChanged.connect(lambda v, k=key, b=box: self._typed(k, b, v))
            box.refused.connect(lambda text, k=key, b=box: self._refused(k, b, text))
            box.back.connect(lambda k=key: self._back(k))
            box.retyped.connect(self.focus_next)
            self.boxes[key] = box
        return box

    def _rebuild(self) -> None:
        self._building = True
        for w in self._row_widgets:
            self.grid.removeWidget(w)
            w.hide()
            w.deleteLater()
        self._row_widgets = []
        self.purposes = {}
        for box in self.boxes.values():
            self.grid.removeWidget(box)
        shown = set()
        typed = self.is_typed()
        for row, slot in enumerate(self.slots):
            box = self._box(slot)
            shown.add(slot.key)
            box.blockSignals(True)
            box.setValue(slot.value or 0)
            box.blockSignals(False)
            box.setEnabled(typed)
            box.setAccessibleName(f"die {row + 1}: d{slot.sides} for {slot.request.purpose}")
            number = QLabel(f"{row + 1}.")
            number.setTextFormat(Qt.TextFormat.PlainText)
            die = QLabel(f"d{slot.sides}")
            die.setTextFormat(Qt.TextFormat.PlainText)
            purpose = QLabel(self._purpose_html(slot))
            self.purposes[slot.key] = purpose
            purpose.setTextFormat(Qt.TextFormat.RichText)  # escaped, with or without a tag
            purpose.setWordWrap(True)
            cells = (number, die, box, purpose)
            if typed and slot.state == "next":
                for w in (number, die, purpose):
                    w.setStyleSheet(NEXT_STYLE)
            for col, w in enumerate(cells):
                self.grid.addWidget(w, row, col)
            box.show()
            self._row_widgets += [number, die, purpose]
        for key, box in self.boxes.items():
            if key not in shown:
                box.hide()
        dice_keys.tab_through(self.typed, [self.boxes[s.key] for s in self.slots])
        self._building = False

    def _purpose_html(self, slot: DieSlot) -> str:
        """What die ``slot`` is for, and the value refused for it if one was."""
        return purpose_html(slot) + (self._refused_note if slot.key == self._refused_key else "")

    def _describe(self) -> None:
        run = self.last
        if run is None:
            self.status.setText("")
            return
        hidden_words = self.hidden_words
        if self.awaits_roll():
            hidden_words = roll_words(len(run.slots), self.seed)
        self.status.setText(status_text(run, self.is_typed(), self.hides_dice(), hidden_words))
        if run.problem:
            self.refusal.setText(run.problem)

    def _typed(self, key: DieKey, box: FaceBox, value: int) -> None:
        if self._building:
            return
        if value:
            self.typed_values[key] = value
        else:
            self.typed_values.pop(key, None)
        if key == self._refused_key:  # the refused die is typed now
            self.refusal.clear()
            self._refused_key, self._refused_note = None, ""
        self.refresh()
        keyed, box.keyed = box.keyed, False
        if value and keyed and box.complete_after(value):
            self.focus_next()

    def _refused(self, key: DieKey, box: FaceBox, text: str) -> None:
        where = next((i for i, s in enumerate(self.slots, 1) if s.key == key), None)
        slot = self.slots[where - 1] if where else None
        what = f" for die {where} ({slot.request.purpose})" if slot else ""
        self._refused_key = key
        self._refused_note = refused_note(text, box.sides)
        label = self.purposes.get(key)
        if label is not None and slot is not None:  # next to the box, at once
            label.setText(self._purpose_html(slot))
        self.refusal.setText(
            f"a d{box.sides} shows 1 to {box.sides}: {text} typed{what} is refused"
        )
        if len(text) > 1 and box.value() and text.startswith(str(box.value())):
            # "13" on a d12: its "1" stood only as the first digit; the die is not typed
            QTimer.singleShot(0, lambda: self._untype(key, box))

    def _untype(self, key: DieKey, box: FaceBox) -> None:
        """The die of ``key`` back to not typed, its refusal still beside it."""
        if key not in self.typed_values or not isValid(box):
            return
        del self.typed_values[key]
        self.refresh()

    def focus_next(self) -> FaceBox | None:
        """Put the cursor in the first die not typed yet, scrolled into view with what it
        is for (a long list of dice runs below the dock); that die's box, if any."""
        for slot in self.slots:
            if slot.value is None:
                box = self.boxes[slot.key]
                dice_keys.put_cursor(box, self.boxes.values(), self.grid_host)
                return box
        QTimer.singleShot(0, lambda: dice_keys.deselect_others(list(self.boxes.values())))
        return None

    def focusNextPrevChild(self, next: bool) -> bool:
        """Tab from the last die goes on to the wizard's Next (or Finish, or Cancel while
        Next waits), in every wizard, never out of the wizard dock to the map, where Return
        presses nothing (:mod:`.tab_out`)."""
        page = dice_keys.page_of(self)
        moved = (
            keep_in_wizard(page.wizard(), True, super().focusNextPrevChild)
            if next and page is not None
            else None
        )
        return super().focusNextPrevChild(next) if moved is None else moved

    def _back(self, key: DieKey) -> None:
        """Backspace in die ``key``'s box, not typed: the cursor to the die before."""
        before = dice_keys.die_before([s.key for s in self.slots], key)
        if before is not None:
            dice_keys.put_cursor(self.boxes[before], self.boxes.values(), self.grid_host)
