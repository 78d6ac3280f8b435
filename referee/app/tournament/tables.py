"""Filling read-only QTableWidgets from rows of text."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableWidget, QTableWidgetItem


class NumberText(str):
    """A number already written as text (its decimals chosen): shown right-aligned."""


def make_table(headers: Sequence[str]) -> QTableWidget:
    table = QTableWidget(0, len(headers))
    table.setHorizontalHeaderLabels(list(headers))
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.verticalHeader().setVisible(False)
    table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    table.horizontalHeader().setStretchLastSection(True)
    return table


def fill(table: QTableWidget, rows: Sequence[Sequence[object]]) -> None:
    """Show ``rows`` in ``table``, writing only the cells whose text (or alignment)
    changed: the desk redraws at every revision, and a cell rewritten is one the table
    measures and paints again."""
    table.setRowCount(len(rows))
    right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            text = f"{value:.2f}" if isinstance(value, float) else str(value)
            number = isinstance(value, int | float | NumberText)
            item = table.item(r, c)
            if (
                item is not None
                and item.text() == text
                and (item.textAlignment() == right) == number
            ):
                continue
            item = QTableWidgetItem(text)
            if number:
                item.setTextAlignment(right)
            table.setItem(r, c, item)
