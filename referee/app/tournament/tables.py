"""Filling read-only QTableWidgets from rows of text."""

from __future__ import annotations

import weakref
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


Cell = tuple[str, bool]
"""A cell as shown: its text and whether it is a number (right-aligned)."""

_shown: weakref.WeakKeyDictionary[QTableWidget, tuple[int, list[tuple[Cell, ...]]]] = (
    weakref.WeakKeyDictionary()
)
"""What :func:`fill` last wrote in each table (its column count then, its rows)."""


def fill(table: QTableWidget, rows: Sequence[Sequence[object]]) -> None:
    """Show ``rows`` in ``table``, writing only the cells whose text (or alignment)
    changed since the last fill: the desk redraws at every revision, and a cell rewritten
    is one the table measures and paints again. Tables filled here are written by
    nothing else."""
    columns, before = _shown.get(table, (-1, []))
    if columns != table.columnCount():  # new columns: nothing shown is known
        before = []
    table.setRowCount(len(rows))
    right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
    now: list[tuple[Cell, ...]] = []
    for r, row in enumerate(rows):
        cells = tuple(
            (
                f"{value:.2f}" if isinstance(value, float) else str(value),
                isinstance(value, int | float | NumberText),
            )
            for value in row
        )
        now.append(cells)
        old = before[r] if r < len(before) else ()
        if cells == old:
            continue
        for c, (text, number) in enumerate(cells):
            if c < len(old) and old[c] == (text, number):
                continue
            item = QTableWidgetItem(text)
            if number:
                item.setTextAlignment(right)
            table.setItem(r, c, item)
    _shown[table] = (table.columnCount(), now)
