"""The event store in one SQLite file, safe for two desks at once.

Tables: ``meta`` (what the file is, its format version) and ``records`` (the append-only
records: id, kind, data as JSON, who, at, why). The file runs in WAL mode (switched at the
first write), so a desk reads while another writes; every append is one ``BEGIN IMMEDIATE``
transaction that first checks the revision it was decided on (``store.StaleWrite`` when
another desk wrote meanwhile) and writes all its records or none; ``exclusive`` holds that
lock while a desk decides again after a stale write. ``restore`` writes a copied event's
records as they are. A file that is not an event file, is damaged or comes from a newer
version (its format, or the data versions stamped in ``meta.versions``,
:mod:`referee.versions`) is refused and left alone.

A store keeps no connection open between operations: each read, append or hold opens the
file, does its one transaction and closes it, inside :func:`referee.sqlite_files.hold`, so
what else the process does with the file (a file dialog reading it) cannot make a window's
connection lose its locks and write to a log no other desk reads (issue 23). The revision
check above is what makes a write decided on an older reading safe.

A store opened ``read_only`` (the reading commands: standings, pairings, exports...) opens
the file read-only and never writes to it: not even the switch to WAL mode, which a
read-write store makes at its first write. SQLite's complaints become one line naming the
file (:func:`event_file_error`): a full disk, a read-only file or folder or no permission
said as such, a file held too long by another program as busy, anything else as damage;
after any of them nothing was written.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

from referee.errors import excerpt, storage_problem
from referee.paths import BackupFailed, backup_file
from referee.sqlite_files import hold, in_use
from referee.tournament.store import (
    BackupError,
    EventFileError,
    EventStore,
    NewRecord,
    Record,
    StaleWrite,
    record_of_row,
)
from referee.versions import check_stamp, stamp

FORMAT_VERSION = 1
KIND = "referee tournament"
BUSY_MS = 15000


def now_text() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _connect(path: Path, read_only: bool = False) -> sqlite3.Connection:
    """A connection to the event file: read-only (``mode=ro``, ``query_only``) or not; the
    journal mode is left as the file has it (see :meth:`SqliteEventStore._wal`).

    A file in WAL mode needs its shared index (``-shm``) beside it, which SQLite makes at
    the first read; on a full disk it cannot. A reader then reads the file as it is
    (``immutable``: without the index) if its write-ahead log holds nothing, that is, if
    the file itself holds every record written: the standings still show on a full disk.
    """
    uri = path.resolve().as_uri()
    mode = "ro" if read_only else "rw"
    conn = sqlite3.connect(
        f"{uri}?mode={mode}", uri=True, timeout=BUSY_MS / 1000, isolation_level=None
    )
    conn.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
    if not read_only:
        conn.execute("PRAGMA synchronous = FULL")
        return conn
    conn.execute("PRAGMA query_only = ON")
    try:
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()  # the first read
    except sqlite3.OperationalError as exc:
        conn.close()
        wal = path.with_name(f"{path.name}-wal")
        if storage_problem(exc, path) is None or (wal.exists() and wal.stat().st_size):
            raise
        conn = sqlite3.connect(
            f"{uri}?mode=ro&immutable=1", uri=True, timeout=BUSY_MS / 1000, isolation_level=None
        )
        conn.execute("PRAGMA query_only = ON")
    return conn


def event_file_error(path: Path, exc: BaseException, doing: str) -> EventFileError:
    """SQLite's complaint ``exc`` when it failed to ``doing`` (``read the event``...) as one
    line naming the file: what the disk refused (full, read-only, no permission), busy, or
    damage. Nothing was written in any case (a transaction that fails is rolled back)."""
    problem = storage_problem(exc, path)
    if problem is None and isinstance(exc, OSError):
        problem = exc.strerror or str(exc)
    if problem is not None:
        return EventFileError(f"{path}: cannot {doing}: {problem}; nothing was written")
    text = str(exc) if not isinstance(exc, UnicodeDecodeError) else "text that is not UTF-8"
    if "locked" in text or "busy" in text:
        return EventFileError(
            f"{path}: cannot {doing}: another program held the file for over "
            f"{BUSY_MS // 1000} s; nothing was written, try again"
        )
    return EventFileError(f"{path}: not an event file or damaged ({text}); it was not changed")


@contextmanager
def _guard(path: Path, doing: str) -> Iterator[None]:
    """SQLite's complaints inside the block as :func:`event_file_error`; a misuse of the
    connection (:class:`sqlite3.ProgrammingError`) is a bug and is left alone."""
    try:
        yield
    except sqlite3.ProgrammingError:
        raise
    except (sqlite3.Error, UnicodeDecodeError) as exc:
        raise event_file_error(path, exc, doing) from None


class SqliteEventStore(EventStore):
    """An event file (see the module docstring)."""

    def __init__(self, path: Path, read_only: bool = False) -> None:
        self.path = path
        self.conn: sqlite3.Connection | None = None
        """The connection of the operation under way (None between operations)."""
        self.held = False
        self.read_only = read_only

    @contextmanager
    def _connection(self, doing: str = "read the event") -> Iterator[sqlite3.Connection]:
        """The file, opened for one operation (or the operation under way's connection);
        SQLite's complaints as :func:`event_file_error`."""
        if self.conn is not None:
            yield self.conn
            return
        with _guard(self.path, doing), hold(self.path, BUSY_MS / 1000):
            conn = _connect(self.path, self.read_only)
            self.conn = conn
            try:
                yield conn
            finally:
                self.conn = None
                conn.close()

    @property
    def name(self) -> str:
        return str(self.path)

    @classmethod
    def create(
        cls, path: Path | str, records: Sequence[NewRecord], *, who: str
    ) -> SqliteEventStore:
        """A new event file holding ``records``; an existing file is never replaced."""
        path = Path(path)
        cls._build(path, [])
        store = cls(path)
        try:
            store.append(records, who=who, expected_revision=0)
        except BaseException:
            path.unlink(missing_ok=True)  # a new event that could not be written whole
            raise
        return store

    @classmethod
    def restore(cls, path: Path | str, records: Sequence[Record]) -> SqliteEventStore:
        """A new event file holding ``records`` exactly as they are (ids, who, when, why):
        an event copied from another store. An existing file is never replaced."""
        path = Path(path)
        cls._build(path, records)
        return cls(path)

    @staticmethod
    def _build(path: Path, records: Sequence[Record]) -> None:
        """Write the file aside with ``records`` and move it into place whole."""
        import sqlite_utils  # (and numpy behind it) only to make a file, never to read one

        if path.exists():
            raise EventFileError(f"{path}: already exists; an event file is never overwritten")
        if not path.parent.is_dir():
            raise EventFileError(f"{path}: no folder {str(path.parent)!r} to write it in")
        partial = path.with_name(f".{path.name}.partial")
        try:
            partial.unlink(missing_ok=True)
            partial.touch()  # the folder's refusal (no permission, read-only) said as such
        except OSError as exc:
            raise event_file_error(path, exc, "write the new event") from None
        with _guard(path, "write the new event"):
            conn = sqlite3.connect(partial)
        try:
            db = sqlite_utils.Database(conn)
            with _guard(path, "write the new event"), conn:
                db.table("meta").insert_all(
                    [
                        {"key": "kind", "value": json.dumps(KIND)},
                        {"key": "format_version", "value": json.dumps(FORMAT_VERSION)},
                        {"key": "versions", "value": json.dumps(stamp())},
                    ],
                    pk="key",
                )
                db.table("records").create(
                    {"id": int, "kind": str, "data": str, "who": str, "at": str, "why": str},
                    pk="id",
                )
                conn.executemany(
                    "INSERT INTO records (id, kind, data, who, at, why) VALUES (?, ?, ?, ?, ?, ?)",
                    [(r.id, r.kind, json.dumps(dict(r.data)), r.who, r.at, r.why) for r in records],
                )
            conn.close()
            if path.exists():
                raise EventFileError(f"{path}: already exists; an event file is never overwritten")
            os.replace(partial, path)
        finally:
            conn.close()
            partial.unlink(missing_ok=True)

    @classmethod
    def open(cls, path: Path | str, read_only: bool = False) -> SqliteEventStore:
        """Open an event file, refusing one that is damaged, foreign or newer (nothing is
        written to it in any case); ``read_only``: for reading alone (see the module
        docstring)."""
        path = Path(path)
        if not path.is_file():
            raise EventFileError(f"{path}: no such event file")
        with _guard(path, "open the event"), hold(path, BUSY_MS / 1000):
            conn = _connect(path, read_only=True)
            try:
                meta, names = _meta(path, conn)
            finally:
                conn.close()
        if meta.get("kind") != KIND or "records" not in names:
            raise EventFileError(f"{path}: not an event file (made by 'referee tournament new')")
        version = meta.get("format_version")
        if isinstance(version, bool) or not isinstance(version, int) or version > FORMAT_VERSION:
            raise EventFileError(
                f"{path}: written by a newer referee (event format {version}; this one reads "
                f"up to {FORMAT_VERSION}); it was not changed"
                if isinstance(version, int) and not isinstance(version, bool)
                else f"{path}: damaged: its format version is {version!r}, not a whole "
                "number; it was not changed"
            )
        check_stamp(meta.get("versions"), path)  # a file from newer data is refused as it is
        return cls(path, read_only)

    def backup(self, label: str) -> Path:
        """A whole copy of the file in the backups folder (:func:`referee.paths.backup_file`),
        read through this store's own connection (no second handle on the file)."""
        try:
            with self._connection() as conn:
                return backup_file(self.path, label, source=conn)
        except BackupFailed as exc:
            if isinstance(exc.cause, sqlite3.Error) and storage_problem(exc.cause) is None:
                raise event_file_error(self.path, exc.cause, "read the event") from None
            raise BackupError(exc) from None

    def records(self, after: int = 0) -> list[Record]:
        with self._connection() as conn:
            rows = conn.execute(
                "SELECT id, kind, data, who, at, why FROM records WHERE id > ? ORDER BY id",
                (after,),
            ).fetchall()
        return [record_of_row(r, self.name) for r in rows]

    def busy(self) -> bool:
        return self.conn is None and in_use(self.path)

    def revision(self) -> int:
        with self._connection() as conn:
            row = conn.execute("SELECT MAX(id) FROM records").fetchone()
        if row[0] is not None and (isinstance(row[0], bool) or not isinstance(row[0], int)):
            raise EventFileError(f"{self.path}: damaged: a record's id is {row[0]!r}")
        return int(row[0] or 0)

    def _wal(self, conn: sqlite3.Connection) -> None:
        """The file in WAL mode (a desk reads while another writes), switched at the first
        write: a reading command never changes the file, not even its mode."""
        if self.read_only:
            raise EventFileError(f"{self.path}: opened for reading only; nothing was written")
        mode = conn.execute("PRAGMA journal_mode").fetchone()
        if not mode or str(mode[0]).lower() != "wal":
            conn.execute("PRAGMA journal_mode = WAL")

    def append(self, records: Sequence[NewRecord], *, who: str, expected_revision: int) -> int:
        with self._connection("write to the event") as conn:
            if not self.held:
                self._wal(conn)
                conn.execute("BEGIN IMMEDIATE")  # one writer at a time; readers go on reading
            try:
                now = self.revision()
                if now != expected_revision:
                    raise StaleWrite(
                        f"{self.path}: another desk wrote to the event (revision {now}, this "
                        f"change was decided on {expected_revision}); nothing was written"
                    )
                at = now_text()
                conn.executemany(
                    "INSERT INTO records (kind, data, who, at, why) VALUES (?, ?, ?, ?, ?)",
                    [(r.kind, json.dumps(dict(r.data)), who, at, r.why) for r in records],
                )
            except BaseException:
                if not self.held and conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise
            if not self.held:
                try:
                    conn.execute("COMMIT")
                except BaseException:
                    if conn.in_transaction:  # a full disk at the commit: nothing is kept
                        conn.execute("ROLLBACK")
                    raise
            return self.revision()

    @contextmanager
    def exclusive(self) -> Iterator[None]:
        """The file's write lock (``BEGIN IMMEDIATE``) for the whole block, on one
        connection that the block's reads and appends share."""
        with self._connection("hold the event") as conn:
            self._wal(conn)
            conn.execute("BEGIN IMMEDIATE")
            self.held = True
            try:
                yield
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise
            else:
                try:
                    conn.execute("COMMIT")
                except BaseException:
                    if conn.in_transaction:
                        conn.execute("ROLLBACK")
                    raise
            finally:
                self.held = False

    def close(self) -> None:
        """Nothing to let go of: no connection outlives its operation."""


def _meta(path: Path, conn: sqlite3.Connection) -> tuple[dict[str, object], set[str]]:
    """The file's ``meta`` (key -> JSON value) and its tables' names, checked: SQLite's own
    quick check, then every meta row a key and JSON text."""
    ok = conn.execute("PRAGMA quick_check").fetchone()
    if not ok or ok[0] != "ok":
        raise EventFileError(
            f"{path}: the file is damaged ({ok[0] if ok else '?'}); it was not changed"
        )
    names = {str(r[0]) for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    if "meta" not in names:
        return {}, names
    meta: dict[str, object] = {}
    for key, value in conn.execute("SELECT key, value FROM meta"):
        if not isinstance(key, str) or not isinstance(value, str):
            raise EventFileError(
                f"{path}: damaged: meta {key!r} holds {type(value).__name__}, not JSON text; "
                "it was not changed"
            )
        try:
            meta[key] = json.loads(value)
        except (ValueError, RecursionError):
            raise EventFileError(
                f"{path}: damaged: meta {key!r} is not JSON ({excerpt(value)}); it was not changed"
            ) from None
    return meta, names
