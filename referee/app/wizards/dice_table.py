"""The dice a step asks for, one row each: rolled by the app, or typed from the table.

The owner fills the rows from a dry run (which die, for what, the outcome it led to and the
clauses); in typed mode each row has a spin box (``?`` until typed). The typed values answer
the step's dice in order, so only the values up to the first ``?`` count
(:meth:`DiceTable.values`); a die outside its faces is the engine's to refuse
(:class:`~referee.dice.service.DieOutOfRange`), not this table's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QButtonGroup,
    QHeaderView,
    QLabel,
    QRadioButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

NOT_TYPED = 0


def typed_prefix(spins: Sequence[QSpinBox]) -> tuple[int, ...]:
    """The values typed in ``spins`` up to the first die not typed yet."""
    out: list[int] = []
    for spin in spins:
        if spin.value() == NOT_TYPED:
            break
        out.append(spin.value())
    return tuple(out)


def untyped(spins: Sequence[QSpinBox]) -> list[int]:
    """The dice (from 1) of ``spins`` still to type."""
    return [i for i, s in enumerate(spins, 1) if s.value() == NOT_TYPED]


def type_into(spins: Sequence[QSpinBox], values: Sequence[int]) -> None:
    """Set the first dice's values (what a test or a screenshot types)."""
    for spin, value in zip(spins, values, strict=False):
        spin.setValue(value)
COLUMNS = ("Die", "For", "Typed", "Outcome", "Clauses")


@dataclass(frozen=True, slots=True)
class DieRow:
    """One die the step asks for, and (once known) what it led to."""

    sides: int
    purpose: str
    outcome: str = ""
    clauses: str = ""


class DiceTable(QWidget):
    """Digital or typed dice for one step; ``changed`` when the mode or a value changes."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.digital = QRadioButton("The app rolls the dice")
        self.typed = QRadioButton("Type the dice rolled at the table, in this order")
        self.digital.setChecked(True)
        group = QButtonGroup(self)
        group.addButton(self.digital)
        group.addButton(self.typed)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels(list(COLUMNS))
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.setWordWrap(True)
        self.table.verticalHeader().setVisible(True)
        header = self.table.horizontalHeader()
        for col, mode in enumerate((
            QHeaderView.ResizeMode.ResizeToContents,
            QHeaderView.ResizeMode.ResizeToContents,
            QHeaderView.ResizeMode.ResizeToContents,
            QHeaderView.ResizeMode.Stretch,
            QHeaderView.ResizeMode.ResizeToContents,
        )):
            header.setSectionResizeMode(col, mode)
        self.empty = QLabel("No dice: nothing in this step is left to chance.")
        self.spins: list[QSpinBox] = []
        self.rows: list[DieRow] = []
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.digital)
        layout.addWidget(self.typed)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.empty)
        self.typed.toggled.connect(self._mode)
        self._mode(False)

    # --- rows ---------------------------------------------------------------------------

    def set_rows(self, rows: Sequence[DieRow]) -> None:
        """Show ``rows``; rows already there keep their typed values."""
        rows = list(rows)
        while len(self.spins) > len(rows):
            self.spins.pop()
            self.table.removeRow(self.table.rowCount() - 1)
        while len(self.spins) < len(rows):
            self._add_row()
        for i, row in enumerate(rows):
            self._set(i, 0, f"d{row.sides}")
            self._set(i, 1, row.purpose)
            self._set(i, 3, row.outcome if self.is_typed() else "rolled by the app on Finish")
            self._set(i, 4, row.clauses)
        self.rows = rows
        self.empty.setVisible(not rows)
        self.table.setVisible(bool(rows))
        self.table.resizeRowsToContents()

    def _set(self, row: int, col: int, text: str) -> None:
        item = self.table.item(row, col)
        if item is None:
            item = QTableWidgetItem()
            self.table.setItem(row, col, item)
        item.setText(text)
        item.setToolTip(text)

    def _add_row(self) -> None:
        row = self.table.rowCount()
        self.table.insertRow(row)
        spin = QSpinBox()
        spin.setRange(NOT_TYPED, 100)  # the die's faces are the engine's to check
        spin.setSpecialValueText("?")
        spin.setAccessibleName(f"die {row + 1}")
        spin.setEnabled(self.is_typed())
        spin.valueChanged.connect(lambda _value: self.changed.emit())
        self.table.setCellWidget(row, 2, spin)
        self.spins.append(spin)

    def _mode(self, typed: bool) -> None:
        for spin in self.spins:
            spin.setEnabled(typed)
        self.changed.emit()

    # --- values -------------------------------------------------------------------------

    def is_typed(self) -> bool:
        return self.typed.isChecked()

    def values(self) -> tuple[int, ...]:
        """The typed values up to the first die not typed (none in digital mode)."""
        return typed_prefix(self.spins) if self.is_typed() else ()

    def missing(self) -> list[int]:
        """The dice (from 1) still to type, in typed mode."""
        return untyped(self.spins) if self.is_typed() else []

    def type_values(self, values: Sequence[int]) -> None:
        """Set the first dice's values (what a test or a screenshot types)."""
        type_into(self.spins, values)

    def problem(self) -> str | None:
        """What keeps the dice from being used as they are (None: nothing)."""
        missing = self.missing()
        if missing:
            return f"type every die the step asks for (still to type: die {missing[0]})"
        return None

    def column_texts(self, col: int) -> list[str]:
        items = (self.table.item(r, col) for r in range(self.table.rowCount()))
        return [item.text() if item is not None else "" for item in items]

