"""Where an event is: a file (SQLite, the default) or a server URL (PostgreSQL).

Every command and the window name an event by a *target*: a path, or a URL
``postgresql://user@host/dbname``. This module is the one place that turns a target into
a store; the desk's rules only ever see the :class:`~referee.tournament.store.EventStore`
it returns. ``copy_event`` moves an event from one target to another with nothing changed.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit

import msgspec

from referee.tournament.store import (
    ChangeListener,
    EventStore,
    EventStoreError,
    NewRecord,
    Record,
)
from referee.tournament.targets import Target, is_server_url


def short_name(target: Target) -> str:
    """A target in a few words: a file's name, or a server database's name and host."""
    if not is_server_url(target):
        return Path(target).name
    parts = urlsplit(str(target))
    host = parts.hostname or parse_qs(parts.query).get("host", ["this machine"])[0]
    return f"{unquote(parts.path.strip('/')) or '?'} on {host}"


def open_store(target: Target, read_only: bool = False) -> EventStore:
    """The event at ``target``, refused if there is none or it cannot be read;
    ``read_only``: for reading alone (an event file is then opened read-only, and nothing,
    not even its journal mode, is changed)."""
    if is_server_url(target):
        from referee.tournament.pg_store import PostgresEventStore

        return PostgresEventStore.open(str(target))
    from referee.tournament.sqlite_store import SqliteEventStore

    return SqliteEventStore.open(target, read_only)


def create_store(target: Target, records: Sequence[NewRecord], *, who: str) -> EventStore:
    """A new event at ``target`` holding ``records``; an event is never overwritten."""
    if is_server_url(target):
        from referee.tournament.pg_store import PostgresEventStore

        return PostgresEventStore.create(str(target), records, who=who)
    from referee.tournament.sqlite_store import SqliteEventStore

    return SqliteEventStore.create(target, records, who=who)


def restore_store(target: Target, records: Sequence[Record]) -> EventStore:
    """A new event at ``target`` holding ``records`` as they are (ids, who, when, why)."""
    if is_server_url(target):
        from referee.tournament.pg_store import PostgresEventStore

        return PostgresEventStore.restore(str(target), records)
    from referee.tournament.sqlite_store import SqliteEventStore

    return SqliteEventStore.restore(target, records)


class Copied(msgspec.Struct, frozen=True):
    """What ``copy_event`` moved."""

    source: str
    destination: str
    records: int
    revision: int


def copy_event(source: Target, destination: Target) -> Copied:
    """Copy the event at ``source`` to a new event at ``destination``: every record with its
    id, kind, data, who, when and why, read back and compared before the copy is reported.
    The source is only read; a destination holding an event is refused."""
    src = open_store(source, read_only=True)
    try:
        records = src.records()  # one read: one consistent state of the event
    finally:
        src.close()
    dst = restore_store(destination, records)
    try:
        back = dst.records()
    finally:
        dst.close()
    if back != records:
        raise EventStoreError(
            f"{destination}: the copy read back differs from {source} (the source is "
            "untouched; remove the copy and try again)"
        )
    return Copied(str(source), str(destination), len(records), records[-1].id if records else 0)


def wait_for_change(
    store: EventStore, revision: int, timeout: float, listener: ChangeListener | None = None
) -> int:
    """Wait up to ``timeout`` seconds for the store to pass ``revision``; its revision then.
    Uses the store's notifications when it has them (``listener`` from ``store.listen()``),
    else asks the revision twice a second."""
    deadline = time.monotonic() + timeout
    while True:
        now = store.revision()
        left = deadline - time.monotonic()
        if now != revision or left <= 0:
            return now
        if listener is not None:
            listener.wait(min(left, 5.0))
        else:
            time.sleep(min(left, 0.5))
