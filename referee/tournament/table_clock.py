"""The time left at a table whose match file was made for a round (``tournament match``).

Which clock the table shows:

1. **The round's clock at the event**, whenever the event named in the match
   (``tournament-store``) can be opened and is the event the match was made for: the desk's
   start, pauses, resumes and end, exactly as the wall view shows them.
2. Otherwise (the event file is on another machine, or the server is out of reach) **the
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
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from referee.errors import RefereeError
from referee.tournament.clock import RoundClock, fold_clock, format_left
from referee.tournament.table_match import TableOrigin, event_id

if TYPE_CHECKING:
    from referee.match.store import MatchFile
    from referee.tournament.desk import Desk

REOPEN_SECONDS = 30
"""How often an event out of reach is tried again."""


@dataclass(frozen=True, slots=True)
class TableClock:
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
    """When the match's first journal step was written (undone ones count: play began)."""
    try:
        rows = match.rows("SELECT MIN(created) FROM steps")
    except (sqlite3.Error, RefereeError):
        return None
    return datetime.fromisoformat(rows[0][0]) if rows and rows[0][0] else None


def own_clock(origin: TableOrigin, first_step: datetime | None) -> RoundClock:
    """The table's own clock (case 2 of the module docstring)."""
    minutes = origin.minutes or 0
    return RoundClock(origin.round, minutes, origin.round_started or first_step)


class TableClockReader:
    """Reads a table's clock again and again: keeps the event open while it answers, folds
    the clock again only when the event has new records, and tries an event out of reach
    again every :data:`REOPEN_SECONDS`."""

    def __init__(self, origin: TableOrigin) -> None:
        self.origin = origin
        self.desk: Desk | None = None
        self.revision = -1
        self.clock: RoundClock | None = None
        self.why = ""
        self.tried: datetime | None = None

    def _open(self, now: datetime) -> None:
        from referee.tournament.desk import Desk

        self.tried = now
        if not self.origin.store:
            self.why = "the match names no event"
            return
        try:
            desk = Desk.open(self.origin.store, who="table clock")
        except (RefereeError, OSError, sqlite3.Error) as exc:
            self.why = f"the event is out of reach ({exc})"
            return
        try:
            found = event_id(desk.event())
        except (RefereeError, OSError, sqlite3.Error) as exc:
            desk.close()
            self.why = f"the event cannot be read ({exc})"
            return
        if self.origin.event_id and found != self.origin.event_id:
            desk.close()
            self.why = f"{self.origin.store} holds another event than {self.origin.event!r}"
            return
        self.desk, self.revision, self.why = desk, -1, ""

    def read(self, now: datetime, first_step: datetime | None) -> TableClock:
        """The clock now (``first_step``: the match's first step, for the table's own)."""
        if self.desk is None and (
            self.tried is None or (now - self.tried).total_seconds() >= REOPEN_SECONDS
        ):
            self._open(now)
        if self.desk is not None:
            try:
                revision = self.desk.store.revision()
                if revision != self.revision or self.clock is None:
                    event = self.desk.event()
                    minutes = self.origin.minutes or event.round_minutes
                    self.clock = fold_clock(event.clock, self.origin.round, minutes)
                    self.revision = revision
                return TableClock(self.origin, self.clock, True)
            except (RefereeError, OSError, sqlite3.Error) as exc:
                self.close()
                self.tried = now
                self.why = f"the event stopped answering ({exc})"
        return TableClock(self.origin, own_clock(self.origin, first_step), False, self.why)

    def close(self) -> None:
        if self.desk is not None:
            with contextlib.suppress(RefereeError, OSError, sqlite3.Error):
                self.desk.close()
            self.desk = None
        self.clock = None
