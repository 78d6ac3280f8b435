"""Exports of an event: CSV files, a printable HTML page, a static site (the PDF is drawn by
the app's Qt, ``referee.app.tournament.pdf_export``, from the printable page)."""

from __future__ import annotations

from pathlib import Path

from referee.errors import RefereeError
from referee.tournament.event import Event


class ExportError(RefereeError):
    """An export that cannot be written where asked."""


def export(event: Event, fmt: str, out: Path | str) -> list[Path]:
    """Write ``event`` as ``fmt`` (csv, html, site) to ``out``; returns the files written."""
    from referee.tournament.export.csv_export import write_csv
    from referee.tournament.export.printable import write_printable
    from referee.tournament.export.site import write_site

    out = Path(out)
    if fmt == "csv":
        return write_csv(event, out)
    if fmt == "html":
        return write_printable(event, out)
    if fmt == "site":
        return write_site(event, out)
    raise ExportError(f"--format {fmt!r}: use csv, html, pdf or site")


def folder(out: Path) -> Path:
    if out.exists() and not out.is_dir():
        raise ExportError(f"{out}: is a file; this export writes a folder")
    out.mkdir(parents=True, exist_ok=True)
    return out
