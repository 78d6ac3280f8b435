"""A large map seen from afar, as pixels: which hex each pixel of a picture of the map
shows, so that a colour per hex becomes a picture in one numpy gather.

Drawn hex by hex, a map of ten thousand hexes costs a painter call per hex and per frame;
seen from afar its hexes are a few pixels wide, and a picture says the same. The picture is
worked out once per map shape: the hex grid repeats every two columns across (3 circumradii)
and every row down (sqrt 3), so one tile of that period is worked out by cube rounding
(:func:`referee.board.hexgrid.cube_round`, vectorised) and repeated. Its pixels are
a little wider than tall, so that the period is a whole number of pixels both ways.

Besides the hex of each pixel the tile knows how far the pixel is from its hex's centre (in
the hex's own measure: 1 on its edges), which draws the grid lines and the rims of the
deployment zones as :class:`~referee.app.map.hex_item.HexItem` draws them up close.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt
from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage

from referee.app.map.geometry import HEX_SIZE
from referee.board.hexgrid import Hex

SQRT3 = 3**0.5
PIXEL_BUDGET = 900_000
"""Pixels of the picture at most (a 50 x 50 map at about 11 pixels a hex radius)."""
MAX_SCALE = 14.0
"""Pixels per hex circumradius at most: the far view switches to hexes before this."""
MIN_SCALE = 2.0
RIM = (0.842, 0.958)
"""The zone rim's band, in the hex measure: the inner hexagon at 0.9 with a pen of 0.1
radius (as :class:`~referee.app.map.hex_item.HexItem` draws it)."""

U32Array = npt.NDArray[np.uint32]
I64Array = npt.NDArray[np.int64]


def _tile(tx: int, ty: int) -> tuple[I64Array, I64Array, npt.NDArray[np.float32]]:
    """Per pixel of one period (``ty`` rows of ``tx`` pixels, from the corner (0, 0) of the
    plane): the axial (q, r) of its hex and the pixel's distance from that hex's centre in
    the hex measure."""
    x = (np.arange(tx) + 0.5) * (3.0 / tx)
    y = (np.arange(ty) + 0.5) * (SQRT3 / ty)
    xx, yy = np.meshgrid(x, y)
    qf = xx / 1.5
    rf = yy / SQRT3 - qf / 2
    sf = -qf - rf
    q, r, s = np.round(qf), np.round(rf), np.round(sf)
    dq, dr, ds = np.abs(q - qf), np.abs(r - rf), np.abs(s - sf)
    first = (dq > dr) & (dq > ds)
    second = ~first & (dr > ds)
    q = np.where(first, -r - s, q)
    r = np.where(second, -q - s, r)
    # the hex measure of a flat-topped hex: the largest of the three distances across
    # its pairs of edges, over the apothem (sqrt 3 / 2 of the circumradius)
    vx, vy = xx - 1.5 * q, yy - SQRT3 * (r + q / 2)
    apothem = SQRT3 / 2
    norm = (
        np.maximum.reduce(
            [np.abs(vy), np.abs(vx * apothem + vy * 0.5), np.abs(vx * apothem - vy * 0.5)]
        )
        / apothem
    )
    return q.astype(np.int64), r.astype(np.int64), norm.astype(np.float32)


@dataclass(eq=False)
class MapRaster:
    """Which hex each pixel of the map's far picture shows (see the module docstring)."""

    hexes: Sequence[Hex]
    index: npt.NDArray[np.int32] = field(init=False)
    """Per pixel (rows of pixels, top first), the number of its hex in ``hexes``, or
    ``len(hexes)`` where no hex of the map is."""
    norm: npt.NDArray[np.float32] = field(init=False)
    rect: QRectF = field(init=False)
    """Where the picture lies on the scene."""

    def __post_init__(self) -> None:
        n = len(self.hexes)
        q = np.fromiter((h.q for h in self.hexes), np.int64, n)
        r = np.fromiter((h.r for h in self.hexes), np.int64, n)
        x, y = 1.5 * q, SQRT3 * (r + q / 2)
        # whole periods (two columns by one row) from a corner of the lattice
        x0 = 3.0 * np.floor((x.min(initial=0) - 1) / 3)
        y0 = SQRT3 * np.floor((y.min(initial=0) - SQRT3 / 2) / SQRT3)
        across = int(np.ceil((x.max(initial=0) + 1 - x0) / 3))
        down = int(np.ceil((y.max(initial=0) + SQRT3 / 2 - y0) / SQRT3))
        scale = min(MAX_SCALE, max(MIN_SCALE, (PIXEL_BUDGET / (3 * across * SQRT3 * down)) ** 0.5))
        tx, ty = max(2, round(3 * scale)), max(2, round(SQRT3 * scale))
        tq, tr, tnorm = _tile(tx, ty)
        # the corner's hex: the tile starts at (x0, y0), a whole number of periods from 0
        cq, cr = round(x0 / 1.5), round(y0 / SQRT3 - x0 / 3)
        b = np.arange(across)[None, None, :, None]
        a = np.arange(down)[:, None, None, None]
        shape = (down * ty, across * tx)
        qq = (tq[None, :, None, :] + cq + 2 * b + 0 * a).reshape(shape)
        rr = (tr[None, :, None, :] + cr + a - b).reshape(shape)
        q_lo, r_lo = int(q.min(initial=0)), int(r.min(initial=0))
        width = int(r.max(initial=0)) - r_lo + 1
        height = int(q.max(initial=0)) - q_lo + 1
        grid = np.full(height * width, n, np.int32)
        grid[(q - q_lo) * width + (r - r_lo)] = np.arange(n, dtype=np.int32)
        qq -= q_lo
        rr -= r_lo
        inside = (qq >= 0) & (qq < height) & (rr >= 0) & (rr < width)
        self.index = np.where(inside, grid[np.where(inside, qq * width + rr, 0)], n).astype(
            np.int32
        )
        self.norm = np.tile(tnorm, (down, across))
        self.rect = QRectF(
            x0 * HEX_SIZE, y0 * HEX_SIZE, 3 * across * HEX_SIZE, SQRT3 * down * HEX_SIZE
        )

    @property
    def size(self) -> tuple[int, int]:
        """(width, height) in pixels."""
        return int(self.index.shape[1]), int(self.index.shape[0])

    def picture(self, colours: U32Array) -> QImage:
        """The picture of one premultiplied ARGB32 colour per hex (``colours[len(hexes)]``:
        where there is no hex, normally 0, transparent)."""
        pixels = np.take(colours, self.index)
        return self.image(pixels)

    def terrain(self, fills: U32Array, rims: U32Array, outline: int, pixel_radius: float) -> QImage:
        """The terrain picture: each hex's fill, the rim of a zone hex (``rims`` nonzero)
        and the grid's lines, a pixel wide."""
        pixels = np.take(fills, self.index)
        rim = np.take(rims, self.index)
        band = (self.norm >= RIM[0]) & (self.norm <= RIM[1]) & (rim != 0)
        pixels = np.where(band, rim, pixels)
        edge = self.norm >= 1 - 0.8 / max(pixel_radius * SQRT3 / 2, 1)
        pixels = np.where(edge & (self.index < len(self.hexes)), np.uint32(outline), pixels)
        return self.image(pixels.astype(np.uint32))

    def image(self, pixels: U32Array) -> QImage:
        """``pixels`` (one row of this raster's pixels per row) as an image that owns them."""
        w, h = self.size
        data = np.ascontiguousarray(pixels, np.uint32)
        image = QImage(data.data, w, h, 4 * w, QImage.Format.Format_ARGB32_Premultiplied)
        return image.copy()  # its own pixels: the numpy buffer goes

    @property
    def pixel_radius(self) -> float:
        """Pixels of the picture per hex circumradius, across."""
        return self.size[0] / (self.rect.width() / HEX_SIZE)
