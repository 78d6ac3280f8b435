"""The time left at a table whose match file was made for a round (``tournament match``).

Which clock the table shows:

1. **The round's clock at the event**, whenever the event named in the match
   (``tournament-store``) is a place the referee confirmed (a match file can be edited:
   :mod:`referee.tournament.event_place`), can be opened (read only) and is the event the
   match was made for: the desk's start, pauses, resumes and end, exactly as the wall view
   shows them.
2. Otherwise (the place not confirmed, the event file on another machine, or the server
   out of reach) **the
   table's own clock**: the round's minutes as the match records them, counted from the
   round's start as the match recorded it when made (if the desk's clock had started by
   then), else from the match's first journal step (play began at this table). The desk's
   pauses cannot be known then; before the first step the clock shows as not started.
   Either way the table is told which clock it sees and why.

Both warn in the last ten minutes (``RoundClock.warning``).
"""

from __future__ import annotations

import contextlib
import sqlite3
from datetime import datetime
from typing import TYPE_CHECKING

import msgspec

from referee.errors import RefereeError
from referee.tournament.clock import RoundClock, fold_clock, format_left
from referee.tournament.table_match import TableOrigin, event_id

if TYPE_CHECKING:
    from referee.match.games.orders_file import MatchFile
    from referee.tournament.store import EventStore

REOPEN_SECONDS = 30
"""How often an event out of reach is tried again."""


class TableClock(msgspec.Struct, frozen=True):
    """The clock a table sees: the round's ``clock``, from the ``event`` or the table's own."""

    origin: TableOrigin
    clock: RoundClock
    from_event: bool
    why: str = ""
    """Why the table's own clock is shown (the event out of reach...)."""

    def warning(self, now: datetime) -> bool:
        return self.clock.warning(now)

    def text(self, now: datetime) -> str:
        """``Round 2, table 3: 1:23:45 left``, ``... time is up (0:42 over)``, ``... ended``."""
        head = f"Round {self.origin.round}, table {self.origin.table}"
        clock = self.clock
        if clock.state == "not started":
            return f"{head}: {clock.minutes} min, not started"
        if clock.state == "ended":
            return f"{head}: round ended"
        left = clock.left(now)
        text = (
            f"{head}: {format_left(left)} left"
            if left.total_seconds() > 0
            else (f"{head}: time is up ({format_left(-left)} over)")
        )
        return text + (" (paused)" if clock.state == "paused" else "")

    def source(self) -> str:
        """Which clock this is, in words (for a tooltip)."""
        if self.from_event:
            return f"The round's clock at the desk ({self.origin.store})"
        return f"The table's own clock: {self.why}"


def first_step_at(match: MatchFile) -> datetime | None:
    """When the match's first journal step was written (undone ones count: play began); None
    when no step is written or the file's time of it is not one it writes (an edited file:
    the table's clock then waits for the round's start, as before the first step)."""
    try:
        rows = match.rows("SELECT MIN(created) FROM steps")
    except (sqlite3.Error, RefereeError):
        return None
    written = rows[0][0] if rows else None
    if not isinstance(written, str):
        return None
    try:
        when = datetime.fromisoformat(written)
    except ValueError:
        return None
    return when if when.tzinfo is not None else None


def own_clock(origin: TableOrigin, first_step: datetime | None) -> RoundClock:
    """The table's own clock (case 2 of the module docstring)."""
    minutes = origin.minutes or 0
    return RoundClock(origin.round, minutes, origin.round_started or first_step)


class EventReading(msgspec.Struct, frozen=True):
    """What one look at the event gave: the round's ``clock`` there, or None and ``why``.

    ``reach``: ``answering`` (the clock is the desk's), ``unconfirmed`` (the referee has not
    confirmed the place the match names: nothing was opened), ``unreachable`` (opening or
    reading the event failed), ``other event`` (the place holds another event), or
    ``refused`` (a place that is not followed, :func:`event_place`)."""

    clock: RoundClock | None
    why: str = ""
    reach: str = "answering"


def table_clock(
    origin: TableOrigin, reading: EventReading | None, first_step: datetime | None
) -> TableClock:
    """The clock the table shows: the event's when ``reading`` has it, else its own."""
    if reading is not None and reading.clock is not None:
        return TableClock(origin, reading.clock, True)
    why = reading.why if reading is not None else "the desk's clock is not read yet"
    return TableClock(origin, own_clock(origin, first_step), False, why)


class TableClockReader:
    """Reads a table's clock again and again: keeps the event open (read only) while it
    answers, folds the clock again only when the event has new records, and tries an event
    out of reach again every :data:`REOPEN_SECONDS`.

    The event is opened only when the referee ``confirmed`` its place (the match file names
    it, and a file can be edited: :mod:`referee.tournament.event_place`); until then
    :meth:`fetch` opens nothing. :meth:`fetch` waits on the event (a server may take its
    connection timeout to answer): a window calls it on a thread of its own."""

    def __init__(self, origin: TableOrigin, *, confirmed: bool = False) -> None:
        self.origin = origin
        self.confirmed = confirmed
        self.store: EventStore | None = None
        self.revision = -1
        self.clock: RoundClock | None = None
        self.failed: EventReading | None = None
        self.tried: datetime | None = None

    def _open(self, now: datetime) -> EventReading | None:
        """Open the event; None when it is open, else why not."""
        from referee.tournament.desk import Desk
        from referee.tournament.event_place import (
            EventPlaceError,
            event_place,
            open_event_read_only,
        )

        self.tried = now
        origin = self.origin
        try:
            event_place(origin.event, origin.event_id, origin.store)
        except EventPlaceError as exc:
            return EventReading(None, str(exc), "refused")
        try:
            store = open_event_read_only(origin.store)
        except (RefereeError, OSError, sqlite3.Error) as exc:
            return EventReading(None, f"the event is out of reach ({exc})", "unreachable")
        try:
            found = event_id(Desk(store, who="table clock").event())
        except (RefereeError, OSError, sqlite3.Error, ValueError, KeyError, TypeError) as exc:
            store.close()
            return EventReading(None, f"the event cannot be read ({exc})", "unreachable")
        if origin.event_id and found != origin.event_id:
            store.close()
            return EventReading(
                None, f"{origin.store} holds another event than {origin.event!r}", "other event"
            )
        self.store, self.revision = store, -1
        return None

    def fetch(self, now: datetime) -> EventReading:
        """Look at the event now (opening it if it is due): its clock, or why not."""
        if not self.confirmed:
            return EventReading(
                None,
                f"the match names the event {self.origin.event!r} at {self.origin.store}; "
                "its clock is read once you confirm that place",
                "unconfirmed",
            )
        if self.store is None:
            if self.tried is not None and (now - self.tried).total_seconds() < REOPEN_SECONDS:
                return self.failed or EventReading(None, "the event is out of reach", "unreachable")
            self.failed = self._open(now)
            if self.failed is not None:
                return self.failed
        store = self.store
        if store is None:  # _open keeps the store or says why not
            return EventReading(None, "the event is out of reach", "unreachable")
        try:
            revision = store.revision()
            if revision != self.revision or self.clock is None:
                from referee.tournament.desk import Desk

                event = Desk(store, who="table clock").event()
                minutes = self.origin.minutes or event.round_minutes
                self.clock = fold_clock(event.clock, self.origin.round, minutes)
                self.revision = revision
            return EventReading(self.clock)
        except (RefereeError, OSError, sqlite3.Error, ValueError, KeyError, TypeError) as exc:
            self.close()
            self.tried = now
            self.failed = EventReading(None, f"the event stopped answering ({exc})", "unreachable")
            return self.failed

    def read(self, now: datetime, first_step: datetime | None) -> TableClock:
        """The clock now (``first_step``: the match's first step, for the table's own)."""
        return table_clock(self.origin, self.fetch(now), first_step)

    @property
    def why(self) -> str:
        return self.failed.why if self.failed is not None else ""

    def close(self) -> None:
        if self.store is not None:
            with contextlib.suppress(RefereeError, OSError, sqlite3.Error):
                self.store.close()
            self.store = None
        self.clock = None
