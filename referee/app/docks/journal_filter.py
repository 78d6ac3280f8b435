"""Filtering the journal by event kind and by text (a unit id, a word of the working).

The rows shown name their step once: a row of the same step as the row above it leaves its
number and name blank (:meth:`JournalFilter.data`), so each step reads as one group.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QSortFilterProxyModel, Qt

from referee.app.docks.journal_model import ROW_ROLE, JournalModel, JournalRow

STEP_COLUMNS = (0, 1)
"""The step's number and name: shown on the first row of each step."""


class JournalFilter(QSortFilterProxyModel):
    """Rows of a :class:`JournalModel` of one kind (or all) whose text holds the needle."""

    def __init__(self, model: JournalModel) -> None:
        super().__init__()
        self.journal = model
        self.setSourceModel(model)
        self.kind: str | None = None
        self.needle = ""

    def set_kind(self, kind: str | None) -> None:
        self._begin()
        self.kind = kind or None
        self._end()

    def set_text(self, text: str) -> None:
        self._begin()
        self.needle = text.strip().lower()
        self._end()

    # Qt 6.10 brought begin/endFilterChange; before it, invalidateRowsFilter.
    def _begin(self) -> None:
        if hasattr(self, "beginFilterChange"):
            self.beginFilterChange()

    def _end(self) -> None:
        if hasattr(self, "endFilterChange"):
            self.endFilterChange(QSortFilterProxyModel.Direction.Rows)
        else:
            self.invalidateRowsFilter()

    def filterAcceptsRow(
        self, source_row: int, source_parent: QModelIndex | QPersistentModelIndex
    ) -> bool:
        return self.accepts(self.journal.rows[source_row])

    def accepts(self, row: JournalRow) -> bool:
        """Whether ``row`` is shown: of the kind chosen, holding the text typed."""
        if self.kind is not None and row.kind != self.kind:
            return False
        return not self.needle or row.matches(self.needle)

    def source_rows(self) -> list[int]:
        """The model's rows shown, in the order shown (the model's: nothing sorts them),
        found in Python without a call into Qt for each."""
        return [i for i, row in enumerate(self.journal.rows) if self.accepts(row)]

    def data(
        self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if (
            role == Qt.ItemDataRole.DisplayRole
            and index.column() in STEP_COLUMNS
            and self.continues_step(index.row())
        ):
            return ""
        return super().data(index, role)

    def continues_step(self, row: int) -> bool:
        """Whether the row shown at ``row`` belongs to the same step as the one above it."""
        if row <= 0:
            return False
        here, above = (self.index(r, 0).data(ROW_ROLE) for r in (row, row - 1))
        return (
            isinstance(here, JournalRow)
            and isinstance(above, JournalRow)
            and (here.step, here.undone) == (above.step, above.undone)
        )
