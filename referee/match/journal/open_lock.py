"""Which program has a match file open: a lock beside the file that dies with its process.

A window that opens a match holds an advisory lock (``flock``) on a small file beside it,
``.NAME.referee.open``, and writes there which program it is (process id, host, since
when) for the next to read; the lock goes when the window closes the match or its process
ends, however it ends, so a crash never leaves a match "open". A second program that finds
the lock taken is told who holds it (:func:`hold_open`), and the window says so when it
opens the match. The lock file is only ever read as words to show (at most
:data:`HOLDER_MAX_CHARS` printable characters): it steers nothing, and a lock file that
cannot be made (a folder without write permission, a system without ``flock``) only means
no warning. The match file itself is never opened by this module (SQLite's own locks on it
would drop: sqlite.org/howtocorrupt.html, 2.2).

Within one process a match is held once, however often it is opened (a window opening the
match it shows again, Save As back in its place): :func:`hold_open` shares the lock.
"""

from __future__ import annotations

import contextlib
import os
import socket
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

try:
    import fcntl
except ImportError:  # pragma: no cover - not on this platform: no lock, no warning
    fcntl = None  # type: ignore[assignment]

HOLDER_MAX_CHARS = 200
"""The most of a lock file's words shown."""


def lock_path(match: Path) -> Path:
    """The lock file of the match file at ``match``: ``.NAME.open`` beside it."""
    return match.parent / f".{match.name}.open"


@dataclass
class OpenLock:
    """This process's hold on a match file (shared by every opening in the process)."""

    path: Path
    fd: int
    users: int = field(default=1)

    def release(self) -> None:
        """Let go of one opening; the last takes the lock file away and frees the lock."""
        self.users -= 1
        if self.users > 0:
            return
        _held.pop(self.path, None)
        with contextlib.suppress(OSError):
            self.path.unlink(missing_ok=True)
        os.close(self.fd)


_held: dict[Path, OpenLock] = {}
"""The locks this process holds, by lock file."""


def _words(raw: bytes) -> str:
    text = raw.decode("utf-8", "replace")
    shown = "".join(c if c.isprintable() else " " for c in text).strip()
    return shown[:HOLDER_MAX_CHARS] or "another program (it says no more)"


def _me() -> str:
    since = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    return f"process {os.getpid()} on {socket.gethostname()}, since {since}"


def hold_open(match: Path | str) -> tuple[OpenLock | None, str | None]:
    """Hold the match file at ``match`` open for this process: the lock and None, or None
    and who holds it already (the words its lock file holds: "process 4120 on desk-2,
    since 2026-11-28 13:01 UTC"); (None, None) when no lock can be had (see the module
    docstring)."""
    if fcntl is None:
        return None, None
    where = lock_path(Path(match).resolve())
    held = _held.get(where)
    if held is not None:
        held.users += 1
        return held, None
    for _ in range(3):  # the holder may take its lock file away between open and lock
        try:
            fd = os.open(where, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o644)
        except OSError:
            return None, None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            try:
                said = os.pread(fd, HOLDER_MAX_CHARS * 4, 0)
            finally:
                os.close(fd)
            return None, _words(said)
        except OSError:
            os.close(fd)
            return None, None
        try:
            if os.fstat(fd).st_ino != os.stat(where).st_ino:
                os.close(fd)  # locked a file its holder had just taken away
                continue
            os.ftruncate(fd, 0)
            os.pwrite(fd, _me().encode(), 0)
        except OSError:
            os.close(fd)
            continue
        lock = OpenLock(where, fd)
        _held[where] = lock
        return lock, None
    return None, None
