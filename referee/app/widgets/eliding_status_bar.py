"""A status bar whose message never runs under the widgets on its right: a message longer than
the room left of them is painted elided ("Step 46: Agony 0: ac…"), its whole text the bar's
tooltip; a message given already shortened (a path elided in the middle) takes its whole text
as the tooltip with :meth:`ElidingStatusBar.set_message_tip`. A new message drops the tooltip
of the last. What was said stays as said (:meth:`~PySide6.QtWidgets.QStatusBar.currentMessage`,
its timeout): only the painting is shortened, at whatever width the window has."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QRect, Qt
from PySide6.QtGui import QPainter, QPaintEvent, QResizeEvent
from PySide6.QtWidgets import QStatusBar, QWidget

from referee.app.widgets.plain_text import plain_tip

GAP = 8
"""Pixels between the message and the first widget on the right."""


class ElidingStatusBar(QStatusBar):
    """See the module docstring."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._permanent: list[QWidget] = []
        self._message_tip = ""
        self._tip_shown = ""
        self.messageChanged.connect(self._message_changed)

    def addPermanentWidget(self, widget: QWidget, stretch: int | None = 0) -> None:
        self._watch(widget)
        super().addPermanentWidget(widget, stretch or 0)

    def insertPermanentWidget(self, index: int, widget: QWidget, stretch: int | None = 0) -> int:
        self._watch(widget)
        return super().insertPermanentWidget(index, widget, stretch or 0)

    def removeWidget(self, widget: QWidget) -> None:
        if widget in self._permanent:
            self._permanent.remove(widget)
            widget.removeEventFilter(self)
        super().removeWidget(widget)

    def _watch(self, widget: QWidget) -> None:
        """A widget on the right: the room of the message changes as it moves or grows."""
        self._permanent.append(widget)
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.Move, QEvent.Type.Resize, QEvent.Type.Show):
            self._show_tip()
        return False

    def set_message_tip(self, tip: str) -> None:
        """The tooltip of the message shown now (its whole text), gone with it."""
        self._message_tip = tip
        self._show_tip()

    def message_room(self) -> QRect:
        """Where the message is painted: from the left edge to the first visible widget on
        the right, :data:`GAP` pixels short of it."""
        left, right = 6, self.width() - 12
        shown = [w for w in self._permanent if w.isVisible()]
        if shown:
            right = min(right, min(w.x() for w in shown) - GAP)
        return QRect(left, 0, max(0, right - left), self.height())

    def shown_message(self) -> str:
        """The message as painted: whole, or elided to :meth:`message_room`."""
        message = self.currentMessage()
        if not message:
            return ""
        return self.fontMetrics().elidedText(
            message, Qt.TextElideMode.ElideRight, self.message_room().width()
        )

    def paintEvent(self, event: QPaintEvent) -> None:
        message = self.currentMessage()
        shown = self.shown_message()
        if shown == message:
            super().paintEvent(event)
            return
        # QStatusBar's own painting, with the message elided: the panel, the frames of the
        # widgets on the right (those on the left are hidden by a message), the text; the
        # style's classes named only here (PySide makes their many enums when first named)
        from PySide6.QtWidgets import QStyle, QStyleOption

        painter = QPainter(self)
        option = QStyleOption()
        option.initFrom(self)
        style = self.style()
        style.drawPrimitive(QStyle.PrimitiveElement.PE_PanelStatusBar, option, painter, self)
        for widget in self._permanent:
            if widget.isVisible():
                frame = QStyleOption()
                frame.rect = widget.geometry().adjusted(-2, -1, 2, 1)
                frame.palette = self.palette()
                frame.state = QStyle.StateFlag.State_None
                style.drawPrimitive(
                    QStyle.PrimitiveElement.PE_FrameStatusBarItem, frame, painter, widget
                )
        painter.setPen(self.palette().windowText().color())
        flags = Qt.AlignmentFlag.AlignLeading | Qt.AlignmentFlag.AlignVCenter
        painter.drawText(self.message_room(), int(flags) | int(Qt.TextFlag.TextSingleLine), shown)
        painter.end()

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip:  # the room may have changed since (the label)
            self._show_tip()
        return super().event(event)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._show_tip()

    def _message_changed(self, _message: str) -> None:
        self._message_tip = ""
        self._show_tip()

    def _show_tip(self) -> None:
        """The tooltip: the message's whole text where it was given or is painted elided;
        none otherwise (a tooltip set by someone else is left alone)."""
        message = self.currentMessage()
        tip = self._message_tip or (message if self.shown_message() != message else "")
        if tip == self._tip_shown:
            return
        if self.toolTip() in ("", plain_tip(self._tip_shown)):
            self.setToolTip(plain_tip(tip))
        self._tip_shown = tip
