"""Line of sight for every pair of hexes of a map, as packed bit planes.

For one displacement ``D`` every line ``s -> s + D`` has the same shape: the same hexes at
the same offsets from ``s`` (:mod:`referee.board.sightlines`). So the engine takes the
displacements a group at a time and answers all their sources together, 64 sources to a
machine word: a set of hexes (those that block at some pair of end levels, say) is kept
as a bit grid, pre-shifted by every offset within a word, and the lines ``s -> s + D``
stop where the OR of that grid, taken at each offset of the line, is set. What a hex does
depends on the levels of the two ends (clauses ``los.*``), so the engine works out, once
per board:

* *far* grids: per class of end levels (higher, lower), the hexes that block outright;
* *near* grids: the hexes whose "blind N" reaches ``k`` hexes behind them, for the few
  entries of a line within the largest N of either end (classes whose near grids are the
  same at every ``k`` share their stops: :attr:`AllPairs.near_of`),

and per query puts them together by the levels of each pair's two ends
(:attr:`AllPairs.plan`). Line of sight is symmetric (the same line, the same low end), so
``s -> s + D`` and ``s + D -> s`` are one answer: a whole map is worked out from half the
displacements.

Nearly all the work is ORing words (on a 200 x 200 map 3.5 G of them, for 14 M words of
answers), and one method does it, :meth:`AllPairs._answers`, by one of two kernels, which
also put the stops together by the levels of each pair's ends; the rest (line tables,
grids, groups) is shared:

* ``"numpy"``, the default: the lines of a group of displacements start from the same
  block of sources and fan out, so they meet the same hexes again and again (on a 100 x
  100 map, a block of the grid is wanted by eighteen entries on average): each distinct
  block is picked once (:meth:`AllPairs._blocks`), and the lines' ORs are then taken over
  rows of that small table, all the lines of a group at once and the ORs of a line as a
  tree (:func:`_segment_or`). numpy picks scattered blocks by fancy indexing, copies and
  ORs them at several nanoseconds a word (against about 0.3 for its in-place OR of long
  runs, the floor of ``referee bench los``).
* ``"numba"``, with the extra ``large-maps`` installed and from :data:`NUMBA_HEXES` hexes
  on (:func:`kernel_for`): a compiled loop (:mod:`referee.board.bit_kernels`) takes the
  lines one at a time: ORs each entry's block of each grid straight into words of the
  line's own, read down the block's columns of tiles (the near stops from the few entries
  within the largest N of an end, listed apart: :attr:`AllPairs.near_s`, ``near_t``), and
  puts them together by the levels of each word's sources and targets, read straight from
  the level grids, while the line's words are in the processor's nearest cache (numpy
  takes a pass per operation over the whole group, and a group's stops, levels and
  answers went through memory between the steps: a third of a 100 x 100 map's all pairs
  by the compiled loops, before they were one). Measured (CPU seconds, the machine
  shared, which slows the loops most: their time is the machine's memory): 100 x 100
  all pairs 0.7-1.2 by numpy, 0.16-0.2 so (0.22-0.26 before the steps were one, the
  same load); 200 x 200 9-11 by numpy, 2.7-4.1 so (nearly all ORs). Its cost is
  importing numba and loading the loops, about half a second to a second the first time
  a session works out all pairs (``kernels_load_ms``), and compiling them, about 4-8 s
  once per machine. Below 60 x 60 hexes numpy answers a whole map in under a quarter of
  a second, sooner than that load; the first answer of a session breaks even near 70 x
  70 to 80 x 80, and from 60 x 60 on each later one (the window's tool as levels change)
  is 2-3 times faster.

Measured and set aside (issue 27): the engine ORs about 1.2 times the words the floor
counts (3.5 G against 3.1 G on 200 x 200: the tiles' edges), so numpy's distance from the
floor is the cost of a word, not wasted words. A trie of the lines' prefixes (its nodes
serve every source that could be on a line: 4-5 s against 1.3 s on 100 x 100); leaving
out the lines already stopped (a quarter fewer words at most: the hexes that block the
higher classes, mountains, 4.4% of a big map, seldom stop every source of a word). For
``visible --all`` (:meth:`referee.board.visibility.Visibility.rows`), lists in order with
no sort, each pair appended to its hexes' lists as the lines come by their step (a hex's
numbers rise with its place): 110 ms against 85 for the pairs read out and sorted by
numpy on 100 x 100, the appends being scattered over every hex's list; a counting sort in
two passes by the compiled loops, 46 ms against numpy's 34 for 4 million pairs. numba
was chosen over a C extension (no compiler on a user's machine: numba's wheels cover
CPython 3.11 on Linux, Windows and macOS); the packaged app leaves it out (180 MB of LLVM,
and a frozen app keeps no compiled loops between runs).

Sources are numbered on the printed grid, split by the parity ``p`` of their column: a
source in column ``col`` and row ``row`` is at half-column ``ci = col // 2``. A word holds
an 8 x 8 tile of sources, bit ``8 * rr + cc`` the source ``rr`` rows down and ``cc``
half-columns right of the tile's corner. The answers are those of
:func:`referee.board.los.line_of_sight` exactly; the tests compare them.
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Iterator
from functools import cached_property
from itertools import pairwise
from typing import Any

import msgspec
import numpy as np
import numpy.typing as npt
from numpy.lib.stride_tricks import as_strided

from referee.board.sight_board import BLOCK, CLASSES, LEVEL_COUNT, SightBoard
from referee.board.sightlines import INVERSES, LineTable, hex_distance, steps_apart
from referee.errors import RefereeError, excerpt

I64Array = npt.NDArray[np.int64]
U64Array = npt.NDArray[np.uint64]
I32Array = npt.NDArray[np.int32]
I16Array = npt.NDArray[np.int16]
BoolArray = npt.NDArray[np.bool_]
TILE = 8  # a word is a tile of 8 x 8 sources
_PAD = 2  # tiles of empty grid around the map (lines along the rim, blocks' overhang)
_ENTRIES = 1 << 18  # line entries of a group handled at once, at most
# From this many hexes on, all pairs is worked out by the compiled loops when numba is
# installed (the extra ``large-maps``): below it numpy answers sooner than importing numba
# and loading the loops would (about a second of CPU; measured crossover in the notes)
NUMBA_HEXES = 60 * 60
KERNEL_ENV = "REFEREE_LOS_KERNEL"  # "numpy" or "numba": that kernel whatever the map
_WORDS = 1 << 18  # words ORed together at once in a segmented OR (2 MB)
_SLAB = 1 << 20  # line entries whose distances are worked out at once for the near lists
_Group = tuple[int, int, int, "I64Array", "I64Array"]  # p, ntr, ntc, row0, ci0
# a group's lines: canonical line, symmetry, displacement (dq, dr), sorted by symmetry
_Lines = tuple["I64Array", "I64Array", "I64Array", "I64Array"]
# per far grid, the lines it stops ``(grids, nD, ntr, ntc)``; per low end (s, t), the
# lines stopped near it and those stopped hard, per blind class ``(2, 2, classes, nD,
# ntr, ntc)`` (:meth:`AllPairs._numpy_stops`)
_Stops = tuple["U64Array", "U64Array"]


class _Entries(msgspec.Struct, frozen=True):
    """Entries of the canonical lines as CSR arrays: offsets, and per entry the steps or
    crossed hexes to the start (``ks``) and to the end (``kt``) that ``los.blind-count``
    counts. The values are small (a map is at most a few hundred hexes across), so they
    are kept as 16-bit integers: a 200 x 200 map's five million entries in 40 MB."""

    start: I64Array
    q: I16Array
    r: I16Array
    ks: I16Array
    kt: I16Array

    def take(self, rows: I64Array) -> tuple[I32Array, I32Array, I32Array]:
        """Entry indices of CSR ``rows``, which of ``rows`` each is of, and its place
        there (0 the first entry of its row)."""
        lo = self.start[rows]
        lengths = self.start[rows + 1] - lo
        owner = np.repeat(np.arange(len(rows), dtype=np.int32), lengths)
        first = (np.cumsum(lengths) - lengths).astype(np.int32)
        pos = np.arange(len(owner), dtype=np.int32) - np.repeat(first, lengths)
        idx = pos + np.repeat(lo.astype(np.int32), lengths)
        return idx, owner, pos

    def where(self, keep: BoolArray) -> _Entries:
        start = _kept_start(self.start, keep)
        return _Entries(start, self.q[keep], self.r[keep], self.ks[keep], self.kt[keep])


def _kept_start(start: npt.NDArray[np.signedinteger[Any]], keep: BoolArray) -> I64Array:
    """The CSR offsets of the entries ``keep`` leaves of rows ``start``."""
    kept = np.zeros(len(keep) + 1, np.int32)
    np.cumsum(keep, out=kept[1:])
    out: I64Array = kept[start].astype(np.int64)
    return out


def _joined(parts: list[_Entries]) -> _Entries:
    """The CSRs of consecutive slabs of rows as one."""
    if not parts:
        none = np.zeros(0, np.int16)
        return _Entries(np.zeros(1, np.int64), none, none, none, none)
    ends = np.cumsum([0, *(int(x.start[-1]) for x in parts)])
    start = np.concatenate([x.start[:-1] + at for x, at in zip(parts, ends, strict=False)])
    start = np.append(start, ends[-1]).astype(np.int64)
    q, r, ks, kt = (np.concatenate([getattr(x, f) for x in parts]) for f in ("q", "r", "ks", "kt"))
    return _Entries(start, q, r, ks, kt)


def _csr(
    rows: npt.NDArray[np.signedinteger[Any]],
    n_rows: int,
    q: npt.NDArray[Any],
    r: npt.NDArray[Any],
    ks: npt.NDArray[Any],
    kt: npt.NDArray[Any],
) -> _Entries:
    """Entries of ``rows`` as CSR arrays (taken as they are when already in row order)."""
    start = np.concatenate([[0], np.cumsum(np.bincount(rows, minlength=n_rows))])
    arrays = [np.asarray(a, np.int16) for a in (q, r, ks, kt)]
    if len(rows) > 1 and np.any(rows[1:] < rows[:-1]):
        order = np.argsort(rows, kind="stable")
        arrays = [a[order] for a in arrays]
    return _Entries(start.astype(np.int64), *arrays)


def _segment_or(u: U64Array, inv: I32Array, owner: I32Array, pos: I32Array, count: int) -> U64Array:
    """For each owner ``0 .. count - 1``, the OR of the rows ``u[inv[e]]`` of its entries
    ``e`` (``pos[e]`` the place of ``e`` among them; the last row of ``u`` is zeros).

    The entries are laid out as a table of ``depth x owners`` rows of ``u`` (the shorter
    owners padded with the zero row), taken a few owners at a time and ORed down by
    halves: a few long contiguous ORs instead of one per entry. (Leaving out the lines
    already stopped, a slab of entries at a time, did less ORing but took longer.)"""
    width = u.shape[1]
    out = np.zeros((count, width), np.uint64)
    if not len(inv) or not count:
        return out
    lengths = np.bincount(owner, minlength=count)
    depth = int(lengths.max())
    flat = np.full(depth * count, len(u) - 1, np.int32)
    flat[pos * np.int32(count) + owner] = inv
    table = flat.reshape(depth, count)
    per = max(1, _WORDS // (depth * width))
    for at in range(0, count, per):
        part = slice(at, at + per)
        depth = int(lengths[part].max())
        if not depth:
            continue
        rows = np.take(u, table[:depth, part], axis=0)  # (depth, owners, width)
        while depth > 1:
            half = depth >> 1
            np.bitwise_or(rows[:half], rows[depth - half : depth], out=rows[:half])
            depth -= half
        out[part] = rows[0]
    return out


def numba_installed() -> bool:
    """Whether numba can be imported (without importing it)."""
    try:
        return importlib.util.find_spec("numba") is not None
    except (ImportError, ValueError):  # blocked (None in sys.modules) or broken
        return False


def kernel_for(hexes: int) -> str:
    """The kernel that ORs the lines of a map of ``hexes`` hexes: ``"numba"`` (the
    compiled loops of :mod:`referee.board.bit_kernels`) or ``"numpy"``. The environment
    variable :data:`KERNEL_ENV` chooses one for every map (``numba`` only if installed)."""
    forced = os.environ.get(KERNEL_ENV, "")
    problem = ""
    if forced not in ("", "numpy", "numba"):
        problem = (
            f"the environment variable {KERNEL_ENV} is {excerpt(forced)}: it takes numpy or numba"
        )
    elif forced == "numba" and not numba_installed():
        problem = (
            f"the environment variable {KERNEL_ENV} asks for numba, which is not installed "
            "(pip install 'referee[large-maps]')"
        )
    if problem:
        raise RefereeError(problem)
    if forced:
        return forced
    return "numba" if hexes >= NUMBA_HEXES and numba_installed() else "numpy"


class PairBlock(msgspec.Struct, frozen=True):
    """Answers for the pairs ``s -> s + D`` of a group of displacements ``D`` (``dq``,
    ``dr``) from the sources of parity ``p``: for ``D[i]`` the sources from row
    ``row0[i]`` and half-column ``ci0[i]``, ``ntr x ntc`` tiles of them. ``planes[k]``
    is ``(len(dq), ntr, ntc)`` words (visible, then blind)."""

    dq: I64Array
    dr: I64Array
    p: int
    row0: I64Array
    ci0: I64Array
    ntr: int
    ntc: int
    planes: tuple[U64Array, ...]


def unpack(words: U64Array) -> BoolArray:
    """Words of tiles ``(..., ntr, ntc)`` as booleans ``(..., 8 ntr, 8 ntc)``."""
    *lead, ntr, ntc = words.shape
    bits = np.unpackbits(
        np.ascontiguousarray(words).astype("<u8", copy=False).view(np.uint8), bitorder="little"
    ).reshape(*lead, ntr, ntc, TILE, TILE)
    return np.moveaxis(bits, -2, -3).reshape(*lead, ntr * TILE, ntc * TILE).astype(np.bool_)


class AllPairs:
    """The all-pairs engine of one board over one line table."""

    def __init__(self, sb: SightBoard, table: LineTable, kernel: str | None = None) -> None:
        if table.radius < sb.radius:
            raise ValueError(f"the line table reaches {table.radius} hexes, the map {sb.radius}")
        self.sb = sb
        self.kernel = kernel or kernel_for(sb.n)  # who ORs the lines (:meth:`_answers`)
        self.table = table
        rules = sb.board.rules
        self.edge_both = rules.edge == "both"
        self.steps = rules.blind_count == "steps"
        self.with_vertices = rules.vertex == "block"
        self.cols = int(sb.col.max(initial=0)) + 1
        self.rows = int(sb.row.max(initial=0)) + 1
        self.half_cols = -(-self.cols // 2)
        self.max_blind = sb.max_blind
        e = sb.effects[: sb.n]
        # the far grids: per class, the hexes that block it outright
        far: list[BoolArray] = []
        self.far_of_class = np.full(LEVEL_COUNT * LEVEL_COUNT, -1, np.int64)
        for hi, lo in CLASSES:
            c = hi * LEVEL_COUNT + lo
            blocks = e[:, c] == BLOCK
            if blocks.any():
                self.far_of_class[c] = _index_of(far, blocks)
        # the near grids: per class with blind hexes and per k, the hexes that stop a line
        # whose low end is k behind them (k past the largest N: only those that block)
        blind = [
            hi * LEVEL_COUNT + lo
            for hi, lo in CLASSES
            if ((e[:, hi * LEVEL_COUNT + lo] > 0) & (e[:, hi * LEVEL_COUNT + lo] < BLOCK)).any()
        ]
        near: list[BoolArray] = []
        self.near_plane = np.zeros((LEVEL_COUNT * LEVEL_COUNT, self.max_blind + 2), np.int64)
        for c in blind:
            for k in range(1, self.max_blind + 2):
                self.near_plane[c, k] = _index_of(near, (e[:, c] >= k) & (e[:, c] > 0))
        # classes whose near grids are the same at every k stop the same lines: their
        # stops are worked out once, for the first of them (on the shipped terrain a unit
        # on a hill and one flying see past a hex at level 0 alike)
        self.near_of: dict[int, int] = {}
        for c in blind:
            same = [
                d for d in self.near_of.values() if (self.near_plane[d] == self.near_plane[c]).all()
            ]
            self.near_of[c] = same[0] if same else c
        self.blind_classes = sorted(set(self.near_of.values()))
        # per pair of end levels (a, b), at ``3 a + b``: the far grid that stops its lines
        # and the blind class whose near stops do, with the low end (0: s, 1: t); -1 none
        self.plan = np.full((LEVEL_COUNT * LEVEL_COUNT, 3), -1, np.int64)
        for a in range(LEVEL_COUNT):
            for b in range(LEVEL_COUNT):
                c = max(a, b) * LEVEL_COUNT + min(a, b)
                self.plan[a * LEVEL_COUNT + b, 0] = self.far_of_class[c]
                if a != b and c in self.near_of:
                    j = self.blind_classes.index(self.near_of[c])
                    self.plan[a * LEVEL_COUNT + b, 1:] = j, int(a > b)
        self._views: dict[tuple[int, int, int, bool], U64Array] = {}
        self._lut = np.empty(0, np.int32)
        self.n_far = len(far)
        self.n_near = len(near)
        self.far_v = self._tiles(far)
        self.near_v = self._tiles(near)

    # --- geometry -------------------------------------------------------------------

    @cached_property
    def points(self) -> _Entries:
        """The crossed hexes (and corner touches, when they count) of every canonical line,
        with their distances to the ends as ``los.blind-count`` counts them."""
        return self._points_of(0, len(self.table.line_q))

    def _points_of(self, lo: int, hi: int) -> _Entries:
        """:attr:`points` of the canonical lines ``lo .. hi - 1`` (offsets from line
        ``lo``'s first entry)."""
        t = self.table
        first, end = int(t.point_start[lo]), int(t.point_start[hi])
        span = slice(first, end)
        q, r = t.point_q[span], t.point_r[span]
        pos_s, pos_t = t.point_pos_s[span], t.point_pos_t[span]
        start = t.point_start[lo : hi + 1] - np.int32(first)
        counts = np.diff(start)
        keep: BoolArray | None = None
        if not self.with_vertices:  # corner touches do not count: leave them out
            keep = t.point_kind[span] == 0
            start = _kept_start(start, keep)
            q, r, pos_s, pos_t = q[keep], r[keep], pos_s[keep], pos_t[keep]
        if self.steps:  # 16 bits hold every value: lines are at most a few hundred long
            ks = steps_apart(q, r)
            lq = np.repeat(t.line_q[lo:hi], counts)
            lr = np.repeat(t.line_r[lo:hi], counts)
            if keep is not None:
                lq, lr = lq[keep], lr[keep]
            lq -= q
            lr -= r
            kt = steps_apart(lq, lr)
            del lq, lr
        else:
            ks, kt = pos_s, pos_t
        return _Entries(start.astype(np.int64), q, r, ks, kt)

    @cached_property
    def _near(self) -> tuple[_Entries, _Entries]:
        """:attr:`near_s` and :attr:`near_t`, worked out a slab of lines (about a million
        entries) at a time: every entry's distances at once would take 70 MB more on a
        200 x 200 map, which the compiled loops never need."""
        t = self.table
        lines = len(t.line_q)
        per = max(1, lines * _SLAB // max(1, int(t.point_start[-1])))
        near_s: list[_Entries] = []
        near_t: list[_Entries] = []
        for lo in range(0, lines, per):
            e = self._points_of(lo, min(lines, lo + per))
            near_s.append(e.where(e.ks <= self.max_blind))
            near_t.append(e.where(e.kt <= self.max_blind))
        return _joined(near_s), _joined(near_t)

    @property
    def near_s(self) -> _Entries:
        """The point entries within the largest N of the start."""
        return self._near[0]

    @property
    def near_t(self) -> _Entries:
        """The point entries within the largest N of the end."""
        return self._near[1]

    @cached_property
    def edges(self) -> tuple[_Entries, _Entries]:
        """Edge runs of every canonical line: the two flanking hexes, as two aligned CSRs."""
        t = self.table
        rows = np.repeat(np.arange(len(t.line_q), dtype=np.int64), np.diff(t.edge_start))
        out = []
        for fq, fr in ((t.edge_aq, t.edge_ar), (t.edge_bq, t.edge_br)):
            q, r = fq, fr
            if self.steps:
                ks = hex_distance(q, r)
                kt = hex_distance(t.line_q[rows] - q, t.line_r[rows] - r)
            else:
                ks, kt = t.edge_pos_s, t.edge_pos_t
            out.append(_csr(rows, len(t.line_q), q, r, ks, kt))
        return out[0], out[1]

    def _tiles(self, planes: list[BoolArray]) -> U64Array:
        """Hex sets as tiled bit grids ``[cp, jr, jc, plane, TR, TC]``: bit ``8 rr + cc``
        of the word at tile (TR, TC) holds the hex in row ``8 (TR - _PAD) + rr + jr`` and
        half-column ``8 (TC - _PAD) + cc + jc`` of the columns of parity ``cp``."""
        sb = self.sb
        tr = -(-self.rows // TILE) + 2 * _PAD
        tc = -(-self.half_cols // TILE) + 2 * _PAD
        out = np.zeros((2, TILE, TILE, max(1, len(planes)), tr, tc), np.uint64)
        cp, ci, row = sb.col & 1, (sb.col >> 1) + _PAD * TILE, sb.row + _PAD * TILE
        for i, plane in enumerate(planes):
            bits = np.zeros((2, (tr + 1) * TILE, (tc + 1) * TILE), np.bool_)
            bits[cp, row, ci] = plane
            for jr in range(TILE):
                for jc in range(TILE):
                    grid = bits[:, jr : jr + tr * TILE, jc : jc + tc * TILE]
                    tiles = grid.reshape(2, tr, TILE, tc, TILE).transpose(0, 1, 3, 2, 4)
                    packed = np.packbits(
                        tiles.reshape(2, tr, tc, TILE * TILE), axis=-1, bitorder="little"
                    )
                    out[:, jr, jc, i] = packed.view("<u8")[..., 0]
        return out

    def level_tiles(self, levels: npt.NDArray[Any]) -> U64Array:
        """The hexes at each level 0-2 as tiled bit grids (only hexes of the map)."""
        return self._tiles([levels == a for a in range(LEVEL_COUNT)])

    # --- the displacements ------------------------------------------------------------

    def displacements(self, half: bool) -> tuple[I64Array, I64Array]:
        """Every displacement between two hexes of the map's grid (not (0, 0)); with
        ``half`` one of each pair ``D``, ``-D``."""
        sb = self.sb
        span_q = self.cols - 1
        span_r = int(np.ptp(sb.r)) if sb.n else 0
        dq = np.repeat(np.arange(-span_q, span_q + 1, dtype=np.int64), 2 * span_r + 1)
        dr = np.tile(np.arange(-span_r, span_r + 1, dtype=np.int64), 2 * span_q + 1)
        keep = (dq != 0) | (dr != 0)
        if half:
            keep &= (dq > 0) | ((dq == 0) & (dr > 0))
        keep &= hex_distance(dq, dr) <= sb.radius
        return dq[keep], dr[keep]

    def groups(
        self, dq: I64Array, dr: I64Array, columns: tuple[int, int] | None = None
    ) -> Iterator[tuple[int, int, int, I64Array, I64Array, I64Array]]:
        """Groups of displacements whose blocks of sources have one shape: ``(p, ntr, ntc,
        which, row0, ci0)`` for the sources of parity ``p`` of displacement ``which[i]``
        from row ``row0[i]`` and half-column ``ci0[i]``, ``ntr x ntc`` tiles of them;
        optionally only the sources in printed columns ``columns[0] .. columns[1] - 1``."""
        c_lo, c_hi = columns or (0, self.cols)
        c_hi = min(c_hi, self.cols)
        for p in (0, 1):
            # source columns 2 ci + p with both ends on the grid and in ``columns``
            lo_col = np.maximum(np.maximum(0, -dq), c_lo)
            hi_col = np.minimum(np.minimum(self.cols, self.cols - dq), c_hi)  # exclusive
            ci_lo = (lo_col - p + 1) >> 1
            ci_hi = (hi_col - p + 1) >> 1
            drow = dr + ((p + dq) >> 1)
            rlo = np.maximum(0, -drow)
            rhi = np.minimum(self.rows, self.rows - drow)
            fits = np.flatnonzero((ci_hi > ci_lo) & (rhi > rlo))
            ntr = -(-(rhi - rlo)[fits] // TILE)
            ntc = -(-(ci_hi - ci_lo)[fits] // TILE)
            shape = ntr * 1024 + ntc
            order = np.argsort(shape, kind="stable")
            bounds = np.flatnonzero(np.diff(shape[order], prepend=-1, append=-1))
            for a, b in pairwise(bounds):
                mine = order[a:b]
                tr, tc = int(ntr[mine[0]]), int(ntc[mine[0]])
                per = max(1, _ENTRIES // (self.sb.radius + 1))  # lines of a group at once
                for at in range(0, len(mine), per):
                    part = fits[mine[at : at + per]]
                    yield p, tr, tc, part, rlo[part], ci_lo[part]

    # --- gathering --------------------------------------------------------------------

    def _gather(
        self,
        v: U64Array,
        p: int,
        ntr: int,
        ntc: int,
        row0: I64Array,
        ci0: I64Array,
        oq: I64Array,
        or_: I64Array,
        plane: I64Array | None,
    ) -> U64Array:
        """The blocks of grid ``v`` at offsets ``(oq, or_)`` from blocks of sources whose
        first rows are ``row0`` and half-columns ``ci0``: ``(len(oq), ntr, ntc)`` words of
        plane ``plane[i]``, or with ``plane`` None ``(len(oq), planes, ntr, ntc)``."""
        cp = (p + oq) & 1
        sh = (p + oq) >> 1
        rows = row0 + or_ + sh
        cols = ci0 + sh
        jr, tr = rows & (TILE - 1), (rows >> 3) + _PAD
        jc, tc = cols & (TILE - 1), (cols >> 3) + _PAD
        view = self._view(v, ntr, ntc, plane is None)
        if plane is None:
            return np.asarray(view[cp, jr, jc, tr, tc])
        return np.asarray(view[cp, jr, jc, plane, tr, tc])

    def _view(self, v: U64Array, ntr: int, ntc: int, all_planes: bool) -> U64Array:
        """``v`` seen as every block of ``ntr x ntc`` tiles: indexed ``[cp, jr, jc, TR,
        TC]`` (all planes) or ``[cp, jr, jc, plane, TR, TC]``."""
        key = (id(v), ntr, ntc, all_planes)
        view = self._views.get(key)
        if view is None:
            s, n = v.strides, v.shape
            lead, lead_s = n[:3], s[:3]
            blocks = (n[4] - ntr + 1, n[5] - ntc + 1)
            if all_planes:
                shape = (*lead, *blocks, n[3], ntr, ntc)
                strides = (*lead_s, s[4], s[5], s[3], s[4], s[5])
            else:
                shape = (*lead, n[3], *blocks, ntr, ntc)
                strides = (*lead_s, s[3], s[4], s[5], s[4], s[5])
            view = as_strided(v, shape=shape, strides=strides, writeable=False)
            self._views[key] = view
        return view

    # --- one group --------------------------------------------------------------------

    def _compiled_answers(
        self,
        g: _Group,
        lines: _Lines,
        levels: tuple[npt.NDArray[Any], ...],
    ) -> tuple[U64Array, ...]:
        """:meth:`_answers` by :func:`bit_kernels.answers`, a line at a time: its stops in
        words of its own, put together by the levels of its ends at once. ``levels``: the
        level grids as the loop reads them and the draws (:meth:`_compiled_levels`)."""
        from referee.board import bit_kernels

        p, ntr, ntc, row0, ci0 = g
        rows, sym, dq, dr = lines
        far, far_shape = self._far_rows
        near, near_shape = self._near_rows
        a, b = self.edges
        t = self.table
        ns, nt = self._near
        grids, draws = levels
        out = np.empty((2 * len(draws), len(rows), ntr, ntc), np.uint64)
        kernel: Any = bit_kernels.answers  # numba's dispatcher, typed as taking no arguments
        kernel(
            far,
            far_shape,
            near,
            near_shape,
            rows,
            (row0 + _PAD * TILE).astype(np.int64),
            (ci0 + _PAD * TILE).astype(np.int64),
            INVERSES[sym],
            p,
            (t.point_start, t.point_q, t.point_r),
            t.point_kind,
            self.with_vertices,
            ((ns.start, ns.q, ns.r, ns.ks), (nt.start, nt.q, nt.r, nt.kt)),
            a.start,
            (a.q, a.r, b.q, b.r),
            (a.ks, a.kt, b.ks, b.kt),
            self.near_plane,
            np.array(self.blind_classes, np.int64),
            self.max_blind,
            self.edge_both,
            self.n_far > 0,
            dq,
            dr,
            grids,
            draws,
            self.plan,
            out.reshape(-1),
            ntr,
            ntc,
        )
        return tuple(out)

    def _compiled_levels(self, levels: npt.NDArray[Any] | None) -> tuple[npt.NDArray[Any], ...]:
        """The level grids as :func:`bit_kernels.answers` reads them, ``(grids, 2, 8, 8,
        TC, TR, 3)`` flat, and the draws of levels (source grid, target grid): with
        ``levels`` one grid and one draw; with None three grids, every hex of the map at
        level 0, 1, 2, and the nine pairs of them."""
        on_map = np.ones(self.sb.n, np.bool_)
        if levels is not None:
            tiles = self.level_tiles(np.asarray(levels))[None]
            draws = np.zeros((1, 2), np.int64)
        else:
            on = self._tiles([on_map])[:, :, :, 0]
            tiles = np.zeros((LEVEL_COUNT, *on.shape[:3], LEVEL_COUNT, *on.shape[3:]), np.uint64)
            for a in range(LEVEL_COUNT):
                tiles[a, :, :, :, a] = on
            draws = np.array([(a, b) for a in range(LEVEL_COUNT) for b in range(LEVEL_COUNT)])
        grids = np.ascontiguousarray(tiles.transpose(0, 1, 2, 3, 6, 5, 4))
        return grids.ravel(), draws.astype(np.int64)

    @cached_property
    def _far_rows(self) -> tuple[U64Array, I64Array]:
        """The far grids as :func:`referee.board.bit_kernels.answers` reads them, flat, and
        their shape: ``(2, 8, 8, TC, TR, P)``, the tiles of a column of the grid one after
        another (a map's columns of tiles are the longer: its rows are printed rows, its
        columns half-columns) and the planes of a tile side by side."""
        rows = np.ascontiguousarray(self.far_v.transpose(0, 1, 2, 5, 4, 3))
        return rows.ravel(), np.array(rows.shape, np.int64)

    @cached_property
    def _near_rows(self) -> tuple[U64Array, I64Array]:
        """The near grids likewise: ``(2, 8, 8, P, TC, TR)``."""
        rows = np.ascontiguousarray(self.near_v.transpose(0, 1, 2, 3, 5, 4))
        return rows.ravel(), np.array(rows.shape, np.int64)

    def _keys(
        self, g: _Group, sym: I64Array, parts: list[tuple[I32Array, I16Array, I16Array]]
    ) -> list[I32Array]:
        """For each part ``(owner, q, r)``: the block of the grid that each entry (the
        canonical offset ``(q, r)`` of the line of displacement ``owner``, mapped back by
        ``sym[owner]``) wants, as one number ``(cp * RR + row) * CC + col`` in the padded
        grid of ``RR x CC`` bits per parity: linear in the offset but for the parity's
        shift. All parts at once (the work is a few passes over every entry)."""
        p, _, _, row0, ci0 = g
        v = self.far_v
        rr, cc = v.shape[4] * TILE, v.shape[5] * TILE
        cuts = np.cumsum([0, *(len(o) for o, _, _ in parts)])
        owner = np.concatenate([o for o, _, _ in parts])
        q = np.concatenate([x for _, x, _ in parts]).astype(np.int32)
        r = np.concatenate([x for _, _, x in parts]).astype(np.int32)
        m = INVERSES[sym].astype(np.int32)  # per displacement, the way back
        # a source of parity p reaches columns of parity (p + oq) & 1, and half-columns
        # and printed rows (p + oq) >> 1 further on
        span = self.sb.radius + 2
        t = np.arange(-span, span + 2, dtype=np.int32)
        shift = (t & 1) * np.int32(rr * cc) + (t >> 1) * np.int32(cc + 1)
        oq = m[:, 0, 0][owner] * q
        oq += m[:, 0, 1][owner] * r
        oq += np.int32(p + span)
        key = ((row0 + _PAD * TILE) * cc + ci0 + _PAD * TILE).astype(np.int32)[owner]
        key += (m[:, 1, 0] * np.int32(cc))[owner] * q
        key += (m[:, 1, 1] * np.int32(cc))[owner] * r
        key += shift[oq]
        return [key[lo:hi] for lo, hi in pairwise(cuts.tolist())]

    def _unique(self, key: I32Array) -> tuple[I32Array, I32Array]:
        """The entries standing for each distinct key (one each), and the number of each
        entry's key among them: a lookup table instead of a sort, the keys being small."""
        v = self.far_v
        space = 2 * v.shape[4] * v.shape[5] * TILE * TILE
        if len(self._lut) < space:
            self._lut = np.empty(space, np.int32)
        lut = self._lut
        at = np.arange(len(key), dtype=np.int32)
        lut[key] = at  # one entry of each key is written last: it stands for the key
        reps = np.flatnonzero(lut[key] == at).astype(np.int32)
        lut[key[reps]] = np.arange(len(reps), dtype=np.int32)
        return reps, lut[key]

    def _blocks(self, v: U64Array, g: _Group, keys: I32Array) -> U64Array:
        """Rows of the blocks of grid ``v`` at ``keys`` (:meth:`_keys`), every plane of a
        block in one row, and a last row of zeros."""
        _, ntr, ntc, _, _ = g
        rr, cc = v.shape[4] * TILE, v.shape[5] * TILE
        cp, rest = np.divmod(keys, rr * cc)
        row, col = np.divmod(rest, cc)
        view = self._view(v, ntr, ntc, True)
        width = v.shape[3] * ntr * ntc
        out = np.zeros((len(keys) + 1, width), np.uint64)
        got = view[cp, row & (TILE - 1), col & (TILE - 1), row >> 3, col >> 3]
        out[:-1] = np.asarray(got).reshape(len(keys), width)
        return out

    def _numpy_stops(self, g: _Group, rows: I64Array, sym: I64Array) -> _Stops:
        """The stops of :meth:`_answers` by numpy: each distinct block of a grid the
        group's lines meet picked once (:meth:`_blocks`), the lines' ORs taken over rows of
        that small table (:func:`_segment_or`)."""
        nd = len(rows)
        _, ntr, ntc, _, _ = g
        a, b = self.edges
        eidx, eowner, epos = a.take(rows)
        ne = len(eidx)
        far = np.zeros((self.n_far, nd, ntr, ntc), np.uint64)
        if self.n_far:
            pts = self.points
            idx, owner, pos = pts.take(rows)
            n = len(idx)
            keys = np.concatenate(
                self._keys(
                    g,
                    sym,
                    [
                        (owner, pts.q[idx], pts.r[idx]),
                        (eowner, a.q[eidx], a.r[eidx]),
                        (eowner, b.q[eidx], b.r[eidx]),
                    ],
                )
            )
            reps, inv = self._unique(keys)
            blocks = self._blocks(self.far_v, g, keys[reps])  # every grid in one row
            both = _segment_or(blocks, inv[:n], owner, pos, nd)
            if ne:
                fa, fb = blocks[inv[n : n + ne]], blocks[inv[n + ne :]]
                runs = np.zeros((ne + 1, blocks.shape[1]), np.uint64)
                runs[:-1] = fa & fb if self.edge_both else fa | fb
                every = np.arange(ne, dtype=np.int32)
                both |= _segment_or(runs, every, eowner, epos, nd)
            far[:] = both.reshape(nd, self.n_far, ntr, ntc).transpose(1, 0, 2, 3)
        near = np.zeros((2, 2, len(self.blind_classes), nd, ntr, ntc), np.uint64)
        if self.blind_classes:
            sides = []
            wanted: list[tuple[I32Array, I16Array, I16Array]] = []
            for side, entries in (("s", self.near_s), ("t", self.near_t)):
                idx, owner, pos = entries.take(rows)
                ka = (a.ks if side == "s" else a.kt)[eidx]
                kb = (b.ks if side == "s" else b.kt)[eidx]
                close = np.flatnonzero(np.minimum(ka, kb) <= self.max_blind)
                ce, cown = eidx[close], eowner[close]
                k = (entries.ks if side == "s" else entries.kt)[idx]
                sides.append((k, owner, pos, ka[close], kb[close], cown))
                wanted += [(owner, entries.q[idx], entries.r[idx])]
                wanted += [(cown, a.q[ce], a.r[ce]), (cown, b.q[ce], b.r[ce])]
            parts = self._keys(g, sym, wanted)
            keys = np.concatenate(parts)
            reps, inv = self._unique(keys)
            pn = self.n_near
            blocks = self._blocks(self.near_v, g, keys[reps])
            rows_near = blocks.reshape(-1, ntr * ntc)[: len(reps) * pn + 1]
            rows_near[-1] = 0
            cuts = np.cumsum([0, *(len(x) for x in parts)]).tolist()
            for i, (k, owner, pos, ka, kb, eown) in enumerate(sides):
                ip, ia, ib = (
                    inv[cuts[j] : cuts[j + 1]] * np.int32(pn) for j in range(3 * i, 3 * i + 3)
                )
                stops, hards = self._near_side(
                    nd, ip, k, owner, pos, ia, ib, ka, kb, eown, rows_near
                )
                near[i, 0] = stops.reshape(-1, nd, ntr, ntc)
                near[i, 1] = hards.reshape(-1, nd, ntr, ntc)
        return far, near

    def _near_side(
        self,
        nd: int,
        at: I32Array,
        k: I16Array,
        owner: I32Array,
        pos: I32Array,
        at_a: I32Array,
        at_b: I32Array,
        ka: I16Array,
        kb: I16Array,
        eowner: I32Array,
        rows_near: U64Array,
    ) -> tuple[U64Array, U64Array]:
        """For one low end, per blind class: the lines stopped by an entry ``k`` from that
        end (the first row of its block in ``rows_near`` at ``at``), and by an edge run
        there (its two hexes' at ``at_a``, ``at_b``); then those of them stopped by an edge
        run with a hex that blocks outright (ruling ``los.edge-run``)."""
        nc = len(self.blind_classes)
        classes = np.array(self.blind_classes, np.int64)[:, None]
        top = self.max_blind + 1
        plane = self.near_plane[classes, k[None, :]].astype(np.int32)  # (classes, entries)
        by_class = np.arange(nc, dtype=np.int32)[:, None] * np.int32(nd)
        owners = (by_class + owner[None, :]).ravel()
        inv = (at[None, :] + plane).ravel()
        stops = _segment_or(rows_near, inv, owners, np.tile(pos, nc), nc * nd)
        hards = np.zeros_like(stops)
        ne = len(at_a)
        if ne:
            pa = self.near_plane[classes, np.minimum(ka, top)[None, :]]
            pb = self.near_plane[classes, np.minimum(kb, top)[None, :]]
            sa = rows_near[(at_a[None, :] + pa).ravel()]
            sb = rows_near[(at_b[None, :] + pb).ravel()]
            run_owner = (by_class + eowner[None, :]).ravel()
            run_pos = np.arange(nc * ne, dtype=np.int32)
            run_pos -= np.searchsorted(run_owner, run_owner).astype(np.int32)
            runs = np.zeros((nc * ne + 1, rows_near.shape[1]), np.uint64)
            runs[:-1] = sa & sb if self.edge_both else sa | sb
            every = np.arange(nc * ne, dtype=np.int32)
            stops |= _segment_or(runs, every, run_owner, run_pos, nc * nd)
            if self.edge_both:
                hp = self.near_plane[classes, top]  # (classes, 1): the hexes that block
                ha = rows_near[(at_a[None, :] + hp).ravel()]
                hb = rows_near[(at_b[None, :] + hp).ravel()]
                runs[:-1] &= ha | hb
                hards = _segment_or(runs, every, run_owner, run_pos, nc * nd)
        return stops.reshape(nc, nd, -1), hards.reshape(nc, nd, -1)

    def _numpy_combine(
        self, far: U64Array, near: U64Array, ls: U64Array, lt: U64Array, valid: U64Array
    ) -> tuple[U64Array, U64Array]:
        """The stops put together by levels, by numpy: ``(visible, blind)`` from the far
        and near stops (:data:`_Stops`) and the sources' and targets' levels ``ls``, ``lt``
        (``(nD, 3, ntr, ntc)`` words: the tiles' hexes at level 0, 1, 2) by the pairs of
        end levels each grid of stops serves (:attr:`plan`): the stops that block outright
        (far, and the hard near stops of ruling ``los.edge-run``) make ``hard``, the others
        ``stopped``; a pair is blind when stopped and not hard. Each grid of stops ANDed
        once, with the pairs of ends whose levels it serves (:func:`_level_mask`); a far
        grid serves several classes, and the near stops of the classes that share them
        (:attr:`near_of`) serve them all. The levels no source (target) of the group is at
        are left out: most of a map's hexes are at one level, and the pair table's have one
        each."""
        sources = [a for a in range(LEVEL_COUNT) if ls[:, a].any()]
        targets = [b for b in range(LEVEL_COUNT) if lt[:, b].any()]
        served: dict[tuple[int, int], list[tuple[int, int]]] = {}  # (far, -1), (class, end)
        for a in sources:
            for b in targets:
                f, j, end = (int(x) for x in self.plan[a * LEVEL_COUNT + b])
                if f >= 0:
                    served.setdefault((f, -1), []).append((a, b))
                if j >= 0:
                    served.setdefault((j, end), []).append((a, b))
        hard = np.zeros(valid.shape, np.uint64)
        stopped = np.zeros_like(hard)
        work = np.empty_like(hard)  # no new arrays in the loop
        unions: dict[tuple[int, tuple[int, ...]], U64Array] = {}
        for (i, end), pairs in served.items():
            mask = _level_mask(pairs, ls, lt, unions)
            if end < 0:
                hard |= np.bitwise_and(far[i], mask, out=work)
                continue
            stopped |= np.bitwise_and(near[end, 0, i], mask, out=work)
            if self.edge_both:  # else no edge run stops a line hard
                hard |= np.bitwise_and(near[end, 1, i], mask, out=work)
        np.invert(hard, out=work)
        blind = np.bitwise_and(stopped, work, out=stopped)  # stopped, never hard
        np.bitwise_and(valid, work, out=work)
        return np.bitwise_and(work, ~blind, out=work), blind

    def _answers(
        self,
        g: _Group,
        lines: _Lines,
        lv: tuple[npt.NDArray[Any], ...],
        every_level: bool,
    ) -> tuple[U64Array, ...]:
        """The answers of one group of displacements (``lines``: :data:`_Lines`),
        ``(visible, blind)`` per draw of levels, each ``(nD, ntr, ntc)`` words: from the
        stops of each line (per far grid, whether a hex of the grid stops the line; per
        blind class and low end, the lines stopped by a hex near that end, and those
        stopped so by an edge run with a hex that blocks outright: ruling
        ``los.edge-run``), put together by the levels of its ends (``lv``:
        :meth:`_compiled_levels` or :meth:`_numpy_levels`; with ``every_level`` the nine
        pairs of levels). The one place the two kernels differ: the compiled
        loops when the engine's kernel is ``"numba"`` (:meth:`_compiled_answers`), else
        numpy (:meth:`_numpy_answers`)."""
        if self.kernel == "numba":
            grids, draws = lv
            return self._compiled_answers(g, lines, (grids, draws))
        return self._numpy_answers(g, lines, lv[0], every_level)

    def _numpy_levels(self, levels: npt.NDArray[Any] | None) -> tuple[npt.NDArray[Any], ...]:
        """The level tiles (:meth:`level_tiles`) of ``levels``; with None every hex of
        the map at level 0 (:meth:`_numpy_answers` moves them to each level in turn)."""
        on_map = np.ones(self.sb.n, np.bool_)
        return (self.level_tiles(np.asarray(levels) if levels is not None else on_map * 0),)

    def _numpy_answers(
        self,
        g: _Group,
        lines: _Lines,
        lv: U64Array,
        every_level: bool,
    ) -> tuple[U64Array, ...]:
        """:meth:`_answers` by numpy: the group's stops (:meth:`_numpy_stops`), then put
        together by levels (:meth:`_numpy_combine`), each step over the whole group; with
        ``every_level`` once per pair of levels, every hex of the map moved to them."""
        p, ntr, ntc, row0, ci0 = g
        rows, sym, dq, dr = lines
        # the sources' levels, per distinct block of sources (a group's lines mostly
        # start from a few: on 200 x 200, 5,824 blocks for 158,801 lines)
        _, first, src = np.unique(
            row0 * (self.half_cols + 1) + ci0, return_index=True, return_inverse=True
        )
        zero = np.zeros(len(first), np.int64)
        ls = self._gather(lv, p, ntr, ntc, row0[first], ci0[first], zero, zero, None)
        lt = self._gather(lv, *g, dq, dr, None)  # (nD, 3, ntr, ntc)
        on = ls[:, 0] | ls[:, 1] | ls[:, 2]
        valid = on[src] & (lt[:, 0] | lt[:, 1] | lt[:, 2])
        far, near = self._numpy_stops(g, rows, sym)
        if not every_level:
            return self._numpy_combine(far, near, ls[src], lt, valid)
        planes: tuple[U64Array, ...] = ()
        for a in range(LEVEL_COUNT):  # every hex of the map is at level 0: move it to a, b
            for b in range(LEVEL_COUNT):
                ls_ab = np.zeros_like(ls)
                lt_ab = np.zeros_like(lt)
                ls_ab[:, a] = ls[:, 0]
                lt_ab[:, b] = lt[:, 0]
                planes += self._numpy_combine(far, near, ls_ab[src], lt_ab, valid)
        return planes

    def answer(
        self,
        levels: npt.NDArray[Any] | None,
        half: bool = True,
        columns: tuple[int, int] | None = None,
    ) -> Iterator[PairBlock]:
        """``(visible, blind)`` blocks for every pair whose source lies in ``columns``
        (all by default), each hex at its level in ``levels``; with ``half`` only one
        of the displacements ``D`` and ``-D`` (the other's answers are the same).

        With ``levels`` None, the blocks hold ``(visible, blind)`` for each of the nine
        pairs of levels ``(source, target)`` in turn: ``planes[2 (3 a + b)]`` and
        ``planes[2 (3 a + b) + 1]`` for a source at level ``a``, a target at ``b``."""
        dq_all, dr_all = self.displacements(half)
        lv = self._compiled_levels(levels) if self.kernel == "numba" else self._numpy_levels(levels)
        for p, ntr, ntc, which, row0, ci0 in self.groups(dq_all, dr_all, columns):
            rows, sym = self.table.rows(dq_all[which], dr_all[which])
            by_sym = np.argsort(sym, kind="stable")  # the entries of a symmetry together
            which, row0, ci0, rows, sym = (x[by_sym] for x in (which, row0, ci0, rows, sym))
            dq, dr = dq_all[which], dr_all[which]
            g = (p, ntr, ntc, row0, ci0)
            planes = self._answers(g, (rows, sym, dq, dr), lv, levels is None)
            yield PairBlock(dq, dr, p, row0, ci0, ntr, ntc, planes)


def _level_mask(
    pairs: list[tuple[int, int]],
    ls: U64Array,
    lt: U64Array,
    unions: dict[tuple[int, tuple[int, ...]], U64Array],
) -> U64Array:
    """The pairs whose source is at level ``a`` and target at ``b`` for any ``(a, b)`` of
    ``pairs``: per level of one end, that level ANDed with the union of the other end's
    levels it meets (grouped by whichever end has fewer; ``unions`` keeps the unions)."""
    by_end: list[dict[int, list[int]]] = [{}, {}]
    for a, b in pairs:
        by_end[0].setdefault(a, []).append(b)
        by_end[1].setdefault(b, []).append(a)
    end = 0 if len(by_end[0]) <= len(by_end[1]) else 1
    first, second = (ls, lt) if end == 0 else (lt, ls)
    terms = []
    for level, others in by_end[end].items():
        key = (1 - end, tuple(sorted(others)))
        union = unions.get(key)
        if union is None:
            union = second[:, others[0]]
            if len(others) > 1:
                union = union | second[:, others[1]]
                for o in others[2:]:
                    union |= second[:, o]
            unions[key] = union
        terms.append((level, union))
    level, union = terms[0]
    out: U64Array = first[:, level] & union
    for level, union in terms[1:]:
        out |= first[:, level] & union
    return out


def _index_of(planes: list[BoolArray], plane: BoolArray) -> int:
    """The number of ``plane`` in ``planes``, added if new (equal grids are kept once)."""
    for i, known in enumerate(planes):
        if np.array_equal(known, plane):
            return i
    planes.append(plane)
    return len(planes) - 1


def dense(
    sb: SightBoard, blocks: Iterator[PairBlock], half: bool = True, planes: int = 2
) -> tuple[BoolArray, ...]:
    """The ``planes`` answers of ``blocks`` as ``n x n`` boolean matrices (rows: from;
    columns: to), for small maps; with ``half`` each pair's answer is copied to its
    reverse."""
    n = sb.n
    grid, q0, r0, width = sb.axial_grid(1)
    rows_total = int(sb.row.max(initial=0)) + 1
    out = [np.zeros((n + 1, n + 1), np.bool_) for _ in range(planes)]
    for blk in blocks:
        s3, tgt = block_pairs(blk, grid, q0, r0, width, n, rows_total)
        for m, plane in zip(out, blk.planes, strict=True):
            bits = unpack(plane)
            m[s3[bits], tgt[bits]] = True
            if half:
                m[tgt[bits], s3[bits]] = True
    return tuple(m[:n, :n] for m in out)


def block_pairs(
    blk: PairBlock,
    grid: npt.NDArray[np.int32],
    q0: int,
    r0: int,
    width: int,
    n: int,
    rows_total: int,
) -> tuple[I64Array, I64Array]:
    """The source and target hex numbers of every bit of a block (``n``: none)."""
    nd = len(blk.dq)
    nr, nc = blk.ntr * TILE, blk.ntc * TILE
    row = blk.row0[:, None, None] + np.arange(nr)[None, :, None]  # (nd, nr, 1)
    q = 2 * (blk.ci0[:, None, None] + np.arange(nc)[None, None, :]) + blk.p  # (nd, 1, nc)
    r = row - ((q - (q & 1)) >> 1)
    height = len(grid) // width

    def at(qq: I64Array, rr: I64Array) -> I64Array:
        ok = (qq - q0 >= 0) & (qq - q0 < height) & (rr - r0 >= 0) & (rr - r0 < width)
        return np.where(ok, grid[np.where(ok, (qq - q0) * width + (rr - r0), 0)], n)

    src = np.where((row >= 0) & (row < rows_total), at(q, r), n)
    tgt = at(q + blk.dq[:, None, None], r + blk.dr[:, None, None])
    return np.broadcast_to(src, (nd, nr, nc)), np.broadcast_to(tgt, (nd, nr, nc))
