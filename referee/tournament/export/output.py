"""Where an export writes: the folder it fills, and the error of one that cannot be written."""

from __future__ import annotations

from pathlib import Path

from referee.errors import RefereeError


class ExportError(RefereeError):
    """An export that cannot be written where asked."""


def folder(out: Path) -> Path:
    """The folder ``out``, made when missing; a file there is refused."""
    if out.exists() and not out.is_dir():
        raise ExportError(f"{out}: is a file; this export writes a folder")
    out.mkdir(parents=True, exist_ok=True)
    return out
