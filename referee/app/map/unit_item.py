"""A unit token: its side's colour as the rim and the band with its id across the top (an
id too long for the band shows its shortest ending that names no other unit of the match:
``standard-tank`` as ``tank``, ``standard-tank-2`` as ``tank-2``; the tooltip has the whole
id), its nation's colour inside (:mod:`referee.app.widgets.style`), facing arrow, models alive and
condition
badges.

Badges: ``+N`` damage tokens (orange, top right), ``S`` shaken (yellow, top left, with the
number of tokens past one), and along the bottom ``F`` on fire, ``A``/``a`` acid/minor acid,
``P`` poison, ``B`` bleeding. Damage waiting for the 'apply damage' step is ``!N`` (N
rolls) on the right edge, white ringed in red (black when it will kill a model), its
tooltip saying what it will do.
A destroyed unit (no model alive) is greyed and crossed out.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from referee.app.map.geometry import HEX_SIZE, facing_vector
from referee.app.widgets.plain_text import plain_tip
from referee.app.widgets.style import (
    BADGE_COLOURS,
    colour,
    side_colour,
    side_name,
    text_colour_on,
    unit_colour,
)
from referee.board.hexgrid import facing_name, hex_label
from referee.errors import whole_number
from referee.rules.state import UnitState

if TYPE_CHECKING:  # the engine's damage waiting on a unit, when a match is open
    from referee.rules.orders.outcome import PendingOnUnit

R = HEX_SIZE
BODY = QRectF(-0.6 * R, -0.34 * R, 1.2 * R, 0.72 * R)
BAND_HEIGHT = 0.3
"""The side-coloured band across the token's top, with the unit's id, in hex radii."""
RIM_WIDTH = 0.07


def _font(painter: QPainter, size: float, bold: bool = True) -> QFont:
    font = QFont(painter.font())
    # Scene units, not screen pixels: tokens scale with the map when zooming.
    font.setPixelSize(max(1, round(size * R)))
    font.setBold(bold)
    return font


def badges(unit: UnitState) -> list[tuple[str, str, str]]:
    """``(kind, text, tooltip)`` of each condition badge along the token's bottom."""
    out: list[tuple[str, str, str]] = []
    if unit.fire:
        out.append(("fire", "F" if unit.fire == 1 else f"F{unit.fire}", f"on fire ({unit.fire})"))
    if unit.acid:
        out.append(("acid", "A", f"acid ({unit.acid})"))
    if unit.minor_acid:
        out.append(("acid", "a", f"minor acid ({unit.minor_acid})"))
    if unit.poison:
        dice = ", ".join(f"d{d}" for d in unit.poison)
        out.append(("poison", "P", f"poison ({dice})"))
    if unit.bleeding:
        dice = ", ".join(f"d{d}" for d in unit.bleeding)
        out.append(("bleeding", "B", f"bleeding ({dice})"))
    return out


def token_names(uids: Iterable[str]) -> dict[str, str]:
    """The short name of each id: its shortest ending at a hyphen that is no other id and
    ends no other id at a hyphen (``standard-tank`` is ``tank`` unless ``heavy-tank`` or
    ``tank`` is in the match too); an ending that is only a number keeps the word before it
    (``tank-2``, not ``2``). Two ids never get the same short name: a name that ends one id
    and is another's short name would end that other id too."""
    ids = list(dict.fromkeys(uids))
    names: dict[str, str] = {}
    for uid in ids:
        parts = uid.split("-")
        names[uid] = uid
        for start in range(len(parts) - 1, 0, -1):
            if all(whole_number(p) is not None for p in parts[start:]):
                continue
            name = "-".join(parts[start:])
            if not any(v != uid and (v == name or v.endswith(f"-{name}")) for v in ids):
                names[uid] = name
                break
    return names


def tooltip(unit: UnitState) -> str:
    lines = [
        f"{unit.uid}: {unit.unit.name} ({unit.nation}, {side_name(unit.side)})",
        f"{hex_label(unit.hex)}, facing {facing_name(unit.facing)}, {unit.speed}",
        f"models {unit.alive}/{unit.unit.models}",
    ]
    if unit.damage_tokens:
        lines.append(f"+{unit.damage_tokens} to future damage")
    if unit.shaken:
        lines.append(f"shaken ({unit.shaken} token{'s' if unit.shaken > 1 else ''})")
    lines.extend(why for _, _, why in badges(unit))
    return "\n".join(lines)


class UnitItem(QGraphicsItem):
    """The token of one unit; :meth:`set_unit` redraws it from the unit's state."""

    def __init__(self, unit: UnitState) -> None:
        super().__init__()
        self.unit = unit
        self.selected = False
        self.concealed = False
        """Drawn as a hidden token with nothing of the unit on it (its owner's secret)."""
        self.pending: PendingOnUnit | None = None
        self.short_name = unit.uid
        """What the band shows when the whole id does not fit it (:func:`token_names`)."""
        self.setZValue(10)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)  # the view picks hexes
        self.set_unit(unit)

    @property
    def uid(self) -> str:
        return self.unit.uid

    def set_unit(self, unit: UnitState, pending: PendingOnUnit | None = None) -> None:
        """Redraw from ``unit``, with the damage waiting on it (if any)."""
        self.prepareGeometryChange()
        self.unit = unit
        self.pending = pending
        self.setToolTip(plain_tip(self._tooltip()))
        self.update()

    def _tooltip(self) -> str:
        if self.concealed:
            return f"a hidden token of side {self.unit.side}"
        return tooltip(self.unit) + (f"\n{self.pending.text()}" if self.pending else "")

    def set_concealed(self, concealed: bool) -> None:
        """Show the token as a hidden token (clause ``setup.hidden``): only its side."""
        if concealed != self.concealed:
            self.concealed = concealed
            self.setToolTip(plain_tip(self._tooltip()))
            self.update()

    def set_selected(self, selected: bool) -> None:
        if selected != self.selected:
            self.selected = selected
            self.update()

    def boundingRect(self) -> QRectF:
        return QRectF(-0.9 * R, -0.9 * R, 1.8 * R, 1.5 * R)

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        u = self.unit
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if self.concealed:
            self._paint_concealed(painter)
            return
        fill = QColor("#9e9e9e") if u.destroyed else unit_colour(u.nation, u.side)
        side = QColor("#707070") if u.destroyed else side_colour(u.side)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(fill)
        painter.drawRoundedRect(BODY, 0.08 * R, 0.08 * R)
        band = QRectF(BODY.left(), BODY.top(), BODY.width(), BAND_HEIGHT * R)
        painter.save()
        painter.setClipRect(band)
        painter.setBrush(side)
        painter.drawRoundedRect(BODY, 0.08 * R, 0.08 * R)
        painter.restore()
        if self.selected:  # the selection outside the side's rim, so both show
            halo = QPen(QColor("#ffd400"), 0.07 * R)
            painter.setPen(halo)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(
                BODY.adjusted(-0.06 * R, -0.06 * R, 0.06 * R, 0.06 * R), 0.1 * R, 0.1 * R
            )
        rim = QPen(side, RIM_WIDTH * R)
        painter.setPen(rim)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(BODY, 0.08 * R, 0.08 * R)
        painter.setPen(text_colour_on(side))
        name_box = QRectF(
            BODY.left() + 0.05 * R, BODY.top() + 0.01 * R, BODY.width() - 0.1 * R, 0.27 * R
        )
        name = self.band_name(painter, name_box.width())
        name = QFontMetricsF(painter.font()).elidedText(
            name, Qt.TextElideMode.ElideRight, name_box.width()
        )
        painter.drawText(name_box, Qt.AlignmentFlag.AlignCenter, name)
        painter.setPen(text_colour_on(fill))
        painter.setFont(_font(painter, 0.3))
        count = str(u.alive) if u.alive == u.unit.models else f"{u.alive}/{u.unit.models}"
        count_box = QRectF(BODY.left(), BODY.top() + 0.3 * R, BODY.width(), 0.42 * R)
        painter.drawText(count_box, Qt.AlignmentFlag.AlignCenter, count)
        if u.destroyed:
            painter.setPen(QPen(QColor("#202020"), 0.05 * R))
            painter.drawLine(BODY.topLeft(), BODY.bottomRight())
            painter.drawLine(BODY.topRight(), BODY.bottomLeft())
        self._arrow(painter)
        if u.damage_tokens:
            self._badge(painter, BODY.topRight(), "damage", f"+{u.damage_tokens}")
        if u.shaken:
            text = "S" if u.shaken == 1 else f"S{u.shaken}"
            self._badge(painter, BODY.topLeft(), "shaken", text)
        if self.pending is not None and self.pending.rolls:
            self._pending_badge(painter, self.pending)
        conditions = badges(u)
        for i, (kind, text, _) in enumerate(conditions):
            x = (i - (len(conditions) - 1) / 2) * 0.28 * R
            self._badge(painter, QPointF(x, BODY.bottom()), kind, text)

    def band_name(self, painter: QPainter, width: float) -> str:
        """The name the band shows, with the painter's font set for it: in the largest font
        either fits, the whole id, else the short name (a token shrunk to share its hex
        stays readable); elided only when the short name does not fit the smallest font."""
        texts = dict.fromkeys((self.unit.uid, self.short_name))
        for size in (0.23, 0.2, 0.17):  # a long name in a smaller font before eliding it
            painter.setFont(_font(painter, size))
            for text in texts:
                if QFontMetricsF(painter.font()).horizontalAdvance(text) <= width:
                    return text
        return self.short_name

    def _paint_concealed(self, painter: QPainter) -> None:
        """A hidden token: the side's rim around a dark token with a question mark."""
        rim = QPen(side_colour(self.unit.side))
        rim.setWidthF(0.08 * R)
        painter.setPen(rim)
        painter.setBrush(QColor("#37474f"))
        painter.drawRoundedRect(BODY, 0.08 * R, 0.08 * R)
        painter.setPen(QColor("#ffffff"))
        painter.setFont(_font(painter, 0.42))
        painter.drawText(BODY, Qt.AlignmentFlag.AlignCenter, "?")

    def _arrow(self, painter: QPainter) -> None:
        """The facing arrow, just outside the token towards the hexside it faces."""
        v = facing_vector(self.unit.facing)
        n = QPointF(-v.y(), v.x())
        exits = [
            BODY.right() / abs(v.x()) if abs(v.x()) > 1e-9 else 1e9,
            -BODY.top() / abs(v.y()) if abs(v.y()) > 1e-9 else 1e9,
        ]
        out = min(exits)
        tip, base = v * min(out + 0.24 * R, 0.84 * R), v * out
        triangle = QPolygonF([tip, base + n * (0.14 * R), base - n * (0.14 * R)])
        painter.setPen(QPen(QColor("#ffffff"), 0.025 * R))
        painter.setBrush(QColor("#141414"))
        painter.drawPolygon(triangle)

    @staticmethod
    def _pending_badge(painter: QPainter, pending: PendingOnUnit) -> None:
        """``!N`` on the right edge: white ringed in red on any token colour; black when
        the damage waiting will kill."""
        at = QPointF(BODY.right(), 0.02 * R)
        ring = colour(BADGE_COLOURS["pending"])
        fill = QColor("#111111") if pending.killed else QColor("#ffffff")
        painter.setPen(QPen(ring, 0.045 * R))
        painter.setBrush(fill)
        radius = 0.18 * R
        painter.drawEllipse(at, radius, radius)
        painter.setPen(QColor("#ffffff") if pending.killed else ring)
        painter.setFont(_font(painter, 0.17))
        painter.drawText(
            QRectF(at.x() - radius, at.y() - radius, 2 * radius, 2 * radius),
            Qt.AlignmentFlag.AlignCenter,
            f"!{len(pending.rolls)}",
        )

    @staticmethod
    def _badge(painter: QPainter, at: QPointF, kind: str, text: str) -> None:
        fill = colour(BADGE_COLOURS.get(kind, "#444444"))
        painter.setPen(QPen(QColor("#202020"), 0.02 * R))
        painter.setBrush(fill)
        radius = (0.12 if len(text) < 2 else 0.14) * R
        painter.drawEllipse(at, radius, radius)
        painter.setPen(text_colour_on(fill))
        painter.setFont(_font(painter, 0.15))
        painter.drawText(
            QRectF(at.x() - radius, at.y() - radius, 2 * radius, 2 * radius),
            Qt.AlignmentFlag.AlignCenter,
            text,
        )
