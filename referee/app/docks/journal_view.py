"""The journal dock: every step and event, filterable by kind and by text (a unit id),
with the "why" of each: its clause and ruling ids are links. Clicking one, or
double-clicking the row, asks (``whyRequested``) for the event's clauses and rulings in the
rules browser, the clicked one shown. The context menu of a row offers "Undo back to here"
(``undoBackRequested``: every step after the row's is undone, as one action) or, on an
undone row, "Redo up to here" (``redoUpToRequested``), greyed with the reason when the
window's ``refusal`` refuses it, and "Why" (the rules browser).

Each step's name shows once, on its first row, wrapped to the Step column (a run of empty
steps, "Movement 1 to Assault 1: nothing to do in 6 steps", reads whole in a narrow dock);
what happened keeps one line (its tooltip has the whole working)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QPoint, QRect, Qt, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QMenu,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from referee.app.docks.html_delegate import HtmlDelegate
from referee.app.docks.journal_filter import JournalFilter
from referee.app.docks.journal_model import ROW_ROLE, WHY_COLUMN, JournalModel, JournalRow
from referee.app.widgets.boxes import ComboBox
from referee.rules.events import Step
from referee.ruleset import Ruleset

ALL_KINDS = "all kinds"
NARROW_CHARS = 80
"""Narrower than this many characters, the journal shows no kind and dice columns."""
NUMBER_COLUMN = 0
STEP_COLUMN = 1
COLUMN_CHARS = (4, 20, 7, 0, 5, 8)
"""Each column's least width in characters (0: what happened takes the width left); the
Step column takes a share of the table (``STEP_SHARE``), the Why column as much as its
widest first clause id needs (up to ``MOST_CHARS``)."""
NARROW_COLUMN_CHARS = (4, 16, 0, 0, 0, 8)
"""The same in a narrow dock (a wizard borrowed its width): no kind or dice column."""
KIND_COLUMN = 2
WHAT_CHARS = 10
"""What happened never narrows below this many characters ("tank, turn…" says whose row it
is): a narrow dock takes the width from the Step column, whose name wraps (no word of it
broken)."""
STEP_SHARE = (0.22, 0.26)
"""The Step column's share of the table's width: wide, narrow."""
WORD_CHARS = 12
"""A word of a step's name longer than this (an activation command's ``path=H2:S,H3:S,…``)
is cut in a narrow dock rather than holding the Step column wide."""
MOST_CHARS = 22
"""The Why column never takes more than this many characters."""
PAD = 14
"""A cell's margins and a little air, in pixels."""


class WrappedDelegate(QStyledItemDelegate):
    """Draws a cell's text wrapped to its column's width (the Step column: a step's name;
    :meth:`JournalView.fit_rows` makes the row as tall as its lines)."""

    def initStyleOption(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> None:
        super().initStyleOption(option, index)
        option.features |= QStyleOptionViewItem.ViewItemFeature.WrapText


class JournalView(QWidget):
    """A filter bar over a table of :class:`JournalModel` rows."""

    whyRequested = Signal(str, object, object, str)  # title, clause ids, ruling ids, link
    undoBackRequested = Signal(int)  # the step number to undo back to (it stays)
    redoUpToRequested = Signal(int)  # the undone step number to redo up to (included)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.refusal: Callable[[int, bool], str | None] | None = None
        """``refusal(step, redo)``: why Undo back to here (``redo``: Redo up to here) at
        ``step`` is refused now, in a few words (a blind setup's screen), or None."""
        self.model = JournalModel()
        self.proxy = JournalFilter(self.model)
        self.search = QLineEdit()
        self.search.setPlaceholderText("Filter by unit or text…")
        self.search.setClearButtonEnabled(True)
        self.kind = ComboBox()
        self.kind.addItem(ALL_KINDS)
        self.table = QTableView()
        # its viewport made here, as the plain QWidget Qt would make: Python knows it from
        # the start (Qt's own, asked for its width, would make PySide load every widget
        # class of QtWidgets to name it: some 20 ms of the window's start)
        self.table.setViewport(QWidget())
        self.table.setModel(self.proxy)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setWordWrap(False)
        self.table.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setMinimumSectionSize(1)
        self.table.verticalHeader().setDefaultSectionSize(
            round(self.fontMetrics().lineSpacing() * 1.3)
        )
        self.step_delegate = WrappedDelegate(self.table)
        self.table.setItemDelegateForColumn(STEP_COLUMN, self.step_delegate)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        header.sectionResized.connect(self._step_column_resized)
        bar = QHBoxLayout()
        bar.addWidget(self.search, 1)
        bar.addWidget(self.kind)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(bar)
        layout.addWidget(self.table, 1)
        self.rules: Ruleset | None = None
        self.search.textChanged.connect(self.filter_text)
        self.kind.currentTextChanged.connect(self.filter_kind)
        self.fitted: dict[int, int] = {}
        """Column -> the width in pixels its content needs (the Kind and Why columns)."""
        self.fitted_narrow: dict[int, int] = {}
        """The same in a narrow dock: the Why column its first id alone."""
        self.step_word = 0
        """The widest word of a step's name, in pixels (the Step column never breaks one)."""
        self._heights: dict[str, int] = {}
        """A step's name -> its row's height, at the width, line and spacing of
        ``_heights_for``."""
        self._heights_for = (0, 0, 0)
        self._holding_fit = False
        self._fitted: tuple[object, ...] = ()
        """What the rows were last fitted to: the model's filling, the widths, the rows
        shown."""
        self.proxy.layoutChanged.connect(self.fit_rows)
        self.proxy.modelReset.connect(self.fit_rows)
        self.proxy.rowsInserted.connect(self.fit_rows)
        self.proxy.rowsRemoved.connect(self.fit_rows)
        self.why_delegate = HtmlDelegate(self.table, wrap=False)
        self.table.setItemDelegateForColumn(WHY_COLUMN, self.why_delegate)
        self.why_delegate.linkActivated.connect(self._why_link)
        self.table.doubleClicked.connect(self.open_why)
        self.table.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.table.customContextMenuRequested.connect(self._context_menu)
        self._at_end = True
        """Whether the journal shows its last step: it then keeps showing it as the rows
        grow taller or the dock shorter (the window laying out as a match opens), until
        the referee scrolls up."""
        scroll = self.table.verticalScrollBar()
        scroll.valueChanged.connect(self._scrolled)
        scroll.rangeChanged.connect(self._range_changed)

    def _scrolled(self, value: int) -> None:
        self._at_end = value == self.table.verticalScrollBar().maximum()

    def _range_changed(self, _least: int, most: int) -> None:
        if self._at_end:
            self.table.verticalScrollBar().setValue(most)

    def set_steps(self, steps: Sequence[Step], rules: Ruleset) -> None:
        self.rules = rules
        with self._fitting_after():
            self.model.set_steps(steps)
            chosen = self.kind.currentText()
            self.kind.blockSignals(True)
            self.kind.clear()
            self.kind.addItems([ALL_KINDS, *self.model.kinds()])
            self.kind.setCurrentIndex(max(0, self.kind.findText(chosen)))
            self.kind.blockSignals(False)
            kind = self.kind.currentText()
            self.proxy.set_kind(None if kind == ALL_KINDS else kind)
            self._measure()
            self._size_columns()
        self.table.scrollToBottom()

    def filter_text(self, text: str) -> None:
        """Show the rows holding ``text`` (the filter box), the rows fitted once after."""
        with self._fitting_after():
            self.proxy.set_text(text)

    def filter_kind(self, kind: str) -> None:
        """Show the rows of ``kind`` (or all kinds), the rows fitted once after."""
        with self._fitting_after():
            self.proxy.set_kind(None if kind == ALL_KINDS else kind)

    @contextmanager
    def _fitting_after(self) -> Iterator[None]:
        """Fit the rows once the body is done: a filter's change takes rows away or brings
        them back range by range, and fitting after each would go over a long journal's
        thousands of rows as many times."""
        held = self._holding_fit
        self._holding_fit = True
        try:
            yield
        finally:
            self._holding_fit = held
        self.fit_rows()

    def fit_rows(self) -> None:
        """Each row as tall as its step's name takes, wrapped to the Step column (one line
        where none shows): worked out from the font once for each name and width, the rows
        shown read from the model's own rows (a long match's journal has thousands)."""
        if self._holding_fit:
            return
        header = self.table.verticalHeader()
        line = header.defaultSectionSize()
        width = max(8, self.table.columnWidth(STEP_COLUMN) - 8)
        metrics = self.table.fontMetrics()
        if self._heights_for != (width, line, metrics.lineSpacing()):
            self._heights.clear()
            self._heights_for = (width, line, metrics.lineSpacing())
        rows = self.model.rows
        shown = self.proxy.source_rows()
        if len(shown) != self.proxy.rowCount():  # the proxy between two states: ask it
            shown = [
                self.proxy.mapToSource(self.proxy.index(r, 0)).row()
                for r in range(self.proxy.rowCount())
            ]
        fitted = (self.model.generation, self._heights_for, shown)
        if fitted == self._fitted and header.count() == len(shown):
            return  # the same rows at the same width: fitted already
        above: tuple[int, bool] | None = None
        for position, source in enumerate(shown):
            row = rows[source]
            group = (row.step, row.undone)
            height = line
            if group != above and row.step_name:  # the step's first row shows its name
                known = self._heights.get(row.step_name)
                if known is None:
                    lines = metrics.boundingRect(
                        QRect(0, 0, width, 10_000), Qt.TextFlag.TextWordWrap, row.step_name
                    ).height()
                    known = max(line, lines + line - metrics.lineSpacing())
                    self._heights[row.step_name] = known
                height = known
            above = group
            if header.sectionSize(position) != height:
                header.resizeSection(position, height)
        self._fitted = fitted

    def _step_column_resized(self, column: int, _old: int, _new: int) -> None:
        if column == STEP_COLUMN:
            self.fit_rows()

    def _measure(self) -> None:
        """The width the Why column needs in the table's font: the widest first id of a
        row, and room for a comma after it; the # column the last step's number (a long
        match's 2865 whole, not cut to "...")."""
        metrics = self.table.fontMetrics()
        last = str(max((r.step for r in self.model.rows), default=0))
        number = metrics.horizontalAdvance(last) + PAD
        firsts = {
            (r.clauses or tuple(f"ruling {x}" for x in r.rulings) or ("",))[0]
            for r in self.model.rows
        }
        self.fitted = {
            WHY_COLUMN: max((metrics.horizontalAdvance(f + ", …") for f in firsts), default=0)
            + PAD,
            KIND_COLUMN: max((metrics.horizontalAdvance(k) for k in self.model.kinds()), default=0)
            + PAD,
            NUMBER_COLUMN: number,
        }
        self.fitted_narrow = {
            WHY_COLUMN: max((metrics.horizontalAdvance(f) for f in firsts), default=0) + PAD,
            NUMBER_COLUMN: number,
        }
        words = {w for r in self.model.rows for w in r.step_name.split()}
        self.step_word = max((metrics.horizontalAdvance(w) for w in words), default=0) + PAD

    def _size_columns(self) -> None:
        """Narrow columns around "What happened", which takes the width the dock leaves:
        the Step column a share of the table, so a step's name takes few lines; the Why
        column its content's width (a first clause id is never cut). In a
        narrow dock (a wizard borrowed its width) the kind and dice columns step aside and
        the step and why columns narrow (the kind filter and the tooltips still tell
        them); What happened always keeps ``WHAT_CHARS``, the step's name wrapping more (a
        word longer than ``WORD_CHARS`` cut) and, with long clause ids, the Why column
        narrowing."""
        chars = self.fontMetrics().averageCharWidth()
        narrow = self.width() < NARROW_CHARS * chars
        header = self.table.horizontalHeader()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        least_chars = NARROW_COLUMN_CHARS if narrow else COLUMN_CHARS
        fitted = self.fitted_narrow if narrow else self.fitted
        widths: dict[int, int] = {}
        for column, least in enumerate(least_chars):
            if least and column != STEP_COLUMN:
                widths[column] = least * chars
                if column in fitted:
                    widths[column] = max(widths[column], min(fitted[column], MOST_CHARS * chars))
        viewport = self.table.viewport().width()
        # the Step column's share, less what What happened needs to stay readable (and a
        # little for a scroll bar yet to come)
        room = viewport - sum(widths.values()) - WHAT_CHARS * chars - PAD
        least = least_chars[STEP_COLUMN] * chars
        word = min(self.step_word, WORD_CHARS * chars)
        widths[STEP_COLUMN] = min(max(least, round(STEP_SHARE[narrow] * viewport)), max(room, word))
        # long clause ids (the activation game's) may still leave What happened too little:
        # the Why column yields the rest, down to its least (each id whole in the rules dock)
        short = sum(widths.values()) + WHAT_CHARS * chars + PAD - viewport
        if short > 0 and WHY_COLUMN in widths:
            floor = least_chars[WHY_COLUMN] * chars
            widths[WHY_COLUMN] = max(floor, widths[WHY_COLUMN] - short)
        for column in (KIND_COLUMN, 4):  # kind, dice
            self.table.setColumnHidden(column, narrow)
        for column, width in sorted(widths.items()):
            if self.table.columnWidth(column) != width:
                self.table.setColumnWidth(column, width)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._size_columns()

    def row_at(self, index: QModelIndex) -> JournalRow | None:
        row = self.proxy.data(index, ROW_ROLE)
        return row if isinstance(row, JournalRow) else None

    def open_why(self, index: QModelIndex, link: str = "") -> JournalRow | None:
        """Ask for the why of the row at ``index`` (``link``: the id to show first)."""
        row = self.row_at(index)
        if row is not None:
            self.whyRequested.emit(row.title, row.clauses, row.rulings, link)
        return row

    def context_menu_for(self, index: QModelIndex) -> QMenu | None:
        """The context menu of the row at ``index``: Undo back to here (or Redo up to here on
        an undone row), and Why."""
        row = self.row_at(index)
        if row is None:
            return None
        menu = QMenu(self)
        rows = self.model.rows
        refused = self.refusal(row.step, row.undone) if self.refusal is not None else None
        if row.undone:
            redo = menu.addAction(f"Redo up to here (step {row.step})")
            redo.triggered.connect(lambda: self.redoUpToRequested.emit(row.step))
            move = redo
        else:
            later = sorted({r.step for r in rows if r.step > row.step and not r.undone})
            undo = menu.addAction(
                f"Undo back to here ({len(later)} later step{'s' if len(later) != 1 else ''})"
            )
            undo.setToolTip("Undo every step after this one (Edit > Redo brings them back)")
            undo.setEnabled(bool(later))
            undo.triggered.connect(lambda: self.undoBackRequested.emit(row.step))
            move = undo
        if refused is not None:  # (a blind setup's screen: ruling setup.blind-undo)
            move.setText(f"{move.text().split(' (', 1)[0]} (refused: {refused})")
            move.setEnabled(False)
        why = menu.addAction("Why (the rules applied)")
        why.triggered.connect(lambda: self.open_why(index))
        return menu

    def _context_menu(self, pos: QPoint) -> None:
        index = self.table.indexAt(pos)
        menu = self.context_menu_for(index)
        if menu is not None:
            menu.exec(self.table.viewport().mapToGlobal(pos))
            menu.deleteLater()

    def _why_link(self, link: str) -> None:
        self.open_why(self.table.currentIndex(), link)
