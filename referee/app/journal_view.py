"""The journal dock: every step and event, filterable by kind and by text (a unit id),
with the "why" of each; double-clicking a row opens its clauses and rulings."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from referee.app.clause_dialog import ClauseDialog
from referee.app.journal_filter import JournalFilter
from referee.app.journal_model import ROW_ROLE, JournalModel, JournalRow
from referee.match.events import Step
from referee.rules.ruleset import Ruleset

ALL_KINDS = "all kinds"


class JournalView(QWidget):
    """A filter bar over a table of :class:`JournalModel` rows."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = JournalModel()
        self.proxy = JournalFilter(self.model)
        self.search = QLineEdit()
        self.search.setPlaceholderText("Filter by unit or text…")
        self.search.setClearButtonEnabled(True)
        self.kind = QComboBox()
        self.kind.addItem(ALL_KINDS)
        self.table = QTableView()
        self.table.setModel(self.proxy)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setWordWrap(False)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(
            round(self.fontMetrics().lineSpacing() * 1.3)
        )
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        bar = QHBoxLayout()
        bar.addWidget(self.search, 1)
        bar.addWidget(self.kind)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(bar)
        layout.addWidget(self.table, 1)
        self.rules: Ruleset | None = None
        self.search.textChanged.connect(self.proxy.set_text)
        self.kind.currentTextChanged.connect(
            lambda text: self.proxy.set_kind(None if text == ALL_KINDS else text)
        )
        self.table.doubleClicked.connect(self.open_why)

    def set_steps(self, steps: Sequence[Step], rules: Ruleset) -> None:
        self.rules = rules
        self.model.set_steps(steps)
        chosen = self.kind.currentText()
        self.kind.blockSignals(True)
        self.kind.clear()
        self.kind.addItems([ALL_KINDS, *self.model.kinds()])
        self.kind.setCurrentIndex(max(0, self.kind.findText(chosen)))
        self.kind.blockSignals(False)
        kind = self.kind.currentText()
        self.proxy.set_kind(None if kind == ALL_KINDS else kind)
        self._size_columns()
        self.table.scrollToBottom()

    def _size_columns(self) -> None:
        chars = self.fontMetrics().averageCharWidth()
        for column, width in enumerate((4, 28, 11, 50, 9)):
            self.table.setColumnWidth(column, width * chars)

    def row_at(self, index: QModelIndex) -> JournalRow | None:
        row = self.proxy.data(index, ROW_ROLE)
        return row if isinstance(row, JournalRow) else None

    def why_dialog(self, index: QModelIndex) -> ClauseDialog | None:
        """The dialog a double-click on ``index`` opens (built, not shown)."""
        row = self.row_at(index)
        if row is None or self.rules is None:
            return None
        return ClauseDialog(
            f"{row.step}. {row.step_name}", row.clauses, row.rulings, self.rules, self
        )

    def open_why(self, index: QModelIndex) -> None:
        dialog = self.why_dialog(index)
        if dialog is not None:
            dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
            dialog.open()
