"""What the map of a match of the activation rules draws over its tiles: a token per unit on
the map (its side's colour, its uid, its H and facing; a transport's badge with the number
of units aboard, named in its tooltip) and each fortification's pips (a row of dots in the
colour of their side, grey for neutral), both redrawn from the state."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from referee.app.map.geometry import HEX_SIZE, facing_vector
from referee.app.widgets.plain_text import plain_tip
from referee.app.widgets.style import SIDE_COLOURS, text_colour_on
from referee.board.hexgrid import facing_name, hex_label
from referee.rules.activation.state import Fortification, Piece

PIP_COLOURS = {"side1": SIDE_COLOURS[1], "side2": SIDE_COLOURS[2], "neutral": "#9a9a9a"}
"""A pip's colour: its side's, or grey for a neutral pip."""
TOKEN_RADIUS = 0.8 * HEX_SIZE
"""Half the token's width: it covers its tile's label (the tooltip names the tile)."""
TOKEN_HALF_HEIGHT = 0.58 * HEX_SIZE
BAND = 0.58 * HEX_SIZE
"""The side-coloured band across the token's top, with the unit's uid."""
TEXT_SIZE = 0.5 * HEX_SIZE
"""The uid's and the H's letters: about 9 screen pixels when a 15-tile-tall map fills the
map's room at 1366x768 (View > Zoom in for more)."""
PIP_RADIUS = 0.11 * HEX_SIZE
BADGE_RADIUS = 0.2 * HEX_SIZE
"""A transport's badge: a dark disc with the number of units aboard."""
BADGE_COLOUR = "#37474f"
TOKEN_Z = 10
"""Tokens over the tiles, the markers and the wizards' tints (as the written-orders game's)."""
CARRYING_Z = TOKEN_Z + 1
"""A transport with units aboard over the tokens beside it: its badge, over the edge of its
tile, is not hidden by the token on the next tile."""


class PieceItem(QGraphicsItem):
    """A unit on the map: a disc rimmed in its side's colour, its uid and H, and a tick
    towards its facing; a transport with units aboard (clause ``activation.embark``) has a
    badge with their number at its top right, their names and how full it is in its
    tooltip."""

    def __init__(self, piece: Piece, name: str, aboard: Sequence[str] = (), room: str = "") -> None:
        super().__init__()
        self.piece = piece
        self.aboard: tuple[str, ...] = ()
        self.set_piece(piece, name, aboard, room)

    def set_piece(
        self, piece: Piece, name: str, aboard: Sequence[str] = (), room: str = ""
    ) -> None:
        """Show ``piece`` (its card's ``name``); ``aboard``: the units it carries, each in
        words, and ``room`` how full it is
        (:func:`~referee.rules.activation.transport.room_text`)."""
        self.piece = piece
        self.aboard = tuple(aboard)
        self.setZValue(CARRYING_Z if self.aboard else TOKEN_Z)
        tip = (
            f"{piece.uid} ({name}), side {piece.side} at {hex_label(piece.hex)} "  # type: ignore[arg-type]
            f"facing {facing_name(piece.facing)}: {piece.health} H, "
            f"{piece.ammunition} ammunition"
        )
        if self.aboard:
            tip += "\nCarries: " + ", ".join(self.aboard) + (f" — {room}" if room else "")
        self.setToolTip(plain_tip(tip))
        self.update()

    def badge(self) -> str:
        """What the badge says: the number of units aboard ("" when none)."""
        return str(len(self.aboard)) if self.aboard else ""

    def boundingRect(self) -> QRectF:
        r = TOKEN_RADIUS * 1.25
        return QRectF(-r, -r, 2 * r, 2 * r)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        colour = QColor(SIDE_COLOURS.get(self.piece.side, "#444444"))
        w, h = TOKEN_RADIUS, TOKEN_HALF_HEIGHT
        body = QRectF(-w, -h, 2 * w, 2 * h)
        tip = facing_vector(self.piece.facing)
        facing = QPen(colour, 0.09 * HEX_SIZE)
        facing.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(facing)
        painter.drawLine(tip * (0.3 * HEX_SIZE), tip * (0.92 * HEX_SIZE))  # the facing
        painter.setPen(QPen(colour, 0.06 * HEX_SIZE))
        painter.setBrush(QBrush(QColor("#f4efe2")))
        painter.drawRoundedRect(body, 0.12 * HEX_SIZE, 0.12 * HEX_SIZE)
        band = QRectF(-w, -h, 2 * w, BAND)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QBrush(colour))
        painter.drawRoundedRect(band, 0.12 * HEX_SIZE, 0.12 * HEX_SIZE)
        font = QFont("DejaVu Sans")
        font.setPixelSize(round(TEXT_SIZE))
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(text_colour_on(colour))
        room = round(2 * w - 0.1 * HEX_SIZE)
        wide = painter.fontMetrics().horizontalAdvance(self.piece.uid)
        if wide > room:  # a long uid: smaller letters, down to two thirds, then cut short
            smaller = QFont(font)
            smaller.setPixelSize(max(round(TEXT_SIZE * 2 / 3), int(TEXT_SIZE * room / wide)))
            painter.setFont(smaller)
        uid = painter.fontMetrics().elidedText(self.piece.uid, Qt.TextElideMode.ElideRight, room)
        painter.drawText(band, Qt.AlignmentFlag.AlignCenter, uid)
        painter.setFont(font)
        painter.setPen(QColor("#1d1d1d"))
        below = QRectF(-w, -h + BAND, 2 * w, 2 * h - BAND)
        painter.drawText(below, Qt.AlignmentFlag.AlignCenter, f"{self.piece.health} H")
        if self.aboard:
            centre = QPointF(w * 0.92, -h * 0.95)
            painter.setPen(QPen(QColor("#1d1d1d"), 0.02 * HEX_SIZE))
            painter.setBrush(QBrush(QColor(BADGE_COLOUR)))
            painter.drawEllipse(centre, BADGE_RADIUS, BADGE_RADIUS)
            painter.setPen(QColor("#ffffff"))
            box = QRectF(
                centre.x() - BADGE_RADIUS,
                centre.y() - BADGE_RADIUS,
                2 * BADGE_RADIUS,
                2 * BADGE_RADIUS,
            )
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, self.badge())


class PipsItem(QGraphicsItem):
    """A fortification's pips: one dot per pip, side 1's first, then side 2's, then the
    neutral ones, along the bottom of its tile."""

    def __init__(self, fort: Fortification, name: str) -> None:
        super().__init__()
        self.setZValue(8)
        self.colours: list[str] = []
        self.set_fortification(fort, name)

    def set_fortification(self, fort: Fortification, name: str) -> None:
        pips = fort.pips.to_json()
        self.colours = [
            PIP_COLOURS[k] for k in ("side1", "side2", "neutral") for _ in range(int(pips[k]))
        ]
        owner = f"side {fort.owner}'s" if fort.owner is not None else "the mission's"
        self.setToolTip(
            plain_tip(f"{name} on {hex_label(fort.hex)} ({owner}): pips {fort.pips.text()}")
        )
        self.prepareGeometryChange()
        self.update()

    def boundingRect(self) -> QRectF:
        width = max(1, len(self.colours)) * PIP_RADIUS * 2.4
        return QRectF(-width / 2, -PIP_RADIUS * 1.3, width, PIP_RADIUS * 2.6)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        n = len(self.colours)
        for i, colour in enumerate(self.colours):
            x = (i - (n - 1) / 2) * PIP_RADIUS * 2.4
            painter.setPen(QPen(QColor("#1d1d1d"), 0.015 * HEX_SIZE))
            painter.setBrush(QBrush(QColor(colour)))
            painter.drawEllipse(QPointF(x, 0), PIP_RADIUS, PIP_RADIUS)
