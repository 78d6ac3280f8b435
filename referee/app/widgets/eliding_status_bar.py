"""A status bar whose message never runs under the widgets on its right: a message longer than
the room left of them is painted elided ("Step 46: Agony 0: ac…"), its whole text the bar's
tooltip; a message given already shortened (a path elided in the middle) takes its whole text
as the tooltip with :meth:`ElidingStatusBar.set_message_tip`. A new message drops the tooltip
of the last. What was said stays as said (:meth:`~PySide6.QtWidgets.QStatusBar.currentMessage`,
its timeout): only the painting is shortened, at whatever width the window has.

A label on the right gives way too: while a message is shown it takes at most half the bar
(the rest if the message needs less), with no message the whole bar; cut short, it is painted
elided and its whole text is its tooltip."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QRect, Qt
from PySide6.QtGui import QHelpEvent, QPainter, QPaintEvent, QResizeEvent
from PySide6.QtWidgets import QLabel, QStatusBar, QToolTip, QWidget

from referee.app.widgets.plain_text import plain_tip

GAP = 8
"""Pixels between the message and the first widget on the right."""
SLACK = 40
"""Pixels kept beside a message and a label on the right: the layout's spacing and margins,
the size grip."""
UNLIMITED = 16777215
"""Qt's largest widget size (QWIDGETSIZE_MAX)."""


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
        """A widget on the right: the room of the message changes as it moves or grows; a
        label may be narrower than its text (then painted elided)."""
        self._permanent.append(widget)
        widget.installEventFilter(self)
        if isinstance(widget, QLabel):
            widget.setMinimumWidth(1)
        self._share()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind in (QEvent.Type.Move, QEvent.Type.Resize, QEvent.Type.Show):
            self._show_tip()
        elif isinstance(watched, QLabel) and self._label_cut(watched):
            if kind == QEvent.Type.Paint:
                self._paint_label(watched)
                return True  # painted here, elided
            if kind == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
                QToolTip.showText(event.globalPos(), plain_tip(watched.text()), watched)
                return True
        return False

    @staticmethod
    def _label_cut(label: QLabel) -> bool:
        return label.width() < label.sizeHint().width()

    def _paint_label(self, label: QLabel) -> None:
        room = label.contentsRect()
        text = label.fontMetrics().elidedText(
            label.text(), Qt.TextElideMode.ElideRight, room.width()
        )
        painter = QPainter(label)
        painter.setPen(label.palette().windowText().color())
        painter.drawText(room, int(label.alignment()) | int(Qt.TextFlag.TextSingleLine), text)
        painter.end()

    def _share(self) -> None:
        """While a message is shown the labels on the right take at most half the bar (or
        what the message leaves), with no message all of it."""
        message = self.currentMessage()
        width = self.width()
        most = UNLIMITED
        if message:
            needs = self.fontMetrics().horizontalAdvance(message) + 6 + GAP + SLACK
            most = max(width // 2, width - needs)
        for widget in self._permanent:
            if isinstance(widget, QLabel) and widget.maximumWidth() != most:
                widget.setMaximumWidth(most)

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
        self._share()
        self._show_tip()

    def _message_changed(self, _message: str) -> None:
        self._message_tip = ""
        self._share()
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
