"""An arrow on the map from one hex to another: a planned or carried-out move.

The movement wizard draws them (:meth:`referee.app.map.map_scene.MapScene.show_moves`), each in
its unit's side colour (side 1 blue, side 2 red: :data:`referee.app.widgets.style.SIDE_COLOURS`): a
unit that moves (a plain arrow), one that enters an assault (to the hex fought over, rimmed
in the fought-over orange), one that tries and stays (dashed, crossed at the end), and the
hexes a pending choice may take a unit into (orange, dashed). An arrow of no side keeps its
kind's colour. The arrow only draws what it is given.
"""

from __future__ import annotations

from math import atan2, cos, sin
from typing import Literal

import msgspec
from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from referee.app.map.geometry import HEX_SIZE, hex_centre
from referee.app.widgets.plain_text import plain_tip
from referee.app.widgets.style import SIDE_COLOURS
from referee.board.hexgrid import Hex, hex_label

ArrowKind = Literal["move", "assault", "stay", "option"]

ARROW_COLOURS: dict[str, str] = {
    "move": "#1565c0",
    "assault": "#c62828",
    "stay": "#616161",
    "option": "#ef6c00",
}
"""The colour of an arrow of no side, by kind."""
ASSAULT_RIM = "#ff8f00"
"""The rim of an arrow into an assault: the colour of the hex fought over."""

R = HEX_SIZE


class MoveArrow(msgspec.Struct, frozen=True):
    """An arrow from ``frm`` to ``to``; ``label`` is its tooltip (the unit and why)."""

    frm: Hex
    to: Hex
    kind: ArrowKind = "move"
    label: str = ""
    side: int | None = None
    """The side of the unit it shows (its colour); None: the kind's colour."""

    def text(self) -> str:
        return f"{hex_label(self.frm)}->{hex_label(self.to)} ({self.kind})"

    def colour(self) -> str:
        """The side's colour for a unit's own arrow, else the kind's (see the module)."""
        if self.kind != "option" and self.side in SIDE_COLOURS:
            return SIDE_COLOURS[self.side]
        return ARROW_COLOURS.get(self.kind, "#000000")


class MoveArrowItem(QGraphicsItem):
    """One :class:`MoveArrow` drawn above the tokens (see the module docstring)."""

    def __init__(self, arrow: MoveArrow) -> None:
        super().__init__()
        self.arrow = arrow
        self.setZValue(30)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        if arrow.label:
            self.setToolTip(plain_tip(arrow.label))
        a, b = hex_centre(arrow.frm), hex_centre(arrow.to)
        line = QLineF(a, b)
        # start at the token's edge, stop short of the far centre, so both tokens show
        length = max(line.length(), 1e-6)
        self.line = QLineF(line.pointAt(0.3 * R / length), line.pointAt(1 - 0.22 * R / length))

    def boundingRect(self) -> QRectF:
        return (
            QRectF(self.line.p1(), self.line.p2())
            .normalized()
            .adjusted(-0.3 * R, -0.3 * R, 0.3 * R, 0.3 * R)
        )

    def _head(self) -> QPolygonF:
        tip = self.line.p2()
        angle = atan2(self.line.dy(), self.line.dx())
        size, spread = 0.26 * R, 0.5
        return QPolygonF(
            [
                tip,
                tip - QPointF(cos(angle - spread) * size, sin(angle - spread) * size),
                tip - QPointF(cos(angle + spread) * size, sin(angle + spread) * size),
            ]
        )

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addPolygon(self._head())
        return path

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        spec = QColor(self.arrow.colour())
        rim = QColor(ASSAULT_RIM) if self.arrow.kind == "assault" else QColor(255, 255, 255, 200)
        halo = QPen(rim, 0.16 * R if self.arrow.kind == "assault" else 0.14 * R)
        halo.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(halo)
        painter.drawLine(self.line)
        pen = QPen(spec, 0.08 * R)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        if self.arrow.kind in ("stay", "option"):
            pen.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.drawLine(self.line)
        painter.setPen(QPen(QColor("#ffffff"), 0.02 * R))
        painter.setBrush(spec)
        painter.drawPolygon(self._head())
        if self.arrow.kind == "stay":  # tried and stayed: a cross at the far end
            c, d = self.line.p2(), 0.14 * R
            painter.setPen(QPen(QColor("#b71c1c"), 0.07 * R))
            painter.drawLine(QLineF(c.x() - d, c.y() - d, c.x() + d, c.y() + d))
            painter.drawLine(QLineF(c.x() - d, c.y() + d, c.x() + d, c.y() - d))
