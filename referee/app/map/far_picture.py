"""A large map seen from afar, drawn as one picture instead of its hexes (the hexes sit
under a :class:`HexLayer` hidden whole meanwhile): each hex's terrain fill, its zone's rim
and the grid, painted by :class:`~referee.app.map.map_raster.MapRaster`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter, QPixmap, QTransform
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPixmapItem, QStyleOptionGraphicsItem, QWidget

from referee.app.map.hex_item import HexItem
from referee.app.widgets.style import ZONE_COLOURS, argb, terrain_colour
from referee.board.hexgrid import Hex

if TYPE_CHECKING:  # numpy and the far picture come when first zoomed out (a quicker start)
    from referee.app.map.map_raster import MapRaster

FAR_PIXELS = 12.0
"""A hex smaller than this on the screen (circumradius, pixels) is seen from afar."""
FAR_MIN_HEXES = 1000
"""Maps of fewer hexes are drawn hex by hex at any zoom (they are cheap to draw)."""


class HexLayer(QGraphicsItem):
    """The parent of every hex of the map, drawing nothing itself: hiding it hides them all
    at once (the far view of a large map)."""

    def __init__(self) -> None:
        super().__init__()
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents)

    def boundingRect(self) -> QRectF:
        return QRectF()

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        pass


def far_picture(raster: MapRaster, hex_items: Mapping[Hex, HexItem]) -> QGraphicsPixmapItem:
    """The terrain of every hex as one picture: fill, zone rims and the grid."""
    import numpy as np

    n = len(raster.hexes)
    fills = np.zeros(n + 1, np.uint32)
    rims = np.zeros(n + 1, np.uint32)
    by_terrain: dict[str, int] = {}
    for i, h in enumerate(raster.hexes):
        item = hex_items[h]
        fill = by_terrain.get(item.terrain)
        if fill is None:
            fill = by_terrain[item.terrain] = argb(terrain_colour(item.terrain).rgb())
        fills[i] = fill
        if item.zone in ZONE_COLOURS:
            rims[i] = argb(ZONE_COLOURS[item.zone])
    image = raster.terrain(fills, rims, argb(0x4A4A4A, 160), raster.pixel_radius)
    picture = QGraphicsPixmapItem(QPixmap.fromImage(image))
    picture.setTransformationMode(Qt.TransformationMode.SmoothTransformation)
    width, height = raster.size
    picture.setTransform(
        QTransform.fromScale(raster.rect.width() / width, raster.rect.height() / height)
    )
    picture.setPos(raster.rect.topLeft())
    picture.setZValue(0)
    picture.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
    # scaled once per zoom, then copied: the overlay over it changes with the mouse
    picture.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
    return picture
