"""The markers on one hex: a row of pills at the bottom of the hex, one per marker kind,
with its letter and count (``S`` times 2: two smoke markers; the tooltip says the rest)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from referee.app.map.geometry import HEX_SIZE
from referee.app.widgets.plain_text import plain_tip
from referee.app.widgets.style import MARKER_COLOURS, colour, text_colour_on
from referee.board.hexgrid import Hex, hex_label

if TYPE_CHECKING:  # the engine's markers, when a match is open
    from referee.rules.hexes.markers import HexMarker

R = HEX_SIZE
LETTERS = {"smoke": "S", "fire": "F", "poison-cloud": "P", "acid-cloud": "A"}


def pill_text(marker: HexMarker) -> str:
    letter = LETTERS.get(marker.kind, marker.kind[:1].upper())
    return f"{letter}\N{MULTIPLICATION SIGN}{marker.count}"


class MarkerItem(QGraphicsItem):
    """Every marker stack on ``hex`` (drawn at the hex's centre, below its middle)."""

    def __init__(self, h: Hex, markers: Sequence[HexMarker], names: dict[str, str]) -> None:
        super().__init__()
        self.hex = h
        self.markers = tuple(markers)
        self.setZValue(5)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        lines = [f"{hex_label(h)} markers:"]
        for m in self.markers:
            name = names.get(m.kind, m.kind)
            lines.append(f"{name}: {m.count} marker{'s' if m.count > 1 else ''} {m.notation()}")
        self.setToolTip(plain_tip("\n".join(lines)))

    def _boxes(self) -> list[QRectF]:
        n = len(self.markers)
        width = (0.42 if n <= 2 else 1.2 / n) * R
        gap = 0.04 * R
        total = n * width + (n - 1) * gap
        return [QRectF(-total / 2 + i * (width + gap), 0.5 * R, width, 0.22 * R) for i in range(n)]

    def boundingRect(self) -> QRectF:
        return QRectF(-0.8 * R, -0.6 * R, 1.6 * R, 1.4 * R)

    def _clouds(self, painter: QPainter) -> None:
        """A haze over the hex for smoke and clouds, a glow for fire: seen at a glance."""
        painter.setPen(Qt.PenStyle.NoPen)
        for marker in self.markers:
            painter.setBrush(colour(MARKER_COLOURS.get(marker.kind, "#607d8b"), 80))
            for x, y in ((-0.38, 0.12), (0.0, -0.12), (0.38, 0.12), (0.0, 0.22)):
                painter.drawEllipse(QRectF((x - 0.36) * R, (y - 0.3) * R, 0.72 * R, 0.6 * R))

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        font = QFont(painter.font())
        font.setPixelSize(max(1, round(0.2 * R)))  # scene units: scales with the map
        font.setBold(True)
        painter.setFont(font)
        self._clouds(painter)
        for marker, box in zip(self.markers, self._boxes(), strict=True):
            fill = colour(MARKER_COLOURS.get(marker.kind, "#607d8b"))
            painter.setPen(QPen(QColor("#202020"), 0.02 * R))
            painter.setBrush(fill)
            painter.drawRoundedRect(box, 0.08 * R, 0.08 * R)
            painter.setPen(text_colour_on(fill))
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, pill_text(marker))
