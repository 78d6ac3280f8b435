"""The match report inside the app (File > Report, Ctrl+R): the page of
:func:`referee.match.reports.match_report.match_report` in Qt's own HTML view, plain (no image,
style sheet or file is loaded from anywhere: every resource the page might name is refused), its
contents links scrolling within it; Save as HTML or PDF (Qt's PDF writer, A4) beside the
match file by default, never over the match file or any other database
(:func:`referee.match.reports.output_file.write_output`); Again reads the match as it is now."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QUrl
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog, QMainWindow, QTextBrowser, QToolBar, QWidget

from referee.app.widgets.plain_text import plain_tip
from referee.errors import RefereeError

if TYPE_CHECKING:
    from referee.match.journal.journal_file import JournalFile

FILTERS = {"HTML (*.html)": ".html", "PDF (*.pdf)": ".pdf"}
"""What File > Report saves, by the save dialog's filter."""
PAPER_STYLE = (
    "body { font-size: 8.5pt; margin: 0; } h1 { font-size: 15pt; } h2 { font-size: 12pt; } "
    "h3 { font-size: 10pt; } th, td { padding: 1px 3px; } pre { font-size: 7.5pt; }\n"
)
"""The report on A4 (Qt's text document reads no ``@media print``): a smaller type, so
that a table of the units keeps its words whole; put first, as Qt keeps the first rule."""


class ReportBrowser(QTextBrowser):
    """Qt's HTML view of a report: plain, nothing loaded from anywhere; a link to a place
    in the page scrolls there, any other link does nothing."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setOpenLinks(False)
        self.setOpenExternalLinks(False)
        self.anchorClicked.connect(self.follow)

    def follow(self, url: QUrl) -> None:
        if not url.scheme() and not url.path() and url.fragment():
            self.scrollToAnchor(url.fragment())

    def loadResource(self, kind: int, name: QUrl | str) -> Any:
        """No image, style sheet or page is loaded: from no file, no host."""
        return None


def report_html(match: JournalFile[Any]) -> str:
    """The report of ``match`` of either game system (each system's own report)."""
    if match.SYSTEM == "activation":
        from referee.match.games.activation_file import ActivationMatch
        from referee.match.reports.activation_report import activation_report

        assert isinstance(match, ActivationMatch)
        return activation_report(match)
    from referee.match.games.orders_file import MatchFile
    from referee.match.reports.match_report import match_report

    assert isinstance(match, MatchFile)
    return match_report(match)


def save_report(match: JournalFile[Any], out: Path) -> Path:
    """The report of ``match`` written to ``out``: PDF when its name ends in ``.pdf``,
    else HTML; refused over the match file, a database or a non-regular file."""
    from referee.match.reports.output_file import write_output

    html = report_html(match)
    data: str | bytes = html
    if out.suffix.lower() == ".pdf":
        from referee.app.window.army_pdf import pdf_bytes

        title = str(match.meta.get("title") or match.path.stem)
        paper = html.replace("<style>", f"<style>{PAPER_STYLE}", 1)
        data = pdf_bytes(paper, f"Report: {title}")
    return write_output(out, data, force=True, keep=(match.path,))


def ask_report_path(parent: QWidget | None, suggested: Path, suffix: str = ".html") -> Path | None:
    """Where to save the report, HTML or PDF (the dialog asks before replacing a file)."""
    from referee.app.widgets.save_dialog import chosen_path, save_dialog

    filters = list(FILTERS)
    if suffix == ".pdf":
        filters.reverse()
    dialog = save_dialog(
        parent, "Save the report", suggested.with_suffix(suffix), ";;".join(filters), suffix
    )
    dialog.filterSelected.connect(
        lambda chosen: dialog.setDefaultSuffix(FILTERS.get(chosen, suffix).lstrip("."))
    )
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    return chosen_path(dialog)


class ReportWindow(QMainWindow):
    """The report of the open match in a window of its own (see the module docstring)."""

    def __init__(self, match: JournalFile[Any], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.match = match
        self.browser = ReportBrowser()
        self.setCentralWidget(self.browser)
        bar = QToolBar("Report")
        bar.setMovable(False)
        self.addToolBar(bar)
        self.html_action = QAction("Save as &HTML…", self)
        self.pdf_action = QAction("Save as &PDF…", self)
        self.again_action = QAction("&Again (the match now)", self)
        self.again_action.setToolTip("Read the match again: the steps written since it opened")
        self.close_action = QAction("&Close", self)
        keys = QKeySequence.StandardKey
        for action, key in (
            (self.html_action, keys.Save),
            (self.pdf_action, keys.Print),
            (self.again_action, keys.Refresh),
            (self.close_action, keys.Close),
        ):
            action.setShortcuts(key)  # a tool bar's buttons have no letter: keys each
            action.setToolTip(plain_tip(f"{action.toolTip()} ({action.shortcut().toString()})"))
            bar.addAction(action)
        self.html_action.triggered.connect(lambda: self.save(suffix=".html"))
        self.pdf_action.triggered.connect(lambda: self.save(suffix=".pdf"))
        self.again_action.triggered.connect(self.show_match)
        self.close_action.triggered.connect(self.close)
        chars = self.fontMetrics().averageCharWidth()
        width, height = 150 * chars, 46 * self.fontMetrics().lineSpacing()
        if parent is not None:  # most of the main window, the report's tables whole
            width = max(width, parent.width() * 3 // 4)
            height = max(height, parent.height() * 9 // 10)
        self.resize(width, height)
        self.show_match()

    def show_match(self) -> None:
        """The report of the match as it is now."""
        title = self.match.meta.get("title") or self.match.path.name
        self.setWindowTitle(f"Report: {title}")
        bar = self.browser.verticalScrollBar()
        where = bar.value()
        self.browser.setHtml(report_html(self.match))
        bar.setValue(where)

    def save(self, out: Path | None = None, suffix: str = ".html") -> Path | None:
        """Save the report where the referee says (``out``: there, without asking)."""
        if out is None:
            out = ask_report_path(self, self.match.path, suffix)
        if out is None:
            return None
        try:
            written = save_report(self.match, out)
        except (RefereeError, OSError) as exc:
            self.statusBar().showMessage(f"Refused: {exc}", 15000)
            return None
        self.statusBar().showMessage(f"Report written: {written}", 8000)
        return written
