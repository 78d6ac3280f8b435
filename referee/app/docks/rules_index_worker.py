"""The rules search index prepared on a thread of its own, so that the window never waits
for it: building it takes a fraction of a second on a quiet machine and seconds on a loaded
one, while the referee types a search.

The thread runs the engine's Qt-free :meth:`~referee.catalogue.search_index.CatalogueIndex.ensure`
and hands what it did (an :class:`~referee.catalogue.search_index.IndexState`, or the words of
what failed) to the window's thread through :attr:`IndexRelay.delivered`, a queued signal;
Python's cycle collector is held off meanwhile (:mod:`referee.app.widgets.collector_gate`).
The thread only reads the data files and writes the index file (a fresh file put in place at
once): it never changes the match. It is a daemon, so quitting never waits for it."""

from __future__ import annotations

import sqlite3
import threading
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, Signal

from referee.app.widgets.collector_gate import CollectorGate, collector_gate

if TYPE_CHECKING:
    from referee.catalogue.search_index import CatalogueIndex


class IndexRelay(QObject):
    """Carries the outcome from the workers' threads to the window's: one for the app,
    living as long as the app (a worker may end after the browser that started it)."""

    delivered = Signal(object, object)
    """(the worker, its :class:`IndexState` or the words of what failed, or an unforeseen
    exception to raise in the window's thread)"""


_RELAY: list[IndexRelay] = []


def index_relay() -> IndexRelay:
    """The app's relay (made on the window's thread, the application its parent)."""
    if not _RELAY:
        _RELAY.append(IndexRelay(QCoreApplication.instance()))
    return _RELAY[0]


class IndexWorker:
    """Prepares one :class:`CatalogueIndex` on a thread of its own (see the module
    docstring); it owns no Qt object."""

    def __init__(self, index: CatalogueIndex) -> None:
        self.index = index
        self.relay = index_relay()
        self.gate: CollectorGate = collector_gate()
        self.thread = threading.Thread(target=self._run, name="rules index", daemon=True)

    def start(self) -> None:
        """Start preparing (in the window's thread); ``relay.delivered`` when done."""
        self.gate.hold()
        self.thread.start()

    def _run(self) -> None:
        try:
            result: object
            try:
                result = self.index.ensure()
            except (OSError, ValueError, sqlite3.Error) as exc:
                result = str(exc) or type(exc).__name__
            except Exception as exc:  # carried to the window's thread and raised there
                result = exc
            self.relay.delivered.emit(self, result)
        finally:
            self.gate.released.emit()

    def wait(self) -> None:
        """Wait for the thread (tests)."""
        self.thread.join()
