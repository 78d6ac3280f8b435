"""What one hex sees: line of sight from one source to every hex of the map at once.

Only the hexes that can stop a line matter (blocking terrain, smoke: clauses ``los.*``),
so the work goes from each of them to the lines it stops, not from each line to the hexes
it meets: the line table's inverted part (:mod:`referee.board.sightlines`) lists, for a
hex at offset ``o`` from the source, every line through it, shortest first. A query takes
from each list only the lines short enough to end on the map, all lists at once with
numpy, whatever the size of the map. The answers are those of
:func:`referee.board.los.line_of_sight` exactly (the tests compare them).
"""

from __future__ import annotations

from functools import cached_property

import msgspec
import numpy as np
import numpy.typing as npt

from referee.board.hexgrid import DIRECTIONS
from referee.board.sight_board import BLOCK, LEVEL_COUNT, SightBoard, class_index
from referee.board.sightlines import (
    EDGE_KIND,
    INVERSES,
    KEY_BITS,
    KIND_BITS,
    LineTable,
    hex_distance,
)

BoolArray = npt.NDArray[np.bool_]
I64Array = npt.NDArray[np.int64]
I16Array = npt.NDArray[np.int16]
HARD = np.int16(32767)  # reach of a hex that blocks: no line gets past it
_STEP_Q = np.array([d.q for d in DIRECTIONS], np.int64)
_STEP_R = np.array([d.r for d in DIRECTIONS], np.int64)


class SingleSource(msgspec.Struct, frozen=True, eq=False, dict=True):
    """The single-source engine of one board over one line table."""

    sb: SightBoard
    table: LineTable

    @cached_property
    def _grid(self) -> tuple[npt.NDArray[np.int32], int, int, int]:
        return self.sb.axial_grid(self.table.radius + 1)

    @cached_property
    def _flat(self) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]:
        """Per symmetry, what one step in q and in r of a canonical offset moves the
        mapped hex by in the padded grid: the grid index is linear in the offset."""
        width = self._grid[3]
        m = INVERSES.astype(np.int32)
        return m[:, 0, 0] * width + m[:, 1, 0], m[:, 0, 1] * width + m[:, 1, 1]

    @cached_property
    def _reach(self) -> I16Array:
        """How far past a hex each effect code lets a line go before it stops: 0 never,
        N for "blind N" (the low end within N behind it), ``HARD`` always."""
        e = self.sb.effects.astype(np.int16)
        return np.where(e == BLOCK, HARD, e).astype(np.int16)

    @cached_property
    def _stoppers_by_level(self) -> tuple[tuple[I64Array, I16Array], ...]:
        """Per source level: the hexes with an effect on some line from that level, and
        their reach by the target's level (a row of three per hex)."""
        reach = self._reach
        out = []
        for ls in range(LEVEL_COUNT):
            cols = [int(class_index(ls, lt)) for lt in range(LEVEL_COUNT)]
            mine = np.flatnonzero(reach[: self.sb.n][:, cols].any(axis=1))
            out.append((mine, np.ascontiguousarray(reach[mine][:, cols]).ravel()))
        return tuple(out)

    @cached_property
    def _cube_box(self) -> tuple[I64Array, I64Array]:
        """The smallest and largest cube coordinates (q, r, s) of the map's hexes, and of
        the doubled row ``2 r + q``."""
        sb = self.sb
        cube = np.stack([sb.q, sb.r, -sb.q - sb.r, 2 * sb.r + sb.q])
        return cube.min(axis=1), cube.max(axis=1)

    _slack = np.array([2, 2, 2, 3])[:, None]  # 3 x how far a hex reaches past its centre

    def _reaches(self, oq: I64Array, or_: I64Array, sq: int, sr: int) -> I64Array:
        """For stoppers at offsets ``o`` from the source, the longest line through each
        that can still end on the map. A line through the hex of ``o`` ends at ``mu p``
        for a point ``p`` of that hex (cube coordinates within 2/3 of ``o``'s) and some
        ``mu >= 1``; while every cube coordinate of the end stays in the map's range,
        ``mu (|o_c| - 2/3) <= room_c`` for each coordinate with ``|o_c| >= 1``, so the line
        is at most ``min_c room_c (3 |o| + 2) / (3 |o_c| - 2)`` hexes long. The same holds
        of the printed rows, as ``Y = 2 r + q`` (within 1 of ``o``'s in its hex): whole
        numbers only, no rounding."""
        lo, hi = self._cube_box
        o = np.stack([oq, or_, -oq - or_, 2 * or_ + oq])
        src = np.array([sq, sr, -sq - sr, 2 * sr + sq])[:, None]
        room = np.where(o > 0, hi[:, None] - src, src - lo[:, None])
        size = 3 * np.abs(o[:3]).max(axis=0) + 2
        part = 3 * np.abs(o) - self._slack
        longest = int(max((hi[:3, None] - src[:3]).max(), (src[:3] - lo[:3, None]).max()))
        bound = np.where(part > 0, room * size // np.maximum(part, 1), longest).min(axis=0)
        reach: I64Array = np.minimum(bound, longest)
        return reach

    @cached_property
    def _ends(self) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32], I64Array]:
        """Per canonical row and line length ``L``: where the crossings of lines up to
        ``L`` long end, and the corner touches; and where the row's edge runs start."""
        t = self.table
        key = t.shadow_key  # sorted by (row, kind, length): each count is a search
        n_rows, span = len(t.line_q), t.radius + 1
        lengths = np.arange(span, dtype=np.int32)
        out = [np.empty((n_rows, span), np.int32) for _ in (0, 1)]
        per = max(1, (1 << 20) // span)  # rows at once: the searches' memory stays small
        for lo in range(0, n_rows, per):
            rows = np.arange(lo, min(n_rows, lo + per), dtype=np.int32)
            for k in (0, 1):
                first = (rows << np.int32(KEY_BITS + KIND_BITS)) | np.int32(k << KEY_BITS)
                last = np.searchsorted(key, first[:, None] | lengths[None, :], side="right")
                out[k][lo : lo + len(rows)] = last - np.searchsorted(key, first)[:, None]
        crossings = out[0][:, -1].astype(np.int64)
        corners = out[1][:, -1].astype(np.int64)
        edge_start = t.shadow_start[:-1].astype(np.int64) + crossings + corners
        return out[0], out[1], edge_start

    def see(
        self, source: int, source_level: int, levels: npt.NDArray[np.int8]
    ) -> tuple[BoolArray, BoolArray]:
        """``(visible, blind)`` over the hexes, from hex number ``source`` at
        ``source_level``, each other hex at its own level in ``levels``."""
        sb, t = self.sb, self.table
        n = sb.n
        rules = sb.board.rules
        grid, q0, r0, width = self._grid
        lv = np.append(levels, np.int8(0))  # row n: off the map
        sq, sr = int(sb.q[source]), int(sb.r[source])
        blocked = np.zeros(n + 1, np.bool_)
        hard = np.zeros(n + 1, np.bool_)
        stoppers, reach3 = self._stoppers_by_level[source_level]
        keep = stoppers != source
        stoppers = stoppers[keep]
        if not len(stoppers):
            return ~blocked[:n] & (np.arange(n) != source), np.zeros(n, np.bool_)
        reach3 = reach3.reshape(-1, LEVEL_COUNT)[keep]
        oq, or_ = sb.q[stoppers] - sq, sb.r[stoppers] - sr
        rows, sym = t.rows(oq, or_)
        # the lines through each stopper: crossings (and corner touches, when the ruling
        # los.vertex-touch counts them) short enough to end on the map; then edge runs
        longest = self._reaches(oq, or_, sq, sr)
        cross_end, corner_end, edge_start = self._ends
        first = t.shadow_start[rows].astype(np.int64)
        lo = [first]
        hi = [first + cross_end[rows, longest]]
        if rules.vertex != "ignore":
            corners = first + cross_end[rows, -1]
            lo.append(corners)
            hi.append(corners + corner_end[rows, longest])
        lo.append(edge_start[rows])
        hi.append(t.shadow_start[rows + 1].astype(np.int64))
        parts = len(lo)
        lo_all, hi_all = np.concatenate(lo), np.concatenate(hi)
        lengths = hi_all - lo_all
        ends = np.cumsum(lengths)
        idx = np.arange(int(ends[-1]), dtype=np.int32)
        idx -= np.repeat((ends - lengths - lo_all).astype(np.int32), lengths)
        fq, fr = self._flat
        sym_all = np.tile(sym, parts)
        at = np.repeat(fq[sym_all], lengths) * t.shadow_q[idx]
        at += np.repeat(fr[sym_all], lengths) * t.shadow_r[idx]
        at += (sq - q0) * width + (sr - r0)
        target = grid[at]
        lt = lv[target]
        base = np.arange(0, LEVEL_COUNT * len(lo_all), LEVEL_COUNT, dtype=np.int32)
        reach = np.tile(reach3, (parts, 1)).ravel()[np.repeat(base, lengths) + lt]
        if rules.blind_count == "steps":
            behind = np.repeat(np.tile(hex_distance(oq, or_), parts).astype(np.int16), lengths)
            if source_level:  # a target lower than the source: counted from it
                behind = np.where(lt < source_level, t.shadow_dt[idx], behind)
        else:
            behind = np.where(lt < source_level, t.shadow_pos_t[idx], t.shadow_pos_s[idx])
        stop = behind <= reach
        hit = reach == HARD
        edges = int(lengths[(parts - 1) * len(rows) :].sum())
        if edges and rules.edge == "both":
            self._partners(source_level, stoppers, rows, sym, lengths, idx, lt, stop, hit, edges)
        blocked[target[stop]] = True
        hard[target[stop & hit]] = True
        blocked[source] = True
        visible = ~blocked[:n]
        blind = (blocked & ~hard)[:n]
        blind[source] = False
        return visible, blind

    def _partners(
        self,
        ls: int,
        stoppers: I64Array,
        rows: I64Array,
        sym: I64Array,
        lengths: I64Array,
        idx: npt.NDArray[np.int32],
        lt: npt.NDArray[np.int8],
        stop: BoolArray,
        hit: BoolArray,
        edges: int,
    ) -> None:
        """For the last ``edges`` entries (edge runs along a stopper): the line stops only
        if the hex on the edge's other side stops it too (ruling ``los.edge-run``), and
        the stop is hard if either of the two blocks outright."""
        sb, t = self.sb, self.table
        b = len(rows)
        tail = slice(len(idx) - edges, None)
        ei = idx[tail]
        owner = np.repeat(np.arange(b), lengths[-b:])
        d = t.shadow_kind[ei].astype(np.int64) - EDGE_KIND
        fq, fr = self._flat
        s_ = sym[owner]
        grid, q0, r0, width = self._grid
        # the partner: the stopper's neighbour in direction d, mapped back like the line
        step = fq[s_] * _STEP_Q[d] + fr[s_] * _STEP_R[d]
        stopper_at = (sb.q[stoppers] - q0) * width + (sb.r[stoppers] - r0)
        partner = grid[stopper_at[owner] + step]
        lt_tail = lt[tail]
        reach = self._reach[partner, class_index(ls, lt_tail)]
        # the partner's distances, in the canonical frame of the stopper's row
        pq = t.line_q[rows[owner]].astype(np.int64) + _STEP_Q[d]
        pr = t.line_r[rows[owner]].astype(np.int64) + _STEP_R[d]
        low = lt_tail < ls
        if self.sb.board.rules.blind_count == "steps":
            behind = np.where(
                low, hex_distance(t.shadow_q[ei] - pq, t.shadow_r[ei] - pr), hex_distance(pq, pr)
            )
        else:
            behind = np.where(low, t.shadow_pos_t[ei], t.shadow_pos_s[ei])
        stop[tail] &= behind <= reach
        hit[tail] |= reach == HARD
