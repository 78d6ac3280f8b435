"""The editor's view of the map: a press paints the hex under the mouse and dragging paints
every hex it passes over, all in one stroke; the wheel zooms."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QWidget

from referee.app.map.map_scene import MapScene
from referee.app.map.map_view import MapView
from referee.board.hexgrid import Hex


class PaintView(MapView):
    """Emits ``painted(Hex, stroke)`` for each hex a stroke passes over (once per hex)."""

    painted = Signal(object, int)

    def __init__(self, scene: MapScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self.setDragMode(MapView.DragMode.NoDrag)
        self.setCursor(Qt.CursorShape.CrossCursor)
        self.stroke = 0
        self._painting = False
        self._last: Hex | None = None

    def _paint_at(self, event: QMouseEvent) -> None:
        h = self.map_scene.hex_at(self.mapToScene(event.position().toPoint()))
        if h is not None and h != self._last:
            self._last = h
            self.painted.emit(h, self.stroke)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self.stroke += 1
            self._painting = True
            self._last = None
            self._paint_at(event)
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._painting:
            self._paint_at(event)
            event.accept()
            return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton and self._painting:
            self._painting = False
            self._last = None
            event.accept()
            return
        super().mouseReleaseEvent(event)
