"""The all-pairs engine's inner loops, compiled: OR blocks of tiled bit grids into lines.

:mod:`referee.board.all_pairs` keeps sets of hexes as bit grids pre-shifted by every offset
within an 8 x 8 tile, and a line's answer for a block of ``ntr x ntc`` tiles of sources is
the OR of the blocks of those grids at each of the line's entries. :func:`answers` takes
a group's lines one at a time: walks the line's entries, works out the block each wants
and ORs it straight into words of the line's own (nothing picked, copied, sorted or kept
per entry on the way: numpy's fancy indexing spent several nanoseconds a word on that),
then, while those few hundred words are in the processor's nearest cache, puts them
together by the levels of each pair's ends, read straight from the level grids, into the
answers. :func:`pairs` reads the pairs of ``referee visible --all`` out of the answers'
words.

The grids come flat with their shapes: ``(2, 8, 8, TC, TR, P)`` for the far grids (the
``P`` planes of a tile side by side, so that a column of a block is one run of ``ntr * P``
words), ``(2, 8, 8, P, TC, TR)`` for the near ones (one plane per entry) and ``(2, 8, 8,
TC, TR, 3)`` for the levels. Indices are
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
def _cell(
    oq: Any, orow: Any, row0: Any, col0: Any, tr: Any, tc: Any
) -> Any:  # pragma: no cover - compiled
    """The first word of the block of a grid ``(2, 8, 8, TC, TR)`` (times its planes) at
    ``oq`` columns (the sources' parity ``p`` added) and ``orow`` rows (axial) from sources
    whose first bit is at ``row0``, ``col0`` of the padded grid: such a source reaches
    columns of parity ``oq & 1``, half-columns and printed rows ``oq >> 1`` further on."""
    half = oq >> 1
    row = u(row0 + orow + half)
    col = u(col0 + half)
    grid = (u(oq & 1) * u(8) + (row & u(7))) * u(8) + (col & u(7))
    return (grid * tc + (col >> u(3))) * tr + (row >> u(3))


@njit(cache=_CACHE)
def _at(
    q: Any, r: Any, row0: Any, col0: Any, m: Any, p: Any, tr: Any, tc: Any
) -> Any:  # pragma: no cover - compiled
    """:func:`_cell` of the canonical offset ``(q, r)`` mapped back by ``m`` (a 2 x 2
    integer matrix), from sources of parity ``p``."""
    oq = m[0, 0] * q + m[0, 1] * r + p
    return _cell(oq, m[1, 0] * q + m[1, 1] * r, row0, col0, tr, tc)


@njit(cache=_CACHE)
def answers(
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
    with_vertices: bool,
    near_points: Any,
    edge_start: Any,
    edge_ab: Any,
    edge_k: Any,
    near_plane: Any,
    classes: Any,
    max_blind: int,
    edge_both: bool,
    with_far: bool,
    dq: Any,
    dr: Any,
    levels: Any,
    draws: Any,
    plan: Any,
    out: Any,
    ntr: int,
    ntc: int,
) -> None:  # pragma: no cover - compiled
    """The answers of one group of displacements, a line at a time: its stops ORed into
    words of its own (a few hundred, in the processor's nearest cache), then put
    together by the levels of each pair's ends into the answers ``out`` (``(2 K, lines,
    ntr, ntc)``, flat: visible, then blind, per draw of levels).

    Line ``i`` is canonical line ``lines[i]`` mapped back by ``back[i]``, displacement
    ``(dq[i], dr[i])``; its sources' first bit is at ``row0[i]``, ``col0[i]`` of the
    padded grid. ``points`` is the CSR of the line table's point entries (start, then
    ``q``, ``r``), ``point_kind`` their kind (corner touches count ``with_vertices``), and
    ``near_points`` per low end (s, t) the CSR of those that count within ``max_blind``
    of it (start, ``q``, ``r``, and ``k``, the distance ``los.blind-count`` counts). The edge
    runs' CSR starts at ``edge_start``, with their two hexes in ``edge_ab`` ``(aq, ar, bq,
    br)`` and ``edge_k`` ``(a ks, a kt, b ks, b kt)``.

    The stops: every far grid's hexes on the line (the grids ``(2, 8, 8, TC, TR, P)``, a
    block's column of tiles one run of words), the hard ones; per blind class
    ``classes[j]`` the hexes ``k <= max_blind`` from a low end whose blind N reaches it
    (near grid ``near_plane[c, k]``, the grids ``(2, 8, 8, P, TC, TR)``) and the edge
    runs so (ruling ``los.edge-run``: stopped, and stopped hard when a hex of the run
    blocks outright). ``levels`` holds grids ``(2, 8, 8, TC, TR, 3)`` of the hexes at
    each level; draw ``k`` takes the sources' levels from grid ``draws[k, 0]`` and the
    targets' from ``draws[k, 1]``. ``plan[3 a + b]`` names, for a source at level ``a``
    and a target at ``b``, the far grid and the blind class and low end whose stops stop
    the line (-1: none). A pair stopped by a far grid or a hard near stop is blocked, by
    near stops only blind; a pair with an end off the map (at no level) neither."""
    ptc, ptr, pp = u(far_shape[3]), u(far_shape[4]), u(far_shape[5])
    ntr_u, ntc_u = u(ntr), u(ntc)
    width = ntr_u * pp  # a column of a block: its tiles down, their planes side by side
    fstride = ptr * pp
    w = ntr * ntc
    nd = lines.shape[0]
    nc = classes.shape[0]
    np_ = u(near_shape[3])
    plane_words = ptr * ptc
    grid_words = u(2 * 8 * 8 * 3) * plane_words  # a level grid's words
    top = max_blind + 1
    far_s = np.empty(ntc * ntr * far_shape[5], np.uint64)
    near_s = np.empty(4 * max(1, nc) * w, np.uint64)
    pstart = points[0]
    ndraws = draws.shape[0]
    for i in range(nd):
        row = lines[i]
        m = back[i]
        r0, c0 = row0[i], col0[i]
        far_s[:] = 0
        near_s[:] = 0
        for e in range(pstart[row], pstart[row + 1]):
            if not with_far:
                break
            if not with_vertices and point_kind[e] != 0:
                continue  # a corner touch, which does not count
            at = _at(np.int64(points[1][e]), np.int64(points[2][e]), r0, c0, m, p, ptr, ptc)
            s = at * pp
            d = u(0)
            for _ in range(ntc):
                for x in range(width):
                    far_s[d + u(x)] |= far[s + u(x)]
                s += fstride
                d += width
        for side in range(2):
            if nc == 0:
                break
            nstart, nq, nr, nk = near_points[side]
            for e in range(nstart[row], nstart[row + 1]):
                at = _at(np.int64(nq[e]), np.int64(nr[e]), r0, c0, m, p, ptr, ptc)
                kk = np.int64(nk[e])
                grid = at // plane_words
                rest = at - grid * plane_words
                for j in range(nc):
                    s = (grid * np_ + u(near_plane[classes[j], kk])) * plane_words + rest
                    d = u((side * 2 * nc + j) * w)
                    for _ in range(ntc):  # in rows of tiles, as the answers are
                        for x in range(ntr):
                            near_s[d + u(x) * ntc_u] |= near[s + u(x)]
                        s += ptr
                        d += u(1)
        for e in range(edge_start[row], edge_start[row + 1]):
            at_a = _at(np.int64(edge_ab[0][e]), np.int64(edge_ab[1][e]), r0, c0, m, p, ptr, ptc)
            at_b = _at(np.int64(edge_ab[2][e]), np.int64(edge_ab[3][e]), r0, c0, m, p, ptr, ptc)
            if with_far:
                sa, sb = at_a * pp, at_b * pp
                d = u(0)
                for _ in range(ntc):
                    for x in range(width):
                        if edge_both:
                            far_s[d + u(x)] |= far[sa + u(x)] & far[sb + u(x)]
                        else:
                            far_s[d + u(x)] |= far[sa + u(x)] | far[sb + u(x)]
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
                    d = u((side * 2 * nc + j) * w)
                    h = d + u(nc * w)
                    for _ in range(ntc):
                        for x in range(ntr):
                            xx = u(x)
                            at = xx * ntc_u
                            if edge_both:
                                run = near[sa + xx] & near[sb + xx]
                                near_s[d + at] |= run
                                near_s[h + at] |= run & (near[ha + xx] | near[hb + xx])
                            else:
                                near_s[d + at] |= near[sa + xx] | near[sb + xx]
                        sa += ptr
                        sb += ptr
                        ha += ptr
                        hb += ptr
                        d += u(1)
                        h += u(1)
        # the answers, a word at a time: the levels of its sources and targets read
        # straight from the level grids
        src = _cell(np.int64(p), np.int64(0), r0, c0, ptr, ptc)
        tgt = _cell(np.int64(p + dq[i]), np.int64(dr[i]), r0, c0, ptr, ptc)
        for tc in range(ntc):
            for tr in range(ntr):
                word = tr * ntc + tc  # the answers' word, in rows of tiles
                tile = u(tc) * ptr + u(tr)
                fw = (u(tc) * ntr_u + u(tr)) * pp
                for k in range(ndraws):
                    ls = u(draws[k, 0]) * grid_words + (src + tile) * u(3)
                    lt = u(draws[k, 1]) * grid_words + (tgt + tile) * u(3)
                    on_s = levels[ls] | levels[ls + u(1)] | levels[ls + u(2)]
                    on_t = levels[lt] | levels[lt + u(1)] | levels[lt + u(2)]
                    valid = on_s & on_t
                    hard = np.uint64(0)
                    stopped = np.uint64(0)
                    if valid:
                        for a in range(3):
                            wa = levels[ls + u(a)] & on_t
                            if wa == 0:
                                continue
                            for b in range(3):
                                both = wa & levels[lt + u(b)]
                                if both == 0:
                                    continue
                                c = a * 3 + b
                                f, j, end = plan[c, 0], plan[c, 1], plan[c, 2]
                                if f >= 0:
                                    hard |= far_s[fw + u(f)] & both
                                if j >= 0:
                                    base = (end * 2 * nc + j) * w + word
                                    stopped |= near_s[base] & both
                                    if edge_both:
                                        hard |= near_s[base + nc * w] & both
                    o = ((2 * k) * nd + i) * w + word
                    out[o] = valid & ~(hard | stopped)
                    out[o + nd * w] = valid & stopped & ~hard


# the number of a 64-bit word's only bit set, by a de Bruijn sequence: bit b of ``low``
# moves the sequence's b-th six bits to the top
_DE_BRUIJN = np.uint64(0x03F79D71B4CB0A89)
_BIT_OF = np.zeros(64, np.int64)
_BIT_OF[[(int(_DE_BRUIJN) << b) % (1 << 64) >> 58 for b in range(64)]] = np.arange(64)


@njit(cache=_CACHE)
def pairs(
    plane: Any,
    first: Any,
    delta: Any,
    rows: int,
    by_offset: Any,
    shift: int,
    keys: Any,
    counts: Any,
) -> None:  # pragma: no cover - compiled
    """The pairs of the set bits of ``plane`` (``(lines, ntr, ntc)`` words of a block of
    answers) both ways, each as one number ``from << shift | to`` (hex numbers), into
    ``keys``, each counted in ``counts`` at the hex it is from. The hexes are numbered by
    ``by_offset`` (flat, ``column * rows + row``): line ``d``'s first source (its block's
    first bit) at ``first[d]``, each source's target ``delta[d]`` further on; a source
    ``rr`` rows down and ``cc`` half-columns right of its tile's corner is ``rr + 2 cc
    rows`` on from the corner's."""
    nd, ntr, ntc = plane.shape
    one = np.uint64(1)
    at = u(0)
    sh = u(shift)
    step = np.empty(64, np.int64)
    for bit in range(64):
        step[bit] = (bit >> 3) + 2 * rows * (bit & 7)
    for d in range(nd):
        there = delta[d]
        for tr in range(ntr):
            for tc in range(ntc):
                w = plane[d, tr, tc]
                if w == 0:
                    continue
                corner = first[d] + 16 * rows * tc + 8 * tr
                while w:
                    low = w & (~w + one)  # the lowest bit set
                    w ^= low
                    source = corner + step[_BIT_OF[(low * _DE_BRUIJN) >> np.uint64(58)]]
                    a = u(by_offset[u(source)])
                    b = u(by_offset[u(source + there)])
                    keys[at] = (a << sh) | b
                    keys[at + u(1)] = (b << sh) | a
                    counts[a] += 1
                    counts[b] += 1
                    at += u(2)


def warm() -> None:
    """Compile (or load from numba's cache) :func:`answers`, on an empty group of
    lines."""
    grid = np.zeros(2 * 8 * 8 * 3 * 3, np.uint64)
    shape = np.array((2, 8, 8, 3, 3, 1), np.int64)
    none = np.zeros(0, np.int16)
    nothing = np.zeros(0, np.int64)
    start = np.zeros(2, np.int64)
    near = (start, none, none, none)
    answers(
        grid,
        shape,
        grid,
        shape,
        nothing,
        nothing,
        nothing,
        np.zeros((0, 2, 2), np.int64),
        0,
        (start.astype(np.int32), none, none),
        np.zeros(0, np.int8),
        False,
        (near, near),
        start,
        (none,) * 4,
        (none,) * 4,
        np.zeros((1, 2), np.int64),
        nothing,
        1,
        True,
        True,
        nothing,
        nothing,
        np.zeros(2 * 8 * 8 * 3 * 3 * 3, np.uint64),
        np.zeros((1, 2), np.int64),
        np.full((9, 3), -1, np.int64),
        np.zeros(0, np.uint64),
        1,
        1,
    )
