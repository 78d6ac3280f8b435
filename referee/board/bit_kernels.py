"""The all-pairs engine's inner loops, compiled: OR blocks of a tiled bit grid into lines.

:mod:`referee.board.all_pairs` keeps sets of hexes as bit grids pre-shifted by every offset
within an 8 x 8 tile, and a line's answer for a block of ``ntr x ntc`` tiles of sources is
the OR of the blocks of those grids at each of the line's entries. An entry names its block
by one number, ``key = (cp * RR + row) * CC + col`` in the padded grid of ``RR x CC`` bits
per parity (:meth:`AllPairs._keys`). These loops OR each entry's block straight into its
line's words, with nothing picked, copied or sorted on the way (numpy spent several
nanoseconds a word on that).

The grids come flat, with their shape: ``(2, 8, 8, TR, TC, P)`` for the far grids (the
``P`` planes of a tile side by side, so that a row of a block is one run of ``ntc * P``
words) and ``(2, 8, 8, P, TR, TC)`` for the near ones (one plane per entry). Indices are
unsigned: numba checks a signed index for a negative value on every access, and that
halved the speed.

They are compiled by numba on first use and the machine code kept in numba's cache (none
in a frozen app, which has no sources to key it by): :func:`warm`.
"""

from __future__ import annotations

import sys
from typing import Any

import numpy as np
from numba import njit
from numba import uint64 as u

_CACHE = not getattr(sys, "frozen", False)


@njit(cache=_CACHE)
def _base(key: Any, cc: Any, rrcc: Any, tr: Any, tc: Any) -> Any:  # pragma: no cover
    """The first word of ``key``'s block in a grid ``(2, 8, 8, TR, TC)`` (times planes)."""
    cp = key // rrcc
    rest = key - cp * rrcc
    row = rest // cc
    col = rest - row * cc
    grid = (cp * u(8) + (row & u(7))) * u(8) + (col & u(7))
    return (grid * tr + (row >> u(3))) * tc + (col >> u(3))


@njit(cache=_CACHE)
def or_far(
    v: Any,
    shape: Any,
    keys: Any,
    owner: Any,
    ka: Any,
    kb: Any,
    eowner: Any,
    both: bool,
    out: Any,
    ntr: int,
    ntc: int,
) -> None:  # pragma: no cover - compiled
    """Every far grid at once: ``out[owner[i]] |=`` the block at ``keys[i]``, and
    ``out[eowner[j]] |=`` the blocks at ``ka[j]`` and ``kb[j]`` (an edge run's two hexes)
    ANDed when ``both``, else ORed. ``out`` is ``(lines, ntr, ntc, P)`` words, flat."""
    tr, tc, p = u(shape[3]), u(shape[4]), u(shape[5])
    cc, rrcc = tc * u(8), tr * tc * u(64)
    width = u(ntc) * p
    stride = tc * p
    size = u(ntr) * width
    for i in range(keys.shape[0]):
        s = _base(u(keys[i]), cc, rrcc, tr, tc) * p
        d = u(owner[i]) * size
        for _ in range(ntr):
            for x in range(width):
                out[d + u(x)] |= v[s + u(x)]
            s += stride
            d += width
    for j in range(ka.shape[0]):
        sa = _base(u(ka[j]), cc, rrcc, tr, tc) * p
        sb = _base(u(kb[j]), cc, rrcc, tr, tc) * p
        d = u(eowner[j]) * size
        for _ in range(ntr):
            for x in range(width):
                if both:
                    out[d + u(x)] |= v[sa + u(x)] & v[sb + u(x)]
                else:
                    out[d + u(x)] |= v[sa + u(x)] | v[sb + u(x)]
            sa += stride
            sb += stride
            d += width


@njit(cache=_CACHE)
def or_near(
    v: Any,
    shape: Any,
    keys: Any,
    plane: Any,
    owner: Any,
    ka: Any,
    pa: Any,
    kb: Any,
    pb: Any,
    hard: Any,
    eowner: Any,
    nd: int,
    both: bool,
    stops: Any,
    hards: Any,
    ntr: int,
    ntc: int,
) -> None:  # pragma: no cover - compiled
    """Per class ``c`` (a row of ``plane``, ``pa``, ``pb``): ``stops[c * nd + owner[i]]
    |=`` the block of plane ``plane[c, i]`` at ``keys[i]``; and for edge run ``j`` the
    blocks of planes ``pa[c, j]`` at ``ka[j]`` and ``pb[c, j]`` at ``kb[j]``, ANDed when
    ``both`` (else ORed), into ``stops[c * nd + eowner[j]]``, and when ``both`` that run
    where either hex is in plane ``hard[c]`` (the hexes that block outright) into
    ``hards`` likewise. ``stops`` and ``hards`` are ``(classes * lines, ntr, ntc)`` words,
    flat; the grid ``(2, 8, 8, P, TR, TC)``."""
    tr, tc, p = u(shape[4]), u(shape[5]), u(shape[3])
    cc, rrcc = tc * u(8), tr * tc * u(64)
    plane_words = tr * tc
    size = u(ntr) * u(ntc)
    for c in range(plane.shape[0]):
        for i in range(keys.shape[0]):
            at = _base(u(keys[i]), cc, rrcc, tr, tc)
            grid = at // plane_words
            s = (grid * p + u(plane[c, i])) * plane_words + at - grid * plane_words
            d = (u(c) * u(nd) + u(owner[i])) * size
            for _ in range(ntr):
                for x in range(ntc):
                    stops[d + u(x)] |= v[s + u(x)]
                s += tc
                d += u(ntc)
        h = u(hard[c])
        for j in range(ka.shape[0]):
            at_a = _base(u(ka[j]), cc, rrcc, tr, tc)
            at_b = _base(u(kb[j]), cc, rrcc, tr, tc)
            ga, gb = at_a // plane_words, at_b // plane_words
            ra, rb = at_a - ga * plane_words, at_b - gb * plane_words
            sa = (ga * p + u(pa[c, j])) * plane_words + ra
            sb = (gb * p + u(pb[c, j])) * plane_words + rb
            ha = (ga * p + h) * plane_words + ra
            hb = (gb * p + h) * plane_words + rb
            d = (u(c) * u(nd) + u(eowner[j])) * size
            for _ in range(ntr):
                for x in range(ntc):
                    xx = u(x)
                    if both:
                        run = v[sa + xx] & v[sb + xx]
                        stops[d + xx] |= run
                        hards[d + xx] |= run & (v[ha + xx] | v[hb + xx])
                    else:
                        stops[d + xx] |= v[sa + xx] | v[sb + xx]
                sa += tc
                sb += tc
                ha += tc
                hb += tc
                d += u(ntc)


def warm() -> None:
    """Compile (or load from the cache) both loops, on a tiny grid."""
    far = np.zeros((2, 8, 8, 3, 3, 2), np.uint64)
    near = np.zeros((2, 8, 8, 2, 3, 3), np.uint64)
    keys = np.zeros(1, np.int32)
    plane = np.zeros((1, 1), np.int32)
    out = np.zeros(2, np.uint64)
    shape = np.array(far.shape, np.int64)
    or_far(far.ravel(), shape, keys, keys, keys, keys, keys, True, out, 1, 1)
    shape = np.array(near.shape, np.int64)
    stops = np.zeros(1, np.uint64)
    or_near(
        near.ravel(),
        shape,
        keys,
        plane,
        keys,
        keys,
        plane,
        keys,
        plane,
        keys,
        keys,
        1,
        True,
        stops,
        stops.copy(),
        1,
        1,
    )
