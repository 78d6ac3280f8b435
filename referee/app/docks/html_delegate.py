"""An item delegate that draws an item's HTML (``HTML_ROLE``) and turns a click on one of its
links into ``linkActivated(href)``: the search hits of the rules browser, and the journal's
"why" column, whose clause and ruling ids are links (:mod:`referee.app.docks.rule_html`)."""

from __future__ import annotations

from PySide6.QtCore import (
    QAbstractItemModel,
    QEvent,
    QModelIndex,
    QPersistentModelIndex,
    QPointF,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtGui import (
    QAbstractTextDocumentLayout,
    QMouseEvent,
    QPainter,
    QPalette,
    QTextDocument,
    QTextOption,
)
from PySide6.QtWidgets import QAbstractItemView, QStyledItemDelegate, QStyleOptionViewItem

HTML_ROLE = Qt.ItemDataRole.UserRole + 20
MARGIN = 4


class HtmlDelegate(QStyledItemDelegate):
    """Draws ``HTML_ROLE`` (else the display text) as rich text in ``view``; ``wrap``: wrap
    lines to the view's width (a list) or keep one line per cell (a table)."""

    linkActivated = Signal(str)

    def __init__(self, view: QAbstractItemView, wrap: bool = True) -> None:
        super().__init__(view)
        self.view = view
        self.wrap = wrap
        view.setMouseTracking(True)

    def _document(self, index: QModelIndex | QPersistentModelIndex, width: int) -> QTextDocument:
        doc = QTextDocument()
        doc.setDocumentMargin(MARGIN if self.wrap else 1)
        doc.setDefaultFont(self.view.font())
        if not self.wrap:
            option = QTextOption()
            option.setWrapMode(QTextOption.WrapMode.NoWrap)
            doc.setDefaultTextOption(option)
        html = index.data(HTML_ROLE)
        if isinstance(html, str):
            doc.setHtml(html)
        else:
            doc.setPlainText(str(index.data(Qt.ItemDataRole.DisplayRole) or ""))
        if self.wrap:
            doc.setTextWidth(max(width, 40))
        return doc

    def initStyleOption(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> None:
        """The cell as Qt's item delegate sees it, less its text (:meth:`paint` draws the
        HTML instead)."""
        super().initStyleOption(option, index)
        option.text = ""

    def _width(self, option: QStyleOptionViewItem) -> int:
        if self.wrap:
            return int(self.view.viewport().width())
        return int(option.rect.width())

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        # the cell's background, focus and selection as the style draws them (Qt's own
        # paint, with no text: see initStyleOption); then the HTML over them. (Naming QStyle
        # or an item's state, a QStyle flag, would make PySide build QStyle's hundreds of
        # enum members as the journal first paints.)
        super().paint(painter, option, index)
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        rect = opt.rect
        doc = self._document(index, rect.width())
        context = QAbstractTextDocumentLayout.PaintContext()
        selection = self.view.selectionModel()
        selected = selection is not None and selection.isSelected(index)
        role = QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text
        context.palette.setColor(
            QPalette.ColorRole.Text,
            opt.palette.color(role),
        )
        painter.save()
        top = 0 if self.wrap else max(0, (rect.height() - round(doc.size().height())) // 2)
        painter.translate(rect.left(), rect.top() + top)
        painter.setClipRect(rect.translated(-rect.left(), -rect.top() - top))
        doc.documentLayout().draw(painter, context)
        painter.restore()

    def sizeHint(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        doc = self._document(index, self._width(option))
        size = doc.size().toSize()
        if not self.wrap:
            line = self.view.fontMetrics().lineSpacing()
            return QSize(size.width(), max(size.height(), line))
        return QSize(self._width(option), size.height())

    def anchor_at(
        self, index: QModelIndex | QPersistentModelIndex, rect_width: int, pos: QPointF
    ) -> str:
        """The link under ``pos`` (relative to the item's top left), or ``""``."""
        doc = self._document(index, rect_width)
        return str(doc.documentLayout().anchorAt(pos))

    def editorEvent(
        self,
        event: QEvent,
        model: QAbstractItemModel,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> bool:
        if isinstance(event, QMouseEvent) and event.type() in (
            QEvent.Type.MouseButtonRelease,
            QEvent.Type.MouseMove,
        ):
            rect = option.rect
            pos = event.position() - QPointF(rect.topLeft())
            if not self.wrap:
                doc_height = self._document(index, rect.width()).size().height()
                pos -= QPointF(0, max(0, (rect.height() - round(doc_height)) // 2))
            anchor = self.anchor_at(index, rect.width(), pos)
            if event.type() == QEvent.Type.MouseMove:
                shape = Qt.CursorShape.PointingHandCursor if anchor else Qt.CursorShape.ArrowCursor
                self.view.viewport().setCursor(shape)
            elif anchor and event.button() == Qt.MouseButton.LeftButton:
                self.linkActivated.emit(anchor)
                return True
        return super().editorEvent(event, model, option, index)
