"""The line of a shot on the map, drawn while the gunnery wizard has a target picked: from
the shooter's hex centre to the target's, the range (and band) at its middle, and at each
end the sector the line leaves the shooter by and enters the target by (clauses
``angles.sectors``, ``angles.armor``). Green for a shot the engine allows, red and dashed
for one it refuses. The item only draws what it is given.
"""

from __future__ import annotations

import msgspec
from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from referee.app.map.geometry import HEX_SIZE, hex_centre
from referee.app.widgets.plain_text import plain_tip
from referee.board.hexgrid import Hex, hex_label

R = HEX_SIZE
SHOT_COLOURS: dict[bool, str] = {True: "#0b7a0b", False: "#c62828"}
LABEL_SIZE = 0.27
"""The labels' font, in hex radii (they scale with the map)."""


class ShotLine(msgspec.Struct, frozen=True):
    """A shot from ``frm`` to ``to``: ``middle`` is written at the middle of the line,
    ``leaves`` by the shooter and ``enters`` by the target (empty: nothing written)."""

    frm: Hex
    to: Hex
    middle: str
    leaves: str = ""
    enters: str = ""
    allowed: bool = True

    def text(self) -> str:
        ends = f"{hex_label(self.frm)}->{hex_label(self.to)}"
        return f"{ends}: {self.middle}; leaves {self.leaves or '-'}, enters {self.enters or '-'}"


TOKEN_HALF = (0.62, 0.4)
"""Half a token's width and height (with its rim), in hex radii: the line stops there."""


def _clear_of_tokens(line: QLineF) -> QLineF:
    """``line`` without the parts over the tokens at its ends, so both tokens read."""
    length = line.length()
    if length < 1e-6:
        return line
    dx, dy = abs(line.dx()) / length, abs(line.dy()) / length
    out = min(TOKEN_HALF[0] / dx if dx > 1e-9 else 1e9, TOKEN_HALF[1] / dy if dy > 1e-9 else 1e9)
    cut = min(out * R / length, 0.45)
    return QLineF(line.pointAt(cut), line.pointAt(1 - cut))


class ShotLineItem(QGraphicsItem):
    """One :class:`ShotLine` above the tokens (see the module docstring)."""

    def __init__(self, shot: ShotLine) -> None:
        super().__init__()
        self.shot = shot
        self.setZValue(32)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.line = QLineF(hex_centre(shot.frm), hex_centre(shot.to))
        self.drawn = _clear_of_tokens(self.line)
        self.setToolTip(plain_tip(shot.text()))

    def _labels(self) -> list[tuple[QPointF, str]]:
        line, out = self.line, []
        if self.shot.middle:
            out.append((line.pointAt(0.5), self.shot.middle))
        length = max(line.length(), 1e-6)
        clear = QLineF(line.p1(), self.drawn.p1()).length()  # from the centre to the token's edge
        near = min((clear + 0.45 * R) / length, 0.4)  # past the token and its arrow
        if self.shot.leaves:
            out.append((line.pointAt(near), self.shot.leaves))
        if self.shot.enters:
            out.append((line.pointAt(1 - near), self.shot.enters))
        return self._apart(out)

    def _apart(self, labels: list[tuple[QPointF, str]]) -> list[tuple[QPointF, str]]:
        """Labels that would cover one another (a short shot: the next hex) stacked in a
        column beside the line's middle instead, each readable."""
        boxes = [self._box(at, text) for at, text in labels]
        if not any(a.intersects(b) for i, a in enumerate(boxes) for b in boxes[i + 1 :]):
            return labels
        line = self.line
        normal = QLineF(line.pointAt(0.5), line.pointAt(0.5) + QPointF(-line.dy(), line.dx()))
        side = normal.unitVector()
        width = max(b.width() for b in boxes)
        height = sum(b.height() for b in boxes)
        # far enough beside the line that the column clears it, whichever way it runs
        reach = 0.5 * (abs(side.dx()) * width + abs(side.dy()) * height) + 0.15 * R
        centre = line.pointAt(0.5) + QPointF(side.dx(), side.dy()) * reach
        top = centre.y() - height / 2
        out = []
        for (_, text), box in zip(labels, boxes, strict=True):
            out.append((QPointF(centre.x(), top + box.height() / 2), text))
            top += box.height()
        return out

    @staticmethod
    def _font() -> QFont:
        font = QFont()
        font.setPixelSize(max(1, round(LABEL_SIZE * R)))
        font.setBold(True)
        return font

    def _box(self, at: QPointF, text: str) -> QRectF:
        metrics = QFontMetricsF(self._font())
        w, h = metrics.horizontalAdvance(text) + 0.16 * R, metrics.height() + 0.04 * R
        return QRectF(at.x() - w / 2, at.y() - h / 2, w, h)

    def boundingRect(self) -> QRectF:
        rect = (
            QRectF(self.line.p1(), self.line.p2())
            .normalized()
            .adjusted(-0.2 * R, -0.2 * R, 0.2 * R, 0.2 * R)
        )
        for at, text in self._labels():
            rect = rect.united(self._box(at, text))
        return rect

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        for at, text in self._labels():
            path.addRect(self._box(at, text))
        return path

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        spec = QColor(SHOT_COLOURS[self.shot.allowed])
        halo = QPen(QColor(255, 255, 255, 210), 0.13 * R)
        halo.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(halo)
        painter.drawLine(self.drawn)
        pen = QPen(spec, 0.07 * R)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        if not self.shot.allowed:
            pen.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.drawLine(self.drawn)
        painter.setBrush(spec)
        painter.drawEllipse(self.drawn.p2(), 0.08 * R, 0.08 * R)
        painter.setFont(self._font())
        for at, text in self._labels():
            box = self._box(at, text)
            painter.setPen(QPen(spec, 0.03 * R))
            painter.setBrush(QColor(255, 255, 255, 235))
            painter.drawRoundedRect(box, 0.08 * R, 0.08 * R)
            painter.setPen(QColor("#111111"))
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
