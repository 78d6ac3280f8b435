"""The dice of one stage of an assault: rolled by the app, or typed from the table.

The page fills the box with the dice the engine asks for (:meth:`StageDiceBox.set_asked`,
from a dry run), grouped as the engine asks them: one row per pool or purpose ("assault
tank", "deflection tank", "damage"), one spin box per die (``?`` until typed). The typed
values answer the stage's dice in order, so only those up to the first ``?`` count; a die
outside its faces is the engine's to refuse (:class:`~referee.dice.service.DieOutOfRange`).
In the app's mode the dice it rolled are shown: the referee decides on them in the pages
that follow, and the journal step rolls the very same dice.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QGridLayout,
    QLabel,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from referee.app.wizards.dice_table import NOT_TYPED, type_into, typed_prefix, untyped
from referee.dice.service import Roll

PER_ROW = 12
"""Spin boxes on one row before a group of dice wraps."""


def groups(asked: Sequence[Roll]) -> list[tuple[str, int, list[int]]]:
    """Consecutive dice of the same purpose and sides: (purpose, sides, die indexes)."""
    out: list[tuple[str, int, list[int]]] = []
    for i, r in enumerate(asked):
        purpose = r.purpose or "the roll"
        if out and out[-1][0] == purpose and out[-1][1] == r.sides and len(out[-1][2]) < PER_ROW:
            out[-1][2].append(i)
        else:
            out.append((purpose, r.sides, [i]))
    return out


class StageDiceBox(QWidget):
    """Digital or typed dice for one stage; ``changed`` when the mode or a typed value
    changes (never when the page sets the dice asked)."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.digital = QRadioButton("The app rolls the dice")
        self.typed = QRadioButton("Type the dice rolled at the table, in the order asked")
        self.digital.setChecked(True)
        group = QButtonGroup(self)
        group.addButton(self.digital)
        group.addButton(self.typed)
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.note.setStyleSheet("color: #555")
        self.grid = QGridLayout()
        self.grid.setHorizontalSpacing(4)
        self.rolled = QLabel()
        self.rolled.setWordWrap(True)
        self.spins: list[QSpinBox] = []
        self.asked: tuple[Roll, ...] = ()
        self._labels: list[QLabel] = []
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.digital)
        layout.addWidget(self.typed)
        layout.addWidget(self.note)
        layout.addLayout(self.grid)
        layout.addWidget(self.rolled)
        self.typed.toggled.connect(self._mode)
        self.note.hide()

    # --- mode -----------------------------------------------------------------------

    def is_typed(self) -> bool:
        return self.typed.isChecked()

    def set_typed(self, typed: bool) -> None:
        """Choose the mode (as the user would: ``changed`` follows)."""
        (self.typed if typed and self.typed.isEnabled() else self.digital).setChecked(True)

    def set_typing_allowed(self, allowed: bool, why: str = "") -> None:
        """Typed dice answer a step's first dice: once the app rolled, it rolls the rest."""
        self.typed.setEnabled(allowed)
        self.note.setText(why)
        self.note.setVisible(not allowed and bool(why))
        if not allowed and self.typed.isChecked():
            self.digital.setChecked(True)

    def _mode(self, typed: bool) -> None:
        self._layout_dice()
        self.changed.emit()

    # --- dice -----------------------------------------------------------------------

    def set_asked(self, asked: Sequence[Roll]) -> None:
        """Show the dice the stage asks for: spin boxes in typed mode (typed values kept),
        the app's values in digital mode."""
        asked = tuple(asked)
        shape_changed = [(r.sides, r.purpose) for r in asked] != [
            (r.sides, r.purpose) for r in self.asked
        ]
        self.asked = asked
        before = len(self.spins)
        if self.is_typed():
            while len(self.spins) > len(asked):
                spin = self.spins.pop()
                self.grid.removeWidget(spin)
                spin.hide()
                spin.deleteLater()
            while len(self.spins) < len(asked):
                self._add_spin()
        if shape_changed or len(self.spins) != before or not self.is_typed():
            self._layout_dice()

    def clear(self) -> None:
        """Forget the dice and the values typed (a new batch of dice)."""
        for spin in self.spins:
            self.grid.removeWidget(spin)
            spin.hide()
            spin.deleteLater()
        self.spins = []
        self.asked = ()
        self._layout_dice()

    def _add_spin(self) -> QSpinBox:
        spin = QSpinBox()
        spin.setRange(NOT_TYPED, 100)  # the die's faces are the engine's to check
        spin.setSpecialValueText("?")
        spin.setAccessibleName(f"die {len(self.spins) + 1}")
        spin.valueChanged.connect(lambda _value: self.changed.emit())
        self.spins.append(spin)
        return spin

    def _layout_dice(self) -> None:
        for label in self._labels:
            self.grid.removeWidget(label)
            label.hide()
            label.deleteLater()
        self._labels = []
        for spin in self.spins:
            self.grid.removeWidget(spin)
            spin.setVisible(self.is_typed())
        if not self.is_typed():
            lines = [
                f"{purpose} (d{sides}): " + " ".join(str(self.asked[i].value) for i in idx)
                for purpose, sides, idx in groups(self.asked)
            ]
            self.rolled.setText("\n".join(lines) if lines else "No dice asked.")
            self.rolled.show()
            return
        self.rolled.hide()
        for row, (purpose, sides, idx) in enumerate(groups(self.asked)):
            label = QLabel(f"{purpose} (d{sides}), die {idx[0] + 1}"
                           + (f"-{idx[-1] + 1}" if len(idx) > 1 else ""))
            self._labels.append(label)
            self.grid.addWidget(label, row, 0)
            for col, i in enumerate(idx, 1):
                if i < len(self.spins):
                    self.grid.addWidget(self.spins[i], row, col)
                    self.spins[i].show()
        self.grid.setColumnStretch(PER_ROW + 1, 1)

    # --- values ---------------------------------------------------------------------

    def values(self) -> tuple[int, ...] | None:
        """The typed values up to the first die not typed; ``None``: the app rolls."""
        return typed_prefix(self.spins) if self.is_typed() else None

    def missing(self) -> list[int]:
        """The dice (from 1) still to type."""
        return untyped(self.spins) if self.is_typed() else []

    def type_values(self, values: Sequence[int]) -> None:
        """Set the first dice's values (what a screenshot types)."""
        type_into(self.spins, values)
