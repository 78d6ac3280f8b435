"""A line-of-sight board as arrays: what the fast engines need of a :class:`LosBoard`.

Hexes are numbered in the map's order. For every hex and every pair of end levels the
ruleset's height table (:class:`~referee.ruleset.los_rules.LosRules`) gives an *effect code*:
0 the hex does not matter, ``BLOCK`` it stops the line, ``N`` (1..254) it leaves N blind
hexes behind it (clauses ``los.*``). The codes are worked out once per kind of terrain
and smoke, not once per hex, so a board of ten thousand hexes is ready in milliseconds.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import Any

import msgspec
import numpy as np
import numpy.typing as npt

from referee.board.hexgrid import Hex, hex_label
from referee.board.los import LosBoard, SightError

BLOCK = 255  # effect code of "block"; 0 is "clear" and 1..254 is "blind N"
LEVEL_COUNT = 3  # heights 0, 1 and 2 (flying units count as 2)
CLASSES = tuple((hi, lo) for hi in range(LEVEL_COUNT) for lo in range(hi + 1))
U8Array = npt.NDArray[np.uint8]
I8Array = npt.NDArray[np.int8]
I64Array = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]


def class_index(level_a: Any, level_b: Any) -> Any:
    """The column of a pair of end levels in :attr:`SightBoard.effects`: higher * 3 + lower."""
    return np.maximum(level_a, level_b) * LEVEL_COUNT + np.minimum(level_a, level_b)


def effect_code(kind: str, n: int) -> int:
    return {"clear": 0, "block": BLOCK}.get(kind, n)


class SightBoard(msgspec.Struct, frozen=True, eq=False, dict=True):
    """The arrays of one board: hex coordinates, heights and effect codes."""

    board: LosBoard

    @cached_property
    def hexes(self) -> tuple[Hex, ...]:
        return self.board.battle_map.hexes

    @property
    def n(self) -> int:
        return len(self.hexes)

    @cached_property
    def q(self) -> I64Array:
        return np.fromiter((h.q for h in self.hexes), np.int64, self.n)

    @cached_property
    def r(self) -> I64Array:
        return np.fromiter((h.r for h in self.hexes), np.int64, self.n)

    @cached_property
    def col(self) -> I64Array:
        """Column index of each hex on the printed grid (A = 0)."""
        return self.q

    @cached_property
    def row(self) -> I64Array:
        """Row index of each hex on the printed grid (1 = 0)."""
        row: I64Array = self.r + (self.q - (self.q & 1)) // 2
        return row

    @cached_property
    def radius(self) -> int:
        """The longest line between two hexes of the map, in steps."""
        if not self.n:
            return 1
        s = -self.q - self.r
        spans = (np.ptp(self.q), np.ptp(self.r), np.ptp(s))
        return max(1, int(max(spans)))

    @cached_property
    def _terrain_ids(self) -> tuple[I64Array, tuple[str, ...]]:
        names = tuple(sorted(set(self.board.battle_map.terrain.values())))
        number = {t: i for i, t in enumerate(names)}
        terrain = self.board.battle_map.terrain
        ids = np.fromiter((number[terrain[h]] for h in self.hexes), np.int64, self.n)
        return ids, names

    @cached_property
    def smoke(self) -> BoolArray:
        smoke = np.zeros(self.n, np.bool_)
        index = self.board.battle_map.index
        smoke[[index[h] for h in self.board.smoke if h in index]] = True
        return smoke

    @cached_property
    def heights(self) -> I8Array:
        """Each hex's level by its terrain (a unit standing there is at that level)."""
        ids, names = self._terrain_ids
        per = np.array([self.board.terrain[t].height for t in names] or [0], np.int8)
        return per[ids]

    @cached_property
    def effects(self) -> U8Array:
        """Effect code per hex (row ``n``: off the map, never blocks) and class hi * 3 + lo."""
        ids, names = self._terrain_ids
        kinds = ids * 2 + self.smoke
        table = np.zeros((2 * len(names), LEVEL_COUNT * LEVEL_COUNT), np.uint8)
        for k in np.unique(kinds):
            probe = self._probe_hex(int(np.flatnonzero(kinds == k)[0]))
            for hi, lo in CLASSES:
                e = self.board.effect(probe, hi, lo)
                table[k, hi * LEVEL_COUNT + lo] = effect_code(e.kind, e.n)
        out = np.zeros((self.n + 1, LEVEL_COUNT * LEVEL_COUNT), np.uint8)
        out[: self.n] = table[kinds]
        return out

    def _probe_hex(self, i: int) -> Hex:
        return self.hexes[i]

    @cached_property
    def stoppers(self) -> I64Array:
        """The hexes that stop some line at some levels (blocking terrain, smoke)."""
        return np.flatnonzero(self.effects[: self.n].any(axis=1))

    def levels(self, overrides: Mapping[Hex, int] | None = None) -> I8Array:
        """Every hex's level: its terrain's unless overridden (a flying unit: 2)."""
        lv = self.heights.copy()
        index = self.board.battle_map.index
        for h, level in (overrides or {}).items():
            if level not in range(LEVEL_COUNT):
                raise SightError(f"height level {level} is not 0, 1 or 2 (flying counts as 2)")
            if h not in index:
                raise SightError(f"{hex_label(h)} is not on the map {self.board.battle_map.name!r}")
            lv[index[h]] = level
        return lv

    def check_levels(self, levels: npt.NDArray[Any]) -> I8Array:
        """``levels`` as one level 0-2 per hex, or a clear error."""
        lv = np.asarray(levels)
        if lv.shape != (self.n,):
            raise SightError(f"expected {self.n} levels, one per hex, got shape {lv.shape}")
        if lv.size and (int(lv.min()) < 0 or int(lv.max()) >= LEVEL_COUNT):
            raise SightError("height levels are 0, 1 or 2 (flying counts as 2)")
        return lv.astype(np.int8)

    @cached_property
    def max_blind(self) -> int:
        """The largest N of a "blind N" effect on this board (0: none)."""
        e = self.effects
        blind = np.where(e == BLOCK, 0, e)
        return int(blind.max(initial=0))

    def axial_grid(self, pad: int) -> tuple[npt.NDArray[np.int32], int, int, int]:
        """Hex index by axial position, ``n`` off the map, with ``pad`` hexes all round:
        ``(grid, q0, r0, width)``; hex (q, r) is at ``(q - q0) * width + (r - r0)``."""
        q0 = int(self.q.min(initial=0)) - pad
        r0 = int(self.r.min(initial=0)) - pad
        width = int(self.r.max(initial=0)) + pad + 1 - r0
        height = int(self.q.max(initial=0)) + pad + 1 - q0
        grid = np.full(height * width, self.n, np.int32)
        grid[(self.q - q0) * width + (self.r - r0)] = np.arange(self.n, dtype=np.int32)
        return grid, q0, r0, width
