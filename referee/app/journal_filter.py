"""Filtering the journal by event kind and by text (a unit id, a word of the working)."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QSortFilterProxyModel

from referee.app.journal_model import JournalModel


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
        row = self.journal.rows[source_row]
        if self.kind is not None and row.kind != self.kind:
            return False
        return not self.needle or row.matches(self.needle)
