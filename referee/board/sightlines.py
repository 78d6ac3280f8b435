"""The exact traces of every straight line on a map, kept once per symmetry class.

A line's trace (the hexes it crosses, runs along or touches, clause ``los.straight-line``)
depends only on the displacement between its two end hexes. The twelve symmetries of the
hex grid (six rotations, each with or without a mirror) map lines onto lines and traces onto
traces exactly, so the table keeps one trace per symmetry class: the *canonical* lines,
about a twelfth of all displacements, in small integer types. Everything else is derived:

* the trace of any displacement is its canonical trace mapped back by one symmetry;
* the *inverted* table lists, for each canonical offset ``o``, every line from ``(0, 0)``
  that meets the hex at ``o``: a hex's "shadow", used by :mod:`referee.board.single_source`.

The lines are walked by :func:`trace_many`, all together and exactly as
:func:`referee.board.line.trace` walks one (integer signs only; the tests compare them). A
table is built once per radius and cached on disk; a cache file that cannot be read is
rebuilt, never trusted.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field, fields
from functools import cached_property
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from referee.board.hexgrid import DIRECTIONS, LATTICE_CORNERS

I64Array = npt.NDArray[np.int64]
I32Array = npt.NDArray[np.int32]
I16Array = npt.NDArray[np.int16]
I8Array = npt.NDArray[np.int8]
IntArray = npt.NDArray[np.signedinteger[Any]]
TABLE_VERSION = 6
KEY_BITS = 10  # lines up to 1023 hexes long
KIND_BITS = 3  # kinds of entry in the inverted table: 0 crossed, 1 corner, 2 + d edge run
EDGE_KIND = 2
SYMMETRY_COUNT = 12

# The twelve symmetries of the hex lattice as integer matrices on axial (q, r): the six
# rotations by 60 degrees and their mirror images. Each maps hex centres, corners and
# edges onto themselves, so a line's trace maps exactly onto the trace of its image.
_ROTATE = np.array([[0, -1], [1, 1]], np.int64)  # (q, r) -> (-r, q + r)
_MIRROR = np.array([[1, 0], [-1, -1]], np.int64)  # (q, r) -> (q, -q - r)
SYMMETRIES: I64Array = np.array(
    [
        np.linalg.matrix_power(_ROTATE, k) @ m
        for m in (np.eye(2, dtype=np.int64), _MIRROR)
        for k in range(6)
    ],
    np.int64,
)
INVERSES: I64Array = np.array([np.round(np.linalg.inv(m)).astype(np.int64) for m in SYMMETRIES])


# The lattice of :mod:`referee.board.hexgrid` as arrays: corner offsets of a hex from its
# centre (corner i and i + 1 bound the edge facing direction i + 2) and the six directions.
_CORNER_X = np.array([x for x, _ in LATTICE_CORNERS], np.int64)
_CORNER_Y = np.array([y for _, y in LATTICE_CORNERS], np.int64)
_DIR_Q = np.array([d.q for d in DIRECTIONS], np.int64)
_DIR_R = np.array([d.r for d in DIRECTIONS], np.int64)
_BACK_1 = np.roll(np.arange(6), 1)  # i -> i - 1 (mod 6)
_STEP_1 = np.roll(np.arange(6), -1)  # i -> i + 1 (mod 6)
_STEP_2 = np.roll(np.arange(6), -2)  # i -> i + 2 (mod 6)


@dataclass(frozen=True)
class Traces:
    """The traces of :func:`walk` as CSR columns in the line table's types: line ``k``'s
    points are ``point_start[k]:point_start[k + 1]``, its edge runs likewise."""

    point_start: I32Array
    point_q: I16Array
    point_r: I16Array
    point_kind: I8Array
    point_pos_s: I16Array
    point_pos_t: I16Array
    edge_start: I32Array
    edge_aq: I16Array
    edge_ar: I16Array
    edge_bq: I16Array
    edge_br: I16Array
    edge_pos_s: I16Array
    edge_pos_t: I16Array


def trace_many(dq: I64Array, dr: I64Array) -> tuple[I32Array, I32Array]:
    """The traces from (0, 0) to every (dq, dr) (none of them (0, 0)), all lines walked
    together hex by hex exactly as :func:`referee.board.line.trace` walks one (:func:`walk`).

    Returns point rows ``(line, q, r, kind, pos_s, pos_t)`` (kind 0 a crossed hex, 1 a
    corner touch) and edge rows ``(line, left q, left r, right q, right r, pos_s, pos_t)``,
    both sorted by line and, within a line, in order from (0, 0). ``pos_s`` and ``pos_t``
    count the crossed hexes between the start / end and the entry, plus one."""
    t = walk(dq, dr)
    lines = np.arange(len(dq), dtype=np.int32)
    p_line = np.repeat(lines, np.diff(t.point_start))
    e_line = np.repeat(lines, np.diff(t.edge_start))
    p = (p_line, t.point_q, t.point_r, t.point_kind, t.point_pos_s, t.point_pos_t)
    e = (e_line, t.edge_aq, t.edge_ar, t.edge_bq, t.edge_br, t.edge_pos_s, t.edge_pos_t)
    return (
        np.stack([a.astype(np.int32) for a in p], axis=1),
        np.stack([a.astype(np.int32) for a in e], axis=1),
    )


def walk(dq: I64Array, dr: I64Array) -> Traces:
    """The traces from (0, 0) to every (dq, dr) (none of them (0, 0)), all lines walked
    together hex by hex exactly as :func:`referee.board.line.trace` walks one.

    Every decision is the sign of an integer, as in ``trace``: on the lattice the line
    is (0, 0) -> (dx, dy) = (3 dq, 2 dr + dq), and a point (x, y) is on its left, on it
    or on its right as ``dx * y - dy * x`` is < 0, 0 or > 0. That value is linear, so
    the walk keeps it for the current hex's centre (``c``) and adds per-line constants
    for the six corners (``corner``) and the six steps to a neighbour (``step``).

    Each step's entries are kept in narrow types with their place in their line (a count
    per line), and put in place at the end: no sort, and a large map's five million
    entries held about twice, not five times."""
    n_lines = len(dq)
    dx, dy = 3 * dq, 2 * dr + dq
    corner = dx[:, None] * _CORNER_Y - dy[:, None] * _CORNER_X  # (lines, 6)
    step = (dx - 3 * dy)[:, None] * _DIR_Q + (2 * dx)[:, None] * _DIR_R  # (lines, 6)
    total = np.zeros(n_lines, np.int32)  # crossed hexes per line, known on arrival
    count = np.zeros(n_lines, np.int32)  # point entries per line so far
    e_count = np.zeros(n_lines, np.int32)
    # the lines still walking: which line, its end, the current hex, c, crossed so far
    line = np.arange(n_lines, dtype=np.int64)
    end_q, end_r = dq, dr
    q = np.zeros(n_lines, np.int64)
    r, c, before = q.copy(), q.copy(), q.copy()
    points: list[_Block] = []  # per step: line, place, q, r, kind, before
    edges: list[_Block] = []  # line, place, left q, left r, right q, right r, before
    limit = 4 * int(np.max(np.abs(dq) + np.abs(dr), initial=0)) + 8
    for walked in range(limit):
        arrived = (q == end_q) & (r == end_r)
        if arrived.any():
            total[line[arrived]] = before[arrived]
            going = ~arrived
            line, end_q, end_r = line[going], end_q[going], end_r[going]
            q, r, c, before = q[going], r[going], c[going], before[going]
            corner, step = corner[going], step[going]
        if not len(line):
            break
        if walked:  # every hex after the start is crossed
            points.append(_block(count, line, q, r, np.zeros(len(q), np.int8), before))
            before = before + 1
        # the exit: the edge i -> i + 1 or the corner i where the corners go from the
        # line's one side to the other, clockwise (exactly one per hex)
        v = c[:, None] + corner
        v_next, v_prev = v[:, _STEP_1], v[:, _BACK_1]
        exits = (v_next > 0) & ((v < 0) | ((v == 0) & (v_prev < 0)))
        i = np.argmax(exits, axis=1)
        at = np.arange(len(line))
        d1, d2 = _STEP_1[i], _STEP_2[i]
        q_next, r_next = q + _DIR_Q[d2], r + _DIR_R[d2]
        c_next = c + step[at, d2]
        via_corner = np.flatnonzero(v[at, i] == 0)
        if len(via_corner):
            # through corner i, between the neighbours a (direction i + 1) and b (i + 2):
            # into whichever the line crosses, touching the other; or along their edge
            k, a_dir, b_dir = via_corner, d1[via_corner], d2[via_corner]
            qk, rk, ck = q[k], r[k], c[k]
            aq, ar, ac = qk + _DIR_Q[a_dir], rk + _DIR_R[a_dir], ck + step[k, a_dir]
            bq, br, bc = qk + _DIR_Q[b_dir], rk + _DIR_R[b_dir], ck + step[k, b_dir]
            sa = np.sign(ac[:, None] + corner[k])
            sb = np.sign(bc[:, None] + corner[k])
            into_a = (sa > 0).any(axis=1) & (sa < 0).any(axis=1)
            into_b = ~into_a & (sb > 0).any(axis=1) & (sb < 0).any(axis=1)
            run = ~into_a & ~into_b
            touch = ~run
            if touch.any():
                points.append(
                    _block(
                        count,
                        line[k][touch],
                        np.where(into_a, bq, aq)[touch],
                        np.where(into_a, br, ar)[touch],
                        np.ones(int(touch.sum()), np.int8),
                        before[k][touch],
                    )
                )
            if run.any():
                a_left = sa.sum(axis=1) < sb.sum(axis=1)
                edges.append(
                    _block(
                        e_count,
                        line[k][run],
                        np.where(a_left, aq, bq)[run],
                        np.where(a_left, ar, br)[run],
                        np.where(a_left, bq, aq)[run],
                        np.where(a_left, br, ar)[run],
                        before[k][run],
                    )
                )
            # crossing a: into a; crossing b: into b; along the edge: into the hex beyond
            q_next[k] = np.where(into_a, aq, np.where(into_b, bq, aq + bq - qk))
            r_next[k] = np.where(into_a, ar, np.where(into_b, br, ar + br - rk))
            c_next[k] = np.where(into_a, ac, np.where(into_b, bc, ac + bc - ck))
        q, r, c = q_next, r_next, c_next
    else:  # pragma: no cover - impossible for a line through an interior
        raise AssertionError(f"lines to {end_q[:3]}, {end_r[:3]}... did not arrive")
    del corner, step, line, q, r, c, before
    # with ``before`` the hexes crossed before an entry, pos_s = before + 1 and pos_t =
    # (total - before - 1) + 1 for a crossed hex (it is one of the total itself) and
    # (total - before) + 1 for a corner touch: total - before + kind
    i16, i8 = np.int16, np.int8
    p_start, (pq, pr, kind, p_before) = _placed(points, count, (i16, i16, i8, i16))
    pos_t = total[np.repeat(np.arange(n_lines), np.diff(p_start))].astype(np.int16)
    pos_t -= p_before
    pos_t += kind
    p_before += 1
    e_start, (aq, ar, bq, br, e_before) = _placed(edges, e_count, (i16,) * 5)
    e_pos_t = total[np.repeat(np.arange(n_lines), np.diff(e_start))].astype(np.int16)
    e_pos_t -= e_before
    e_pos_t += 1
    e_before += 1
    return Traces(
        p_start, pq, pr, kind, p_before, pos_t, e_start, aq, ar, bq, br, e_before, e_pos_t
    )


WALK_LINES = 6000  # lines walked together at most (:func:`walk_in_parts`)


def walk_in_parts(dq: I64Array, dr: I64Array, per: int = WALK_LINES) -> Traces:
    """:func:`walk`, ``per`` lines at a time, joined: the same traces. The walk keeps
    each step's entries in arrays too small for the allocator to give back one by one,
    and C's allocator kept the memory of a large map's whole walk (about 100 MB on 200 x
    200) after it was done; a part's is reused by the next."""
    if len(dq) <= per:
        return walk(dq, dr)
    parts = [walk(dq[at : at + per], dr[at : at + per]) for at in range(0, len(dq), per)]
    out: dict[str, npt.NDArray[Any]] = {}
    for f in fields(Traces):
        arrays = [getattr(t, f.name) for t in parts]
        if f.name.endswith("_start"):
            ends = np.cumsum([0] + [int(a[-1]) for a in arrays[:-1]])
            arrays = [arrays[0]] + [
                a[1:] + np.int32(e) for a, e in zip(arrays[1:], ends[1:], strict=True)
            ]
        out[f.name] = np.concatenate(arrays)
        for t in parts:
            object.__setattr__(t, f.name, _NOTHING)
    return Traces(**out)


_Block = tuple[npt.NDArray[Any], ...]


def _block(count: I32Array, line: I64Array, *columns: npt.NDArray[Any]) -> _Block:
    """One step's entries of ``line`` (each line at most once) in narrow types, with
    their place in their line; ``count`` (entries per line so far) moves on."""
    place = count[line]
    count[line] += 1
    narrow = [np.asarray(a).astype(np.int8 if a.dtype == np.int8 else np.int16) for a in columns]
    return (line.astype(np.int32), place.astype(np.int16), *narrow)


def _placed(
    blocks: list[_Block], count: I32Array, kinds: tuple[type[np.signedinteger[Any]], ...]
) -> tuple[I32Array, list[npt.NDArray[Any]]]:
    """The entries of ``blocks`` in line order and, within a line, in place order, as
    columns of ``kinds``; and the CSR start of each line. The blocks are let go as they
    are placed."""
    start = np.zeros(len(count) + 1, np.int32)
    np.cumsum(count, out=start[1:])
    out = [np.empty(int(start[-1]), kind) for kind in kinds]
    blocks.reverse()
    while blocks:
        line, place, *columns = blocks.pop()
        dest = start[line] + place
        for o, col in zip(out, columns, strict=True):
            o[dest] = col
    return start, out


def hex_distance(dq: IntArray, dr: IntArray) -> IntArray:
    """Steps between two hexes ``(dq, dr)`` apart (clause ``fire.range``), elementwise."""
    return np.asarray((np.abs(dq) + np.abs(dr) + np.abs(dq + dr)) // 2)


def map_by(sym: IntArray | int, q: IntArray, r: IntArray) -> tuple[I64Array, I64Array]:
    """``(q, r)`` mapped by the symmetries numbered ``sym`` (elementwise)."""
    m = SYMMETRIES[sym]
    return m[..., 0, 0] * q + m[..., 0, 1] * r, m[..., 1, 0] * q + m[..., 1, 1] * r


def map_back(sym: IntArray | int, q: IntArray, r: IntArray) -> tuple[I64Array, I64Array]:
    """``(q, r)`` mapped by the inverses of the symmetries numbered ``sym``."""
    m = INVERSES[sym]
    return m[..., 0, 0] * q + m[..., 0, 1] * r, m[..., 1, 0] * q + m[..., 1, 1] * r


def canonical(dq: IntArray, dr: IntArray) -> tuple[I64Array, I64Array, I64Array]:
    """The canonical member of each displacement's symmetry class and the symmetry that
    takes the displacement there: ``(cq, cr, sym)`` with ``SYMMETRIES[sym] @ d == c``.

    The canonical member is the image with the smallest ``(q, r)``: a displacement is
    canonical when no symmetry makes it smaller (then ``sym`` is 0, the identity)."""
    q = np.asarray(dq, np.int64).ravel()
    r = np.asarray(dr, np.int64).ravel()
    # (q, r) ordered as q * span + r: no image's r reaches |q| + |r|
    span = 2 * int(np.max(np.abs(q) + np.abs(r), initial=0)) + 1
    best_q, best_r = q.copy(), r.copy()
    best = q * span + r
    sym = np.zeros(len(q), np.int64)
    for k in range(1, SYMMETRY_COUNT):  # a symmetry at a time: the memory of a few copies
        iq, ir = map_by(k, q, r)
        key = iq * span + ir
        smaller = key < best  # the first symmetry of the smallest image, as argmin
        best[smaller] = key[smaller]
        best_q[smaller], best_r[smaller] = iq[smaller], ir[smaller]
        sym[smaller] = k
    return best_q, best_r, sym


@dataclass(frozen=True)
class Shadows:
    """The inverted table of a :class:`LineTable` (its ``shadow_*``)."""

    start: I32Array
    q: I16Array
    r: I16Array
    kind: I8Array
    pos_s: I16Array
    pos_t: I16Array
    dt: I16Array
    key: I32Array

    def arrays(self) -> dict[str, npt.NDArray[Any]]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


_NOT_ARRAYS = ("radius", "cache")


@dataclass(frozen=True)
class LineTable:
    """The canonical lines of every displacement up to ``radius`` hexes long, and the
    inverted table of the hexes they meet.

    Canonical line ``k`` goes from (0, 0) to ``(line_q[k], line_r[k])``. Its crossed hexes
    and corner touches are the point entries ``point_start[k]:point_start[k + 1]`` (offset
    ``point_q/r``, ``point_kind`` 0 crossed or 1 corner, ``point_pos_s/t`` the crossed hexes
    counted from the start / end, plus one, for ``los.blind-count``); its edge runs the edge
    entries (the two flanking hexes ``edge_aq/ar`` and ``edge_bq/br``).

    ``shadow_*`` (:class:`Shadows`, worked out on first use: only the one-hex-to-all engine
    reads them) invert the points: for the canonical offset of line ``k`` taken as a hex
    ``o``, the rows ``shadow_start[k]:shadow_start[k + 1]`` are every line from (0, 0), of
    any displacement ``(shadow_q, shadow_r)``, that meets ``o``, with the entry's kind and
    positions and ``shadow_dt``, the steps from ``o`` to the line's end. The kinds: 0 the
    line crosses ``o``, 1 it touches a corner, ``EDGE_KIND + d`` it runs along the edge
    between ``o`` and its neighbour in direction ``d``. A row holds them in that order,
    each from the shortest line to the longest: ``shadow_key`` is ``k << 13 | kind << 10
    | length``, sorted.
    """

    radius: int
    line_q: I16Array
    line_r: I16Array
    point_start: I32Array
    point_q: I16Array
    point_r: I16Array
    point_kind: I8Array
    point_pos_s: I16Array
    point_pos_t: I16Array
    edge_start: I32Array
    edge_aq: I16Array
    edge_ar: I16Array
    edge_bq: I16Array
    edge_br: I16Array
    edge_pos_s: I16Array
    edge_pos_t: I16Array
    cache: Path | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        # every displacement of the box around (0, 0): its canonical line and symmetry
        side = 2 * self.radius + 1
        span = np.arange(-self.radius, self.radius + 1, dtype=np.int64)
        cq, cr, sym = canonical(np.repeat(span, side), np.tile(span, side))
        lookup = np.full(side * side, -1, np.int32)
        lookup[(self.line_q.astype(np.int64) + self.radius) * side + self.line_r + self.radius] = (
            np.arange(len(self.line_q), dtype=np.int32)
        )
        inside = hex_distance(cq, cr) <= self.radius
        at = np.where(inside, (cq + self.radius) * side + cr + self.radius, 0)
        row = np.where(inside, lookup[at], -1)
        object.__setattr__(self, "_row", row.astype(np.int32))
        object.__setattr__(self, "_sym", sym.astype(np.int8))

    @property
    def nbytes(self) -> int:
        """Memory held by the table's arrays (the shadows' too, once worked out)."""
        held = sum(a.nbytes for a in self.arrays().values())
        if "shadows" in self.__dict__:
            held += sum(a.nbytes for a in self.shadows.arrays().values())
        return held

    def arrays(self) -> dict[str, npt.NDArray[Any]]:
        """The lines' arrays (not the shadows')."""
        return {f.name: getattr(self, f.name) for f in fields(self) if f.name not in _NOT_ARRAYS}

    @cached_property
    def shadows(self) -> Shadows:
        """The inverted table, from the disk cache when present (checked, else rebuilt and
        written there)."""
        path = None if self.cache is None else shadow_path(self.cache, self.radius)
        if path is not None:
            try:
                with np.load(path, allow_pickle=False) as z:
                    arrays = {k: z[k] for k in z.files}
                if int(arrays.pop("radius")) != self.radius:
                    raise ValueError("another radius")
                return _checked_shadows(Shadows(**arrays), len(self.line_q))
            except (OSError, KeyError, ValueError, TypeError, EOFError):
                pass
        shadows = _invert_all(self)
        if path is not None:
            _save(path, self.radius, shadows.arrays())
        return shadows

    @property
    def shadow_start(self) -> I32Array:
        return self.shadows.start

    @property
    def shadow_q(self) -> I16Array:
        return self.shadows.q

    @property
    def shadow_r(self) -> I16Array:
        return self.shadows.r

    @property
    def shadow_kind(self) -> I8Array:
        return self.shadows.kind

    @property
    def shadow_pos_s(self) -> I16Array:
        return self.shadows.pos_s

    @property
    def shadow_pos_t(self) -> I16Array:
        return self.shadows.pos_t

    @property
    def shadow_dt(self) -> I16Array:
        return self.shadows.dt

    @property
    def shadow_key(self) -> I32Array:
        return self.shadows.key

    def rows(self, dq: IntArray, dr: IntArray) -> tuple[I64Array, I64Array]:
        """The canonical line (row) of each displacement and the symmetry taking the
        displacement to it; the row is -1 for (0, 0) and beyond ``radius``."""
        side = 2 * self.radius + 1
        at = (np.asarray(dq, np.int64) + self.radius) * side + (np.asarray(dr) + self.radius)
        row: I32Array = object.__getattribute__(self, "_row")
        sym: I8Array = object.__getattribute__(self, "_sym")
        return row[at].astype(np.int64), sym[at].astype(np.int64)


def _displacements(radius: int) -> tuple[I64Array, I64Array]:
    """Every displacement of 1 to ``radius`` steps."""
    span = np.arange(-radius, radius + 1, dtype=np.int64)
    q = np.repeat(span, len(span))
    r = np.tile(span, len(span))
    keep = (hex_distance(q, r) <= radius) & ((q != 0) | (r != 0))
    return q[keep], r[keep]


def _csr(owner: IntArray, count: int) -> I32Array:
    return np.concatenate([[0], np.cumsum(np.bincount(owner, minlength=count))]).astype(np.int32)


def expand(starts: IntArray, rows: IntArray) -> tuple[I64Array, I64Array]:
    """The entry indices of CSR ``rows`` and, for each entry, which of ``rows`` it is."""
    lo = starts[rows].astype(np.int64)
    lengths = starts[rows + 1] - lo
    owner = np.repeat(np.arange(len(rows), dtype=np.int64), lengths)
    ends = np.cumsum(lengths)
    idx = np.arange(int(ends[-1]) if len(ends) else 0, dtype=np.int64) - np.repeat(
        ends - lengths - lo, lengths
    )
    return idx, owner


def build_table(radius: int, cache: Path | None = None) -> LineTable:
    """Trace the canonical lines up to ``radius`` hexes (their shadows are worked out on
    first use, and kept in ``cache`` when given)."""
    radius = max(1, int(radius))
    dq, dr = _displacements(radius)
    cq, cr, _ = canonical(dq, dr)
    is_canonical = (cq == dq) & (cr == dr)
    line_q, line_r = dq[is_canonical], dr[is_canonical]
    t = walk_in_parts(line_q, line_r)
    table = LineTable(
        radius=radius,
        line_q=line_q.astype(np.int16),
        line_r=line_r.astype(np.int16),
        point_start=t.point_start,
        point_q=t.point_q,
        point_r=t.point_r,
        point_kind=t.point_kind,
        point_pos_s=t.point_pos_s,
        point_pos_t=t.point_pos_t,
        edge_start=t.edge_start,
        edge_aq=t.edge_aq,
        edge_ar=t.edge_ar,
        edge_bq=t.edge_bq,
        edge_br=t.edge_br,
        edge_pos_s=t.edge_pos_s,
        edge_pos_t=t.edge_pos_t,
        cache=cache,
    )
    return table


def _invert_all(t: LineTable) -> Shadows:
    """Invert the canonical traces: for each canonical offset, the lines through it.

    Every displacement ``d`` is its canonical line mapped back by one symmetry; of its
    mapped entries, those at a canonical offset are listed under that offset. The lines
    are taken a slice at a time, so that the work in hand stays small.
    """
    n_lines = len(t.line_q)
    dq, dr = _displacements(t.radius)
    rows, sym = t.rows(dq, dr)
    points: list[_Inverted] = []
    lengths = np.diff(t.point_start)[rows]
    per_slice = 1 << 19  # entries mapped at once
    cuts = np.arange(per_slice, int(lengths.sum()), per_slice)
    bounds = np.searchsorted(np.cumsum(lengths), cuts)
    for part in np.split(np.arange(len(rows)), bounds):
        for k in range(SYMMETRY_COUNT):
            mine = part[sym[part] == k]
            if len(mine):
                _invert(t, k, mine, rows, dq, dr, points)
    # each block's sort key (offset, kind, length) in 32 bits in place of its offset
    for block in points:
        o_row, q, r, kind = block[:4]
        key = o_row << np.int32(KEY_BITS + KIND_BITS)
        key |= kind.astype(np.int32) << np.int32(KEY_BITS)
        key |= steps_apart(q, r)
        block[0] = key
    keys = np.concatenate([np.zeros(0, np.int32), *(block[0] for block in points)])
    order = np.argsort(keys, kind="stable")
    keys = keys[order]
    # each column in its own narrow type, joined and put in order a column at a time and
    # let go from the blocks (a large map's inverted table has millions of entries: the
    # memory held at once is what counts)
    columns = []
    for j, kind_of in enumerate(_INVERTED_TYPES[1:], start=1):
        joined = np.concatenate([np.zeros(0, kind_of), *(block[j] for block in points)])
        for block in points:
            block[j] = _NOTHING
        columns.append(joined[order])
        del joined
    del points, order
    q, r, kind, pos_s, pos_t = columns
    o_row = keys >> np.int32(KEY_BITS + KIND_BITS)
    dq_o = t.line_q[o_row]
    dq_o -= q
    dr_o = t.line_r[o_row]
    dr_o -= r
    return Shadows(
        start=_csr(o_row, n_lines),
        q=q,
        r=r,
        kind=kind,
        pos_s=pos_s,
        pos_t=pos_t,
        dt=steps_apart(dq_o, dr_o),
        key=keys,
    )


_NOTHING = np.zeros(0, np.int8)


def steps_apart(q: I16Array, r: I16Array) -> I16Array:
    """:func:`hex_distance` of 16-bit offsets, in 16 bits and with few copies (a large
    map's tables have millions of entries)."""
    out = np.abs(q)
    out += np.abs(r)
    s = q + r
    np.abs(s, out=s)
    out += s
    out //= 2
    return out


# an inverted entry's columns: canonical line through the offset, the displacement (q, r),
# kind, pos_s, pos_t
_Inverted = list[npt.NDArray[Any]]
_INVERTED_TYPES = (np.int32, np.int16, np.int16, np.int8, np.int16, np.int16)


def _inverted(*columns: npt.NDArray[Any]) -> _Inverted:
    return [
        np.asarray(a).astype(kind, copy=False)
        for a, kind in zip(columns, _INVERTED_TYPES, strict=True)
    ]


# direction number of a step (dq, dr) to a neighbour, at (dq + 1) * 3 + (dr + 1)
_DIRECTION_OF = np.full(9, -1, np.int64)
_DIRECTION_OF[(_DIR_Q + 1) * 3 + (_DIR_R + 1)] = np.arange(6)


def _invert(
    t: LineTable,
    k: int,
    mine: I64Array,
    rows: I64Array,
    dq: I64Array,
    dr: I64Array,
    points: list[_Inverted],
) -> None:
    """The entries of displacements ``mine`` (all mapped by symmetry ``k``) that fall on a
    canonical offset, appended to ``points``: crossings and corner touches, and each hex
    flanking an edge run (kind ``EDGE_KIND + d``, the other hex in direction ``d``)."""
    idx, owner = expand(t.point_start, rows[mine])
    oq, or_ = map_back(k, t.point_q[idx].astype(np.int64), t.point_r[idx])
    orow, osym = t.rows(oq, or_)
    keep = osym == 0  # the offset is its own canonical member
    at = mine[owner[keep]]
    kept = idx[keep]
    points.append(
        _inverted(
            orow[keep],
            dq[at],
            dr[at],
            t.point_kind[kept],
            t.point_pos_s[kept],
            t.point_pos_t[kept],
        )
    )
    eidx, eowner = expand(t.edge_start, rows[mine])
    if not len(eidx):
        return
    aq, ar = map_back(k, t.edge_aq[eidx].astype(np.int64), t.edge_ar[eidx])
    bq, br = map_back(k, t.edge_bq[eidx].astype(np.int64), t.edge_br[eidx])
    for fq, fr, pq, pr in ((aq, ar, bq, br), (bq, br, aq, ar)):
        frow, fsym = t.rows(fq, fr)
        keep = fsym == 0
        at = mine[eowner[keep]]
        kept = eidx[keep]
        towards = _DIRECTION_OF[(pq - fq + 1) * 3 + (pr - fr + 1)][keep]
        points.append(
            _inverted(
                frow[keep],
                dq[at],
                dr[at],
                EDGE_KIND + towards,
                t.edge_pos_s[kept],
                t.edge_pos_t[kept],
            )
        )


def cache_path(cache: Path, radius: int) -> Path:
    return cache / f"sightlines-v{TABLE_VERSION}-r{radius}.npz"


def shadow_path(cache: Path, radius: int) -> Path:
    return cache / f"sightlines-shadows-v{TABLE_VERSION}-r{radius}.npz"


def _save(path: Path, radius: int, arrays: dict[str, npt.NDArray[Any]]) -> None:
    """Write ``arrays`` to ``path`` through a temporary file (a failure writes nothing)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tag = hashlib.sha1(f"{path}{id(arrays)}".encode()).hexdigest()[:8]
        tmp = path.with_suffix(f".{tag}.tmp.npz")
        np.savez(tmp, allow_pickle=False, radius=np.array(radius), **arrays)
        tmp.replace(path)
    except OSError:
        pass


def line_table(radius: int, cache: Path | None = None) -> LineTable:
    """The table for lines up to ``radius`` hexes, from the disk cache when present (a
    cache file that cannot be read, or holds another table, is rebuilt, never trusted)."""
    radius = max(1, int(radius))
    if cache is not None:
        path = cache_path(cache, radius)
        try:
            with np.load(path, allow_pickle=False) as z:
                arrays = {k: z[k] for k in z.files}
            if int(arrays.pop("radius")) != radius:
                raise ValueError("another radius")
            return _checked(LineTable(radius=radius, cache=cache, **arrays))
        except (OSError, KeyError, ValueError, TypeError, EOFError):
            pass
    table = build_table(radius, cache)
    if cache is not None:
        _save(path, radius, table.arrays())
    return table


def _checked(t: LineTable) -> LineTable:
    """A loaded table whose arrays have the types and lengths they must have."""
    kinds = {"I8Array": np.int8, "I16Array": np.int16, "I32Array": np.int32}
    want = {f.name: kinds[str(f.type)] for f in fields(LineTable) if f.name not in _NOT_ARRAYS}
    _check_types(t.arrays(), want)
    n = len(t.line_q)
    _check_rows(t.point_start, t.point_q, n)
    _check_rows(t.edge_start, t.edge_aq, n)
    return t


def _checked_shadows(s: Shadows, n: int) -> Shadows:
    """Loaded shadows with the types and lengths they must have, for ``n`` lines."""
    kinds = {"I8Array": np.int8, "I16Array": np.int16, "I32Array": np.int32}
    _check_types(s.arrays(), {f.name: kinds[str(f.type)] for f in fields(Shadows)})
    _check_rows(s.start, s.q, n)
    if any(len(a) != len(s.q) for a in s.arrays().values() if a is not s.start):
        raise ValueError("inconsistent shadows")
    return s


def _check_types(arrays: dict[str, npt.NDArray[Any]], want: dict[str, Any]) -> None:
    if set(arrays) != set(want):
        raise ValueError("other arrays")
    for name, a in arrays.items():
        if a.ndim != 1 or a.dtype != want[name]:
            raise ValueError(f"{name}: {a.dtype}")


def _check_rows(start: I32Array, entries: npt.NDArray[Any], n: int) -> None:
    if len(start) != n + 1 or int(start[-1]) != len(entries) or np.any(np.diff(start) < 0):
        raise ValueError("inconsistent table")
