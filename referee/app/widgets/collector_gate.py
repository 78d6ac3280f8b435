"""Python's automatic cycle collection held off while a worker thread prepares something for
the window (the line-of-sight engines of a large map, the rules search index).

The collector runs in whichever thread allocates past its threshold; run in a worker, it
would free the window's widgets left in reference cycles there, so that Qt destroyed them
off the UI thread (a crash, now and then). While any worker prepares, the collector is held
off; the window's thread lets it run again when the last one ends, whether or not the window
that started it is still there."""

from __future__ import annotations

import gc

from PySide6.QtCore import QObject, Signal


class CollectorGate(QObject):
    """Holds the collector off while workers prepare (see the module docstring). One for the
    process, made in the window's thread and never deleted, so that the end of a preparation
    reaches it even when the window that started it is gone."""

    released = Signal()
    """Emitted by a worker when it ends (queued to the window's thread)."""

    def __init__(self) -> None:
        super().__init__()
        self.held = 0
        self.was_enabled = True
        self.released.connect(self._release)  # queued: emitted from the worker threads

    def hold(self) -> None:
        """A worker is about to start (in the window's thread)."""
        if self.held == 0:
            self.was_enabled = gc.isenabled()
            gc.disable()
        self.held += 1

    def _release(self) -> None:
        self.held -= 1
        if self.held == 0 and self.was_enabled:
            gc.enable()


_gate: CollectorGate | None = None


def collector_gate() -> CollectorGate:
    """The process's :class:`CollectorGate` (made on first use, in the window's thread)."""
    global _gate
    if _gate is None:
        _gate = CollectorGate()
    return _gate
