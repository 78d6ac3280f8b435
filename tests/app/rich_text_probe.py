"""Looking at what a window shows the way Qt draws it, for text from a file holding markup.

Qt renders a tooltip, a message box, a wizard's title and an ``AutoText`` label as HTML when
the text looks like HTML (``Qt.mightBeRichText``), and an ``<img src=...>`` in it makes Qt
open the file it names. :func:`markup_leaks` walks every widget of some windows (labels,
buttons, message boxes, the tooltips of widgets, actions, map items and the rows of every
item view, the documents of text browsers and the HTML a delegate draws) and names each
place where a ``needle`` from a file is drawn as markup instead of as typed.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QModelIndex
from PySide6.QtGui import Qt, QTextDocument
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QGraphicsView,
    QLabel,
    QMessageBox,
    QTextBrowser,
    QTextEdit,
    QWidget,
    QWizard,
)

from referee.app.docks.html_delegate import HTML_ROLE


def rendered(text: str, rich: bool | None = None) -> str:
    """What Qt shows for ``text``: HTML rendered when ``rich`` (None: when it looks so)."""
    if rich is None:
        rich = Qt.mightBeRichText(text)
    if not rich:
        return text
    doc = QTextDocument()
    doc.setHtml(text)
    return doc.toPlainText()


def _label_rich(label: QLabel) -> bool | None:
    fmt = label.textFormat()
    if fmt == Qt.TextFormat.PlainText:
        return False
    if fmt == Qt.TextFormat.RichText:
        return True
    return None


def visible(needle: str) -> str:
    """What a needle shows when its markup is drawn: its text between the tags."""
    import re

    return re.sub(r"<[^>]*>", "", needle)


def _leaks(where: str, text: str, needles: Iterable[str], rich: bool | None = None) -> list[str]:
    """``where`` if a needle in ``text`` is drawn as markup: its words are shown but not
    its tags (the needles' words are unique, see :func:`hostile`)."""
    shown = rendered(text, rich)
    for needle in needles:
        if visible(needle) in shown and needle not in shown:
            return [f"{where}: {text[:90]!r}"]
    return []


def hostile(word: str, image: str) -> str:
    """A name from a file holding markup: bold ``word`` and a picture of a local file."""
    return f"<b>{word}</b><img src='{image}'>"


def _model_leaks(view: QAbstractItemView, needles: list[str]) -> list[str]:
    model = view.model()
    if model is None:
        return []
    out: list[str] = []
    name = view.objectName() or type(view).__name__

    def walk(parent: QModelIndex) -> None:
        try:  # a list's model keeps its columns private
            columns = model.columnCount(parent)
        except TypeError:
            columns = 1
        for row in range(min(model.rowCount(parent), 400)):
            for column in range(columns):
                index = model.index(row, column, parent)
                tip = index.data(Qt.ItemDataRole.ToolTipRole)
                if isinstance(tip, str):
                    out.extend(_leaks(f"{name} row {row} tooltip", tip, needles))
                html = index.data(HTML_ROLE)
                if isinstance(html, str):
                    out.extend(_leaks(f"{name} row {row} html", html, needles, rich=True))
                if columns > 1 or parent.isValid():
                    continue
                try:
                    deeper = model.hasChildren(index)
                except TypeError:
                    deeper = False
                if deeper:
                    walk(index)

    walk(QModelIndex())
    return out


def markup_leaks(windows: Iterable[QWidget], needles: list[str]) -> list[str]:
    """Every place of ``windows`` (and their children) that draws a needle as markup."""
    out: list[str] = []
    for window in windows:
        widgets = [window, *window.findChildren(QWidget)]
        for w in widgets:
            name = w.objectName() or type(w).__name__
            if w.toolTip():
                out += _leaks(f"{name} tooltip", w.toolTip(), needles)
            for action in w.actions():
                if action.toolTip():
                    out += _leaks(f"action {action.text()!r} tooltip", action.toolTip(), needles)
            if isinstance(w, QMessageBox):
                rich = {Qt.TextFormat.PlainText: False, Qt.TextFormat.RichText: True}.get(
                    w.textFormat()
                )
                out += _leaks(f"{name} message", w.text(), needles, rich)
                out += _leaks(f"{name} informative", w.informativeText(), needles, rich)
            elif isinstance(w, QLabel):
                out += _leaks(f"label {name}", w.text(), needles, _label_rich(w))
            if isinstance(w, QAbstractButton):
                out += _leaks(f"button {name}", w.text(), needles, rich=False)
            if isinstance(w, QTextBrowser | QTextEdit):
                out += _leaks(f"{name} document", w.toHtml(), needles, rich=True)
            if isinstance(w, QAbstractItemView):
                out += _model_leaks(w, needles)
            if isinstance(w, QGraphicsView) and w.scene() is not None:
                for item in w.scene().items():
                    if item.toolTip():
                        out += _leaks(f"map item {type(item).__name__}", item.toolTip(), needles)
            if isinstance(w, QWizard):
                for page_id in w.pageIds():
                    page = w.page(page_id)
                    title_rich = {Qt.TextFormat.PlainText: False}.get(w.titleFormat())
                    sub_rich = {Qt.TextFormat.PlainText: False}.get(w.subTitleFormat())
                    out += _leaks(f"wizard page {page_id} title", page.title(), needles, title_rich)
                    out += _leaks(
                        f"wizard page {page_id} subtitle", page.subTitle(), needles, sub_rich
                    )
    return sorted(set(out))
