"""The view of the map: zoom with the wheel, pan by dragging, fit to the window; a click
on a hex (a press and release without dragging), a right-click and the hex under the mouse
are reported as hexes. Each zoom tells the scene how large a hex looks (a large map seen
from afar is drawn as one picture, :meth:`referee.app.map.map_scene.MapScene.set_zoom`).

Return (or Enter) pressed while the map has the keyboard is reported too
(``returnPressed``): the map has no keyboard cursor, so it names no hex; the window decides
what it means (the open wizard's Return).

A click that takes the keyboard to the map from elsewhere (a command line being typed) says
so while it is handled (:attr:`MapView.click_took_keyboard`): only such a click can be meant
for the field that had the keyboard; a click after it, the map having the keyboard already,
is the map's."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QContextMenuEvent,
    QFocusEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QResizeEvent,
    QWheelEvent,
)
from PySide6.QtWidgets import QApplication, QGraphicsView, QWidget

from referee.app.map.geometry import HEX_SIZE
from referee.app.map.map_scene import MapScene
from referee.board.hexgrid import Hex

ZOOM_STEP = 1.25
MIN_SCALE, MAX_SCALE = 0.2, 12.0


class MapView(QGraphicsView):
    """Shows a :class:`MapScene`; emits ``hexClicked(Hex)`` and ``hexMenu(Hex, QPoint)``."""

    hexClicked = Signal(object)
    hexMenu = Signal(object, QPoint)
    hexHovered = Signal(object)
    """The hex under the mouse changed (None: off the map), while no button is down."""
    firstPainted = Signal()
    """The map was painted for the first time (the window's start goes on from there)."""
    returnPressed = Signal()
    """Return or Enter, with no modifier, while the map has the keyboard."""

    def __init__(self, scene: MapScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        # The viewport made here, as the plain QWidget Qt would make: Python knows it from
        # the start. Qt's own would come back from viewport() as a widget PySide has never
        # seen, whose class it finds by loading every widget class (and their enums) of
        # QtWidgets first, some 20 ms before the first frame.
        self.setViewport(QWidget())
        self.map_scene = scene
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setToolTip("")
        self._press: QPoint | None = None
        self.clicked_at: QPointF | None = None
        """Where on the scene the last click was (which token of a shared hex)."""
        self._focus_by_press = False
        self.click_took_keyboard = False
        """Whether the click being handled (its press) took the keyboard to the map from
        another widget (see the module docstring)."""
        self._fitted = True
        self.hovered: Hex | None = None
        self.viewport().setMouseTracking(True)
        self._first_painted = False

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if not self._first_painted:
            self._first_painted = True
            self.firstPainted.emit()

    # --- zoom -----------------------------------------------------------------------

    def zoom(self, factor: float) -> None:
        current = self.transform().m11()
        factor = max(MIN_SCALE / current, min(MAX_SCALE / current, factor))
        self.scale(factor, factor)
        self._fitted = False
        self._zoomed()

    def zoom_in(self) -> None:
        self.zoom(ZOOM_STEP)

    def zoom_out(self) -> None:
        self.zoom(1 / ZOOM_STEP)

    def zoom_to(self, rect: QRectF) -> None:
        """Show ``rect`` (scene coordinates) as large as the view allows."""
        self.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)
        self._fitted = False
        self._zoomed()

    def fit(self) -> None:
        rect = self.map_scene.sceneRect()
        if not rect.isEmpty():
            self.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)
        self._fitted = True
        self._zoomed()

    def _zoomed(self) -> None:
        """Tell the scene how large a hex now looks (a large map far off is drawn whole)."""
        self.map_scene.set_zoom(self.transform().m11() * HEX_SIZE)

    def wheelEvent(self, event: QWheelEvent) -> None:
        steps = event.angleDelta().y() / 120
        if steps:
            self.zoom(ZOOM_STEP**steps)
        event.accept()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self._fitted:
            self.fit()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and not (
            event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        ):
            event.accept()
            self.returnPressed.emit()
            return
        super().keyPressEvent(event)

    # --- clicks ---------------------------------------------------------------------

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)  # a press gives the keyboard before it is delivered
        self._focus_by_press = event.reason() == Qt.FocusReason.MouseFocusReason

    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        self._focus_by_press = False

    def mousePressEvent(self, event: QMouseEvent) -> None:
        took, self._focus_by_press = self._focus_by_press, False  # any button's press
        if event.button() == Qt.MouseButton.LeftButton:
            self._press = event.position().toPoint()
            self.click_took_keyboard = took
        super().mousePressEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        super().mouseReleaseEvent(event)
        if event.button() != Qt.MouseButton.LeftButton or self._press is None:
            return
        moved = (event.position().toPoint() - self._press).manhattanLength()
        self._press = None
        if moved < QApplication.startDragDistance():
            self.clicked_at = self.mapToScene(event.position().toPoint())
            h = self.map_scene.hex_at(self.clicked_at)
            if h is not None:
                self.hexClicked.emit(h)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        super().mouseMoveEvent(event)
        if event.buttons() != Qt.MouseButton.NoButton:
            return  # dragging the map
        h = self.map_scene.hex_at(self.mapToScene(event.position().toPoint()))
        if h != self.hovered:
            self.hovered = h
            self.hexHovered.emit(h)

    def leaveEvent(self, event: QEvent) -> None:
        super().leaveEvent(event)
        if self.hovered is not None:
            self.hovered = None
            self.hexHovered.emit(None)

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        h = self.map_scene.hex_at(self.mapToScene(event.pos()))
        if h is not None:
            self.hexMenu.emit(h, event.globalPos())
        event.accept()
