"""The rules browser (View > Rules, Ctrl+F or F1 from anywhere in the window): a search box
over the engine's rules search (:func:`referee.catalogue.rules_search.search`, the one every
front end asks: the players' glossary, typos, best hit first, matched words highlighted, each
hit saying why), with the match's edition as the asker's, filtered by edition (the match's
ruleset by default, or all) and by kind, and the selected clause, ruling or imported passage
shown whole (:mod:`referee.app.docks.rule_html`): a clause with each edition's wording and the
difference, a ruling with its readings (its default, this match's, the switch); each id a link.

It is also where every "why" of the app opens (:meth:`RulesBrowser.open_link`,
:meth:`RulesBrowser.show_why`): the one place that shows a clause or ruling. The search index
is prepared on first use, in the cache folder (``$REFEREE_CACHE``), once the browser has said
so: on the UI thread, on the event loop's next turn (about 0.2 s when it is built, a few
milliseconds when it is only checked). It is not built on a worker thread: Python code run
there lets the garbage collector finalise the window's own Qt objects (a widget left in a
reference cycle) on that thread, which crashes Qt now and then. It only reads: it never
changes the match. What it lists, without its widgets, is :mod:`referee.app.docks.rule_entries`.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer, QUrl, Signal
from PySide6.QtGui import QColor, QPalette, QResizeEvent
from PySide6.QtWidgets import (
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSplitter,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from referee.app.docks.html_delegate import HTML_ROLE, HtmlDelegate
from referee.app.docks.rule_entries import search_summary, shipped_clauses, why_entries
from referee.app.docks.rule_html import entry_html, hit_rows, parse_rule_href
from referee.app.widgets.boxes import ComboBox
from referee.catalogue.hits import KINDS, Kind
from referee.errors import RefereeError
from referee.ruleset import Ruleset

if TYPE_CHECKING:  # the search index (and sqlite-utils) when the rules are first searched
    from referee.catalogue.search_index import CatalogueIndex, IndexState

HREF_ROLE = Qt.ItemDataRole.UserRole
LIMIT = 50
SIDE_BY_SIDE_CHARS = 70
"""The detail pane shows editions side by side from this width (in characters) up."""
ALL_EDITIONS = "all editions"
KIND_CHOICES: tuple[tuple[str, tuple[Kind, ...]], ...] = (
    ("clauses, rulings, imports", KINDS),
    ("clauses", ("clause",)),
    ("rulings", ("ruling",)),
    ("imported rulebooks", ("imported",)),
)
PREPARING = "Preparing the rules index…"
SELECTION = "#cfe2f7"


class RulesBrowser(QWidget):
    """Search box, filters, hits and the selected entry (see the module docstring)."""

    indexReady = Signal()
    searched = Signal(int)  # the number of hits shown
    entryShown = Signal(str)  # the link of the entry shown

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rules: Ruleset | None = None
        self.index: CatalogueIndex | None = None
        self.index_state: IndexState | None = None
        self.ready = False
        self._preparing = False
        self.shown_query: str | None = None
        self.current: str | None = None
        self.history: list[str] = []
        self._side_by_side = False

        self.search = QLineEdit()
        self.search.setPlaceholderText("Search the rules (Ctrl+F, F1)…")
        self.search.setClearButtonEnabled(True)
        self.search.setAccessibleName("rules search")
        self.edition = ComboBox()
        self.edition.setToolTip("Only clauses of this edition (the match's by default)")
        for edition in self._editions():
            self.edition.addItem(edition, edition)
        self.edition.addItem(ALL_EDITIONS, None)
        self.edition.setCurrentIndex(max(0, self.edition.findData("current")))  # until a match
        self.kind = ComboBox()
        self.kind.setToolTip("Only hits of this kind")
        for label, _ in KIND_CHOICES:
            self.kind.addItem(label)
        self.status = QLabel("Type a rule, a word or a clause id.")
        self.status.setTextFormat(Qt.TextFormat.PlainText)  # it quotes what was typed
        self.status.setWordWrap(True)
        self.heading = QLabel()
        self.heading.setTextFormat(Qt.TextFormat.RichText)  # HTML on purpose, names escaped
        self.heading.setWordWrap(True)
        self.heading.hide()
        self.results = QListWidget()
        self.results.setWordWrap(True)
        self.results.setResizeMode(QListWidget.ResizeMode.Adjust)
        self.results.setVerticalScrollMode(QListWidget.ScrollMode.ScrollPerPixel)
        palette = self.results.palette()  # a light selection keeps the marks readable
        palette.setColor(QPalette.ColorRole.Highlight, QColor(SELECTION))
        palette.setColor(QPalette.ColorRole.HighlightedText, QColor("#000000"))
        self.results.setPalette(palette)
        self.delegate = HtmlDelegate(self.results, wrap=True)
        self.results.setItemDelegate(self.delegate)
        self.back_button = QPushButton("Back")
        self.back_button.setToolTip("The entry shown before (Alt+Left)")
        self.back_button.setShortcut("Alt+Left")
        self.back_button.setEnabled(False)
        self.where = QLabel()
        self.where.setTextFormat(Qt.TextFormat.PlainText)
        self.where.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.detail = QTextBrowser()
        self.detail.setOpenLinks(False)

        filters = QFormLayout()
        filters.addRow("Edition", self.edition)
        filters.addRow("Kind", self.kind)
        top = QWidget()
        top_layout = QVBoxLayout(top)
        top_layout.setContentsMargins(0, 0, 0, 0)
        top_layout.addWidget(self.heading)
        top_layout.addWidget(self.results, 1)
        bottom = QWidget()
        bottom_layout = QVBoxLayout(bottom)
        bottom_layout.setContentsMargins(0, 0, 0, 0)
        nav = QHBoxLayout()
        nav.addWidget(self.back_button)
        nav.addWidget(self.where, 1)
        bottom_layout.addLayout(nav)
        bottom_layout.addWidget(self.detail, 1)
        self.splitter = QSplitter(Qt.Orientation.Vertical)
        self.splitter.addWidget(top)
        self.splitter.addWidget(bottom)
        self.splitter.setStretchFactor(0, 2)
        self.splitter.setStretchFactor(1, 3)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.search)
        layout.addLayout(filters)
        layout.addWidget(self.status)
        layout.addWidget(self.splitter, 1)

        self.search.textChanged.connect(self.search_now)
        self.search.returnPressed.connect(self._first_hit)
        self.edition.currentIndexChanged.connect(self.search_now)
        self.kind.currentIndexChanged.connect(self.search_now)
        self.results.currentItemChanged.connect(self._chosen)
        self.delegate.linkActivated.connect(self.open_link)
        self.detail.anchorClicked.connect(self._anchor)
        self.back_button.clicked.connect(self.back)

    @staticmethod
    def _editions() -> list[str]:
        from referee.ruleset.shipped import available_rulesets

        return available_rulesets()

    # --- the match ------------------------------------------------------------------

    def set_rules(self, rules: Ruleset) -> None:
        """The match's ruleset: the default edition filter, and the readings marked taken."""
        self.rules = rules
        for i in range(self.edition.count()):
            data = self.edition.itemData(i)
            if data is not None:
                label = f"{data} (this match)" if data == rules.id else str(data)
                self.edition.setItemText(i, label)
        found = self.edition.findData(rules.id)
        if found >= 0:
            self.edition.setCurrentIndex(found)  # searches again if it changed
        if self.current is not None:
            self._render(self.current)

    def edition_filter(self) -> str | None:
        data = self.edition.currentData()
        return str(data) if data is not None else None

    def kinds(self) -> tuple[Kind, ...]:
        return KIND_CHOICES[max(0, self.kind.currentIndex())][1]

    # --- the index ------------------------------------------------------------------

    def prepare(self) -> None:
        """Say the search index is being prepared and prepare it on the event loop's next
        turn (once); ``indexReady`` when done."""
        if self.ready or self._preparing:
            return
        from referee.catalogue.search_index import CatalogueIndex

        self.index = self.index or CatalogueIndex()
        self._preparing = True
        self.status.setText(PREPARING)
        QTimer.singleShot(0, self, self._build_index)  # dropped if the browser is deleted

    def _build_index(self) -> None:
        assert self.index is not None
        if self.status.isVisible():
            self.status.repaint()  # "Preparing…" shows while the index is built
        result: IndexState | str
        try:
            result = self.index.ensure()
        except (OSError, ValueError, sqlite3.Error) as exc:
            result = str(exc) or type(exc).__name__
        self._index_done(result)

    def _index_done(self, result: IndexState | str) -> None:
        from referee.catalogue.search_index import IndexState

        self._preparing = False
        self.ready = True
        if isinstance(result, IndexState):
            self.index_state = result
            self.status.setText("Rules index ready.")
        else:
            self.status.setText(f"The rules index could not be prepared: {result}")
        self.indexReady.emit()
        self.search_now()

    def focus_search(self) -> None:
        """Put the cursor in the search box, its text selected, and prepare the index."""
        self.search.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.search.selectAll()
        self.prepare()

    # --- searching ------------------------------------------------------------------

    def search_now(self) -> None:
        """Search for the text in the box with the filters chosen; hits best first."""
        text = self.search.text().strip()
        if not text:
            if self.shown_query is not None:
                self.results.clear()
                self.shown_query = None
                self.status.setText("Type a rule, a word or a clause id.")
            return
        if not self.ready:
            self.prepare()
            return
        from referee.catalogue.rules_search import search

        assert self.index is not None
        try:
            result = search(
                text,
                edition=self.edition_filter(),
                context=self.rules.id if self.rules is not None else None,
                context_reason="this match's edition",
                kinds=self.kinds(),
                limit=LIMIT,
                index=self.index,
            )
        except (RefereeError, OSError, sqlite3.Error) as exc:
            self.status.setText(f"Search failed: {exc}")
            return
        self.heading.hide()
        self.results.blockSignals(True)
        self.results.clear()
        for href, title, shown in hit_rows(result.hits, self.rules):
            self._add_item(href, title, shown)
        self.results.blockSignals(False)
        self.shown_query = text
        count = len(result.hits)
        if not count and result.other_editions:  # the edition filter kept them out
            n = result.other_editions
            entries = (
                "1 entry of other editions matches"
                if n == 1
                else f"{n} entries of other editions match"
            )
            self.status.setText(
                f"No match in the {result.assumed.edition} edition for “{text}”; {entries}: "
                f"choose “{ALL_EDITIONS}” to see them."
            )
        elif not count:
            self.status.setText(f"No match for “{text}”.")
        else:
            self.status.setText(
                f"{count} hit{'s' if count != 1 else ''}, best first; {search_summary(result)}."
            )
        self.searched.emit(count)

    def _add_item(self, href: str, title: str, html: str) -> QListWidgetItem:
        item = QListWidgetItem(title)
        item.setData(HREF_ROLE, href)
        item.setData(HTML_ROLE, html)
        self.results.addItem(item)
        return item

    def _first_hit(self) -> None:
        if self.results.count():
            self.results.setCurrentRow(0)
            self.results.setFocus()

    def _chosen(self, item: QListWidgetItem | None, _previous: QListWidgetItem | None) -> None:
        if item is not None:
            self.open_link(str(item.data(HREF_ROLE)))

    # --- the "why" of an event or a result ----------------------------------------------

    def show_why(
        self,
        title: str,
        clause_ids: Sequence[str],
        ruling_ids: Sequence[str],
        focus: str | None = None,
    ) -> None:
        """List the clauses and rulings an event or a result applied, and show ``focus``
        (a link) or the first of them."""
        self.results.blockSignals(True)
        self.results.clear()
        for href, entry_id, line in why_entries(clause_ids, ruling_ids):
            self._add_item(href, entry_id, line)
        self.results.blockSignals(False)
        self.shown_query = None
        self.heading.setText(f"<b>Why:</b> {escape(title)}")  # a step's name is plain text
        self.heading.show()
        count = self.results.count()
        self.status.setText(
            f"{count} clause{'s' if count != 1 else ''} and rulings applied."
            if count
            else "This applied no rule (a correction or a note)."
        )
        hrefs = [str(self.results.item(i).data(HREF_ROLE)) for i in range(count)]
        target = focus if focus in hrefs else (hrefs[0] if hrefs else None)
        if target is not None:
            self.results.setCurrentRow(hrefs.index(target))  # opens it
        else:
            self.detail.clear()
            self.where.clear()

    # --- one entry --------------------------------------------------------------------

    def _anchor(self, url: QUrl) -> None:
        self.open_link(url.toString())

    def open_link(self, href: str) -> bool:
        """Show the entry of a ``clause:``/``ruling:``/``passage:`` link; False for others."""
        if parse_rule_href(href) is None:
            return False
        if self.current is not None and self.current != href:
            self.history.append(self.current)
        self.back_button.setEnabled(bool(self.history))
        self._render(href)
        return True

    def back(self) -> None:
        if self.history:
            self._render(self.history.pop())
        self.back_button.setEnabled(bool(self.history))

    def _wide(self) -> bool:
        width = self.detail.viewport().width()
        return width >= SIDE_BY_SIDE_CHARS * self.detail.fontMetrics().averageCharWidth()

    def _render(self, href: str) -> None:
        from referee.catalogue.imports_db import ImportedPassage
        from referee.catalogue.lookup import ClauseDetail, RulingDetail, find_entries

        parsed = parse_rule_href(href)
        if parsed is None:
            return
        kind, entry_id = parsed
        self.current = href
        self._side_by_side = self._wide()
        wanted = {"clause": ClauseDetail, "ruling": RulingDetail, "passage": ImportedPassage}[kind]
        try:
            entries = find_entries(entry_id, clause_loader=shipped_clauses)
        except RefereeError as exc:
            self.detail.setHtml(f"<p><i>{escape(str(exc))}</i></p>")
            self.where.setText(href)
            self.entryShown.emit(href)
            return
        entry = next((e for e in entries if isinstance(e, wanted)), entries[0])
        self.detail.setHtml(entry_html(entry, self.rules, self._side_by_side))
        self.where.setText(href)
        self.entryShown.emit(href)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.current is not None and self._wide() != self._side_by_side:
            self._render(self.current)
