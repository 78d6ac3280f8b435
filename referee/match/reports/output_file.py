"""Writing a file the user named (a report): never over a match file, and never over any
existing file unless the user said so (``--force``); written whole or not at all."""

from __future__ import annotations

import os
from pathlib import Path

from referee.errors import RefereeError
from referee.writing import write_whole

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
    """Write ``text`` (or bytes: a PDF) to ``path``: refused if ``path`` is one of ``keep``
    (the match the report is of), holds a database (a match file), is not a regular file,
    or exists and ``force`` is not given. Written whole or not at all
    (:func:`referee.writing.write_whole`): a failure leaves the file there before as it was."""
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
    return write_whole(path, text)
