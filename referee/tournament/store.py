"""The event store: the one interface between the desk's rules and where an event is kept.

An event is an append-only list of records (a player entered, a round paired, a result, a
correction, the clock started...). Nothing is ever changed or deleted: a correction is a new
record, and everything the desk shows is folded from the records (``event.fold``).

Two desks may write at once. Every write says which revision (the id of the last record) it
was decided on; a store refuses a write when records were added since (:class:`StaleWrite`),
and the desk then decides again on the fresh records (``desk.Desk``), so nothing is lost
and nothing is counted twice; a desk that found its write stale holds the store
(:meth:`EventStore.exclusive`) while it decides again, so its next try cannot be stale. The
implementations: ``sqlite_store`` (one file) and ``pg_store`` (a PostgreSQL server, for
several desks and machines at once); ``stores.open_store`` picks one from a path or a URL.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from types import MappingProxyType
from typing import Any, Protocol

import msgspec

from referee.errors import RefereeError, excerpt, storage_problem
from referee.paths import BackupFailed


class EventStoreError(RefereeError):
    """An event store that cannot be opened, read or written; the message names it."""


class DamagedEvent(EventStoreError):
    """An event whose records cannot be what referee wrote: a value missing or of the wrong
    kind, a record naming a player never entered... The message names the store, the
    record (id and kind) and the field; nothing is changed."""

    def __init__(self, store: str, problem: str, record: int | None = None, field: str = ""):
        store = store or "the event"
        self.store = store
        self.record = record
        self.field = field or None
        if store != "the event" and not store.startswith(("postgresql://", "postgres://")):
            self.file = Path(store)
        where = f"record #{record}: " if record is not None else ""
        super().__init__(f"{store}: the event is damaged: {where}{problem}; it was not changed")


class EventFileError(EventStoreError):
    """An event file that cannot be opened or written; the message names the file."""


class EventServerError(EventStoreError):
    """An event server that cannot be reached, holds no event, or refused a read or write;
    the message names the URL."""


class BackupError(EventStoreError):
    """The copy of the event for the backups folder, taken before a round is paired, could
    not be written (a full disk, a folder not writable): the round is not paired."""

    def __init__(self, failed: BackupFailed) -> None:
        self.file = failed.target
        problem = storage_problem(failed.cause, failed.target) or str(failed.cause)
        super().__init__(
            f"{failed.target}: the backup taken before this change could not be written "
            f"({problem}); nothing was changed: free some space in that folder (or move "
            "your files with REFEREE_HOME) and try again"
        )


class StaleWrite(RefereeError):
    """A write decided on records that another desk has added to since."""


def record_of_row(row: Sequence[Any], store: str) -> Record:
    """A record as a store's row holds it (id, kind, data as JSON text, who, at, why),
    checked for shape: anything else is :class:`DamagedEvent` naming ``store`` and the
    record. ``at`` must be an ISO 8601 time (the clock reads it)."""
    from datetime import datetime

    rid, kind, data, who, at, why = row
    if isinstance(rid, bool) or not isinstance(rid, int) or rid < 1:
        raise DamagedEvent(store, f"a record's id is {excerpt(rid)}, not a whole number from 1")
    for name, value in (("kind", kind), ("who", who), ("at", at)):
        if not isinstance(value, str):
            raise DamagedEvent(store, f"{name} is {excerpt(value)}, not text", rid, name)
    if why is not None and not isinstance(why, str):
        raise DamagedEvent(store, f"why is {excerpt(why)}, not text", rid, "why")
    try:
        datetime.fromisoformat(at)
    except ValueError:
        raise DamagedEvent(store, f"at is {excerpt(at)}, not a time", rid, "at") from None
    if not isinstance(data, str | bytes):
        raise DamagedEvent(store, f"data is {excerpt(data)}, not JSON text", rid, "data")
    try:
        doc = json.loads(data)
    except (ValueError, RecursionError):
        raise DamagedEvent(store, f"data is not JSON ({excerpt(data)})", rid, "data") from None
    if not isinstance(doc, dict):
        raise DamagedEvent(store, f"data is {excerpt(doc)}, not a JSON object", rid, "data")
    return Record(rid, kind, MappingProxyType(doc), who, at, why or "")


def _frozen(d: Mapping[str, Any] | None = None) -> Mapping[str, Any]:
    return MappingProxyType(dict(d or {}))


class NewRecord(msgspec.Struct, frozen=True):
    """A record to append: its kind, its data (JSON values) and why, for a correction."""

    kind: str
    data: Mapping[str, Any] = msgspec.field(default_factory=_frozen)
    why: str = ""


class Record(msgspec.Struct, frozen=True):
    """A record as stored: ``id`` orders them (the revision), ``who`` and ``at`` say who
    wrote it and when (UTC, ISO 8601)."""

    id: int
    kind: str
    data: Mapping[str, Any]
    who: str
    at: str
    why: str = ""


class ChangeListener(Protocol):
    """Hears a store's appends: ``fileno`` turns readable when one may have landed."""

    def fileno(self) -> int: ...

    def drain(self) -> bool:
        """Read what was heard without waiting; whether anything was."""
        ...

    def wait(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for an append; whether one was heard."""
        ...

    def close(self) -> None: ...


class EventStore(ABC):
    """Where an event's records live (see the module docstring)."""

    @abstractmethod
    def records(self, after: int = 0) -> list[Record]:
        """Every record with an id above ``after``, in order."""

    @abstractmethod
    def revision(self) -> int:
        """The id of the last record (0 for none)."""

    @abstractmethod
    def append(self, records: Sequence[NewRecord], *, who: str, expected_revision: int) -> int:
        """Append ``records`` in one transaction if the store is still at
        ``expected_revision``; raise :class:`StaleWrite` (writing nothing) otherwise.
        Returns the new revision."""

    @abstractmethod
    def close(self) -> None:
        """Let go of the store."""

    @contextmanager
    def exclusive(self) -> Iterator[None]:
        """Hold the store: while the block runs no other desk appends, and ``records`` and
        ``append`` inside it read and extend the latest records (all written at the end of
        the block, or none). A store whose appends are its only writes may hold nothing."""
        yield

    def busy(self) -> bool:
        """Whether another program holds the store right now, asked without waiting (a
        window's timer then looks again at its next tick instead of freezing); a store
        that never makes a reader wait says False."""
        return False

    def listen(self) -> ChangeListener | None:
        """A way to hear of other desks' appends without asking (a server's
        notifications), or None: then ask ``revision`` now and then."""
        return None

    @property
    @abstractmethod
    def name(self) -> str:
        """Where the store is, for messages (a file's path)."""

    def backup(self, label: str) -> Path | None:
        """Keep a copy of the event as it is now (before a round is paired), named with
        ``label``; where it went, or None for a store with nothing to copy."""
        return None
