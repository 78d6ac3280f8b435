"""Exports of an event: CSV files, a printable HTML page, a static site (the PDF is drawn by
the app's Qt, ``referee.app.tournament.pdf_export``, from the printable page)."""

from __future__ import annotations

from pathlib import Path

from referee.tournament.event import Event
from referee.tournament.export.output import ExportError


def export(event: Event, fmt: str, out: Path | str, table: str | None = None) -> list[Path]:
    """Write ``event`` as ``fmt`` (csv, html, site) to ``out``; returns the files written.
    CSV to a file named ``*.csv``: one file (``table``: one table of it, or all four with
    a table column); to any other name: a folder of four files."""
    from referee.tournament.export.csv_export import is_csv_file, write_csv, write_csv_file
    from referee.tournament.export.printable import write_printable
    from referee.tournament.export.site import write_site

    out = Path(out)
    if fmt == "csv":
        if is_csv_file(out):
            return write_csv_file(event, out, table)
        if table is not None:
            raise ExportError(f"--table {table}: a table is written to a file named *.csv")
        return write_csv(event, out)
    if fmt == "html":
        return write_printable(event, out)
    if fmt == "site":
        return write_site(event, out)
    raise ExportError(f"--format {fmt!r}: use csv, html, pdf or site")
