"""The user's SQLite files (matches, events): one connection per operation, each operation
under a lock that nothing else the process does can drop.

SQLite's locks on Linux and macOS are POSIX record locks, and those belong to the process,
not to the connection: closing *any* descriptor on the file drops every lock that every
connection of the process holds on it (sqlite.org/howtocorrupt.html, 2.2). A file dialog
does just that when it opens the files of a folder to guess their type. A connection kept
open between operations then stops coordinating with other programs: in WAL mode the next
program to close the file takes itself for the last one, checkpoints and deletes the
write-ahead log under it, and the kept connection goes on writing to a log nobody else reads,
then, when it closes, copies its stale pages back over what the others wrote.

So referee keeps no connection open between operations (:func:`connect`: open, do one
transaction, close), and every operation on such a file runs inside :func:`hold`: a
``flock`` on the file itself, a lock of the open file description, which closing another
descriptor does not drop. Every referee process takes it, so no two operations on one file
(one program's reading and another's closing, say) ever overlap, whatever else a process or
a file manager does with the file meanwhile; SQLite's own locks still stand between referee
and other programs. Within the process a lock per file orders the threads, and the one
descriptor the hold opens is closed only after every connection of the operation (closing it
earlier would drop their locks too). A hold is re-entrant within a thread (an operation may
call another on the same file). Where ``flock`` does not exist (Windows, whose locks belong to
the handle and so need none of this) or the file system refuses it, only the threads are
ordered and SQLite's own locks do the rest.

A hold that cannot be had within ``timeout`` seconds raises ``sqlite3.OperationalError``
("database is locked"), as SQLite's own busy wait does, so callers that already turn a busy
file into a message about it do so here too. A window that looks at a file on a timer asks
:func:`in_use` first and skips a turn rather than wait: it never freezes while another
program holds the file (a command stopped with Ctrl+Z in the middle of a write, say).
"""

from __future__ import annotations

import os
import random
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

try:
    import fcntl
except ImportError:  # Windows: a lock belongs to its handle, closing another drops none
    fcntl = None  # type: ignore[assignment]

if TYPE_CHECKING:
    import sqlite3

BUSY_SECONDS = 15.0
"""How long an operation waits for another program's operation on the same file."""

_registry = threading.Lock()
_files: dict[str, _Hold] = {}


class _Hold:
    """One file's hold in this process: the lock ordering its threads, the descriptor
    carrying the ``flock`` while an operation runs, and how deeply the holding thread is in."""

    def __init__(self) -> None:
        self.threads = threading.RLock()
        self.fd: int | None = None
        self.depth = 0


def _key(path: Path | str) -> str:
    return os.path.realpath(os.fspath(path))


def _busy(path: Path | str, timeout: float) -> Exception:
    import sqlite3

    return sqlite3.OperationalError(
        f"database is locked: another program kept {path} busy for over {timeout:g} s"
    )


def _flock(fd: int, path: Path | str, deadline: float, timeout: float) -> None:
    """Take the file's exclusive ``flock`` by ``deadline``; a file system without it is left
    to SQLite's own locks."""
    if fcntl is None:
        return
    pause = 0.0005
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            if time.monotonic() >= deadline:
                raise _busy(path, timeout) from None
            # short, uneven pauses: a waiter is not outrun by others that came later
            time.sleep(pause * (0.5 + random.random()))
            pause = min(pause * 2, 0.005)
        except OSError:  # no flock on this file system (ENOLCK, EINVAL): SQLite's locks only
            return


@contextmanager
def hold(path: Path | str, timeout: float = BUSY_SECONDS) -> Iterator[None]:
    """Hold the SQLite file at ``path`` for one operation (see the module docstring): no other
    referee process, and no other thread of this one, works on it until the block ends.
    Open every connection of the operation inside the block and close it before the block
    ends. A missing file raises ``sqlite3.OperationalError`` as SQLite would."""
    key = _key(path)
    with _registry:
        held = _files.setdefault(key, _Hold())
    deadline = time.monotonic() + timeout
    if not held.threads.acquire(timeout=timeout):
        raise _busy(path, timeout)
    try:
        if held.depth == 0:
            try:  # never blocks (a FIFO), never becomes a terminal, never creates the file
                fd = os.open(key, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
            except OSError as exc:
                import sqlite3

                raise sqlite3.OperationalError(
                    f"unable to open database file: {path}: {exc.strerror}"
                ) from None
            try:
                _flock(fd, path, deadline, timeout)
            except BaseException:
                os.close(fd)
                raise
            held.fd = fd
        held.depth += 1
        try:
            yield
        finally:
            held.depth -= 1
            if held.depth == 0 and held.fd is not None:
                fd, held.fd = held.fd, None
                os.close(fd)  # closing it drops the flock (and would any POSIX lock left)
    finally:
        held.threads.release()


@contextmanager
def connect(
    path: Path | str, *, mode: str = "rw", timeout: float = BUSY_SECONDS
) -> Iterator[sqlite3.Connection]:
    """A connection to the existing SQLite file at ``path`` for one operation, inside
    :func:`hold`, closed when the block ends. ``mode``: SQLite's URI mode (``rw``, ``ro``).
    Transactions are the caller's (``isolation_level`` None: begun and ended explicitly)."""
    import sqlite3

    uri = f"{Path(os.path.abspath(path)).as_uri()}?mode={mode}"
    with hold(path, timeout):
        conn = sqlite3.connect(uri, uri=True, timeout=timeout, isolation_level=None)
        try:
            yield conn
        finally:
            conn.close()


def in_use(path: Path | str) -> bool:
    """Whether another referee process (or another thread of this one) holds the file at
    ``path`` right now, asked without waiting: a window's timer skips a look at a busy file
    and looks again at the next tick. A missing or unreadable file is not in use (the look
    itself says what is wrong with it)."""
    import sqlite3

    try:
        with hold(path, timeout=0):
            return False
    except sqlite3.OperationalError as exc:
        return str(exc).startswith("database is locked")
