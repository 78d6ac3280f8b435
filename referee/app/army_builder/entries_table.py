"""The army builder's entries: one row per entry of the army (its unit's name, bases,
upgrades and cost), numbered from 1 as the problems below name them (``Hoplite phalanx (row
2)``; the file's ``unit[1]``); an entry with a problem shows red with the problem as its tip."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from referee.app.widgets.boxes import SpinBox
from referee.app.widgets.cell_editors import CellEditors
from referee.app.widgets.plain_text import plain_tip
from referee.army import Army, ArmyReport
from referee.army.sheet import cost_text


class EntriesTable(QTableWidget):
    """The army's entries; a row's bases are a spin box (:attr:`count_changed`)."""

    count_changed = Signal(int, int)
    """An entry's row and its new number of bases."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(0, 4, parent)
        self.setAccessibleName("army entries")
        self.setHorizontalHeaderLabels(["Unit", "Bases", "Upgrades", "Cost"])
        self.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 12)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        eh = self.horizontalHeader()
        eh.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        eh.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        eh.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        eh.setSectionResizeMode(3, QHeaderView.ResizeMode.ResizeToContents)
        self.editors = CellEditors(self)  # Tab goes through the bases, row by row

    def show_army(self, army: Army, report: ArmyReport, select: int) -> None:
        """Fill the rows from ``army`` as ``report`` checked it; row ``select`` selected."""
        self.blockSignals(True)
        self.setRowCount(len(army.entries))
        self.setVerticalHeaderLabels([str(i + 1) for i in range(len(army.entries))])
        bad = {e.entry for e in report.errors if e.entry is not None}
        for row, entry in enumerate(army.entries):
            built = report.cards[row] if row < len(report.cards) else None
            name = built.unit.name if built is not None else f"{entry.type} (unknown)"
            ups = ", ".join(c.id if c.count == 1 else f"{c.id} x{c.count}" for c in entry.choices)
            cost = report.entry_cost(row)
            cells = (name, "", ups or "—", cost_text(cost) if cost is not None else "?")
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if row in bad:
                    item.setForeground(Qt.GlobalColor.red)
                    item.setToolTip(
                        plain_tip("; ".join(e.message for e in report.errors if e.entry == row))
                    )
                self.setItem(row, column, item)
            spin = self.cellWidget(row, 1)
            if isinstance(spin, SpinBox):  # kept: the keyboard stays in it as it is typed
                spin.blockSignals(True)
                spin.setValue(entry.count)
                spin.blockSignals(False)
                continue
            spin = SpinBox()
            spin.setRange(1, 99)
            spin.setValue(entry.count)
            spin.setAccessibleName(f"entry {row} bases")
            spin.valueChanged.connect(lambda n, r=row: self.count_changed.emit(r, n))
            self.setCellWidget(row, 1, spin)
        self.editors.order([self.cellWidget(row, 1) for row in range(self.rowCount())])
        if 0 <= select < len(army.entries):
            self.selectRow(select)
            self.setCurrentCell(select, 0)
        self.blockSignals(False)
