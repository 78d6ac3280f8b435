"""The app's one relay from its worker threads to the window's: a worker emits
:attr:`WorkerRelay.delivered` with itself and what it hands over (queued: received in the
window's thread), and each receiver keeps only its own worker's (the rules index, the
round's clock at the event)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QObject, Signal


class WorkerRelay(QObject):
    """Carries what the workers' threads hand over to the window's: one for the app, living
    as long as the app (a worker's thread may end after the window that started it)."""

    delivered = Signal(object, object)
    """(the worker, what it hands over)"""


_RELAY: list[WorkerRelay] = []


def worker_relay() -> WorkerRelay:
    """The app's relay (made on the window's thread, the application its parent)."""
    if not _RELAY:
        _RELAY.append(WorkerRelay(QCoreApplication.instance()))
    return _RELAY[0]
