"""The event store: the one interface between the desk's rules and where an event is kept.

An event is an append-only list of records (a player entered, a round paired, a result, a
correction, the clock started...). Nothing is ever changed or deleted: a correction is a new
record, and everything the desk shows is folded from the records (``event.fold``).

Two desks may write at once. Every write says which revision (the id of the last record) it
was decided on; a store refuses a write when records were added since (:class:`StaleWrite`),
and the desk then decides again on the fresh records (``desk.Desk``), so nothing is lost
and nothing is counted twice. The SQLite implementation is ``sqlite_store``; another
(a server database) implements the same four methods.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from referee.errors import RefereeError


class EventFileError(RefereeError):
    """An event file that cannot be opened or written; the message names the file."""


class StaleWrite(RefereeError):
    """A write decided on records that another desk has added to since."""


def _frozen(d: Mapping[str, Any] | None = None) -> Mapping[str, Any]:
    return MappingProxyType(dict(d or {}))


@dataclass(frozen=True, slots=True)
class NewRecord:
    """A record to append: its kind, its data (JSON values) and why, for a correction."""

    kind: str
    data: Mapping[str, Any] = field(default_factory=_frozen)
    why: str = ""


@dataclass(frozen=True, slots=True)
class Record:
    """A record as stored: ``id`` orders them (the revision), ``who`` and ``at`` say who
    wrote it and when (UTC, ISO 8601)."""

    id: int
    kind: str
    data: Mapping[str, Any]
    who: str
    at: str
    why: str = ""


class EventStore(ABC):
    """Where an event's records live (see the module docstring)."""

    @abstractmethod
    def records(self, after: int = 0) -> list[Record]:
        """Every record with an id above ``after``, in order."""

    @abstractmethod
    def revision(self) -> int:
        """The id of the last record (0 for none)."""

    @abstractmethod
    def append(
        self, records: Sequence[NewRecord], *, who: str, expected_revision: int
    ) -> int:
        """Append ``records`` in one transaction if the store is still at
        ``expected_revision``; raise :class:`StaleWrite` (writing nothing) otherwise.
        Returns the new revision."""

    @abstractmethod
    def close(self) -> None:
        """Let go of the store."""

    @property
    @abstractmethod
    def name(self) -> str:
        """Where the store is, for messages (a file's path)."""

    def backup(self, label: str) -> Path | None:
        """Keep a copy of the event as it is now (before a round is paired), named with
        ``label``; where it went, or None for a store with nothing to copy."""
        return None
