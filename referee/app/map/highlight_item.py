"""A highlighted hex: a translucent tint and a thick rim in one colour, over the terrain and
under the tokens, so that the units in the hex still read. The assault wizard marks the hex
fought over and the hexes a loser may retreat into with them
(:meth:`referee.app.map.map_scene.MapScene.highlight_hexes`); the item only draws its colour.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from referee.app.map.geometry import HEX_SIZE, hex_polygon
from referee.app.widgets.plain_text import plain_tip
from referee.app.widgets.style import colour
from referee.board.hexgrid import Hex

FILL_ALPHA = 70
RIM_WIDTH = 0.07
"""The rim's width, in hex radii."""


class HighlightItem(QGraphicsItem):
    """The highlight of one hex (place it at the hex's centre)."""

    def __init__(self, h: Hex, spec: str, tooltip: str = "") -> None:
        super().__init__()
        self.hex = h
        self.spec = spec
        self._polygon = hex_polygon(h)
        self._rim = QPolygonF([self._polygon.at(i) * 0.96 for i in range(self._polygon.size())])
        self.setZValue(8)  # over the terrain and markers (5), under the tokens (10)
        if tooltip:
            self.setToolTip(plain_tip(tooltip))
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def boundingRect(self) -> QRectF:
        return self._polygon.boundingRect()

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addPolygon(self._polygon)
        return path

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colour(self.spec, FILL_ALPHA))
        painter.drawPolygon(self._polygon)
        pen = QPen(colour(self.spec))
        pen.setWidthF(RIM_WIDTH * HEX_SIZE)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPolygon(self._rim)
