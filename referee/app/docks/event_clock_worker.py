"""The round's clock at the event, read on a thread of its own: a server may take its whole
connection timeout to answer (or refuse), and the window never waits for it.

One :class:`EventClockWorker` per match shown: its thread asks the
:class:`~referee.tournament.table_clock.TableClockReader` every :data:`LOOK_SECONDS` (the
reader opens the event, read only, and tries one out of reach again only every
``REOPEN_SECONDS``) and hands each :class:`~referee.tournament.table_clock.EventReading` to
the window's thread through :attr:`ClockRelay.delivered`, a queued signal. :meth:`stop`
never waits: the thread lets go of the event when its current look ends. The thread is a
daemon, so a server that never answers cannot hold up quitting either.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, Signal

if TYPE_CHECKING:
    from referee.tournament.table_clock import EventReading, TableClockReader

LOOK_SECONDS = 2.0
"""How often the event is looked at (a look at an open event asks its revision only)."""


class ClockRelay(QObject):
    """Carries readings from the workers' threads to the window's: one for the app, living
    as long as the app (a worker's thread may end after the window that started it)."""

    delivered = Signal(object, object)
    """(the worker, its :class:`EventReading`)"""


_RELAY: list[ClockRelay] = []


def clock_relay() -> ClockRelay:
    """The app's relay (made on the window's thread, the application its parent)."""
    if not _RELAY:
        _RELAY.append(ClockRelay(QCoreApplication.instance()))
    return _RELAY[0]


class EventClockWorker:
    """See the module docstring."""

    def __init__(self, reader: TableClockReader, now: Callable[[], datetime]) -> None:
        self.reader = reader
        self.now = now
        self.relay = clock_relay()
        self.stopped = threading.Event()
        self.wake = threading.Event()
        self.thread = threading.Thread(target=self._run, name="round clock", daemon=True)

    def start(self) -> None:
        self.thread.start()

    def look_now(self) -> None:
        """Look at the event at once instead of at the next due time."""
        self.wake.set()

    def stop(self) -> None:
        """Stop looking (without waiting for a look in progress to end)."""
        self.stopped.set()
        self.wake.set()

    def _run(self) -> None:
        try:
            while not self.stopped.is_set():
                reading: EventReading = self.reader.fetch(self.now())
                if self.stopped.is_set():
                    break
                try:
                    self.relay.delivered.emit(self, reading)
                except RuntimeError:  # the app is gone (quitting)
                    break
                self.wake.wait(LOOK_SECONDS)
                self.wake.clear()
        finally:
            self.reader.close()  # on this thread, the one that opened it
