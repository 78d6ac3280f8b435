"""The line-of-sight tool's tints over the map, as one item: a hex of each role (crossed,
blocked, blind, hidden...) tinted in its colour, blind and blocked hexes hatched, the ends
of a line and a visibility source rimmed.

The roles are kept as one small number per hex of the map (:meth:`OverlayLayer.set_codes`,
what the visibility engine's vectors give without a loop), and drawn two ways:

* up close, hex by hex, only the hexes in the part of the map being repainted;
* from afar (:meth:`OverlayLayer.set_raster`, a large map seen whole), as one picture made
  by a numpy gather (:class:`~referee.app.map.map_raster.MapRaster`), so that the overlay
  follows the mouse on a map of thousands of hexes within a frame; only the few hexes with
  a hatch or a rim are drawn one by one over it.

The hexes under the overlay repaint from their cached pictures
(:class:`~referee.app.map.hex_item.HexItem`). The layer only draws what it is given; the roles
come from the engine's answer. numpy is imported when the layer is first given roles, not
when the window starts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from referee.app.map.geometry import HEX_SIZE, local_polygon
from referee.app.widgets.style import OVERLAY_COLOURS, argb, colour
from referee.board.hexgrid import SQRT3, Hex

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt
    from PySide6.QtGui import QImage

    from referee.app.map.map_raster import MapRaster

    Codes = npt.NDArray[np.uint8]
    Indices = npt.NDArray[np.int64]
    Centres = npt.NDArray[np.float64]

R = HEX_SIZE
POLYGON = local_polygon()
INNER = local_polygon(0.9)
ROLES: tuple[str, ...] = tuple(OVERLAY_COLOURS)
"""The roles an overlay shows; a hex's code is its role's place here plus one (0: none)."""
CODES = {role: i + 1 for i, role in enumerate(ROLES)}
HATCHES = {"blind": Qt.BrushStyle.BDiagPattern, "blocked": Qt.BrushStyle.DiagCrossPattern}
RIMS = {"start": "#ff8f00", "end": "#ff8f00", "source": "#ff8f00", "blocked": "#c62828"}
RIM_WIDTH = 0.09
"""The rim's width, in hex radii."""
Z_VALUE = 1.0
"""Over the terrain (0), under the rivers and roads (2, 3), the markers and the tokens."""


def role_code(role: str) -> int:
    return CODES[role]


def _tint(role: str) -> QBrush | None:
    spec, alpha = OVERLAY_COLOURS.get(role, ("#ffffff", 0))
    return QBrush(colour(spec, alpha)) if alpha else None


def _hatch(role: str) -> QBrush | None:
    if role not in HATCHES:
        return None
    spec, _ = OVERLAY_COLOURS.get(role, ("#ffffff", 0))
    hatch = QBrush(colour(spec, 230), HATCHES[role])
    hatch.setTransform(hatch.transform().scale(R / 25, R / 25))
    return hatch


def _rim(role: str) -> QPen | None:
    spec = RIMS.get(role)
    if spec is None:
        return None
    pen = QPen(colour(spec))
    pen.setWidthF(RIM_WIDTH * R)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    return pen


@cache
def paints() -> tuple[list[QBrush | None], list[QBrush | None], list[QPen | None]]:
    """The tint, the hatch and the rim of each code (None: none), made when an overlay is
    first drawn (not before the window's first frame, which has none)."""
    return (
        [None, *(_tint(role) for role in ROLES)],
        [None, *(_hatch(role) for role in ROLES)],
        [None, *(_rim(role) for role in ROLES)],
    )


@cache
def palette() -> npt.NDArray[np.uint32]:
    """The raster's colour of each code (premultiplied ARGB32)."""
    import numpy as np

    return np.array(
        [0, *(argb(OVERLAY_COLOURS[role][0], OVERLAY_COLOURS[role][1]) for role in ROLES)],
        np.uint32,
    )


@cache
def singles() -> npt.NDArray[np.bool_]:
    """Codes drawn hex by hex over the raster (a hatch or a rim)."""
    import numpy as np

    _, hatches, rims = paints()
    return np.array(
        [b is not None or p is not None for b, p in zip(hatches, rims, strict=True)], np.bool_
    )


class OverlayLayer(QGraphicsItem):
    """The tint of every hex with a role (see the module docstring)."""

    def __init__(self, hexes: Sequence[Hex] = ()) -> None:
        super().__init__()
        self.hexes = tuple(hexes)
        self.number = {h: i for i, h in enumerate(self.hexes)}
        self._codes: Codes | None = None
        self._centres: tuple[Centres, Centres] | None = None
        self._shown: Indices | None = None
        """The hexes with a role (None: never given any)."""
        self._polygons: dict[int, tuple[QPolygonF, QPolygonF]] = {}
        self._bounds = QRectF()
        self.raster: MapRaster | None = None
        self._picture: QImage | None = None
        self.setZValue(Z_VALUE)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)

    @property
    def codes(self) -> Codes:
        """The role code of every hex of the map, in its order (0: none)."""
        if self._codes is None:
            import numpy as np

            self._codes = np.zeros(len(self.hexes), np.uint8)
        return self._codes

    @property
    def centres(self) -> tuple[Centres, Centres]:
        """The scene x and y of every hex's centre, in the map's order."""
        if self._centres is None:
            import numpy as np

            q = np.fromiter((h.q for h in self.hexes), np.float64, len(self.hexes))
            r = np.fromiter((h.r for h in self.hexes), np.float64, len(self.hexes))
            self._centres = (1.5 * q * R, SQRT3 * (r + q / 2) * R)
        return self._centres

    @property
    def roles(self) -> dict[Hex, str]:
        """The role of each tinted hex (what tests and screenshots check)."""
        if self._shown is None:
            return {}
        return {self.hexes[i]: ROLES[self.codes[i] - 1] for i in self._shown}

    def set_roles(self, roles: Mapping[Hex, str]) -> None:
        """Tint each hex of ``roles`` (of the map) by its role, replacing what was shown."""
        if not roles and self._shown is None:
            return  # nothing shown, nothing to show
        import numpy as np

        codes = np.zeros(len(self.hexes), np.uint8)
        number = self.number
        for h, role in roles.items():
            i = number.get(h)
            if i is not None and role:
                codes[i] = CODES[role]
        self.set_codes(codes)

    def set_codes(self, codes: Codes) -> None:
        """One role code per hex of the map, in its order (:func:`role_code`; 0: none)."""
        import numpy as np

        self._codes = np.asarray(codes, np.uint8)
        self._shown = np.flatnonzero(self._codes)
        bounds = QRectF()
        if len(self._shown):
            cx, cy = self.centres
            xs, ys = cx[self._shown], cy[self._shown]
            bounds = QRectF(
                QPointF(float(xs.min()) - R, float(ys.min()) - R),
                QPointF(float(xs.max()) + R, float(ys.max()) + R),
            )
        self.prepareGeometryChange()
        self._bounds = bounds
        self._picture = None
        self.update()

    def set_raster(self, raster: MapRaster | None) -> None:
        """Draw from afar as one picture over ``raster`` (None: hex by hex)."""
        if raster is not self.raster:
            self.raster = raster
            self._picture = None
            self.update()

    def picture(self) -> QImage:
        """The far picture of the tints (made when first drawn after a change)."""
        assert self.raster is not None
        if self._picture is None:
            import numpy as np

            colours = np.append(palette()[self.codes], np.uint32(0))
            self._picture = self.raster.picture(colours)
        return self._picture

    def boundingRect(self) -> QRectF:
        return self._bounds

    def _polygon(self, i: int) -> tuple[QPolygonF, QPolygonF]:
        found = self._polygons.get(i)
        if found is None:
            cx, cy = self.centres
            at = QPointF(float(cx[i]), float(cy[i]))
            found = self._polygons[i] = (POLYGON.translated(at), INNER.translated(at))
        return found

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        if self._shown is None or not len(self._shown):
            return
        import numpy as np

        exposed = option.exposedRect
        shown = self._shown
        if not exposed.isEmpty():
            cx, cy = self.centres
            x, y = cx[shown], cy[shown]
            shown = shown[
                (x >= exposed.left() - R)
                & (x <= exposed.right() + R)
                & (y >= exposed.top() - R)
                & (y <= exposed.bottom() + R)
            ]
        codes = self.codes[shown]
        tints, hatches, rims = paints()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        if self.raster is not None:
            painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
            painter.drawImage(self.raster.rect, self.picture())
            keep = singles()[codes]
            shown, codes = shown[keep], codes[keep]
        else:
            for code in np.unique(codes):
                tint = tints[code]
                if tint is None:
                    continue
                painter.setBrush(tint)
                for i in shown[codes == code]:
                    painter.drawPolygon(self._polygon(int(i))[0])
        for code in np.unique(codes):
            hatch = hatches[code]
            if hatch is None:
                continue
            painter.setBrush(hatch)
            for i in shown[codes == code]:
                painter.drawPolygon(self._polygon(int(i))[0])
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for code in np.unique(codes):
            pen = rims[code]
            if pen is None:
                continue
            painter.setPen(pen)
            for i in shown[codes == code]:
                painter.drawPolygon(self._polygon(int(i))[1])
