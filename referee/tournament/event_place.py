"""Where a table's match file says its event is, for the referee to confirm, and the event
read there without writing anything.

A match file made by the desk names its event's place (``tournament-store``: an event
file's absolute path or a server's URL) so that the table can show the round's clock. A
file can be edited, so the place is only a claim: :func:`event_place` checks it and puts it
in words (the event's name, the host or the file) for the referee to confirm, and refuses
outright a place that could not be shown honestly (a relative path, a server URL whose
options name a local file to read, such as ``passfile`` or ``sslkey``). Nothing here opens
anything until the app has the referee's yes (:mod:`referee.tournament.table_clock`).

:func:`open_event_read_only` then opens the event without writing: an event file through
SQLite's ``mode=ro`` (its bytes never change; SQLite may keep its ``-wal``/``-shm`` beside a
file in WAL mode, as any reader does), a server with the URL as it is (only SELECTs follow).
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Sequence
from pathlib import Path
from types import MappingProxyType
from urllib.parse import quote

import msgspec

from referee.errors import RefereeError
from referee.tournament.store import EventFileError, EventStore, NewRecord, Record
from referee.tournament.targets import is_server_url
from referee.versions import check_stamp

FILE_OPTIONS = frozenset(
    {"passfile", "service", "sslkey", "sslcert", "sslrootcert", "sslcrl", "sslcrldir"}
)
"""Options of a server URL that make the client read a local file: refused in a URL that
comes from a match file (the file would choose what is read and sent)."""


class EventPlaceError(RefereeError):
    """A place named by a match file that cannot be offered for confirmation."""


class EventPlace(msgspec.Struct, frozen=True):
    """An event's place as the referee is asked to confirm it."""

    event: str
    """The event's name, as the match file gives it."""
    event_id: str
    target: str
    """The place exactly as the match names it (a path or a URL)."""
    server: bool
    where: str
    """In words: ``the event file /x/ev.db on this computer``, ``database open2027 on the
    server venue-server, port 5432, as user desk``."""
    host: str
    """The host a connection goes to (``this computer`` for a file or a local socket)."""

    @property
    def key(self) -> str:
        """What a confirmation is remembered by: the event (id and name) and its place."""
        text = json.dumps([self.event_id, self.event, self.target])
        return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]

    def question(self) -> str:
        """What the referee is asked, in plain words."""
        name = self.event or "(no name)"
        if self.server:
            what = (
                "referee would connect to that server to read the round's clock and, if "
                "the server asks, send it your password (PGPASSWORD or ~/.pgpass)."
            )
        else:
            what = "referee would open that file, read only, to read the round's clock."
        return (
            f"This match says it was made for the event “{name}”, kept in:\n\n"
            f"    {self.where}\n\n"
            f"If you confirm, {what} Confirm only if that is your event's desk: the match "
            "file says so, and a match file can be edited. Until then the table's own "
            "clock is shown."
        )


def event_place(event: str, event_id: str, target: str) -> EventPlace:
    """The place ``target`` named by a match for ``event``, checked and put in words; a
    place that cannot be shown honestly is refused (:class:`EventPlaceError`)."""
    if not target:
        raise EventPlaceError("the match names no event")
    if is_server_url(target):
        where, host = _server_words(target)
        return EventPlace(event, event_id, target, True, where, host)
    path = Path(target)
    if not path.is_absolute():
        raise EventPlaceError(
            f"{target}: the match names its event file by a relative path (the desk writes "
            "an absolute one): not followed"
        )
    return EventPlace(
        event, event_id, target, False, f"the event file {target} on this computer", "this computer"
    )


def _server_words(url: str) -> tuple[str, str]:
    """A server URL in words and the host it connects to, as the client reads the URL."""
    from psycopg import Error as PgError
    from psycopg.conninfo import conninfo_to_dict

    try:
        info = {k: str(v) for k, v in conninfo_to_dict(url).items()}
    except PgError as exc:
        raise EventPlaceError(f"{url}: not a valid server URL ({exc})") from None
    named = sorted(FILE_OPTIONS & set(info))
    if named:
        raise EventPlaceError(
            f"{url}: the URL names a local file for the connection to read "
            f"({', '.join(named)}): not followed"
        )
    if "password" in info:
        raise EventPlaceError(f"{url}: the URL carries a password: not followed")
    host = info.get("host", "")
    if not host or host.startswith("/"):
        shown_host = "this computer" + (f" (socket in {host})" if host else "")
    else:
        shown_host = host
    if info.get("hostaddr"):
        shown_host += f" at the address {info['hostaddr']}"
    parts = [f"database {info.get('dbname') or '?'} on the server {shown_host}"]
    if info.get("port"):
        parts.append(f"port {info['port']}")
    parts.append(f"as user {info['user']}" if info.get("user") else "as your login name")
    return ", ".join(parts) + f" ({url})", shown_host


# --- reading an event without writing ------------------------------------------------------


def open_event_read_only(target: str) -> EventStore:
    """The event at ``target`` opened for reading only (see the module docstring)."""
    if is_server_url(target):
        from referee.tournament.pg_store import PostgresEventStore

        return PostgresEventStore.open(target)
    return ReadOnlyEventFile.open(Path(target))


class ReadOnlyEventFile(EventStore):
    """An event file read through SQLite's ``mode=ro``: ``append`` is refused."""

    def __init__(self, path: Path, conn: sqlite3.Connection) -> None:
        self.path = path
        self.conn = conn

    @property
    def name(self) -> str:
        return str(self.path)

    @classmethod
    def open(cls, path: Path) -> ReadOnlyEventFile:
        from referee.tournament.sqlite_store import BUSY_MS, FORMAT_VERSION, KIND

        if not path.is_file():
            raise EventFileError(f"{path}: no such event file")
        uri = f"file:{quote(str(path))}?mode=ro"  # quoted: a '?' or '#' in the name is a name
        try:
            # the reading thread is not the one that closes it when the window goes
            conn = sqlite3.connect(
                uri, uri=True, timeout=BUSY_MS / 1000, isolation_level=None,
                check_same_thread=False,
            )  # fmt: skip
        except sqlite3.Error as exc:
            raise EventFileError(f"{path}: cannot be opened ({exc})") from None
        try:
            names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
            if "meta" not in names or "records" not in names:
                raise EventFileError(f"{path}: not an event file")
            meta = {k: json.loads(v) for k, v in conn.execute("SELECT key, value FROM meta")}
            if meta.get("kind") != KIND:
                raise EventFileError(f"{path}: not an event file")
            version = meta.get("format_version")
            if not isinstance(version, int) or version > FORMAT_VERSION:
                raise EventFileError(f"{path}: written by a newer referee (format {version})")
            check_stamp(meta.get("versions"), path)  # newer data: refused, as the desk does
        except (sqlite3.Error, ValueError, TypeError) as exc:
            conn.close()
            raise EventFileError(f"{path}: not an event file or damaged ({exc})") from None
        except BaseException:
            conn.close()
            raise
        return cls(path, conn)

    def records(self, after: int = 0) -> list[Record]:
        rows = self.conn.execute(
            "SELECT id, kind, data, who, at, why FROM records WHERE id > ? ORDER BY id", (after,)
        ).fetchall()
        return [
            Record(r[0], r[1], MappingProxyType(json.loads(r[2])), r[3], r[4], r[5] or "")
            for r in rows
        ]

    def revision(self) -> int:
        row = self.conn.execute("SELECT MAX(id) FROM records").fetchone()
        return int(row[0] or 0)

    def append(self, records: Sequence[NewRecord], *, who: str, expected_revision: int) -> int:
        raise EventFileError(f"{self.path}: opened to read the clock only; nothing is written")

    def close(self) -> None:
        self.conn.close()
