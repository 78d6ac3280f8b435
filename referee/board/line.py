"""The exact straight line between two hex centres (clause ``los.straight-line``).

The line is walked hex by hex on the integer lattice of :mod:`referee.board.hexgrid`
with integer cross products only, so each hex it meets is classified exactly:

* ``cross``  - the line passes through the hex's interior;
* ``edge``   - the line runs along the edge between two hexes (it crosses neither);
* ``vertex`` - the line touches the hex at one corner only.

No floating-point epsilon is involved anywhere: every decision is the sign of an
integer. What each kind means for line of sight is a ruling (``los.edge-run``,
``los.vertex-touch``), not a property of the geometry.
"""

from __future__ import annotations

from functools import lru_cache

import msgspec

from referee.board.hexgrid import LATTICE_CORNERS, Hex, lattice

CROSS = "cross"
EDGE = "edge"
VERTEX = "vertex"


class Touch(msgspec.Struct, frozen=True):
    """One thing the line meets, in order from the start: a crossed hex, an edge run
    between two hexes (``hexes`` holds both, left of the line first), or a corner."""

    kind: str
    hexes: tuple[Hex, ...]


class LineTrace(msgspec.Struct, frozen=True):
    """Everything the line from ``start`` to ``end`` meets, end hexes excluded."""

    start: Hex
    end: Hex
    touches: tuple[Touch, ...]

    @property
    def crossed(self) -> tuple[Hex, ...]:
        """Hexes whose interior the line passes through, in order from ``start``."""
        return tuple(t.hexes[0] for t in self.touches if t.kind == CROSS)

    @property
    def edges(self) -> tuple[tuple[Hex, Hex], ...]:
        return tuple((t.hexes[0], t.hexes[1]) for t in self.touches if t.kind == EDGE)

    @property
    def vertices(self) -> tuple[Hex, ...]:
        return tuple(t.hexes[0] for t in self.touches if t.kind == VERTEX)

    def reversed(self) -> LineTrace:
        """The same line walked from ``end`` to ``start`` (left and right swap)."""
        touches = tuple(
            Touch(t.kind, t.hexes[::-1] if t.kind == EDGE else t.hexes)
            for t in reversed(self.touches)
        )
        return LineTrace(self.end, self.start, touches)


def _sign(v: int) -> int:
    return (v > 0) - (v < 0)


class _Walker:
    """Walks the line P -> Q through the tiling; side(point) is the exact side."""

    def __init__(self, start: Hex, end: Hex) -> None:
        self.px, self.py = lattice(start)
        qx, qy = lattice(end)
        self.dx, self.dy = qx - self.px, qy - self.py

    def side(self, x: int, y: int) -> int:
        """+1 / -1 for the two sides of the line, 0 on it (integer cross product)."""
        return _sign(self.dx * (y - self.py) - self.dy * (x - self.px))

    def corner_sides(self, h: Hex) -> list[int]:
        x, y = lattice(h)
        return [self.side(x + cx, y + cy) for cx, cy in LATTICE_CORNERS]


# Corner i is shared by the hex and its neighbours in directions (i + 1) and (i + 2);
# the edge from corner i to corner i + 1 faces direction (i + 2).
def _around_corner(h: Hex, i: int) -> tuple[Hex, Hex]:
    return h.neighbour((i + 1) % 6), h.neighbour((i + 2) % 6)


def _crosses_interior(sides: list[int]) -> bool:
    return 1 in sides and -1 in sides


@lru_cache(maxsize=65536)
def trace(start: Hex, end: Hex) -> LineTrace:
    """Walk the straight line between the centres of ``start`` and ``end``.

    Returns every hex crossed, edge run along and corner touched, in order from
    ``start``; the end hexes themselves are never listed.
    """
    if start == end:
        return LineTrace(start, end, ())
    w = _Walker(start, end)
    touches: list[Touch] = []
    current = start
    for _ in range(4 * (abs(end.q - start.q) + abs(end.r - start.r)) + 8):
        if current == end:
            return LineTrace(start, end, tuple(touches))
        if current != start:
            touches.append(Touch(CROSS, (current,)))
        sides = w.corner_sides(current)
        nxt: Hex | None = None
        for i in range(6):
            j = (i + 1) % 6
            if sides[i] < 0 < sides[j]:  # leaves through the edge i -> i+1
                nxt = current.neighbour((i + 2) % 6)
                break
            if sides[i] == 0 and sides[i - 1] < 0 < sides[j]:  # leaves through corner i
                a, b = _around_corner(current, i)
                sa, sb = w.corner_sides(a), w.corner_sides(b)
                if _crosses_interior(sa):
                    nxt = a
                    touches.append(Touch(VERTEX, (b,)))
                elif _crosses_interior(sb):
                    nxt = b
                    touches.append(Touch(VERTEX, (a,)))
                else:  # runs along the edge between a and b, then into the hex beyond
                    left, right = (a, b) if sum(sa) < sum(sb) else (b, a)
                    touches.append(Touch(EDGE, (left, right)))
                    nxt = _beyond_edge(current, a, b)
                break
        if nxt is None:  # pragma: no cover - impossible for a line through an interior
            raise AssertionError(f"line {start}->{end} lost at {current}")
        current = nxt
    raise AssertionError(f"line {start}->{end} did not arrive")  # pragma: no cover


def _beyond_edge(came_from: Hex, a: Hex, b: Hex) -> Hex:
    """The hex at the far end of the edge between ``a`` and ``b`` (not ``came_from``)."""
    common = set(a.neighbours()) & set(b.neighbours())
    common.discard(came_from)
    (far,) = common
    return far
