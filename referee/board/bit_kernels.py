"""The all-pairs engine's inner loops, compiled: OR blocks of tiled bit grids into lines.

:mod:`referee.board.all_pairs` keeps sets of hexes as bit grids pre-shifted by every offset
within an 8 x 8 tile, and a line's answer for a block of ``ntr x ntc`` tiles of sources is
the OR of the blocks of those grids at each of the line's entries. :func:`stops` walks each
line's entries, works out the block each wants and ORs it straight into the line's words:
nothing picked, copied, sorted or kept per entry on the way (numpy's fancy indexing spent
several nanoseconds a word on that, against about 0.3 for these loops, the rate at which
numpy ORs long runs in place). :func:`combine` then puts a line's stops together by the
levels of each pair's ends, a pass over its few hundred words per pair of levels (numpy,
when numba is not installed, takes a pass over the whole group per operation), and
:func:`pairs` reads the pairs of ``referee visible --all`` out of the answers' words.

The grids come flat with their shapes: ``(2, 8, 8, TR, TC, P)`` for the far grids (the
``P`` planes of a tile side by side, so that a row of a block is one run of ``ntc * P``
words) and ``(2, 8, 8, P, TR, TC)`` for the near ones (one plane per entry). Indices are
unsigned: numba checks a signed index for a negative value at every access, which halved
the speed. Nothing is checked against the bounds (as with numpy's strided views before
them): the grids' padding (``all_pairs._PAD``) keeps every block inside, and the tests
compare every answer with the reference tracer.

numba compiles them on first use (about 4 s of CPU) and keeps the machine code in its
cache beside this module or in the user's cache (none in a frozen app, which has no
sources to key it by); importing numba takes about 0.4 s, loading them from the cache
0.5 s. The module is imported only when all pairs are worked out on a large map and numba
is installed (the extra ``large-maps``): :func:`referee.board.all_pairs.kernel_for`.
"""

from __future__ import annotations

import sys
from typing import Any

import numpy as np
from numba import njit
from numba import uint64 as u

_CACHE = not getattr(sys, "frozen", False)


@njit(cache=_CACHE)
def _at(
    q: Any, r: Any, row0: Any, col0: Any, m: Any, p: Any, tr: Any, tc: Any
) -> Any:  # pragma: no cover - compiled
    """The first word of the block wanted by the canonical offset ``(q, r)`` mapped back
    by ``m`` (a 2 x 2 integer matrix), from sources whose first bit is at ``row0``,
    ``col0`` of the padded grid, in a grid ``(2, 8, 8, TC, TR)`` (times its planes): a
    source of parity ``p`` reaches columns of parity ``(p + oq) & 1``, half-columns and
    printed rows ``(p + oq) >> 1`` further on."""
    oq = m[0, 0] * q + m[0, 1] * r + p
    half = oq >> 1
    row = u(row0 + m[1, 0] * q + m[1, 1] * r + half)
    col = u(col0 + half)
    grid = (u(oq & 1) * u(8) + (row & u(7))) * u(8) + (col & u(7))
    return (grid * tc + (col >> u(3))) * tr + (row >> u(3))


@njit(cache=_CACHE)
def stops(
    lo: int,
    hi: int,
    far: Any,
    far_shape: Any,
    near: Any,
    near_shape: Any,
    lines: Any,
    row0: Any,
    col0: Any,
    back: Any,
    p: int,
    points: Any,
    point_kind: Any,
    point_pos: Any,
    line_end: Any,
    with_vertices: bool,
    steps: bool,
    edge_start: Any,
    edge_ab: Any,
    edge_k: Any,
    near_plane: Any,
    classes: Any,
    max_blind: int,
    edge_both: bool,
    far_out: Any,
    near_out: Any,
    ntr: int,
    ntc: int,
) -> None:  # pragma: no cover - compiled
    """The stops of lines ``lo .. hi - 1`` of one group of displacements, all ORed here
    (line ``i`` the ``i - lo``-th of the answers).

    Line ``i`` is canonical line ``lines[i]`` mapped back by ``back[i]``; its sources'
    first bit is at ``row0[i]``, ``col0[i]`` of the padded grid. ``points`` is the CSR of
    the line table's point entries (start, then their ``q`` and ``r``), ``point_kind``
    their kind (corner touches count ``with_vertices``), and the distances to the start
    and end that ``los.blind-count`` counts are their ``point_pos`` or, with ``steps``,
    the steps to ``(0, 0)`` and to the line's end ``line_end``. The edge runs' CSR starts
    at ``edge_start``, with their two hexes in ``edge_ab`` ``(aq, ar, bq, br)`` and
    ``edge_k`` ``(a ks, a kt, b ks, b kt)``.
    Into ``far_out`` (``(lines, ntc, ntr, P)``, flat; empty when no hex blocks outright)
    go every far grid's hexes on the line; into ``near_out`` (``(2, 2, classes, lines,
    ntr, ntc)``, flat: low end s or t, stops or stops by a hard edge run; in rows of
    tiles, as the answers are, since only a line's few entries near its ends write there),
    per blind class ``classes[j]``, the hexes ``k <= max_blind`` from a low end whose
    blind N reaches it (plane ``near_plane[c, k]``) and the edge runs so (ruling
    ``los.edge-run``)."""
    ptc, ptr, pp = u(far_shape[3]), u(far_shape[4]), u(far_shape[5])
    ntr_u, ntc_u = u(ntr), u(ntc)
    width = ntr_u * pp  # a column of a block: its tiles down, their planes side by side
    fstride = ptr * pp
    fsize = ntc_u * width
    nd = hi - lo  # the lines worked out, ``lines[lo:hi]``
    nc = classes.shape[0]
    np_ = u(near_shape[3])
    plane_words = ptr * ptc
    nsize = ntr_u * ntc_u
    top = max_blind + 1
    with_far = far_out.shape[0] > 0
    pstart = points[0]
    for i in range(lo, hi):
        row = lines[i]
        m = back[i]
        r0, c0 = row0[i], col0[i]
        li = u(i - lo)
        d0 = li * fsize
        lq, lr = np.int64(line_end[0][row]), np.int64(line_end[1][row])
        for e in range(pstart[row], pstart[row + 1]):
            if not with_vertices and point_kind[e] != 0:
                continue  # a corner touch, which does not count
            q, r = np.int64(points[1][e]), np.int64(points[2][e])
            at = _at(q, r, r0, c0, m, p, ptr, ptc)
            if with_far:
                s = at * pp
                d = d0
                for _ in range(ntc):
                    for x in range(width):
                        far_out[d + u(x)] |= far[s + u(x)]
                    s += fstride
                    d += width
            for side in range(2):
                if nc == 0:
                    break
                if not steps:
                    k = np.int64(point_pos[side][e])
                elif side == 0:
                    k = (abs(q) + abs(r) + abs(q + r)) // 2
                else:
                    k = (abs(lq - q) + abs(lr - r) + abs(lq - q + lr - r)) // 2
                if k > max_blind:
                    continue
                grid = at // plane_words
                rest = at - grid * plane_words
                for j in range(nc):
                    s = (grid * np_ + u(near_plane[classes[j], k])) * plane_words + rest
                    d = ((u(side) * u(2) * u(nc) + u(j)) * u(nd) + li) * nsize
                    for _ in range(ntc):  # the answers' words in rows of tiles
                        for x in range(ntr):
                            near_out[d + u(x) * ntc_u] |= near[s + u(x)]
                        s += ptr
                        d += u(1)
        for e in range(edge_start[row], edge_start[row + 1]):
            at_a = _at(edge_ab[0][e], edge_ab[1][e], r0, c0, m, p, ptr, ptc)
            at_b = _at(edge_ab[2][e], edge_ab[3][e], r0, c0, m, p, ptr, ptc)
            if with_far:
                sa, sb = at_a * pp, at_b * pp
                d = d0
                for _ in range(ntc):
                    for x in range(width):
                        if edge_both:
                            far_out[d + u(x)] |= far[sa + u(x)] & far[sb + u(x)]
                        else:
                            far_out[d + u(x)] |= far[sa + u(x)] | far[sb + u(x)]
                    sa += fstride
                    sb += fstride
                    d += width
            if nc == 0:
                continue
            ga, gb = at_a // plane_words, at_b // plane_words
            ra, rb = at_a - ga * plane_words, at_b - gb * plane_words
            for side in range(2):
                k_a, k_b = edge_k[side][e], edge_k[2 + side][e]
                if min(k_a, k_b) > max_blind:
                    continue
                for j in range(nc):
                    c = classes[j]
                    sa = (ga * np_ + u(near_plane[c, min(k_a, top)])) * plane_words + ra
                    sb = (gb * np_ + u(near_plane[c, min(k_b, top)])) * plane_words + rb
                    ha = (ga * np_ + u(near_plane[c, top])) * plane_words + ra
                    hb = (gb * np_ + u(near_plane[c, top])) * plane_words + rb
                    d = ((u(side) * u(2) * u(nc) + u(j)) * u(nd) + li) * nsize
                    h = d + u(nc) * u(nd) * nsize
                    for _ in range(ntc):
                        for x in range(ntr):
                            xx = u(x)
                            at = xx * ntc_u
                            if edge_both:
                                run = near[sa + xx] & near[sb + xx]
                                near_out[d + at] |= run
                                near_out[h + at] |= run & (near[ha + xx] | near[hb + xx])
                            else:
                                near_out[d + at] |= near[sa + xx] | near[sb + xx]
                        sa += ptr
                        sb += ptr
                        ha += ptr
                        hb += ptr
                        d += u(1)
                        h += u(1)


@njit(cache=_CACHE)
def combine(
    far: Any,
    near: Any,
    ls: Any,
    src: Any,
    lt: Any,
    valid: Any,
    plan: Any,
    edge_both: bool,
    visible: Any,
    blind: Any,
) -> None:  # pragma: no cover - compiled
    """``visible`` and ``blind`` (``(lines, W)`` words, ``W`` a block's tiles) from the
    stops of :func:`stops` in rows of tiles, ``far`` ``(grids, lines, W)`` and ``near``
    ``(2, 2, classes, lines, W)`` (low end s or t, stops or hard stops), and the levels
    of line ``d``'s sources and targets, ``ls[src[d]]`` and ``lt[d]`` (``(3, W)`` words;
    ``valid``: both ends on the map). ``plan[3 a + b]`` names, for a source at level
    ``a`` and a target at ``b``, the far grid and the blind class and low end whose stops
    stop the line (-1: none). A pair stopped by a far grid, or by a hard near stop (ruling
    ``los.edge-run``: only when ``edge_both``), is blocked; one stopped by near stops only
    is blind. A line's words are worked out together (a few hundred, in the processor's
    nearest cache), a pass over them per pair of levels and grid, where numpy takes one
    per operation over every line."""
    nd, levels, w = lt.shape
    hard = np.empty(w, np.uint64)
    stopped = np.empty(w, np.uint64)
    for d in range(nd):
        s = src[d]
        hard[:] = 0
        stopped[:] = 0
        for a in range(levels):
            for b in range(levels):
                at = a * levels + b
                f, j, end = plan[at, 0], plan[at, 1], plan[at, 2]
                if f >= 0:
                    for x in range(w):
                        hard[x] |= far[f, d, x] & ls[s, a, x] & lt[d, b, x]
                if j >= 0:
                    for x in range(w):
                        stopped[x] |= near[end, 0, j, d, x] & ls[s, a, x] & lt[d, b, x]
                    if edge_both:
                        for x in range(w):
                            hard[x] |= near[end, 1, j, d, x] & ls[s, a, x] & lt[d, b, x]
        for x in range(w):
            v = valid[d, x]
            visible[d, x] = v & ~(hard[x] | stopped[x])
            blind[d, x] = v & stopped[x] & ~hard[x]


# the number of a 64-bit word's only bit set, by a de Bruijn sequence: bit b of ``low``
# moves the sequence's b-th six bits to the top
_DE_BRUIJN = np.uint64(0x03F79D71B4CB0A89)
_BIT_OF = np.zeros(64, np.int64)
_BIT_OF[[(int(_DE_BRUIJN) << b) % (1 << 64) >> 58 for b in range(64)]] = np.arange(64)


@njit(cache=_CACHE)
def pairs(
    plane: Any,
    dq: Any,
    dr: Any,
    row0: Any,
    ci0: Any,
    p: int,
    by_offset: Any,
    grid: Any,
    q0: int,
    r0: int,
    width: int,
    n: int,
    keys: Any,
    at: int,
) -> int:  # pragma: no cover - compiled
    """The pairs of the set bits of ``plane`` (``(lines, ntr, ntc)`` words of a block of
    answers) both ways, each as one number ``from * n + to`` (hex numbers), into
    ``keys`` from ``at`` on; returns where they end. A source is at ``by_offset[column,
    row]``, a target ``(q, r)`` at ``grid[(q - q0) * width + r - r0]``."""
    nd, ntr, ntc = plane.shape
    for d in range(nd):
        for tr in range(ntr):
            for tc in range(ntc):
                w = plane[d, tr, tc]
                if w == 0:
                    continue
                while w:
                    low = w & (~w + np.uint64(1))  # the lowest bit set
                    w ^= low
                    bit = _BIT_OF[(low * _DE_BRUIJN) >> np.uint64(58)]
                    row = row0[d] + 8 * tr + (bit >> 3)
                    col = 2 * (ci0[d] + 8 * tc + (bit & 7)) + p
                    r = row - ((col - (col & 1)) >> 1)
                    a = np.int64(by_offset[col, row])
                    b = np.int64(grid[(col + dq[d] - q0) * width + (r + dr[d] - r0)])
                    keys[at] = a * n + b
                    keys[at + 1] = b * n + a
                    at += 2
    return at


def warm() -> None:
    """Compile (or load from numba's cache) :func:`stops` and :func:`combine`, on an empty
    group of lines."""
    grid = np.zeros(2 * 8 * 8 * 3 * 3, np.uint64)
    shape = np.array((2, 8, 8, 1, 3, 3), np.int64)
    none = np.zeros(0, np.int16)
    nothing = np.zeros(0, np.int64)
    start = np.zeros(2, np.int64)
    back = np.zeros((0, 2, 2), np.int64)
    plane = np.zeros((1, 2), np.int64)
    words = np.zeros(0, np.uint64)
    stops(
        0,
        0,
        grid,
        shape,
        grid,
        shape,
        nothing,
        nothing,
        nothing,
        back,
        0,
        (start.astype(np.int32), none, none),
        np.zeros(0, np.int8),
        (none,) * 2,
        (none,) * 2,
        False,
        True,
        start,
        (none,) * 4,
        (none,) * 4,
        plane,
        nothing,
        1,
        True,
        words,
        words,
        1,
        1,
    )
    levels = np.zeros((0, 3, 1), np.uint64)
    answers = np.zeros((0, 1), np.uint64)
    combine(
        np.zeros((0, 0, 1), np.uint64),
        np.zeros((2, 2, 0, 0, 1), np.uint64),
        levels,
        np.zeros(0, np.int64),
        levels,
        answers,
        np.full((9, 3), -1, np.int64),
        True,
        answers,
        answers,
    )
