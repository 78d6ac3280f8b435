"""The fast line-of-sight engines of the open match's board, kept while the board stays.

The line-of-sight tool asks what a hex sees at every move of the mouse. The answer comes
from :class:`~referee.board.visibility.Visibility` (the single-source engine), whose
preparation (the map's line table, from the disk cache in
:func:`referee.paths.cache_dir` when there, and the board's arrays) is done once per board
and kept: it is done again only when the board changes (terrain, smoke, a ruling read),
and the map's geometry is kept while the map keeps its shape. A small map is prepared at
once; a large one (a table room of ten thousand hexes) in a worker thread, so that the
window never waits: :attr:`BoardSight.visibility` is None until ``ready`` is emitted.

While a worker thread prepares, Python's automatic cycle collection is held off
(:mod:`referee.app.widgets.collector_gate` says why); the window's thread lets it run again
when the preparation ends.
"""

from __future__ import annotations

from contextlib import suppress
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal

from referee.app.widgets.collector_gate import CollectorGate, collector_gate
from referee.board.hexgrid import Hex
from referee.board.los import LosBoard
from referee.paths import cache_dir

if TYPE_CHECKING:  # the engines (and numpy) come when line of sight is first asked for
    import numpy as np
    import numpy.typing as npt

    from referee.board.visibility import MapGeometry, Visibility

    BoolArray = npt.NDArray[np.bool_]
AT_ONCE_HEXES = 1000
"""Maps of up to this many hexes are prepared at once (a few milliseconds)."""


def prepared(board: LosBoard, geometry: MapGeometry | None, cache: Path | None) -> Visibility:
    """A :class:`Visibility` of ``board`` with its single-source engine built."""
    from referee.board.visibility import Visibility

    visibility = Visibility(board, geometry, cache)
    hexes = board.battle_map.hexes
    if hexes:
        visibility.from_hex(hexes[len(hexes) // 2])  # builds the engine's grids and tables
    return visibility


class _Signals(QObject):
    done = Signal(int, object)


class _Preparation(QRunnable):
    """Prepares one board's engines in a worker thread. It owns no Qt object: the signals
    it emits belong to its :class:`BoardSight` and to the gate, both in the window's
    thread."""

    def __init__(
        self,
        token: int,
        board: LosBoard,
        geometry: MapGeometry | None,
        cache: Path | None,
        signals: _Signals,
        gate: CollectorGate,
    ) -> None:
        super().__init__()
        self.setAutoDelete(False)
        self.token, self.board, self.geometry, self.cache = token, board, geometry, cache
        self.signals, self.gate = signals, gate

    def run(self) -> None:
        try:
            try:
                result: object = prepared(self.board, self.geometry, self.cache)
            except Exception as exc:  # carried to the window's thread and raised there
                result = exc
            with suppress(RuntimeError):  # its BoardSight (and window) is gone: nobody to tell
                self.signals.done.emit(self.token, result)
        finally:
            self.gate.released.emit()


class BoardSight(QObject):
    """The line-of-sight engines of one board at a time (see the module docstring)."""

    ready = Signal()
    """The board's engines are prepared (emitted in the window's thread)."""

    def __init__(self, parent: QObject | None = None, cache: Path | None = None) -> None:
        super().__init__(parent)
        self.board: LosBoard | None = None
        self.visibility: Visibility | None = None
        self.cache = cache
        self._geometry: MapGeometry | None = None
        self._token = 0
        self._jobs: dict[int, _Preparation] = {}
        self._signals = _Signals(self)
        self._signals.done.connect(self._done)
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(1)

    @property
    def working(self) -> bool:
        """Whether the engines of the board are being prepared in the worker thread."""
        return self.visibility is None and self._token in self._jobs

    def set_board(self, board: LosBoard) -> None:
        """The board now (the match changed); the engines are kept if it is the same."""
        if self.board is not None and board == self.board:
            return
        self.board = board
        self.visibility = None
        self._token += 1

    def prepare(self) -> Visibility | None:
        """The board's engines: at once for a small map; for a large one, the preparation
        is started in the worker thread (None until ``ready``)."""
        board = self.board
        if board is None or self.visibility is not None:
            return self.visibility
        if self._token in self._jobs:
            return None
        cache = self.cache if self.cache is not None else cache_dir()
        geometry = self._geometry
        if geometry is not None and geometry.hexes != board.battle_map.hexes:
            geometry = None
        if len(board.battle_map.hexes) <= AT_ONCE_HEXES:
            self._keep(prepared(board, geometry, cache))
            return self.visibility
        gate = collector_gate()
        job = _Preparation(self._token, board, geometry, cache, self._signals, gate)
        self._jobs[self._token] = job
        gate.hold()
        self.pool.start(job)
        return None

    def _keep(self, visibility: Visibility) -> None:
        self.visibility = visibility
        self._geometry = visibility.g

    def _done(self, token: int, result: object) -> None:
        self._jobs.pop(token, None)
        from referee.board.visibility import Visibility

        if token != self._token:  # the board changed meanwhile: its own preparation runs
            if isinstance(result, Visibility):
                self._geometry = result.g  # a map of the same shape needs it again
            return
        if isinstance(result, Exception):
            raise result
        assert isinstance(result, Visibility)
        self._keep(result)
        self.ready.emit()

    def wait(self) -> None:
        """Wait for the worker thread (tests, closing)."""
        self.pool.waitForDone()

    def sees(self, source: Hex, level: int | None) -> tuple[BoolArray, BoolArray] | None:
        """``(visible, blind)`` from ``source`` (vectors over the map's hexes), or None while
        the engines are being prepared."""
        visibility = self.prepare()
        if visibility is None:
            return None
        return visibility.from_hex(source, level)
