"""A small view of the map kept on a few hexes: a wizard's own look at the hex fought over
and the hexes around it. It zooms on the hexes it is given (and keeps them in view when the
wizard is resized); a click on a hex is reported as ``hexClicked`` like the main map's."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QWidget

from referee.app.geometry import HEX_SIZE
from referee.app.map_scene import MapScene
from referee.app.map_view import MapView
from referee.board.hexgrid import Hex, spiral


class HexAreaView(MapView):
    """A :class:`MapView` that shows ``area`` (see the module docstring)."""

    def __init__(self, scene: MapScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self.area: QRectF | None = None
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        char = self.fontMetrics().averageCharWidth()
        self.setMinimumSize(30 * char, 14 * self.fontMetrics().lineSpacing())

    def show_hexes(self, hexes: Iterable[Hex], radius: int = 1) -> None:
        """Zoom on ``hexes`` and the hexes within ``radius`` of them (on the map)."""
        rect = QRectF()
        for h in hexes:
            for n in spiral(h, radius):
                item = self.map_scene.hex_items.get(n)
                if item is not None:
                    rect = rect.united(item.sceneBoundingRect())
        if rect.isEmpty():
            self.area = None
            self.fit()
            return
        margin = 0.2 * HEX_SIZE
        self.area = rect.adjusted(-margin, -margin, margin, margin)
        self.zoom_to(self.area)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.area is not None:
            self.zoom_to(self.area)
