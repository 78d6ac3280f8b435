"""Line of sight for many lines at once: one hex to all, every pair of a map.

The geometry of a map (which hexes each line crosses, runs along or touches) does not
depend on terrain, so it is prepared once per size of map: :mod:`referee.board.sightlines`
keeps the traces of the canonical lines (one per symmetry class) and caches them on disk.
On top of it three engines answer, all with the answers of
:func:`referee.board.los.line_of_sight` exactly (the tests compare them on random maps):

* :mod:`referee.board.single_source`: what one hex sees (the window's overlay, ``referee
  visible FROM``), from the hexes that can stop a line to the lines they stop;
* :mod:`referee.board.all_pairs`: every pair of any map as packed bit planes, streamed a
  few columns of sources at a time when the map is large (``referee visible --all``);
* :mod:`referee.board.pair_table`: for a small map, every pair at all nine pairs of end
  levels in one integer each, so that any levels are then one shift and mask per pair.

A :class:`Visibility` belongs to one board: terrain, smoke and the rulings read. Anything
else (a unit flying, a unit on a hill) is a level per hex, given with each query.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Mapping
from functools import cached_property
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from referee.board.all_pairs import TILE, AllPairs, PairBlock, dense, unpack
from referee.board.hexgrid import Hex
from referee.board.los import LosBoard, SightError
from referee.board.pair_table import PairTable
from referee.board.sight_board import SightBoard
from referee.board.sightlines import LineTable, line_table
from referee.board.single_source import SingleSource

BoolArray = npt.NDArray[np.bool_]
I64Array = npt.NDArray[np.int64]
LevelArray = npt.NDArray[np.int8]
TABLE_HEXES = 1500  # up to this many hexes, all pairs come from a pair table
DENSE_HEXES = 5000  # up to this many, all pairs as n x n matrices; beyond, streamed
CHUNK_COLUMNS = 16  # columns of sources streamed at once: one tile wide in each parity
ROW_PAIRS = 1 << 24  # pairs that see (or are blind) kept at once by ``rows``, at most
ROW_RUN = 1 << 18  # pairs that see copied to hex numbers at once by ``rows`` (2 MB)


class MapGeometry:
    """The prepared geometry of one shape of map: its hexes and the line table."""

    def __init__(self, hexes: tuple[Hex, ...], cache: Path | None = None) -> None:
        self.hexes = hexes
        self.n = len(hexes)
        if hexes:
            q = np.array([h.q for h in hexes])
            r = np.array([h.r for h in hexes])
            radius = max(int(np.ptp(q)), int(np.ptp(r)), int(np.ptp(-q - r)), 1)
        else:
            radius = 1
        self.lines: LineTable = line_table(radius, cache)


class Visibility:
    """Fast line of sight on one :class:`LosBoard`, with any levels per hex."""

    def __init__(
        self, board: LosBoard, geometry: MapGeometry | None = None, cache: Path | None = None
    ) -> None:
        self.board = board
        self.sb = SightBoard(board)
        self.g = geometry or MapGeometry(board.battle_map.hexes, cache)

    @cached_property
    def single(self) -> SingleSource:
        return SingleSource(self.sb, self.g.lines)

    @cached_property
    def engine(self) -> AllPairs:
        return AllPairs(self.sb, self.g.lines)

    @cached_property
    def table(self) -> PairTable:
        """Every pair at every pair of levels (built on first use; small maps only)."""
        return PairTable.build(self.engine)

    def levels(self, overrides: Mapping[Hex, int] | None = None) -> LevelArray:
        """Every hex's level: its terrain's unless overridden (a flying unit: 2)."""
        return self.sb.levels(overrides)

    def _levels(self, levels: npt.NDArray[np.integer] | None) -> LevelArray:
        return self.sb.heights if levels is None else self.sb.check_levels(levels)

    def from_hex(
        self,
        source: Hex,
        level: int | None = None,
        levels: npt.NDArray[np.integer] | None = None,
    ) -> tuple[BoolArray, BoolArray]:
        """``(visible, blind)`` boolean vectors over the map's hexes, seen from ``source``
        at ``level`` (default: its level in ``levels``, or its terrain's)."""
        index = self.board.battle_map.index
        if source not in index:
            raise SightError(f"{source} is not on the map {self.board.battle_map.name!r}")
        lv = self._levels(levels)
        si = index[source]
        ls = int(lv[si]) if level is None else level
        if ls not in range(3):
            raise SightError(f"height level {ls} is not 0, 1 or 2 (flying counts as 2)")
        return self.single.see(si, ls, lv)

    def all_pairs(
        self, levels: npt.NDArray[np.integer] | None = None
    ) -> tuple[BoolArray, BoolArray]:
        """``(visible, blind)`` as n x n boolean matrices, rows = from, columns = to.

        Up to :data:`TABLE_HEXES` hexes the answers come from the pair table (a gather);
        up to :data:`DENSE_HEXES` they are worked out; a larger map's pairs do not fit in
        memory as matrices: :meth:`rows` streams them."""
        lv = self._levels(levels)
        n = self.sb.n
        if n <= TABLE_HEXES:
            return self.table.query(lv)
        if n > DENSE_HEXES:
            raise SightError(
                f"{n} hexes make {n * (n - 1)} pairs, too many to hold at once: "
                "take them a source at a time (rows)"
            )
        visible, blind = dense(self.sb, self.engine.answer(lv))
        return visible, blind

    def pair_blocks(self, levels: npt.NDArray[np.integer] | None = None) -> list[PairBlock]:
        """Every pair of the map, any size, as packed blocks (one of ``D`` and ``-D``)."""
        return list(self.stream_pair_blocks(levels))

    def stream_pair_blocks(
        self, levels: npt.NDArray[np.integer] | None = None
    ) -> Iterator[PairBlock]:
        """:meth:`pair_blocks` one block at a time, so that the answers of a large map
        need not be held at once."""
        return self.engine.answer(self._levels(levels))

    def rows(
        self, levels: npt.NDArray[np.integer] | None = None
    ) -> Iterator[tuple[int, I64Array, I64Array]]:
        """``(from, visible, blind)`` for every hex in map order, the hexes it sees and
        those blind to it as sorted hex numbers, in bounded memory.

        A large map's pairs are worked out once, half of them (line of sight is the same
        both ways), and the pairs that see or are blind kept as hex numbers, up to
        :data:`ROW_PAIRS` of them (8 bytes each, and 8 more to sort them both ways). A map
        with more of them (one that hardly blocks) is streamed sixteen columns of sources
        at a time instead, both ways: twice the work, in memory that does not grow."""
        lv = self._levels(levels)
        sb = self.sb
        n = sb.n
        if n <= DENSE_HEXES:
            visible, blind = self.all_pairs(lv)
            for i in range(n):
                yield i, np.flatnonzero(visible[i]), np.flatnonzero(blind[i])
            return
        # per answer, every pair both ways as one number ``from << shift | to``, sorted (32
        # bits when hex numbers fit in 16, as on every map the limits allow)
        shift = 16 if n <= 1 << 16 else 32
        kind = np.dtype(np.uint32 if shift == 16 else np.int64)
        found = self._pairs(lv, kind, shift)
        if found is None:
            yield from self._rows_by_columns(lv)
            return
        (seen, blind), counts = found
        seen.sort()
        blind.sort()
        seen_from, blind_from = (np.cumsum(c, dtype=np.int64).tolist() for c in counts)
        # a key's target is its low half: the keys seen as halves, every other one
        half, low = np.dtype(f"u{kind.itemsize // 2}"), int(sys.byteorder != "little")
        seen_to, blind_to = seen.view(half)[low::2], blind.view(half)[low::2]
        # the rows' lists as hex numbers a run of rows at a time (one copy per run, not
        # one per row: the copies were a fifth of the work on 100 x 100), every list a
        # view of its run's
        start = 0
        while start < n:
            end = start + 1
            while end < n and seen_from[end + 1] - seen_from[start] <= ROW_RUN:
                end += 1
            s0, b0 = seen_from[start], blind_from[start]
            seen_run = seen_to[s0 : seen_from[end]].astype(np.int64)
            blind_run = blind_to[b0 : blind_from[end]].astype(np.int64)
            for i in range(start, end):
                yield (
                    i,
                    seen_run[seen_from[i] - s0 : seen_from[i + 1] - s0],
                    blind_run[blind_from[i] - b0 : blind_from[i + 1] - b0],
                )
            start = end

    def _pairs(
        self, lv: LevelArray, kind: np.dtype[Any], shift: int
    ) -> tuple[list[npt.NDArray[Any]], I64Array] | None:
        """Per answer (visible, blind): the pairs that have it, both ways, each as one
        number ``from << shift | to`` of type ``kind``, unsorted, and how many of them each
        hex is the first of (``(2, n + 1)``, the first column 0); None when there are more
        than :data:`ROW_PAIRS` of them. Read out of the answers' words by the compiled loop
        (:func:`referee.board.bit_kernels.pairs`) when the engine's kernel is numba, else by
        :func:`_plane_keys`."""
        sb = self.sb
        n = sb.n
        engine = self.engine
        rows = engine.rows
        by_offset = np.full(engine.cols * rows, n, np.int32)  # column c, row r: c * rows + r
        by_offset[sb.col * rows + sb.row] = np.arange(n, dtype=np.int32)
        found: list[list[npt.NDArray[Any]]] = [[], []]
        counts = np.zeros((2, n + 1), np.int64)
        kernel: Any = _plane_keys
        if engine.kernel == "numba":
            from referee.board import bit_kernels

            kernel = bit_kernels.pairs  # numba's dispatcher, typed as taking no arguments
        total = 0
        for blk in engine.answer(lv):
            # each line's first source, and how much further on its target is: the sources
            # are of one parity, so a target's column and row are the same steps on
            first = (2 * blk.ci0 + blk.p) * rows + blk.row0
            delta = blk.dq * rows + blk.dr + ((blk.p + blk.dq) >> 1)
            for k, plane in enumerate(blk.planes):
                count = int(np.bitwise_count(plane).sum())
                total += count
                if total > ROW_PAIRS:
                    return None
                if not count:
                    continue
                keys = np.empty(2 * count, kind)
                args = (first, delta, rows, by_offset, shift, keys, counts[k, 1:])
                kernel(np.ascontiguousarray(plane), *args)
                found[k].append(keys)
        return [np.concatenate(keys) if keys else np.zeros(0, kind) for keys in found], counts

    def _rows_by_columns(self, lv: LevelArray) -> Iterator[tuple[int, I64Array, I64Array]]:
        """:meth:`rows` for a map with too many pairs to keep: sixteen columns of sources
        (one column of tiles of each parity) at a time, every displacement each time."""

        sb = self.sb
        n = sb.n
        engine = self.engine
        grid, q0, r0, width = sb.axial_grid(1)
        by_offset = np.full((engine.cols, engine.rows), -1, np.int64)
        by_offset[sb.col, sb.row] = np.arange(n)
        for c0 in range(0, engine.cols, CHUNK_COLUMNS):
            in_chunk = np.flatnonzero((sb.col >= c0) & (sb.col < c0 + CHUNK_COLUMNS))
            local = np.full(n + 1, -1, np.int64)
            local[in_chunk] = np.arange(len(in_chunk))
            seen = np.zeros((2, len(in_chunk), n), np.bool_)
            for blk in engine.answer(lv, half=False, columns=(c0, c0 + CHUNK_COLUMNS)):
                for k, plane in enumerate(blk.planes):
                    d, y, x = np.nonzero(unpack(plane))
                    row = blk.row0[d] + y
                    col = 2 * (blk.ci0[d] + x) + blk.p
                    src = by_offset[col, row]
                    q = col
                    r = row - ((q - (q & 1)) >> 1)
                    tgt = grid[(q + blk.dq[d] - q0) * width + (r + blk.dr[d] - r0)]
                    mine = local[src] >= 0  # a tile reaches past the chunk's columns
                    seen[k, local[src[mine]], tgt[mine]] = True
            for i, hex_number in enumerate(in_chunk):
                yield int(hex_number), np.flatnonzero(seen[0, i]), np.flatnonzero(seen[1, i])


def _plane_keys(
    plane: npt.NDArray[np.uint64],
    first: I64Array,
    delta: I64Array,
    rows: int,
    by_offset: npt.NDArray[np.int32],
    shift: int,
    keys: npt.NDArray[Any],
    counts: I64Array,
) -> None:
    """numpy's :func:`referee.board.bit_kernels.pairs`: into ``keys``, the pairs of the
    set bits of ``plane`` (``(lines, ntr, ntc)`` words of a block of answers, line
    ``d``'s first source at ``first[d]`` of ``by_offset``, its targets ``delta[d]``
    further on), both ways, each as ``from << shift | to`` (every pair one way, then the
    other), each counted in ``counts`` at the hex it is from."""
    words = plane.reshape(-1)
    some = np.flatnonzero(words)  # the words with a pair in them
    bits = np.unpackbits(
        words[some].astype("<u8", copy=False).view(np.uint8).reshape(-1, 8),
        axis=1,
        bitorder="little",
    )
    found = np.flatnonzero(bits)  # (much faster than the rows and columns)
    bit = found & 63
    d, tr, tc = np.unravel_index(some[found >> 6], plane.shape)
    source = first[d] + 2 * TILE * rows * tc + TILE * tr + (bit >> 3) + 2 * rows * (bit & 7)
    src = by_offset[source]
    tgt = by_offset[source + delta[d]]
    m = len(src)
    kind = keys.dtype
    for half, (a, b) in enumerate(((src, tgt), (tgt, src))):
        part = keys[half * m : (half + 1) * m]
        np.left_shift(a, kind.type(shift), out=part, dtype=kind, casting="unsafe")
        part |= b.astype(kind)
        counts += np.bincount(a, minlength=len(counts))
