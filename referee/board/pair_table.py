"""Every pair of a small map at every pair of end levels, one integer per pair.

A line of sight depends on the levels of its two ends (clauses ``los.*``), and there are
only nine pairs of levels. For a map of up to a few thousand hexes the table keeps, per
pair of hexes, one ``uint32`` holding the answer at all nine: bits ``2 c`` (visible) and
``2 c + 1`` (blind) for ``c = 3 * level_from + level_to``. It is built once per board
(terrain, smoke, the rulings read) by :class:`~referee.board.all_pairs.AllPairs`; then
any levels at all (units flying, say) are one shift and one mask per pair.
"""

from __future__ import annotations

import msgspec
import numpy as np
import numpy.typing as npt

from referee.board.all_pairs import AllPairs, dense
from referee.board.sight_board import LEVEL_COUNT

BoolArray = npt.NDArray[np.bool_]


class PairTable(msgspec.Struct, frozen=True, eq=False):
    """The packed answers of every ordered pair of hexes, rows from, columns to."""

    bits: npt.NDArray[np.uint32]

    @classmethod
    def build(cls, engine: AllPairs) -> PairTable:
        planes = dense(engine.sb, engine.answer(None, half=False), half=False, planes=18)
        n = engine.sb.n
        bits = np.zeros((n, n), np.uint32)
        for i, plane in enumerate(planes):
            bits |= plane.astype(np.uint32) << np.uint32(i)
        return cls(bits)

    def query(self, levels: npt.NDArray[np.integer]) -> tuple[BoolArray, BoolArray]:
        """``(visible, blind)`` as ``n x n`` matrices, each hex at its level in ``levels``."""
        lv = np.asarray(levels, np.uint32)
        shift = (2 * LEVEL_COUNT) * lv[:, None] + 2 * lv[None, :]
        word = self.bits >> shift
        return (word & 1).astype(np.bool_), (word & 2).astype(np.bool_)
