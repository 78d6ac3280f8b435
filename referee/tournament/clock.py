"""The round clock: a fixed-time round started, paused, resumed and ended by the desk
(clause ``victory.fixed-time``).

The clock is folded from the event's ``clock`` records (round, action, minutes, and the
record's time); the time left is worked out against a ``now`` the caller passes, so the
same records give the same answer on every desk and in every test.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

import msgspec

from referee.errors import RefereeError
from referee.tournament.store import Record

WARN_BEFORE = timedelta(minutes=10)
ACTIONS = ("start", "pause", "resume", "end")


class ClockError(RefereeError):
    """A clock action that does not fit the clock's state (pausing a stopped round...)."""


class RoundClock(msgspec.Struct, frozen=True):
    round: int
    minutes: int
    started: datetime | None = None
    paused_since: datetime | None = None
    paused_for: timedelta = timedelta(0)
    ended: datetime | None = None

    @property
    def state(self) -> str:
        """'not started', 'running', 'paused' or 'ended'."""
        if self.started is None:
            return "not started"
        if self.ended is not None:
            return "ended"
        return "paused" if self.paused_since is not None else "running"

    def elapsed(self, now: datetime) -> timedelta:
        if self.started is None:
            return timedelta(0)
        stop = self.ended or self.paused_since or now
        return max(timedelta(0), stop - self.started - self.paused_for)

    def left(self, now: datetime) -> timedelta:
        """Time left in the round (negative once the time is up and the round goes on)."""
        if self.ended is not None:
            return timedelta(0)
        return timedelta(minutes=self.minutes) - self.elapsed(now)

    def warning(self, now: datetime) -> bool:
        """Whether the round is in its last ten minutes (or past its time) and not ended."""
        return self.state in ("running", "paused") and self.left(now) <= WARN_BEFORE

    def describe(self, now: datetime) -> str:
        """The clock in words: 'Round 2: 1:23:45 left', 'time is up', ..."""
        if self.state == "not started":
            return f"Round {self.round}: not started ({self.minutes} minutes)"
        if self.state == "ended":
            return f"Round {self.round}: ended"
        left = self.left(now)
        text = (
            f"Round {self.round}: {format_left(left)} left"
            if left > timedelta(0)
            else (f"Round {self.round}: time is up ({format_left(-left)} over)")
        )
        return text + (" (paused)" if self.state == "paused" else "")


def format_left(span: timedelta) -> str:
    """H:MM:SS (or M:SS under an hour) of a span, rounded down to the second."""
    seconds = max(0, int(span.total_seconds()))
    h, rest = divmod(seconds, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


def parse_at(text: str) -> datetime:
    return datetime.fromisoformat(text)


def fold_clock(records: Sequence[Record], round_number: int, minutes: int) -> RoundClock:
    """The clock of ``round_number`` from the event's clock records."""
    clock = RoundClock(round_number, minutes)
    for r in records:
        if int(r.data.get("round", 0)) != round_number:
            continue
        at = parse_at(r.at)
        action = r.data.get("action")
        if action == "start":
            clock = RoundClock(round_number, int(r.data.get("minutes", minutes)), at)
        elif action == "pause" and clock.state == "running":
            clock = RoundClock(clock.round, clock.minutes, clock.started, at, clock.paused_for)
        elif action == "resume" and clock.paused_since is not None:
            clock = RoundClock(
                clock.round,
                clock.minutes,
                clock.started,
                None,
                clock.paused_for + (at - clock.paused_since),
            )
        elif action == "end" and clock.state in ("running", "paused"):
            if clock.paused_since is not None:  # the pause ends with the round
                clock = RoundClock(
                    clock.round,
                    clock.minutes,
                    clock.started,
                    None,
                    clock.paused_for + (at - clock.paused_since),
                )
            clock = RoundClock(
                clock.round, clock.minutes, clock.started, None, clock.paused_for, at
            )
    return clock


def check_action(clock: RoundClock, action: str) -> None:
    """Refuse an action the clock's state does not allow, saying what it is."""
    allowed = {
        "start": ("not started",),
        "pause": ("running",),
        "resume": ("paused",),
        "end": ("running", "paused"),
    }
    if action not in allowed:
        raise ClockError(f"clock action {action!r}: use one of {', '.join(ACTIONS)}")
    if clock.state not in allowed[action]:
        raise ClockError(f"round {clock.round}'s clock is {clock.state}: it cannot {action}")
