"""The event store on a PostgreSQL server (psycopg 3), for several desks and machines at once.

The URL names the database, ``postgresql://user@host[:port]/dbname``; the password never
travels in it (it would show in the process list and the shell's history): libpq reads
``PGPASSWORD`` or ``~/.pgpass``, and a URL carrying one is refused. The tables are made in
the connection's first schema, so ``?options=-csearch_path%3Dopen2027`` keeps several events
in one database.

Tables: ``referee_meta`` (what the database holds, its format version, the versions stamp
of the referee that made it: ``referee.versions``) and ``referee_records`` (the append-only
records: id, kind, data as JSON kept as written, who, at, why). Reads are single statements
(one snapshot each). Every append is one transaction that first takes the records table's
SHARE ROW EXCLUSIVE lock (writers queue one behind the other, readers go on reading), then
checks the revision it was decided on (``store.StaleWrite`` when another desk wrote
meanwhile), writes all its records or none with the server's time, and notifies
``referee_event`` at commit, so windows and exports hear of it at once (``listen``).
``exclusive`` holds the same lock over a desk's whole decision. ``backup`` (before each
pairing) copies the event into an event file in the desk's backups folder. A lock not granted
within ``LOCK_SECONDS`` and a server not answering within ``CONNECT_SECONDS`` become a clear
message, as do a missing database, a database without an event and an event written by a
newer referee.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

import psycopg
from psycopg import errors as pgerrors
from psycopg.conninfo import make_conninfo

from referee.errors import excerpt
from referee.paths import (
    BackupFailed,
    backups_dir,
    free_path,
    place_new,
    safe_file_name,
    staging_path,
)
from referee.tournament.store import (
    BackupError,
    ChangeListener,
    DamagedEvent,
    EventFileError,
    EventServerError,
    EventStore,
    NewRecord,
    Record,
    StaleWrite,
    record_of_row,
)
from referee.tournament.targets import is_server_url
from referee.versions import NewerFileError, check_stamp, stamp

FORMAT_VERSION = 1
KIND = "referee tournament"
META = "referee_meta"
RECORDS = "referee_records"
CHANNEL = "referee_event"
CONNECT_SECONDS = 10
LOCK_SECONDS = 15
RECONNECT_SECONDS = 5
# A network that vanishes under an open connection is noticed within seconds, not the
# minutes TCP would wait (ignored on a unix socket); the URL may set its own.
NETWORK = {
    "keepalives": 1,
    "keepalives_idle": 10,
    "keepalives_interval": 5,
    "keepalives_count": 3,
    "tcp_user_timeout": 15000,
}
SERVER_NOW = """to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"+00:00"')"""


def check_url(url: str) -> None:
    """Refuse a URL that is not a PostgreSQL URL or that carries a password."""
    if not is_server_url(url):
        raise EventServerError(f"{url}: not a server URL (postgresql://user@host/dbname)")
    try:
        parts = urlsplit(url)
        query = parse_qs(parts.query)
        password = parts.password
    except ValueError as exc:
        raise EventServerError(f"{url}: not a valid server URL ({exc})") from None
    if password is not None or "password" in query:
        raise EventServerError(
            "the server URL carries a password: leave it out (a command line shows in the "
            "process list and the shell's history) and put it in PGPASSWORD or ~/.pgpass"
        )
    if not parts.path.strip("/") and "dbname" not in query:
        raise EventServerError(
            f"{url}: name the event's database at the end (postgresql://user@host/dbname)"
        )


def _first_lines(exc: BaseException) -> str:
    text = str(exc).replace("connection failed: ", "").replace("connection is bad: ", "")
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    return " ".join(lines[:2]) or type(exc).__name__


def _connect_timeout(url: str) -> int:
    """The seconds a connection may take: the URL's connect_timeout, PGCONNECT_TIMEOUT, or
    ``CONNECT_SECONDS``."""
    given = parse_qs(urlsplit(url).query).get("connect_timeout") or [
        os.environ.get("PGCONNECT_TIMEOUT", "")
    ]
    try:
        return int(given[0])
    except ValueError:
        return CONNECT_SECONDS


def _connect_error(url: str, exc: psycopg.Error) -> EventServerError:
    """What a failed connection means for the user, in words."""
    text = str(exc)
    parts = urlsplit(url)
    dbname = parts.path.strip("/") or "?"
    user = parts.username or "(your login name)"
    if "database" in text and "does not exist" in text:
        return EventServerError(
            f"{url}: the server has no database {dbname!r}: check the name, or make it "
            f"first (createdb {dbname})"
        )
    if "role" in text and "does not exist" in text:
        return EventServerError(f"{url}: the server has no user {user!r}")
    if "password" in text:
        return EventServerError(
            f"{url}: the server wants a password for {user!r} and none that it takes was "
            "given: put it in PGPASSWORD or ~/.pgpass (never in the URL)"
        )
    if "timeout expired" in text:  # the server took the connection but never answered
        return EventServerError(
            f"{url}: cannot reach the event's server: no answer within "
            f"{_connect_timeout(url)} s ({_first_lines(exc)})"
        )
    return EventServerError(  # refused or no such host: it failed at once, not after a wait
        f"{url}: cannot reach the event's server: {_first_lines(exc)}"
    )


def _connect(url: str) -> psycopg.Connection[Any]:
    check_url(url)
    given = parse_qs(urlsplit(url).query)
    network = {k: v for k, v in NETWORK.items() if k not in given}
    try:
        conninfo = make_conninfo(
            url,
            connect_timeout=_connect_timeout(url),
            application_name="referee tournament",
            **network,
        )
    except psycopg.Error as exc:
        raise EventServerError(f"{url}: not a valid server URL ({exc})") from None
    try:
        conn = psycopg.connect(conninfo, autocommit=True)
    except psycopg.Error as exc:
        raise _connect_error(url, exc) from None
    conn.isolation_level = psycopg.IsolationLevel.READ_COMMITTED
    conn.execute(f"SET lock_timeout = '{LOCK_SECONDS}s'")
    return conn


class PostgresEventStore(EventStore):
    """An event on a PostgreSQL server (see the module docstring)."""

    def __init__(self, url: str, conn: psycopg.Connection[Any]) -> None:
        self.url = url
        self.conn = conn
        self.held = False
        self.unreachable: tuple[float, str] | None = None
        """(when to try again, why) after a failed reconnection."""

    @property
    def name(self) -> str:
        return self.url

    # --- making and opening ----------------------------------------------------------

    @classmethod
    def create(cls, url: str, records: Sequence[NewRecord], *, who: str) -> PostgresEventStore:
        """A new event in the database at ``url`` holding ``records`` (ids from 1, the
        server's time), made in one transaction; a database that holds an event already is
        never touched."""

        def rows(at: str) -> list[tuple[int, str, str, str, str, str]]:
            return [
                (i, r.kind, json.dumps(dict(r.data)), who, at, r.why)
                for i, r in enumerate(records, start=1)
            ]

        return cls(url, cls._build(url, rows))

    @classmethod
    def restore(cls, url: str, records: Sequence[Record]) -> PostgresEventStore:
        """A new event holding ``records`` exactly as they are (ids, who, when, why)."""

        def rows(at: str) -> list[tuple[int, str, str, str, str, str]]:
            return [(r.id, r.kind, json.dumps(dict(r.data)), r.who, r.at, r.why) for r in records]

        return cls(url, cls._build(url, rows))

    @staticmethod
    def _build(
        url: str, rows_at: Callable[[str], list[tuple[int, str, str, str, str, str]]]
    ) -> psycopg.Connection[Any]:
        """Make the tables and write the rows ``rows_at(server time)`` in one transaction."""
        conn = _connect(url)
        try:
            with conn.transaction():
                if _tables(conn) != (False, False):
                    raise EventServerError(
                        f"{url}: already holds an event (or tables named {META}, {RECORDS}); "
                        "an event is never overwritten: use another database"
                    )
                conn.execute(f"CREATE TABLE {META} (key text PRIMARY KEY, value text NOT NULL)")
                conn.execute(
                    f"CREATE TABLE {RECORDS} (id bigint PRIMARY KEY CHECK (id > 0), "
                    "kind text NOT NULL, data json NOT NULL, who text NOT NULL, "
                    "at text NOT NULL, why text NOT NULL DEFAULT '')"
                )
                row = conn.execute(f"SELECT {SERVER_NOW}").fetchone()
                records = rows_at(str(row[0]) if row else "")
                with conn.cursor() as cur:
                    cur.executemany(
                        f"INSERT INTO {META} (key, value) VALUES (%s, %s)",
                        [
                            ("kind", json.dumps(KIND)),
                            ("format_version", json.dumps(FORMAT_VERSION)),
                            ("versions", json.dumps(stamp())),
                        ],
                    )
                    cur.executemany(
                        f"INSERT INTO {RECORDS} (id, kind, data, who, at, why) "
                        "VALUES (%s, %s, %s, %s, %s, %s)",
                        records,
                    )
                if records:
                    conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, str(records[-1][0])))
        except (pgerrors.DuplicateTable, pgerrors.UniqueViolation):
            conn.close()
            raise EventServerError(
                f"{url}: another desk made an event here at the same moment; nothing was written"
            ) from None
        except psycopg.Error as exc:
            conn.close()
            raise EventServerError(f"{url}: the server refused: {_first_lines(exc)}") from None
        except BaseException:
            conn.close()
            raise
        return conn

    @classmethod
    def open(cls, url: str) -> PostgresEventStore:
        """Open the event in the database at ``url``, refusing a database without one or
        an event written by a newer referee."""
        conn = _connect(url)
        try:
            meta_there, records_there = _tables(conn)
            if not meta_there:
                raise EventServerError(
                    f"{url}: holds no event (no table {META}); make one with 'referee "
                    "tournament new URL --name ...' or move one there with 'referee "
                    "tournament copy FILE URL'"
                )
            rows = conn.execute(f"SELECT key, value FROM {META}").fetchall()
            meta = _meta(url, rows)
            if meta.get("kind") != KIND:
                raise EventServerError(f"{url}: {META} does not describe a referee event")
            version = meta.get("format_version")
            if isinstance(version, bool) or not isinstance(version, int):
                raise DamagedEvent(url, f"its format version is {excerpt(version)}")
            if version > FORMAT_VERSION:
                raise EventServerError(
                    f"{url}: written by a newer referee (event format {version}; this one "
                    f"reads up to {FORMAT_VERSION}); nothing was changed"
                )
            if not records_there:
                raise EventServerError(f"{url}: the event has no table {RECORDS}: damaged")
            try:
                check_stamp(meta.get("versions"), url)
            except NewerFileError as exc:
                raise EventServerError(
                    f"{url}: written by a newer referee ({'; '.join(exc.newer)}); update "
                    "referee to open it. Nothing was changed"
                ) from None
        except psycopg.Error as exc:
            conn.close()
            raise EventServerError(f"{url}: the server refused: {_first_lines(exc)}") from None
        except BaseException:
            conn.close()
            raise
        return cls(url, conn)

    # --- the store -------------------------------------------------------------------

    @contextmanager
    def _guard(self, doing: str) -> Iterator[None]:
        """The server's errors as the desk's: a lost connection, a lock not granted."""
        try:
            yield
        except (pgerrors.UndefinedColumn, pgerrors.UndefinedTable, pgerrors.DataError) as exc:
            raise DamagedEvent(self.url, f"{_first_lines(exc)} ({doing})") from None
        except pgerrors.LockNotAvailable:
            raise EventServerError(
                f"{self.url}: another desk held the event for more than {LOCK_SECONDS} s "
                f"while {doing}; nothing was written: try again"
            ) from None
        except (pgerrors.SerializationFailure, pgerrors.DeadlockDetected):
            raise StaleWrite(
                f"{self.url}: the server could not order this write with another desk's; "
                "nothing was written"
            ) from None
        except psycopg.OperationalError as exc:
            self._reconnect_later()
            raise EventServerError(
                f"{self.url}: lost the server while {doing} ({_first_lines(exc)}); if it was "
                "a write, 'referee tournament trail' shows whether it landed"
            ) from None
        except psycopg.Error as exc:
            raise EventServerError(
                f"{self.url}: the server refused {doing}: {_first_lines(exc)}"
            ) from None

    def _reconnect_later(self) -> None:
        if not self.held:
            self.conn.close()

    def _live(self) -> psycopg.Connection[Any]:
        """The connection, made again if the last one was lost (never inside a hold); after
        a failed try, the next waits ``RECONNECT_SECONDS`` (a window asks every second)."""
        if self.conn.closed and not self.held:
            if self.unreachable is not None and time.monotonic() < self.unreachable[0]:
                left = self.unreachable[0] - time.monotonic()
                raise EventServerError(f"{self.unreachable[1]} (trying again in {left:.0f} s)")
            try:
                self.conn = _connect(self.url)
            except EventServerError as exc:
                self.unreachable = (time.monotonic() + RECONNECT_SECONDS, str(exc))
                raise
            self.unreachable = None
        return self.conn

    def records(self, after: int = 0) -> list[Record]:
        with self._guard("reading the event"):
            rows = (
                self._live()
                .execute(
                    f"SELECT id, kind, data::text, who, at, why FROM {RECORDS} WHERE id > %s "
                    "ORDER BY id",
                    (after,),
                )
                .fetchall()
            )
        return [record_of_row(r, self.url) for r in rows]

    def revision(self) -> int:
        with self._guard("reading the event"):
            row = self._live().execute(f"SELECT max(id) FROM {RECORDS}").fetchone()
        return int(row[0] or 0) if row else 0

    def _lock(self) -> None:
        self.conn.execute(f"LOCK TABLE {RECORDS} IN SHARE ROW EXCLUSIVE MODE")

    def append(self, records: Sequence[NewRecord], *, who: str, expected_revision: int) -> int:
        with self._guard("writing"), self._transaction():
            conn = self.conn
            row = conn.execute(f"SELECT max(id), {SERVER_NOW} FROM {RECORDS}").fetchone()
            now = int(row[0] or 0) if row else 0
            if now != expected_revision:
                raise StaleWrite(
                    f"{self.url}: another desk wrote to the event (revision {now}, this "
                    f"change was decided on {expected_revision}); nothing was written"
                )
            at = str(row[1]) if row else ""
            with conn.cursor() as cur:
                cur.executemany(
                    f"INSERT INTO {RECORDS} (id, kind, data, who, at, why) "
                    "VALUES (%s, %s, %s, %s, %s, %s)",
                    [
                        (now + i, r.kind, json.dumps(dict(r.data)), who, at, r.why)
                        for i, r in enumerate(records, start=1)
                    ],
                )
            now += len(records)
            if records:
                conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, str(now)))
        return now

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        """One locked transaction, or the hold's (see ``exclusive``)."""
        if self.held:
            yield
            return
        with self._live().transaction():
            self._lock()
            yield

    @contextmanager
    def exclusive(self) -> Iterator[None]:
        with self._guard("holding the event"), self._live().transaction():
            self._lock()
            self.held = True
            try:
                yield
            finally:
                self.held = False

    def backup(self, label: str) -> Path:
        """A whole copy of the event as an event file in this desk's backups folder
        (:func:`referee.paths.backups_dir`), named after the database and ``label``."""
        from referee.tournament.sqlite_store import SqliteEventStore

        folder = backups_dir()
        folder.mkdir(parents=True, exist_ok=True)
        name = safe_file_name(unquote(urlsplit(self.url).path.strip("/")), "event")
        when = datetime.now().strftime("%Y%m%d-%H%M%S")
        target = free_path(folder / f"{name}-{safe_file_name(label, 'copy')}-{when}.db")
        partial = staging_path(target)  # desks on one machine may back up at once
        try:
            SqliteEventStore.restore(partial, self.records()).close()
            return place_new(partial, target)
        except (OSError, EventFileError) as exc:  # a full disk: the pairing is not made
            raise BackupError(BackupFailed(target, exc)) from None
        finally:
            partial.unlink(missing_ok=True)

    def listen(self) -> ChangeListener:
        conn = _connect(self.url)
        try:
            conn.execute(f"LISTEN {CHANNEL}")
        except psycopg.Error as exc:
            conn.close()
            raise EventServerError(f"{self.url}: cannot listen: {_first_lines(exc)}") from None
        return ServerListener(self.url, conn)

    def close(self) -> None:
        self.conn.close()


class ServerListener:
    """Hears the server's notifications of appends (``LISTEN referee_event``)."""

    def __init__(self, url: str, conn: psycopg.Connection[Any]) -> None:
        self.url = url
        self.conn = conn

    def fileno(self) -> int:
        return self.conn.fileno()

    def wait(self, timeout: float) -> bool:
        try:
            return bool(list(self.conn.notifies(timeout=timeout, stop_after=1)))
        except psycopg.Error as exc:
            raise EventServerError(
                f"{self.url}: lost the server's notifications ({_first_lines(exc)})"
            ) from None

    def drain(self) -> bool:
        return self.wait(0)

    def close(self) -> None:
        self.conn.close()


def _meta(url: str, rows: Sequence[Sequence[Any]]) -> dict[str, Any]:
    """The event's ``referee_meta`` rows (key, JSON text) as a mapping, checked."""
    meta: dict[str, Any] = {}
    for key, value in rows:
        if not isinstance(key, str) or not isinstance(value, str):
            raise DamagedEvent(url, f"{META} {excerpt(key)} holds {excerpt(value)}, not JSON")
        try:
            meta[key] = json.loads(value)
        except (ValueError, RecursionError):
            raise DamagedEvent(url, f"{META} {key!r} is not JSON ({excerpt(value)})") from None
    return meta


def _tables(conn: psycopg.Connection[Any]) -> tuple[bool, bool]:
    """Whether the event's two tables are there (in the connection's search path)."""
    row = conn.execute(
        "SELECT to_regclass(%s) IS NOT NULL, to_regclass(%s) IS NOT NULL", (META, RECORDS)
    ).fetchone()
    return (bool(row[0]), bool(row[1])) if row else (False, False)
