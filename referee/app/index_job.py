"""Preparing the rules search index off the UI thread (a ``QRunnable`` for a ``QThreadPool``).

The first search of a session may have to build the index (:meth:`CatalogueIndex.ensure`
in the cache folder, ``$REFEREE_CACHE``); the job does that in a pool thread and reports on
:class:`IndexSignals` (``finished``: the :class:`IndexState`, or the error's text), which
Qt delivers to the window's thread.
"""

from __future__ import annotations

import sqlite3
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QRunnable, Signal

if TYPE_CHECKING:  # the index (and sqlite-utils) when the rules are first searched
    from referee.catalogue.search_index import CatalogueIndex


class IndexSignals(QObject):
    """What the job reports; lives in the UI thread, emitted from the pool's."""

    finished = Signal(object)  # IndexState, or str: why the index could not be built


class IndexJob(QRunnable):
    """Build (or check) the catalogue's search index once."""

    def __init__(self, index: CatalogueIndex, signals: IndexSignals) -> None:
        super().__init__()
        self.index = index
        self.signals = signals
        self.setAutoDelete(False)  # Python keeps it until it has reported

    def run(self) -> None:
        result: object
        try:
            result = self.index.ensure()
        except (OSError, ValueError, sqlite3.Error) as exc:
            result = str(exc) or type(exc).__name__
        self.signals.finished.emit(result)
