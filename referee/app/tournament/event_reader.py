"""The event read on a thread of its own for the tournament window's timer: the window's
thread never waits on the event file's lock, a server's answer or the reading and folding
of hundreds of records while phones' results land (issue 28, "Load").

The window asks :meth:`EventReader.look` at every tick (and whenever a server tells of an
append) with the revision it shows; the reader's thread, on a store of its own (opened on
that thread as it starts, read only; opened again at the next look if that failed),
answers with a :class:`Reading` through :attr:`ReadingRelay.delivered`, a queued signal: a
file another program holds right now is ``busy`` (asked without waiting: the view stays as
it is and the next tick looks again), an unchanged revision is nothing to do, a newer one
comes folded with its standings, ready to draw. Looks asked while one is under way make one
more look, not a queue. :meth:`stop` never waits: the thread (a daemon) lets go of the
store when its current look ends.
"""

from __future__ import annotations

import threading

import msgspec
from PySide6.QtCore import QObject, Signal

from referee.errors import RefereeError
from referee.tournament.event import Event, fold
from referee.tournament.standings import Standings, standings
from referee.tournament.store import EventStore
from referee.tournament.stores import open_store
from referee.tournament.targets import Target


class Reading(msgspec.Struct, frozen=True):
    """One look at the event: a newer ``event`` (with its ``standings``), the store
    ``busy`` (another program holds it), an ``error`` in words, or nothing new."""

    event: Event | None = None
    standings: Standings | None = None
    busy: bool = False
    error: str = ""


class ReadingRelay(QObject):
    """Carries readings from the reader's thread to the window's (made on the window's)."""

    delivered = Signal(object)
    """(:class:`Reading`)"""


class EventReader:
    """See the module docstring; ``target``: the event's file or server URL."""

    def __init__(self, target: Target) -> None:
        self.target = target
        self.relay = ReadingRelay()
        self.stopped = threading.Event()
        self.wake = threading.Event()
        self.shown = 0
        self.thread = threading.Thread(target=self._run, name="event reader", daemon=True)
        self.thread.start()

    def look(self, shown: int) -> None:
        """Look at the event soon, the window showing revision ``shown``; returns at once."""
        self.shown = shown
        self.wake.set()

    def stop(self) -> None:
        """Stop looking (without waiting for a look in progress to end)."""
        self.stopped.set()
        self.wake.set()

    def _run(self) -> None:
        store: EventStore | None = None
        try:
            while True:
                try:
                    if store is None:  # at once, then after a failed opening at each look
                        store = open_store(self.target, read_only=True)
                except RefereeError as exc:
                    opening = str(exc)
                else:
                    opening = ""
                self.wake.wait()
                self.wake.clear()
                if self.stopped.is_set():
                    break
                try:
                    if store is None:
                        raise RefereeError(opening)
                    reading = read(store, self.shown)
                except RefereeError as exc:
                    reading = Reading(error=str(exc))
                if self.stopped.is_set():
                    break
                try:
                    self.relay.delivered.emit(reading)
                except RuntimeError:  # the relay is gone (the app quitting)
                    break
        finally:
            if store is not None:
                store.close()


def read(store: EventStore, shown: int) -> Reading:
    """What the window should draw, the store looked at without waiting for another
    program that holds it (:class:`Reading`)."""
    if store.busy():
        return Reading(busy=True)
    if store.revision() == shown:
        return Reading()
    event = fold(store.records(), store.name)
    return Reading(event=event, standings=standings(event))
