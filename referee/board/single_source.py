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

from dataclasses import dataclass
from functools import cached_property

import numpy as np
import numpy.typing as npt

from referee.board.sight_board import BLOCK, LEVEL_COUNT, SightBoard, class_index
from referee.board.sightlines import INVERSES, KEY_BITS, LineTable, hex_distance

BoolArray = npt.NDArray[np.bool_]
I64Array = npt.NDArray[np.int64]
I16Array = npt.NDArray[np.int16]
HARD = np.int16(32767)  # reach of a hex that blocks: no line gets past it


@dataclass(frozen=True, eq=False)
class SingleSource:
    """The single-source engine of one board over one line table."""

    sb: SightBoard
    table: LineTable

    @cached_property
    def _grid(self) -> tuple[npt.NDArray[np.int32], int, int, int]:
        return self.sb.axial_grid(self.table.radius + 1)

    @cached_property
    def _flat(self) -> tuple[I64Array, I64Array]:
        """Per symmetry, what one step in q and in r of a canonical offset moves the
        mapped hex by in the padded grid: the grid index is linear in the offset."""
        width = self._grid[3]
        return INVERSES[:, 0, 0] * width + INVERSES[:, 1, 0], INVERSES[:, 0, 1] * width + INVERSES[
            :, 1, 1
        ]

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
        """The smallest and largest cube coordinates (q, r, s) of the map's hexes."""
        sb = self.sb
        cube = np.stack([sb.q, sb.r, -sb.q - sb.r])
        return cube.min(axis=1), cube.max(axis=1)

    def _reaches(self, oq: I64Array, or_: I64Array, sq: int, sr: int) -> I64Array:
        """For stoppers at offsets ``o`` from the source, the longest line through each
        that can still end on the map: ``|D| <= mu (|o| + 2/3)`` with ``mu`` the most the
        hex of ``o`` (cube coordinates within 2/3 of its centre) can be scaled before a
        cube coordinate leaves the map's range."""
        lo, hi = self._cube_box
        src = np.array([sq, sr, -sq - sr])
        o = np.stack([oq, or_, -oq - or_]).astype(np.float64)
        room = np.where(o > 0, (hi - src)[:, None], (src - lo)[:, None]).astype(np.float64)
        part = np.abs(o) - 2.0 / 3.0
        with np.errstate(divide="ignore"):
            mu = np.where(np.abs(o) >= 1, room / np.where(part > 0, part, 1.0), np.inf).min(axis=0)
        longest = int(max((hi - src).max(), (src - lo).max()))
        size = hex_distance(oq, or_) + 2.0 / 3.0
        reach: I64Array = np.minimum(np.floor(mu * size + 1e-6), longest).astype(np.int64)
        return reach

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
        if len(stoppers):
            reach3 = reach3.reshape(-1, LEVEL_COUNT)[keep].ravel()
            oq, or_ = sb.q[stoppers] - sq, sb.r[stoppers] - sr
            rows, sym = t.rows(oq, or_)
            longest = self._reaches(oq, or_, sq, sr)
            lo = t.shadow_start[rows].astype(np.int64)
            hi = np.searchsorted(t.shadow_key, (rows << KEY_BITS) | longest, side="right")
            lengths = np.maximum(hi - lo, 0)
            ends = np.cumsum(lengths)
            idx = np.arange(int(ends[-1]), dtype=np.int64) - np.repeat(ends - lengths - lo, lengths)
            fq, fr = self._flat
            at = np.repeat(fq[sym], lengths) * t.shadow_q[idx]
            at += np.repeat(fr[sym], lengths) * t.shadow_r[idx]
            target = grid[at + ((sq - q0) * width + (sr - r0))]
            lt = lv[target]
            base = np.arange(0, LEVEL_COUNT * len(rows), LEVEL_COUNT)
            reach = reach3[np.repeat(base, lengths) + lt]
            if rules.blind_count == "steps":
                behind_s = np.repeat(hex_distance(oq, or_), lengths)
                behind = np.where(lt < source_level, t.shadow_dt[idx], behind_s)
            else:
                behind = np.where(lt < source_level, t.shadow_pos_t[idx], t.shadow_pos_s[idx])
            stop = behind <= reach
            if rules.vertex == "ignore":
                stop &= t.shadow_kind[idx] == 0
            blocked[target[stop]] = True
            hard[target[stop & (reach == HARD)]] = True
            self._edges(source, source_level, lv, stoppers, rows, sym, blocked, hard)
        blocked[source] = True
        visible = ~blocked[:n]
        blind = (blocked & ~hard)[:n]
        blind[source] = False
        return visible, blind

    def _edges(
        self,
        source: int,
        ls: int,
        lv: npt.NDArray[np.int8],
        stoppers: I64Array,
        rows: I64Array,
        sym: I64Array,
        blocked: BoolArray,
        hard: BoolArray,
    ) -> None:
        """Lines that run along the edge between two hexes, one of them a stopper: they
        stop when both flanking hexes stop them (or either, by the ruling ``los.edge-run``)."""
        sb, t = self.sb, self.table
        lo = t.rim_start[rows].astype(np.int64)
        lengths = t.rim_start[rows + 1] - lo
        if not lengths.any():
            return
        ends = np.cumsum(lengths)
        idx = np.arange(int(ends[-1]), dtype=np.int64) - np.repeat(ends - lengths - lo, lengths)
        grid, q0, r0, width = self._grid
        sq, sr = int(sb.q[source]), int(sb.r[source])
        m = INVERSES[np.repeat(sym, lengths)]
        dq = m[:, 0, 0] * t.rim_q[idx] + m[:, 0, 1] * t.rim_r[idx]
        dr = m[:, 1, 0] * t.rim_q[idx] + m[:, 1, 1] * t.rim_r[idx]
        pq = m[:, 0, 0] * t.rim_pq[idx] + m[:, 0, 1] * t.rim_pr[idx]
        pr = m[:, 1, 0] * t.rim_pq[idx] + m[:, 1, 1] * t.rim_pr[idx]
        a = np.repeat(stoppers, lengths)
        aq, ar = sb.q[a] - sq, sb.r[a] - sr
        target = grid[(dq + (sq - q0)) * width + (dr + (sr - r0))]
        partner = grid[(pq + (sq - q0)) * width + (pr + (sr - r0))]
        lt = lv[target]
        cls = class_index(ls, lt)
        low_is_t = lt < ls
        reach = self._reach
        stops = []
        hards = []
        for hexes, fq, fr in ((a, aq, ar), (partner, pq, pr)):
            r = reach[hexes, cls]
            if sb.board.rules.blind_count == "steps":
                behind = np.where(low_is_t, hex_distance(dq - fq, dr - fr), hex_distance(fq, fr))
            else:
                behind = np.where(low_is_t, t.rim_pos_t[idx], t.rim_pos_s[idx])
            stops.append(behind <= r)
            hards.append(r == HARD)
        both = sb.board.rules.edge == "both"
        run = stops[0] & stops[1] if both else stops[0] | stops[1]
        blocked[target[run]] = True
        hard[target[run & (hards[0] | hards[1])]] = True
