"""One hex of the map: terrain colour and symbol, deployment-zone rim, label.

Symbols are drawn around the hex's middle, where a unit token stands, so that the terrain
still reads with a token on it: trees for forest, contour lines for hills, a peak for
mountains, walls for a building, waves for water, tufts for swamp, broken walls for ruins,
stones for rough ground, ridges for sand dunes, stumps for a burned forest.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from referee.app.map.geometry import HEX_SIZE, local_polygon
from referee.app.widgets.plain_text import plain_tip
from referee.app.widgets.style import (
    ZONE_COLOURS,
    colour,
    terrain_colour,
    text_colour_on,
)
from referee.board.hexgrid import Hex, hex_label

R = HEX_SIZE
ZONE_ALPHA = 200


def _p(x: float, y: float) -> QPointF:
    return QPointF(x * R, y * R)


# Where symbols go: around the middle, clear of the token and of the label at the top.
_AROUND = ((-0.76, 0.02), (0.76, 0.02), (-0.36, 0.56), (0.36, 0.56), (-0.42, -0.5), (0.42, -0.5))


def _pen(spec: str, width: float, alpha: int = 255) -> QPen:
    pen = QPen(colour(spec, alpha))
    pen.setWidthF(width * R)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    return pen


def _forest(p: QPainter) -> None:
    p.setPen(_pen("#1f3b1a", 0.02))
    p.setBrush(QColor("#6aa35a"))
    for x, y in _AROUND:
        p.drawPolygon(QPolygonF([_p(x, y - 0.17), _p(x - 0.11, y + 0.06), _p(x + 0.11, y + 0.06)]))
        p.drawLine(_p(x, y + 0.06), _p(x, y + 0.12))


def _burned(p: QPainter) -> None:
    p.setPen(_pen("#1a1a1a", 0.05))
    for x, y in _AROUND:
        p.drawLine(_p(x, y - 0.1), _p(x, y + 0.1))
        p.drawLine(_p(x, y - 0.02), _p(x + 0.07, y - 0.09))


def _hill(p: QPainter) -> None:
    p.setPen(_pen("#7a5a2c", 0.035))
    p.setBrush(Qt.BrushStyle.NoBrush)
    for rx, ry in ((0.78, 0.66), (0.6, 0.5)):
        p.drawEllipse(QPointF(0, 0.04 * R), rx * R, ry * R)


def _mountain(p: QPainter) -> None:
    p.setPen(_pen("#3c3c3c", 0.03))
    p.setBrush(QColor("#6d6d6d"))
    peaks = [
        (-0.8, 0.45),
        (-0.5, -0.42),
        (-0.3, -0.05),
        (0.0, -0.6),
        (0.3, -0.05),
        (0.5, -0.42),
        (0.8, 0.45),
    ]
    p.drawPolygon(QPolygonF([_p(x, y) for x, y in peaks]))
    p.setBrush(QColor("#f4f4f4"))
    p.setPen(Qt.PenStyle.NoPen)
    for x, y in ((-0.5, -0.42), (0.0, -0.6), (0.5, -0.42)):
        p.drawPolygon(QPolygonF([_p(x, y), _p(x - 0.08, y + 0.14), _p(x + 0.08, y + 0.14)]))


def _building(p: QPainter) -> None:
    p.setPen(_pen("#5a4634", 0.08))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawRect(QRectF(_p(-0.62, -0.5), _p(0.62, 0.58)))
    p.setPen(_pen("#5a4634", 0.03))
    p.drawLine(_p(-0.62, -0.5), _p(-0.45, -0.62))
    p.drawLine(_p(0.62, -0.5), _p(0.45, -0.62))


def _waves(p: QPainter, spec: str, rows: tuple[float, ...]) -> None:
    p.setPen(_pen(spec, 0.035))
    p.setBrush(Qt.BrushStyle.NoBrush)
    for y in rows:
        for x0 in (-0.75, 0.35):
            path = QPainterPath(_p(x0, y))
            path.quadTo(_p(x0 + 0.1, y - 0.08), _p(x0 + 0.2, y))
            path.quadTo(_p(x0 + 0.3, y + 0.08), _p(x0 + 0.4, y))
            p.drawPath(path)


def _water(p: QPainter) -> None:
    _waves(p, "#e8f4ff", (-0.4, 0.0, 0.45))


def _swamp(p: QPainter) -> None:
    p.setPen(_pen("#2f5d8a", 0.035))
    for x, y in _AROUND:
        p.drawLine(_p(x - 0.12, y + 0.1), _p(x + 0.12, y + 0.1))
    p.setPen(_pen("#2e4a16", 0.03))
    for x, y in _AROUND:
        for dx in (-0.06, 0.0, 0.06):
            p.drawLine(_p(x + dx * 0.5, y + 0.06), _p(x + dx, y - 0.08))


def _ruins(p: QPainter) -> None:
    p.setPen(_pen("#55504a", 0.07))
    for (x1, y1), (x2, y2) in (
        ((-0.62, -0.45), (-0.25, -0.45)),
        ((-0.62, -0.45), (-0.62, -0.1)),
        ((0.25, 0.55), (0.6, 0.55)),
        ((0.6, 0.55), (0.6, 0.2)),
        ((0.3, -0.45), (0.55, -0.45)),
    ):
        p.drawLine(_p(x1, y1), _p(x2, y2))


def _rough(p: QPainter) -> None:
    p.setPen(_pen("#6b5a3a", 0.02))
    p.setBrush(QColor("#9c8a64"))
    for x, y in _AROUND:
        p.drawEllipse(_p(x - 0.05, y), 0.06 * R, 0.045 * R)
        p.drawEllipse(_p(x + 0.07, y + 0.05), 0.045 * R, 0.035 * R)


def _dunes(p: QPainter) -> None:
    p.setPen(_pen("#b8913a", 0.035))
    p.setBrush(Qt.BrushStyle.NoBrush)
    for x, y in _AROUND:
        path = QPainterPath(_p(x - 0.15, y + 0.05))
        path.quadTo(_p(x, y - 0.12), _p(x + 0.15, y + 0.05))
        p.drawPath(path)


SYMBOLS: dict[str, Callable[[QPainter], None]] = {
    "forest": _forest,
    "burned-forest": _burned,
    "hill": _hill,
    "mountain": _mountain,
    "building": _building,
    "water": _water,
    "swamp": _swamp,
    "ruins": _ruins,
    "rough": _rough,
    "sand-dunes": _dunes,
}


# Level of detail: how large a hex must be on the screen (its circumradius in pixels) for
# each part of it to be drawn. A far view of a large map paints flat colours only: ten
# thousand labels a few pixels high would cost a frame and say nothing.
OUTLINE_PX = 5.0
SYMBOL_PX = 9.0
LABEL_PX = 22.0
NAME_PX = 36.0
SMALL_LABEL_PX = 13.0
"""Below ``LABEL_PX`` and down to this, the label alone, in the middle, at ``SMALL_LABEL_TEXT``
screen pixels: a whole map fitted to a window still names its hexes, which the referee
types in commands and reads off the table."""
SMALL_LABEL_TEXT = 8.0

POLYGON = local_polygon()
INNER = local_polygon(0.9)
BOUNDS = POLYGON.boundingRect()


def level_of_detail(option: QStyleOptionGraphicsItem, painter: QPainter) -> float:
    """A hex's circumradius in device pixels as ``painter`` draws it."""
    return option.levelOfDetailFromTransform(painter.worldTransform()) * R


class HexItem(QGraphicsItem):
    """A hex of the map at its centre; its ``terrain`` changes, the hex does not.

    Each hex keeps its picture at the view's zoom (Qt's device-coordinate cache): a
    change elsewhere on the map, such as the line-of-sight overlay drawn over it
    (:class:`~referee.app.map.overlay_layer.OverlayLayer`), repaints it from that picture
    without calling :meth:`paint` again."""

    def __init__(self, h: Hex, zone: str | None = None) -> None:
        super().__init__()
        self.hex = h
        self.label = hex_label(h)
        self.zone = zone
        self.terrain = "clear"
        self.description = ""
        self._polygon = POLYGON
        self._inner = INNER
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def set_terrain(self, terrain_id: str, description: str) -> None:
        """The hex's terrain and its words (the tooltip); repainted only if they changed."""
        if description != self.description:
            self.description = description
            self.setToolTip(plain_tip(description))
        if terrain_id != self.terrain:
            self.terrain = terrain_id
            self.update()

    def boundingRect(self) -> QRectF:
        return BOUNDS

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
        px = level_of_detail(option, painter)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        fill = terrain_colour(self.terrain)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(fill)
        painter.drawPolygon(self._polygon)
        draw = SYMBOLS.get(self.terrain)
        if draw is not None and px >= SYMBOL_PX:
            painter.save()
            draw(painter)
            painter.restore()
        if self.zone in ZONE_COLOURS:
            painter.setBrush(Qt.BrushStyle.NoBrush)
            # strong enough to read as the side's colour on any terrain (a forest too)
            painter.setPen(_pen(ZONE_COLOURS[self.zone], 0.1, ZONE_ALPHA))
            painter.drawPolygon(self._inner)
        if px >= OUTLINE_PX:
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(_pen("#4a4a4a", 0.025))
            painter.drawPolygon(self._polygon)
        if self.terrain not in SYMBOLS and self.terrain != "clear" and px >= NAME_PX:
            self._text(painter, self.terrain, QRectF(_p(-0.8, 0.3), _p(0.8, 0.6)), 0.16, fill)
        if px >= LABEL_PX:
            self._text(painter, self.label, QRectF(_p(-0.5, -0.87), _p(0.5, -0.55)), 0.3, fill)
        elif px >= SMALL_LABEL_PX:
            self._text(
                painter,
                self.label,
                QRectF(_p(-0.9, -0.4), _p(0.9, 0.4)),
                SMALL_LABEL_TEXT / px,
                fill,
            )

    @staticmethod
    def _text(painter: QPainter, text: str, rect: QRectF, size: float, under: QColor) -> None:
        font = QFont(painter.font())
        # Scene units, not screen pixels: the label scales with the map when zooming.
        font.setPixelSize(max(1, round(size * R)))
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(text_colour_on(under))
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)
