"""Line of sight for many lines at once: every pair of a map, or one hex to all.

The geometry of a map (which hexes each line crosses, runs along or touches) does not
depend on terrain, so it is prepared once per map shape: exact traces for every
displacement between two hexes (the walk of :func:`referee.board.line.trace`, done for
all lines at once with numpy, one line per symmetry class), stored as flat numpy arrays
and cached on disk. A query then applies the ruleset's height table
(:class:`~referee.board.los_rules.LosRules`) to the hexes that hold blocking terrain or
smoke, all lines together. The answers are those of :func:`referee.board.los.line_of_sight`
exactly; the tests compare the two on random maps.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from referee.board.hexgrid import DIRECTIONS, LATTICE_CORNERS, Hex
from referee.board.los import LosBoard

BLOCK = 255  # effect code of "block"; 0 is "clear" and 1..254 is "blind N"
IntArray = npt.NDArray[np.int32]
I64Array = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]
IndexArray = npt.NDArray[np.signedinteger[Any]]  # int32 or the platform's intp
_GEOMETRY_VERSION = 1


def _effect_code(kind: str, n: int) -> int:
    return {"clear": 0, "block": BLOCK}.get(kind, n)


@dataclass(frozen=True)
class RelativeLines:
    """Traces from (0, 0) to every displacement in a box, as CSR arrays.

    ``point_*`` hold crossed hexes and corner touches (``point_kind`` 0 / 1), ``edge_*``
    the two hexes flanking each edge run. ``*_pos_s`` and ``*_pos_t`` count the crossed
    hexes between the entry and the start / end, plus one (for ``los.blind-count``).
    """

    q0: int
    r0: int
    width: int  # displacement (dq, dr) has index (dq - q0) * width + (dr - r0)
    point_start: IntArray
    point_q: IntArray
    point_r: IntArray
    point_kind: IntArray
    point_pos_s: IntArray
    point_pos_t: IntArray
    edge_start: IntArray
    edge_q: IntArray  # shape (n, 2)
    edge_r: IntArray
    edge_pos_s: IntArray
    edge_pos_t: IntArray

    def index(self, dq: IntArray, dr: IntArray) -> IntArray:
        return (dq - self.q0) * self.width + (dr - self.r0)


# The twelve symmetries of the hex lattice as integer matrices on axial (q, r): the six
# rotations by 60 degrees and their mirror images. Each maps hex centres, corners and
# edges onto themselves, so a line's trace maps exactly onto the trace of its image.
_ROTATE = np.array([[0, -1], [1, 1]], np.int64)  # (q, r) -> (-r, q + r)
_MIRROR = np.array([[1, 0], [-1, -1]], np.int64)  # (q, r) -> (q, -q - r)
_SYMMETRIES = np.array(
    [
        np.linalg.matrix_power(_ROTATE, k) @ m
        for m in (np.eye(2, dtype=np.int64), _MIRROR)
        for k in range(6)
    ],
    np.int64,
)
_INVERSES = np.array([np.round(np.linalg.inv(m)).astype(np.int64) for m in _SYMMETRIES])


# The lattice of :mod:`referee.board.hexgrid` as arrays: corner offsets of a hex from its
# centre (corner i and i + 1 bound the edge facing direction i + 2) and the six directions.
_CORNER_X = np.array([x for x, _ in LATTICE_CORNERS], np.int64)
_CORNER_Y = np.array([y for _, y in LATTICE_CORNERS], np.int64)
_DIR_Q = np.array([d.q for d in DIRECTIONS], np.int64)
_DIR_R = np.array([d.r for d in DIRECTIONS], np.int64)
_BACK_1 = np.roll(np.arange(6), 1)  # i -> i - 1 (mod 6)
_STEP_1 = np.roll(np.arange(6), -1)  # i -> i + 1 (mod 6)
_STEP_2 = np.roll(np.arange(6), -2)  # i -> i + 2 (mod 6)


def _trace_many(dq: I64Array, dr: I64Array) -> tuple[I64Array, I64Array]:
    """The traces from (0, 0) to every (dq, dr) (none of them (0, 0)), all lines walked
    together hex by hex exactly as :func:`referee.board.line.trace` walks one.

    Returns point rows ``(line, q, r, kind, pos_s, pos_t)`` (kind 0 a crossed hex, 1 a
    corner touch) and edge rows ``(line, left q, left r, right q, right r, pos_s, pos_t)``,
    both sorted by line and, within a line, in order from (0, 0). ``pos_s`` and ``pos_t``
    count the crossed hexes between the start / end and the entry, plus one.

    Every decision is the sign of an integer, as in ``trace``: on the lattice the line
    is (0, 0) -> (dx, dy) = (3 dq, 2 dr + dq), and a point (x, y) is on its left, on it
    or on its right as ``dx * y - dy * x`` is < 0, 0 or > 0. That value is linear, so
    the walk keeps it for the current hex's centre (``c``) and adds per-line constants
    for the six corners (``corner``) and the six steps to a neighbour (``step``).
    """
    dx, dy = 3 * dq, 2 * dr + dq
    corner = dx[:, None] * _CORNER_Y - dy[:, None] * _CORNER_X  # (lines, 6)
    step = (dx - 3 * dy)[:, None] * _DIR_Q + (2 * dx)[:, None] * _DIR_R  # (lines, 6)
    total = np.zeros(len(dq), np.int64)  # crossed hexes per line, known on arrival
    # the lines still walking: which line, its end, the current hex, c, crossed so far
    line = np.arange(len(dq), dtype=np.int64)
    end_q, end_r = dq, dr
    q = np.zeros(len(dq), np.int64)
    r, c, before = q.copy(), q.copy(), q.copy()
    points: list[I64Array] = []  # blocks of point rows without pos_t, in walk order
    edges: list[I64Array] = []
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
            points.append(np.stack([line, q, r, np.zeros_like(q), before]))
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
            points.append(
                np.stack(
                    [
                        line[k][touch],
                        np.where(into_a, bq, aq)[touch],
                        np.where(into_a, br, ar)[touch],
                        np.ones(int(touch.sum()), np.int64),
                        before[k][touch],
                    ]
                )
            )
            a_left = sa.sum(axis=1) < sb.sum(axis=1)
            edges.append(
                np.stack(
                    [
                        line[k][run],
                        np.where(a_left, aq, bq)[run],
                        np.where(a_left, ar, br)[run],
                        np.where(a_left, bq, aq)[run],
                        np.where(a_left, br, ar)[run],
                        before[k][run],
                    ]
                )
            )
            # crossing a: into a; crossing b: into b; along the edge: into the hex beyond
            q_next[k] = np.where(into_a, aq, np.where(into_b, bq, aq + bq - qk))
            r_next[k] = np.where(into_a, ar, np.where(into_b, br, ar + br - rk))
            c_next[k] = np.where(into_a, ac, np.where(into_b, bc, ac + bc - ck))
        q, r, c = q_next, r_next, c_next
    else:  # pragma: no cover - impossible for a line through an interior
        raise AssertionError(f"lines to {end_q[:3]}, {end_r[:3]}... did not arrive")
    p = np.concatenate([np.zeros((5, 0), np.int64), *points], axis=1)
    e = np.concatenate([np.zeros((6, 0), np.int64), *edges], axis=1)
    p = p[:, np.argsort(p[0], kind="stable")]  # by line, and in walk order within one
    e = e[:, np.argsort(e[0], kind="stable")]
    # with ``before`` the hexes crossed before an entry, pos_s = before + 1 and pos_t =
    # (total - before - 1) + 1 for a crossed hex (it is one of the total itself) and
    # (total - before) + 1 for a corner touch: total - before + kind
    p_rows = np.stack([*p[:4], p[4] + 1, total[p[0]] - p[4] + p[3]], axis=1)
    e_rows = np.stack([*e[:5], e[5] + 1, total[e[0]] - e[5] + 1], axis=1)
    return p_rows, e_rows


def _build_relative(q_span: int, r_span: int) -> RelativeLines:
    """Trace one line per symmetry class and map it onto the other members of its class."""
    q0, r0 = -q_span, -r_span
    width = 2 * r_span + 1
    dq, dr = np.divmod(np.arange((2 * q_span + 1) * width, dtype=np.int64), width)
    disp = np.stack([dq + q0, dr + r0])  # (2, K)
    images = np.einsum("sij,jk->sik", _SYMMETRIES, disp)  # (12, 2, K)
    big = 4 * (q_span + r_span) + 8
    keys = images[:, 0, :] * (4 * big) + images[:, 1, :]
    which = np.argmin(keys, axis=0)  # the symmetry taking each displacement to its canonical
    canon_keys, canon_of = np.unique(keys[which, np.arange(keys.shape[1])], return_inverse=True)
    canon = images[which, :, np.arange(keys.shape[1])]  # (K, 2)
    first = np.zeros(len(canon_keys), np.int64)
    first[canon_of[::-1]] = np.arange(len(canon_of))[::-1]
    # one trace per symmetry class, (0, 0) being its own class with an empty trace
    traced = np.flatnonzero(canon[first, 0] | canon[first, 1])
    p_rows, e_rows = _trace_many(canon[first[traced], 0], canon[first[traced], 1])
    n_classes = len(first)
    p_count = np.bincount(traced[p_rows[:, 0]], minlength=n_classes)
    e_count = np.bincount(traced[e_rows[:, 0]], minlength=n_classes)
    cp = np.concatenate([[0], np.cumsum(p_count)]).astype(np.int32)
    ce = np.concatenate([[0], np.cumsum(e_count)]).astype(np.int32)
    # each displacement's entries: its class's entries mapped back by the inverse symmetry
    ks = canon_of.astype(np.int32)
    pidx, powner = _expand(cp, ks)
    eidx, eowner = _expand(ce, ks)
    p_start = np.concatenate([[0], np.cumsum(p_count[canon_of])]).astype(np.int32)
    e_start = np.concatenate([[0], np.cumsum(e_count[canon_of])]).astype(np.int32)
    pq, pr = _map_back(p_rows[:, 1:3], which[powner], pidx)
    lq, lr = _map_back(e_rows[:, 1:3], which[eowner], eidx)
    rq, rr = _map_back(e_rows[:, 3:5], which[eowner], eidx)
    i32 = np.int32
    return RelativeLines(
        q0=q0,
        r0=r0,
        width=width,
        point_start=p_start,
        point_q=pq,
        point_r=pr,
        point_kind=p_rows[:, 3].astype(i32)[pidx],
        point_pos_s=p_rows[:, 4].astype(i32)[pidx],
        point_pos_t=p_rows[:, 5].astype(i32)[pidx],
        edge_start=e_start,
        edge_q=np.stack([lq, rq], axis=1),
        edge_r=np.stack([lr, rr], axis=1),
        edge_pos_s=e_rows[:, 5].astype(i32)[eidx],
        edge_pos_t=e_rows[:, 6].astype(i32)[eidx],
    )


def _map_back(qr: I64Array, sym: I64Array, idx: IntArray) -> tuple[IntArray, IntArray]:
    """``q`` and ``r`` of the hexes ``qr[idx]`` mapped by the inverses of symmetries
    ``sym``: all twelve images of ``qr`` at once, then one gather per coordinate."""
    q, r = qr[:, 0].astype(np.int32), qr[:, 1].astype(np.int32)
    m = _INVERSES.astype(np.int32)[:, :, :, None]  # (12, 2, 2, 1)
    flat = sym * len(qr) + idx
    images_q = m[:, 0, 0] * q + m[:, 0, 1] * r  # (12, n)
    images_r = m[:, 1, 0] * q + m[:, 1, 1] * r
    return images_q.ravel()[flat], images_r.ravel()[flat]


def relative_lines(q_span: int, r_span: int, cache: Path | None = None) -> RelativeLines:
    """The traces for displacements up to ``q_span`` / ``r_span``, from the disk cache
    when present (a cache file that cannot be read is rebuilt, never trusted)."""
    if cache is not None:
        path = cache / f"lines-v{_GEOMETRY_VERSION}-{q_span}x{r_span}.npz"
        try:
            with np.load(path) as z:
                fields = {k: z[k] for k in z.files}
            meta = fields.pop("meta")
            return RelativeLines(q0=int(meta[0]), r0=int(meta[1]), width=int(meta[2]), **fields)
        except (OSError, KeyError, ValueError, TypeError):
            pass
    rel = _build_relative(q_span, r_span)
    if cache is not None:
        try:
            cache.mkdir(parents=True, exist_ok=True)
            tmp = path.with_suffix(f".{hashlib.sha1(str(path).encode()).hexdigest()[:8]}.tmp.npz")
            arrays = {k: v for k, v in vars(rel).items() if isinstance(v, np.ndarray)}
            np.savez(tmp, allow_pickle=False, meta=np.array([rel.q0, rel.r0, rel.width]), **arrays)
            tmp.replace(path)
        except OSError:
            pass
    return rel


def _expand(starts: IntArray, ks: IntArray) -> tuple[IntArray, IntArray]:
    """Entry indices of CSR rows ``ks`` and, for each entry, which row of ``ks`` it is."""
    lo, hi = starts[ks], starts[ks + 1]
    lengths = hi - lo
    owner = np.repeat(np.arange(len(ks), dtype=np.int32), lengths)
    offsets = np.cumsum(lengths) - lengths
    idx: IndexArray = np.arange(int(lengths.sum()), dtype=np.int32) - np.repeat(
        offsets - lo, lengths
    )
    return idx.astype(np.int32), owner


def _cube_distance(dq: IntArray, dr: IntArray) -> IntArray:
    return np.asarray((np.abs(dq) + np.abs(dr) + np.abs(dq + dr)) // 2, dtype=np.int32)


class MapGeometry:
    """The prepared geometry of one map shape: hex index, grid lookup, traces."""

    def __init__(self, hexes: tuple[Hex, ...], cache: Path | None = None) -> None:
        self.hexes = hexes
        self.n = len(hexes)
        self.q = np.array([h.q for h in hexes], np.int32)
        self.r = np.array([h.r for h in hexes], np.int32)
        q_span = int(self.q.max() - self.q.min())
        r_span = int(self.r.max() - self.r.min())
        self.lines = relative_lines(q_span, r_span, cache)
        # axial grid -> hex index (or n for "off the map"), one hex of padding all round
        self.gq0, self.gr0 = int(self.q.min()) - 1, int(self.r.min()) - 1
        self.gw = r_span + 3
        self.grid = np.full((q_span + 3) * self.gw, self.n, np.int32)
        self.grid[(self.q - self.gq0) * self.gw + (self.r - self.gr0)] = np.arange(self.n)

    def hex_index(self, q: IntArray, r: IntArray) -> IntArray:
        flat: IndexArray = (q - self.gq0) * self.gw + (r - self.gr0)
        return self.grid[flat]


@dataclass(frozen=True)
class Entries:
    """Absolute line entries for a set of (source, target) pairs."""

    src: IntArray
    tgt: IntArray
    hex: IntArray  # point entries: the hex index (n = off the map)
    kind: IntArray
    dist_s: IntArray
    dist_t: IntArray
    pos_s: IntArray
    pos_t: IntArray
    e_src: IntArray
    e_tgt: IntArray
    e_hex: IntArray  # shape (m, 2)
    e_dist_s: IntArray
    e_dist_t: IntArray
    e_pos_s: IntArray
    e_pos_t: IntArray


_POINT_FIELDS = frozenset({"src", "tgt", "hex", "kind", "dist_s", "dist_t", "pos_s", "pos_t"})


def _entries(g: MapGeometry, src: IntArray, tgt: IntArray) -> Entries:
    rel = g.lines
    k = rel.index(g.q[tgt] - g.q[src], g.r[tgt] - g.r[src])
    idx, owner = _expand(rel.point_start, k)
    s, t = src[owner], tgt[owner]
    aq, ar = g.q[s] + rel.point_q[idx], g.r[s] + rel.point_r[idx]
    eidx, eowner = _expand(rel.edge_start, k)
    es, et = src[eowner], tgt[eowner]
    eq = g.q[es][:, None] + rel.edge_q[eidx]
    er = g.r[es][:, None] + rel.edge_r[eidx]
    return Entries(
        src=s,
        tgt=t,
        hex=g.hex_index(aq, ar),
        kind=rel.point_kind[idx],
        dist_s=_cube_distance(aq - g.q[s], ar - g.r[s]),
        dist_t=_cube_distance(aq - g.q[t], ar - g.r[t]),
        pos_s=rel.point_pos_s[idx],
        pos_t=rel.point_pos_t[idx],
        e_src=es,
        e_tgt=et,
        e_hex=g.hex_index(eq, er),
        e_dist_s=_cube_distance(eq - g.q[es][:, None], er - g.r[es][:, None]),
        e_dist_t=_cube_distance(eq - g.q[et][:, None], er - g.r[et][:, None]),
        e_pos_s=rel.edge_pos_s[eidx],
        e_pos_t=rel.edge_pos_t[eidx],
    )


class Visibility:
    """Fast line of sight on one :class:`LosBoard`, with any levels per hex."""

    def __init__(
        self, board: LosBoard, geometry: MapGeometry | None = None, cache: Path | None = None
    ) -> None:
        self.board = board
        self.g = geometry or MapGeometry(board.battle_map.hexes, cache)
        self._all: Entries | None = None
        self._all_by_hex: IntArray | None = None
        self.effects = self._effect_table()
        # per hex: has an effect at some levels
        self.blocking: BoolArray = np.asarray(self.effects.any(axis=1), dtype=np.bool_)

    def _effect_table(self) -> npt.NDArray[np.int32]:
        """Effect code per hex (row n: off the map) and level class hi*3+lo."""
        table = np.zeros((self.g.n + 1, 9), np.int32)
        for i, h in enumerate(self.g.hexes):
            if not self.board.columns(h):
                continue
            for hi in range(3):
                for lo in range(hi + 1):
                    e = self.board.effect(h, hi, lo)
                    table[i, hi * 3 + lo] = _effect_code(e.kind, e.n)
        return table

    def _stops(
        self,
        eff: IntArray,
        low_is_t: BoolArray,
        dist_s: IntArray,
        dist_t: IntArray,
        pos_s: IntArray,
        pos_t: IntArray,
    ) -> BoolArray:
        if self.board.rules.blind_count == "steps":
            behind = np.where(low_is_t, dist_t, dist_s)
        else:
            behind = np.where(low_is_t, pos_t, pos_s)
        return np.asarray((eff == BLOCK) | ((eff > 0) & (behind <= eff)), dtype=np.bool_)

    def _solve(
        self,
        e: Entries,
        levels: IntArray,
        n_pairs: int,
        pair_of: object,
        by_hex: IntArray | None = None,
    ) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_]]:
        rules = self.board.rules
        blocked = np.zeros(n_pairs, bool)
        hard = np.zeros(n_pairs, bool)
        # crossed hexes, and corners when the ruling counts them; with ``by_hex`` (the
        # entries sorted by hex, as CSR offsets) only the entries of blocking hexes are read
        sel: IndexArray
        if by_hex is not None:
            sel, _ = _expand(by_hex, np.flatnonzero(self.blocking).astype(np.int32))
            if rules.vertex == "ignore":
                sel = sel[e.kind[sel] == 0]
        else:
            keep = self.blocking[e.hex]
            if rules.vertex == "ignore":
                keep &= e.kind == 0
            sel = np.flatnonzero(keep)
        if len(sel):
            s, t = e.src[sel], e.tgt[sel]
            ls, lt = levels[s], levels[t]
            cls = np.maximum(ls, lt) * 3 + np.minimum(ls, lt)
            eff = self.effects[e.hex[sel], cls]
            stop = self._stops(
                eff, lt < ls, e.dist_s[sel], e.dist_t[sel], e.pos_s[sel], e.pos_t[sel]
            )
            p = pair_of(s, t)  # type: ignore[operator]
            blocked[p[stop]] = True
            hard[p[stop & (eff == BLOCK)]] = True
        # edge runs: both flankers (or either) must stop the line
        eff_any = self.blocking[e.e_hex]
        keep_e = eff_any.all(axis=1) if rules.edge == "both" else eff_any.any(axis=1)
        sel = np.flatnonzero(keep_e)
        if len(sel):
            s, t = e.e_src[sel], e.e_tgt[sel]
            ls, lt = levels[s], levels[t]
            cls = (np.maximum(ls, lt) * 3 + np.minimum(ls, lt))[:, None]
            eff = self.effects[e.e_hex[sel], cls]
            low_is_t = (lt < ls)[:, None]
            pos_s, pos_t = e.e_pos_s[sel][:, None], e.e_pos_t[sel][:, None]
            stop = self._stops(eff, low_is_t, e.e_dist_s[sel], e.e_dist_t[sel], pos_s, pos_t)
            run = stop.all(axis=1) if rules.edge == "both" else stop.any(axis=1)
            p = pair_of(s, t)  # type: ignore[operator]
            blocked[p[run]] = True
            hard[p[run & (stop & (eff == BLOCK)).any(axis=1)]] = True
        return blocked, hard

    def levels(self, overrides: Mapping[Hex, int] | None = None) -> IntArray:
        lv = np.array([self.board.height(h) for h in self.g.hexes], np.int32)
        for h, level in (overrides or {}).items():
            lv[self.board.battle_map.index[h]] = level
        return lv

    def all_pairs(
        self, levels: IntArray | None = None
    ) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_]]:
        """``(visible, blind)`` as n x n boolean matrices, rows = from, columns = to."""
        n = self.g.n
        if self._all is None:
            src, tgt = np.divmod(np.arange(n * n, dtype=np.int32), n)
            off = src != tgt
            e = _entries(self.g, src[off].astype(np.int32), tgt[off].astype(np.int32))
            order = np.argsort(e.hex, kind="stable")
            self._all = Entries(
                **{k: (v[order] if k in _POINT_FIELDS else v) for k, v in vars(e).items()}
            )
            self._all_by_hex = np.searchsorted(
                self._all.hex, np.arange(n + 2, dtype=np.int32)
            ).astype(np.int32)
        lv = self.levels() if levels is None else levels
        blocked, hard = self._solve(self._all, lv, n * n, lambda s, t: s * n + t, self._all_by_hex)
        visible = ~blocked.reshape(n, n)
        np.fill_diagonal(visible, False)
        return visible, (blocked & ~hard).reshape(n, n)

    def from_hex(
        self, source: Hex, level: int | None = None, levels: IntArray | None = None
    ) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_]]:
        """``(visible, blind)`` boolean vectors over the map's hexes, seen from ``source``."""
        n = self.g.n
        si = self.board.battle_map.index[source]
        lv = (self.levels() if levels is None else levels).copy()
        if level is not None:
            lv[si] = level
        tgt = np.delete(np.arange(n, dtype=np.int32), si)
        src = np.full(len(tgt), si, np.int32)
        blocked, hard = self._solve(_entries(self.g, src, tgt), lv, n, lambda s, t: t)
        visible = ~blocked
        visible[si] = False
        return visible, blocked & ~hard
