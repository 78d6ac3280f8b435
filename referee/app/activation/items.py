"""What the map of a match of the activation rules draws over its tiles: a token per unit on
the map (its side's colour, its uid, its H and facing; a transport's badge with the number
of units aboard, named in its tooltip) and each fortification's pips (a row of dots in the
colour of their side, grey for neutral, over any token on the tile), both redrawn from the
state. A uid is written whole at the window's opening zoom: smaller, condensed, or on two
lines; the letters are sized as the view shows them (:mod:`referee.app.map.fitted_text`),
so the H never runs under the badge."""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from referee.app.map.fitted_text import fitted_font, sized
from referee.app.map.geometry import HEX_SIZE, facing_vector
from referee.app.widgets.plain_text import plain_tip
from referee.app.widgets.style import SIDE_COLOURS, text_colour_on
from referee.board.hexgrid import facing_name, hex_label
from referee.rules.activation.state import Fortification, Piece

PIP_COLOURS = {"side1": SIDE_COLOURS[1], "side2": SIDE_COLOURS[2], "neutral": "#9a9a9a"}
"""A pip's colour: its side's, or grey for a neutral pip."""
TOKEN_RADIUS = 0.62 * HEX_SIZE
"""Half the token's width: it covers its tile's label (the tooltip names the tile)."""
TOKEN_HALF_HEIGHT = 0.55 * HEX_SIZE
"""Half the token's height. With :data:`TOKEN_RADIUS` the body, its rim and its facing tick
lie inside its own flat-topped tile (|x| + |y|/sqrt(3) <= 1 tile radius at the corners), so
a lone token, centred, covers nothing of a neighbour's tile, as the written-orders game's."""
BAND = 0.55 * HEX_SIZE
"""The side-coloured band across the token's top, with the unit's uid."""
TEXT_SIZE = 0.5 * HEX_SIZE
"""The uid's and the H's letters: about 9 screen pixels when a 15-tile-tall map fills the
map's room at 1366x768 (View > Zoom in for more)."""
MIN_TEXT = 0.6 * TEXT_SIZE
"""The smallest letters a uid is shrunk to on one line (about 6 screen pixels at that
opening zoom); a longer uid goes on two lines in a taller band."""
TALL_BAND = 0.74 * HEX_SIZE
"""The band of a uid written on two lines."""
RIM = 0.06 * HEX_SIZE
"""The width of the token's rim, in its side's colour."""
TICK_OUT = 0.12 * HEX_SIZE
"""How far the facing tick reaches out of the token's body, towards the side it faces."""
TICK_WIDTH = 0.09 * HEX_SIZE
PIP_RADIUS = 0.11 * HEX_SIZE
PIPS_BELOW = 0.72 * HEX_SIZE
"""How far below its tile's centre a fortification's row of pips is: under a lone token's
body, inside the tile."""
BADGE_RIGHT = TOKEN_RADIUS - 0.05 * HEX_SIZE
"""A transport's badge (a dark box with the number of units aboard) ends this far right of
its centre: inside its own token, so within its own tile, hiding nothing of a neighbour's
token and hidden by none."""
STACK_GAP = 0.04 * HEX_SIZE
"""The room left between tokens sharing a tile."""
BADGE_COLOUR = "#37474f"
TOKEN_Z = 10
"""Tokens over the tiles, the markers and the wizards' tints (as the written-orders game's)."""
TEXT_COLOUR = "#1d1d1d"
PIPS_Z = TOKEN_Z + 1
"""The pips over the tokens: a unit on a building's tile never hides them."""


def _room(x: float, y: float) -> float:
    """How far the point (x, y), in tile radii from a flat-topped tile's centre, lies inside
    the tile: its distance to the nearest side (negative: outside)."""
    x, y = abs(x), abs(y)
    return min(math.sqrt(3) / 2 - y, math.sqrt(3) / 2 * (1 - x - y / math.sqrt(3)))


def tick_ends(facing: int) -> tuple[QPointF, QPointF]:
    """The facing tick of a token facing ``facing`` (see :meth:`PieceItem.tick`): up to
    :data:`TICK_OUT` out of the body, its round end inside the tile (a facing points at the
    middle of a side, sqrt(3)/2 tile radii away)."""
    v = facing_vector(facing)
    dx, dy = abs(v.x()), abs(v.y())
    leaves = min(
        TOKEN_RADIUS / dx if dx > 1e-9 else math.inf,
        TOKEN_HALF_HEIGHT / dy if dy > 1e-9 else math.inf,
    )
    end = min(leaves + TICK_OUT, math.sqrt(3) / 2 * HEX_SIZE - TICK_WIDTH / 2 - 0.01 * HEX_SIZE)
    return v * (leaves - TICK_OUT / 2), v * end


def _fits(scale: float, offsets: Sequence[QPointF]) -> bool:
    """Whether tokens at ``offsets`` from a tile's centre, at ``scale``, lie inside the
    flat-topped tile: their bodies with the rim, and their ticks facing any way."""
    out = RIM / 2
    w, h = TOKEN_RADIUS + out, TOKEN_HALF_HEIGHT + out
    corners = [QPointF(x, y) for x in (-w, w) for y in (-h, h)]
    ends = [tick_ends(facing)[1] for facing in range(6)]
    for offset in offsets:
        for p, margin in [*((c, 0.0) for c in corners), *((e, TICK_WIDTH / 2) for e in ends)]:
            x = (offset.x() + p.x() * scale) / HEX_SIZE
            y = (offset.y() + p.y() * scale) / HEX_SIZE
            if _room(x, y) < margin * scale / HEX_SIZE:
                return False
    return True


def _reach() -> tuple[float, float]:
    """How far a token reaches from its centre across and up or down, facing any way: its
    body with the rim, or its facing tick with the tick's round cap where that is farther
    (a tick facing N or S reaches above or below the body, NE ... NW beside it)."""
    ends = [tick_ends(facing)[1] for facing in range(6)]
    cap = TICK_WIDTH / 2
    across = max(TOKEN_RADIUS + RIM / 2, *(abs(e.x()) + cap for e in ends))
    up = max(TOKEN_HALF_HEIGHT + RIM / 2, *(abs(e.y()) + cap for e in ends))
    return across, up


REACH_ACROSS, REACH_UP = _reach()
"""A token's reach, facing any way (:func:`_reach`): tokens sharing a tile are set this far
apart, twice over, so neither a body nor a tick touches a neighbour's body or tick, even
two ticks pointing at each other."""


def _grid(n: int, columns: int, scale: float) -> list[QPointF]:
    """``n`` tokens at ``scale`` in ``columns`` columns, rows top to bottom, the last row
    centred, the group centred on the tile; neighbours twice their reach apart (with
    :data:`STACK_GAP`), so no token's tick touches another token, whichever way each
    faces."""
    rows = math.ceil(n / columns)
    dx = 2 * REACH_ACROSS * scale + STACK_GAP
    dy = 2 * REACH_UP * scale + STACK_GAP
    out = []
    for i in range(n):
        row, column = divmod(i, columns)
        across = min(columns, n - row * columns)
        out.append(QPointF((column - (across - 1) / 2) * dx, (row - (rows - 1) / 2) * dy))
    return out


@functools.cache
def _layout(n: int) -> tuple[float, tuple[tuple[float, float], ...]]:
    best = (0.0, 0)
    for columns in (1, 2):
        if columns > n:
            break
        low, high = 0.0, 1.0
        if _fits(high, _grid(n, columns, high)):
            low = high
        for _ in range(30):  # the largest scale that fits, to a hair
            if low == high:
                break
            mid = (low + high) / 2
            low, high = (mid, high) if _fits(mid, _grid(n, columns, mid)) else (low, mid)
        if low > best[0]:
            best = (low, columns)
    scale, columns = best
    return scale, tuple((p.x(), p.y()) for p in _grid(n, columns, scale))


def stack_layout(n: int) -> tuple[float, list[QPointF]]:
    """The scale and the offsets from the tile's centre of ``n`` tokens sharing a tile: in
    one column, or two when that lets them be larger, at the largest scale (a lone token's
    at most) at which all of them, facing any way, lie inside the tile and apart, their
    facing ticks included (:data:`REACH_ACROSS`). One token: its whole size, on the
    centre."""
    scale, offsets = _layout(max(1, n))
    return scale, [QPointF(x, y) for x, y in offsets]


def _halves(uid: str) -> tuple[str, str]:
    """``uid`` cut in two for two lines: after the "-", "_" or "." nearest its middle, else
    at its middle."""
    middle = len(uid) / 2
    cuts = [i + 1 for i, c in enumerate(uid[:-1]) if c in "-_."]
    cut = min(cuts, key=lambda i: abs(i - middle)) if cuts else math.ceil(middle)
    return uid[:cut], uid[cut:]


def uid_font() -> QFont:
    font = QFont("DejaVu Sans")
    font.setPixelSize(round(TEXT_SIZE))
    font.setBold(True)
    return font


@functools.lru_cache(maxsize=512)  # asked at every paint of every token
def uid_lines(uid: str, lod: float) -> tuple[QFont, tuple[str, ...]]:
    """The font and the lines of a token's uid on a view at ``lod``: one line, bold, then
    bold condensed, shrunk down to :data:`MIN_TEXT`; else two lines (:func:`_halves`) that
    fill a :data:`TALL_BAND`, each cut short only if even that is too narrow."""
    room = 2 * TOKEN_RADIUS - 0.1 * HEX_SIZE
    bold = uid_font()
    condensed = QFont(bold)
    condensed.setStretch(QFont.Stretch.Condensed)
    for base in (bold, condensed):
        font = fitted_font(base, uid, room, lod, MIN_TEXT)
        if font is not None:
            return font, (uid,)
    lines = _halves(uid)
    tall = sized(condensed, min(TEXT_SIZE, (TALL_BAND - 0.04 * HEX_SIZE) / 2 / 1.15))
    longer = max(lines, key=len)
    font = fitted_font(tall, longer, room, lod, tall.pixelSize() * 0.6) or tall
    metrics = QFontMetricsF(font)
    shown = tuple(metrics.elidedText(line, Qt.TextElideMode.ElideRight, room) for line in lines)
    return font, shown


class PieceItem(QGraphicsItem):
    """A unit on the map: a disc rimmed in its side's colour, its uid and H, and a tick
    towards its facing; a transport with units aboard (clause ``activation.embark``) has a
    badge with their number at the right of its H (:data:`BADGE_RIGHT`), their names and
    how full it is in its tooltip."""

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
        self.setZValue(TOKEN_Z)
        tip = (
            f"{piece.uid} ({name}), side {piece.side} at {hex_label(piece.hex)} "  # type: ignore[arg-type]
            f"facing {facing_name(piece.facing)}: {piece.health} H, "
            f"{piece.ammunition} ammunition"
        )
        if self.aboard:
            tip += "\nCarries: " + ", ".join(self.aboard) + (f" — {room}" if room else "")
        self.setToolTip(plain_tip(tip))
        self.update()

    def rim_width(self) -> float:
        return RIM

    def tick_width(self) -> float:
        return TICK_WIDTH

    def tick(self) -> tuple[QPointF, QPointF]:
        """The facing tick, in the item's units: from just inside the body's edge, where a
        ray from its centre towards the side it faces leaves it, to :data:`TICK_OUT`
        beyond."""
        return tick_ends(self.piece.facing)

    def badge(self) -> str:
        """What the badge says: the number of units aboard ("" when none)."""
        return str(len(self.aboard)) if self.aboard else ""

    def band_height(self) -> float:
        """The side-coloured band's height: :data:`BAND`, or :data:`TALL_BAND` when the uid
        is written on two lines at the window's opening zoom or less."""
        return TALL_BAND if len(uid_lines(self.piece.uid, self.OPENING_LOD)[1]) > 1 else BAND

    OPENING_LOD = 0.4
    """About the screen pixels per scene unit of the map at the window's opening zoom on
    1366x768: a uid that needs two lines there keeps them at every zoom (the band does not
    change height as the view zooms)."""

    def body_rect(self) -> QRectF:
        """The token's body (its side's band and the white below), in the item's units."""
        w, h = TOKEN_RADIUS, TOKEN_HALF_HEIGHT
        return QRectF(-w, -h, 2 * w, 2 * h)

    def badge_rect(self) -> QRectF:
        """Where the badge is, in the item's units: the right of the white part below the
        band, as tall as it less a margin, ending at :data:`BADGE_RIGHT`; empty when
        nobody is aboard."""
        if not self.aboard:
            return QRectF()
        margin = 0.04 * HEX_SIZE
        top = -TOKEN_HALF_HEIGHT + self.band_height() + margin
        bottom = TOKEN_HALF_HEIGHT - margin
        size = bottom - top
        wide = max(size, 0.3 * HEX_SIZE * len(self.badge()) + 2 * margin)
        return QRectF(BADGE_RIGHT - wide, top, wide, size)

    def health_rect(self) -> QRectF:
        """Where the H is written: the white part below the band, left of the badge."""
        w, h, band = TOKEN_RADIUS, TOKEN_HALF_HEIGHT, self.band_height()
        badge = self.badge_rect()
        if badge.isEmpty():
            return QRectF(-w, -h + band, 2 * w, 2 * h - band)
        left = -w + 0.06 * HEX_SIZE  # clear of the rim
        return QRectF(left, -h + band, badge.left() - 0.04 * HEX_SIZE - left, 2 * h - band)

    def health_text(self) -> str:
        return f"{self.piece.health} H"

    def health_font(self, lod: float) -> QFont:
        """The H's letters on a view at ``lod``: the uid's size, smaller when that is too
        wide for :meth:`health_rect` (beside a badge), as it is shown at that zoom."""
        base = uid_font()
        base.setPixelSize(min(round(TEXT_SIZE), int(self.health_rect().height() / 1.15)))
        room = self.health_rect().width()
        return fitted_font(base, self.health_text(), room, lod, 1) or sized(base, 1)

    def boundingRect(self) -> QRectF:
        out = TICK_OUT + TICK_WIDTH + RIM
        w, h = TOKEN_RADIUS + out, TOKEN_HALF_HEIGHT + out
        return QRectF(-w, -h, 2 * w, 2 * h)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        colour = QColor(SIDE_COLOURS.get(self.piece.side, "#444444"))
        w, h = TOKEN_RADIUS, TOKEN_HALF_HEIGHT
        body = QRectF(-w, -h, 2 * w, 2 * h)
        painter.setPen(QPen(colour, RIM))
        painter.setBrush(QBrush(QColor("#f4efe2")))
        painter.drawRoundedRect(body, 0.12 * HEX_SIZE, 0.12 * HEX_SIZE)
        band = QRectF(-w, -h, 2 * w, self.band_height())
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QBrush(colour))
        painter.drawRoundedRect(band, 0.12 * HEX_SIZE, 0.12 * HEX_SIZE)
        lod = option.levelOfDetailFromTransform(painter.worldTransform())
        font, lines = uid_lines(self.piece.uid, lod)
        painter.setFont(font)
        painter.setPen(text_colour_on(colour))
        painter.drawText(band, Qt.AlignmentFlag.AlignCenter, "\n".join(lines))
        below = self.health_rect()
        painter.setPen(QColor(TEXT_COLOUR))
        painter.setFont(self.health_font(lod))
        painter.save()
        painter.setClipRect(below)  # never under the badge, whatever the letters do
        painter.drawText(below, Qt.AlignmentFlag.AlignCenter, self.health_text())
        painter.restore()
        if self.aboard:
            box = self.badge_rect()
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QBrush(QColor(BADGE_COLOUR)))
            painter.drawRoundedRect(box, 0.06 * HEX_SIZE, 0.06 * HEX_SIZE)
            painter.setFont(sized(uid_font(), min(TEXT_SIZE, box.height() / 1.15)))
            painter.setPen(QColor("#ffffff"))
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, self.badge())
        facing = QPen(colour, TICK_WIDTH)  # over the body's edge, so every facing shows
        facing.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(facing)
        painter.drawLine(*self.tick())


class PipsItem(QGraphicsItem):
    """A fortification's pips: one dot per pip, side 1's first, then side 2's, then the
    neutral ones, along the bottom of its tile, under a lone token's body and over any
    token (:data:`PIPS_Z`)."""

    def __init__(self, fort: Fortification, name: str) -> None:
        super().__init__()
        self.setZValue(PIPS_Z)
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

    def radius(self) -> float:
        """A dot's radius: :data:`PIP_RADIUS`, smaller when the row would reach out of the
        tile (the row sits :data:`PIPS_BELOW` the tile's centre, where a flat-topped tile
        is narrower)."""
        n = max(1, len(self.colours))
        room = HEX_SIZE - PIPS_BELOW / math.sqrt(3) - 0.03 * HEX_SIZE
        return min(PIP_RADIUS, room / ((n - 1) * 1.2 + 1 + 1 / math.sqrt(3)))

    def dots(self) -> list[QRectF]:
        """Each dot's square, in the item's units."""
        r, n = self.radius(), len(self.colours)
        return [QRectF((i - (n - 1) / 2) * r * 2.4 - r, -r, 2 * r, 2 * r) for i in range(n)]

    def boundingRect(self) -> QRectF:
        r = self.radius()
        width = max(1, len(self.colours)) * r * 2.4
        return QRectF(-width / 2, -r * 1.3, width, r * 2.6)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        for dot, colour in zip(self.dots(), self.colours, strict=True):
            painter.setPen(QPen(QColor(TEXT_COLOUR), 0.015 * HEX_SIZE))
            painter.setBrush(QBrush(QColor(colour)))
            painter.drawEllipse(dot)
