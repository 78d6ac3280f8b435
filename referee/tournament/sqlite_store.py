"""The event store in one SQLite file (sqlite-utils), safe for two desks at once.

Tables: ``meta`` (what the file is, its format version) and ``records`` (the append-only
records: id, kind, data as JSON, who, at, why). The file runs in WAL mode, so a desk reads
while another writes; every append is one ``BEGIN IMMEDIATE`` transaction that first checks
the revision it was decided on (``store.StaleWrite`` when another desk wrote meanwhile) and
writes all its records or none; ``exclusive`` holds that lock while a desk decides again
after a stale write. ``restore`` writes a copied event's records as they are. A file that
is not an event file, is damaged or comes from a newer version (its format, or the data
versions stamped in ``meta.versions``, :mod:`referee.versions`) is refused and left alone.

A store keeps no connection open between operations: each read, append or hold opens the
file, does its one transaction and closes it, inside :func:`referee.sqlite_files.hold`, so
what else the process does with the file (a file dialog reading it) cannot make a window's
connection lose its locks and write to a log no other desk reads (issue 23). The revision
check above is what makes a write decided on an older reading safe.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from types import MappingProxyType

from referee.paths import backup_file
from referee.sqlite_files import hold, in_use
from referee.tournament.store import EventFileError, EventStore, NewRecord, Record, StaleWrite
from referee.versions import check_stamp, stamp

FORMAT_VERSION = 1
KIND = "referee tournament"
BUSY_MS = 15000


def now_text() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _connect(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(
        f"{path.resolve().as_uri()}?mode=rw", uri=True, timeout=BUSY_MS / 1000, isolation_level=None
    )
    conn.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("PRAGMA synchronous = FULL")
    return conn


def _operational(path: Path, exc: sqlite3.OperationalError) -> Exception:
    """SQLite's (or :func:`hold`'s) complaint about opening or locking the file, in words."""
    text = str(exc)
    if "locked" in text or "busy" in text:
        return EventFileError(
            f"{path}: busy: another program kept it locked for over {BUSY_MS // 1000} s; "
            "nothing was changed, try again"
        )
    if "unable to open" in text:
        return EventFileError(f"{path}: cannot be opened ({text})")
    return EventFileError(f"{path}: not an event file or damaged ({text})")


class SqliteEventStore(EventStore):
    """An event file (see the module docstring)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.conn: sqlite3.Connection | None = None
        """The connection of the operation under way (None between operations)."""
        self.held = False

    @contextmanager
    def _connection(self) -> Iterator[sqlite3.Connection]:
        """The file, opened for one operation (or the operation under way's connection)."""
        if self.conn is not None:
            yield self.conn
            return
        try:
            with hold(self.path, BUSY_MS / 1000):
                conn = _connect(self.path)
                self.conn = conn
                try:
                    yield conn
                finally:
                    self.conn = None
                    conn.close()
        except sqlite3.OperationalError as exc:
            raise _operational(self.path, exc) from None

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
        store.append(records, who=who, expected_revision=0)
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
        partial = path.with_name(f".{path.name}.partial")
        partial.unlink(missing_ok=True)
        conn = sqlite3.connect(partial)
        try:
            db = sqlite_utils.Database(conn)
            with conn:
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
    def open(cls, path: Path | str) -> SqliteEventStore:
        """Open an event file, refusing one that is damaged, foreign or newer."""
        path = Path(path)
        if not path.is_file():
            raise EventFileError(f"{path}: no such event file")
        try:
            with hold(path, BUSY_MS / 1000):
                conn = sqlite3.connect(
                    f"file:{path}?mode=rw", uri=True, timeout=BUSY_MS / 1000, isolation_level=None
                )
                try:
                    meta, names = cls._meta(path, conn)
                finally:
                    conn.close()
        except sqlite3.OperationalError as exc:
            raise _operational(path, exc) from None
        except sqlite3.DatabaseError as exc:
            raise EventFileError(f"{path}: not an event file or damaged ({exc})") from None
        if meta.get("kind") != KIND or "records" not in names:
            raise EventFileError(f"{path}: not an event file (made by 'referee tournament new')")
        version = meta.get("format_version")
        if not isinstance(version, int) or version > FORMAT_VERSION:
            raise EventFileError(
                f"{path}: written by a newer referee (event format {version}; this one reads "
                f"up to {FORMAT_VERSION}); it was not changed"
            )
        check_stamp(meta.get("versions"), path)  # a file from newer data is refused as it is
        return cls(path)

    @staticmethod
    def _meta(path: Path, conn: sqlite3.Connection) -> tuple[dict[str, object], set[str]]:
        """The file's meta table and its tables' names, after SQLite's quick check."""
        ok = conn.execute("PRAGMA quick_check").fetchone()
        if not ok or ok[0] != "ok":
            raise EventFileError(f"{path}: the file is damaged ({ok[0] if ok else '?'})")
        names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        meta = (
            {k: json.loads(v) for k, v in conn.execute("SELECT key, value FROM meta")}
            if "meta" in names
            else {}
        )
        return meta, names

    def backup(self, label: str) -> Path:
        """A whole copy of the file in the backups folder (:func:`referee.paths.backup_file`),
        read through this store's own connection (no second handle on the file)."""
        with self._connection() as conn:
            return backup_file(self.path, label, source=conn)

    def records(self, after: int = 0) -> list[Record]:
        with self._connection() as conn:
            rows = conn.execute(
                "SELECT id, kind, data, who, at, why FROM records WHERE id > ? ORDER BY id",
                (after,),
            ).fetchall()
        return [
            Record(r[0], r[1], MappingProxyType(json.loads(r[2])), r[3], r[4], r[5] or "")
            for r in rows
        ]

    def busy(self) -> bool:
        return self.conn is None and in_use(self.path)

    def revision(self) -> int:
        with self._connection() as conn:
            row = conn.execute("SELECT MAX(id) FROM records").fetchone()
        return int(row[0] or 0)

    def append(self, records: Sequence[NewRecord], *, who: str, expected_revision: int) -> int:
        with self._connection() as conn:
            if not self.held:
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
                if not self.held:
                    conn.execute("ROLLBACK")
                raise
            if not self.held:
                conn.execute("COMMIT")
            return self.revision()

    @contextmanager
    def exclusive(self) -> Iterator[None]:
        """The file's write lock (``BEGIN IMMEDIATE``) for the whole block, on one
        connection that the block's reads and appends share."""
        with self._connection() as conn:
            conn.execute("BEGIN IMMEDIATE")
            self.held = True
            try:
                yield
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            else:
                conn.execute("COMMIT")
            finally:
                self.held = False

    def close(self) -> None:
        """Nothing to let go of: no connection outlives its operation."""
