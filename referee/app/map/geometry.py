"""Hexes to scene coordinates and back: the hex grid's own geometry, scaled.

Every position comes from :func:`referee.board.hexgrid.centre` and
:func:`~referee.board.hexgrid.corners` (unit circumradius) times :data:`HEX_SIZE`; picking
goes through :func:`~referee.board.hexgrid.hex_at_point`. Nothing is re-derived here.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF
from PySide6.QtGui import QPolygonF

from referee.board.hexgrid import DIRECTIONS, Hex, centre, corners, hex_at_point

HEX_SIZE = 50.0
"""Scene units per unit of the hex grid's plane (a hex's circumradius)."""


def hex_centre(h: Hex) -> QPointF:
    p = centre(h)
    return QPointF(p.x * HEX_SIZE, p.y * HEX_SIZE)


_LOCAL = [
    QPointF((p.x - c.x) * HEX_SIZE, (p.y - c.y) * HEX_SIZE)
    for c in (centre(Hex(0, 0)),)
    for p in corners(Hex(0, 0))
]


def hex_polygon(h: Hex, *, local: bool = True) -> QPolygonF:
    """The six corners of ``h``; relative to its centre when ``local``."""
    c = centre(h) if local else None
    pts = []
    for p in corners(h):
        x, y = (p.x - c.x, p.y - c.y) if c is not None else (p.x, p.y)
        pts.append(QPointF(x * HEX_SIZE, y * HEX_SIZE))
    return QPolygonF(pts)


def local_polygon(scale: float = 1.0) -> QPolygonF:
    """The corners of any hex relative to its centre (every hex has the same shape),
    scaled about the centre by ``scale``: one polygon shared by every hex of a map."""
    return QPolygonF([p * scale for p in _LOCAL])


def hex_at_scene(point: QPointF) -> Hex:
    """The hex under a scene point (on or off the map)."""
    return hex_at_point(point.x() / HEX_SIZE, point.y() / HEX_SIZE)


def facing_vector(facing: int) -> QPointF:
    """The unit vector from a hex's centre towards its neighbour in direction ``facing``."""
    origin = Hex(0, 0)
    a, b = centre(origin), centre(origin + DIRECTIONS[facing % 6])
    dx, dy = b.x - a.x, b.y - a.y
    length = (dx * dx + dy * dy) ** 0.5
    return QPointF(dx / length, dy / length)
