"""Exports of an event: CSV files, a printable HTML page, a static site (the PDF is drawn by
the app's Qt, ``referee.app.tournament.pdf_export``, from the printable page)."""

from __future__ import annotations

from pathlib import Path

from referee.tournament.event import Event
from referee.tournament.export.output import ExportError


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
