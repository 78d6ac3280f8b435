"""Writing a file the user keeps (a sheet, a report, an army list, a map): whole or not at
all, the one way referee does it (:func:`write_whole`)."""

from __future__ import annotations

import os
import secrets
import stat
from pathlib import Path

from referee.errors import RefereeError, storage_problem
from referee.paths import sync_folder


class WriteError(RefereeError):
    """A file the disk would not take (full, read-only, no permission, no such folder):
    the file that was there before is as it was."""

    def __init__(self, path: Path, problem: str, existed: bool) -> None:
        self.file = path
        kept = "the file there before is unchanged" if existed else "nothing was written"
        super().__init__(f"{path}: cannot write it: {problem}; {kept}")


def _problem(exc: OSError, path: Path) -> str:
    return storage_problem(exc, path) or (exc.strerror or str(exc))


def write_whole(path: Path | str, content: str | bytes) -> Path:
    """Write ``content`` (text as UTF-8) to ``path``, replacing it whole or not at all.

    The bytes go to a new file beside ``path`` (the same folder, so the same disk), are
    flushed to the disk (fsync), and the file is moved over ``path`` in one step
    (``os.replace``), then the folder flushed. A full disk, a read-only folder or an
    interruption at any point leaves the file that was there as it was (never a fragment of
    the new one), and no temporary file but after a crash: :class:`WriteError` naming
    ``path`` and what the disk refused. The new file gets the permissions of the one it
    replaces, or the usual ones (the umask's) for a new one.
    """
    path = Path(path)
    data = content.encode("utf-8") if isinstance(content, str) else content
    existed = path.exists()
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise WriteError(path, f"no folder {str(folder)!r}", existed)
    try:
        mode = stat.S_IMODE(path.stat().st_mode) if existed else 0o666
    except OSError:
        mode = 0o666
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    while True:
        tmp = folder / f".{path.name}.{secrets.token_hex(4)}.partial"
        try:
            fd = os.open(tmp, flags, mode)
        except FileExistsError:
            continue
        except OSError as exc:
            raise WriteError(path, _problem(exc, path), existed) from None
        break
    try:
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise WriteError(path, _problem(exc, path), existed) from None
    except BaseException:  # an interruption (Ctrl+C): nothing half-written stays behind
        tmp.unlink(missing_ok=True)
        raise
    sync_folder(folder)
    return path
