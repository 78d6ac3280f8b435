"""Hex grid maths: cube/axial coordinates inside, printed labels at the edge.

The printed map is flat-topped with odd columns half a hex lower (odd-q offset);
a label is the column letter(s) then the row number, ``A1`` top left (clause
``board.labels``). Inside the engine a hex is an axial ``Hex(q, r)`` (cube ``s`` is
derived), following Red Blob Games' conventions.

Geometry has two scales:

* ``centre()``: the real plane with unit circumradius, x = 1.5·col,
  y = √3·(row + 0.5·(col mod 2)), y growing downwards;
* ``lattice()``: the same plane stretched to integers (X = 2x, Y = 2y/√3), where
  every hex centre and corner has integer coordinates. The stretch is affine, so
  a line crosses, runs along or touches a hex in the lattice exactly when it does
  in the real plane; exact geometry (line of sight) is done there.

Clause ``terrain.hex-map``.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from typing import NamedTuple

import msgspec

from referee.errors import RefereeError, whole_number

SQRT3 = math.sqrt(3.0)


class LabelError(RefereeError):
    """A hex label that is not column letters followed by a row number."""


class Hex(msgspec.Struct, frozen=True, order=True):
    """A hex in axial coordinates (cube ``s = -q - r``)."""

    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r

    def __add__(self, other: Hex) -> Hex:
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def scale(self, k: int) -> Hex:
        return Hex(self.q * k, self.r * k)

    def neighbour(self, direction: int) -> Hex:
        return self + DIRECTIONS[direction % 6]

    def neighbours(self) -> Iterator[Hex]:
        for d in DIRECTIONS:
            yield self + d

    def __str__(self) -> str:
        return hex_label(self)

    def __repr__(self) -> str:
        return f"Hex({self.q}, {self.r})"


# Directions, clockwise from straight up the printed map, for flat-topped hexes:
# 0 = N (up), 1 = NE, 2 = SE, 3 = S (down), 4 = SW, 5 = NW.
# A facing is one of these six indices (clause ``angles.facing``).
DIRECTIONS: tuple[Hex, ...] = (
    Hex(0, -1),
    Hex(1, -1),
    Hex(1, 0),
    Hex(0, 1),
    Hex(-1, 1),
    Hex(-1, 0),
)
DIRECTION_NAMES: tuple[str, ...] = ("N", "NE", "SE", "S", "SW", "NW")


def facing_name(facing: int) -> str:
    """A facing as every page writes it: its compass name (``N``, ``NE`` ... ``NW``), the
    pair of :func:`direction_index`."""
    return DIRECTION_NAMES[facing % 6]


def direction_index(name: str) -> int:
    """The facing index of a compass name (``N``, ``NE`` ... ``NW``) or a digit 0-5."""
    key = name.strip().upper()
    if key in DIRECTION_NAMES:
        return DIRECTION_NAMES.index(key)
    number = whole_number(key)
    if number is not None and 0 <= number < 6:
        return number
    raise ValueError(f"unknown facing {name!r}: use one of {', '.join(DIRECTION_NAMES)}")


def distance(a: Hex, b: Hex) -> int:
    """Hexes between ``a`` and ``b`` counted as steps (clause ``fire.range``)."""
    dq, dr = a.q - b.q, a.r - b.r
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def ring(centre: Hex, radius: int) -> list[Hex]:
    """The hexes exactly ``radius`` steps from ``centre``, clockwise from the SW corner."""
    if radius == 0:
        return [centre]
    out: list[Hex] = []
    h = centre + DIRECTIONS[4].scale(radius)
    for side in range(6):
        for _ in range(radius):
            out.append(h)
            h = h.neighbour(side)
    return out


def spiral(centre: Hex, radius: int) -> list[Hex]:
    """Every hex within ``radius`` steps of ``centre``."""
    out: list[Hex] = []
    for k in range(radius + 1):
        out.extend(ring(centre, k))
    return out


# --- offset coordinates (what the printed map shows) -------------------------


def from_offset(col: int, row: int) -> Hex:
    """The hex at column index ``col`` and row index ``row`` (both from 0), odd-q."""
    return Hex(col, row - (col - (col & 1)) // 2)


def to_offset(h: Hex) -> tuple[int, int]:
    """``(col, row)`` indices (both from 0) of ``h`` on the odd-q printed grid."""
    return h.q, h.r + (h.q - (h.q & 1)) // 2


def column_letters(col: int) -> str:
    """``0 -> A``, ``25 -> Z``, ``26 -> AA`` (spreadsheet columns)."""
    if col < 0:
        raise ValueError(f"column index {col} is left of column A")
    letters = ""
    n = col + 1
    while n:
        n, rem = divmod(n - 1, 26)
        letters = chr(ord("A") + rem) + letters
    return letters


def column_index(letters: str) -> int:
    n = 0
    for ch in letters.upper():
        n = n * 26 + (ord(ch) - ord("A") + 1)
    return n - 1


_LABEL = re.compile(r"^\s*([A-Za-z]{1,3})\s*(\d{1,4})\s*$")


def parse_label(label: str) -> Hex:
    """The hex of a printed label such as ``C4`` (clause ``board.labels``)."""
    m = _LABEL.match(label)
    if not m:
        raise LabelError(
            f"{label!r} is not a hex label: expected column letters then a row number, like C4"
        )
    row = int(m.group(2))
    if row < 1:
        raise LabelError(f"{label!r}: rows are numbered from 1")
    return from_offset(column_index(m.group(1)), row - 1)


def hex_label(h: Hex) -> str:
    """The printed label of ``h``; the inverse of :func:`parse_label`."""
    col, row = to_offset(h)
    if col < 0 or row < 0:
        return f"({h.q},{h.r})"
    return f"{column_letters(col)}{row + 1}"


# --- geometry ------------------------------------------------------------------


class Point(NamedTuple):
    x: float
    y: float


def centre(h: Hex) -> Point:
    """Centre of ``h`` in the real plane (unit circumradius, y down)."""
    return Point(1.5 * h.q, SQRT3 * (h.r + h.q / 2))


def corners(h: Hex) -> list[Point]:
    """The six corners of ``h`` (real plane), clockwise from the east corner."""
    cx, cy = centre(h)
    return [
        Point(cx + math.cos(math.radians(60 * i)), cy + math.sin(math.radians(60 * i)))
        for i in range(6)
    ]


def lattice(h: Hex) -> tuple[int, int]:
    """Centre of ``h`` on the integer lattice: X = 3q, Y = 2r + q."""
    return 3 * h.q, 2 * h.r + h.q


# Corners of a hex on the integer lattice relative to its centre, clockwise from
# east in screen terms (y down): E, SE, SW, W, NW, NE. Corner i and corner i+1
# bound the edge shared with the neighbour in direction (i + 2) % 6.
LATTICE_CORNERS: tuple[tuple[int, int], ...] = (
    (2, 0),
    (1, 1),
    (-1, 1),
    (-2, 0),
    (-1, -1),
    (1, -1),
)


def lattice_corners(h: Hex) -> list[tuple[int, int]]:
    x, y = lattice(h)
    return [(x + dx, y + dy) for dx, dy in LATTICE_CORNERS]


def from_lattice_centre(x: int, y: int) -> Hex | None:
    """The hex whose lattice centre is ``(x, y)``, or None if that is no centre."""
    if x % 3:
        return None
    q = x // 3
    if (y - q) % 2:
        return None
    return Hex(q, (y - q) // 2)


def hex_at_point(x: float, y: float) -> Hex:
    """The hex containing the real-plane point ``(x, y)`` (for mouse picking)."""
    qf = x / 1.5
    rf = y / SQRT3 - qf / 2
    return cube_round(qf, rf)


def cube_round(qf: float, rf: float) -> Hex:
    sf = -qf - rf
    q, r, s = round(qf), round(rf), round(sf)
    dq, dr, ds = abs(q - qf), abs(r - rf), abs(s - sf)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return Hex(q, r)
