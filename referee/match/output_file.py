"""Writing a file the user named (a report): never over a match file, and never over any
existing file unless the user said so (``--force``); written whole or not at all."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from referee.errors import RefereeError

SQLITE_HEADER = b"SQLite format 3\x00"


class OutputRefused(RefereeError):
    """An output path that would replace a match file, or an existing file without force."""

    def __init__(self, path: Path, problem: str) -> None:
        self.file = path
        super().__init__(f"{path}: {problem}; nothing was written")


def is_database(path: Path) -> bool:
    """Does ``path`` hold an SQLite database (a match file, an imports database)?"""
    try:
        with open(path, "rb") as fh:
            return fh.read(len(SQLITE_HEADER)) == SQLITE_HEADER
    except OSError:
        return False


def write_output(
    path: Path | str, text: str | bytes, *, force: bool = False, keep: tuple[Path, ...] = ()
) -> Path:
    """Write ``text`` (text as UTF-8, or a PDF's bytes) to ``path``: refused if ``path``
    is one of ``keep`` (the match the report is of), holds a database (a match file), is
    not a regular file, or exists and ``force`` is not given. The text goes to a temporary
    file beside it first, so a failure leaves no half-written file."""
    path = Path(path)
    if path.exists() or path.is_symlink():
        for other in keep:
            if other.exists() and path.exists() and os.path.samefile(path, other):
                raise OutputRefused(path, "is the match file itself")
        if not path.is_file():
            raise OutputRefused(path, "is not a regular file")
        if is_database(path):
            raise OutputRefused(
                path,
                "holds a match file (or another database), which a "
                "report never replaces, even with --force",
            )
        if not force:
            raise OutputRefused(path, "already exists (give --force to replace it)")
    folder = path.parent if str(path.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".partial", dir=folder)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(text if isinstance(text, bytes) else text.encode("utf-8"))
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path
