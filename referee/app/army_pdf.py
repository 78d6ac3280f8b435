"""HTML printed to PDF with Qt's own PDF writer (an army sheet, a match report): A4,
portrait, the page's margins; a file is written to a temporary file first so a failed print
leaves no half file (:func:`write_pdf`), or the PDF is handed back as bytes
(:func:`pdf_bytes`) for a caller that writes it itself."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QBuffer, QIODevice, QMarginsF, QSizeF
from PySide6.QtGui import QGuiApplication, QPageLayout, QPageSize, QPdfWriter, QTextDocument

RESOLUTION = 300
MARGIN_MM = 12


def _application() -> QGuiApplication:
    """The running Qt application, or one started offscreen when there is none."""
    app = QGuiApplication.instance()
    if app is None:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        app = QGuiApplication([])
    assert isinstance(app, QGuiApplication)
    return app


def _print(html: str, writer: QPdfWriter, title: str, fill: bool = False) -> None:
    """Print ``html`` on ``writer``; ``fill``: laid out on the whole page inside the
    writer's margins (else Qt adds its own 2 cm around an unpaginated document)."""
    writer.setResolution(RESOLUTION)
    writer.setPageLayout(
        QPageLayout(
            QPageSize(QPageSize.PageSizeId.A4),
            QPageLayout.Orientation.Portrait,
            QMarginsF(MARGIN_MM, MARGIN_MM, MARGIN_MM, MARGIN_MM),
            QPageLayout.Unit.Millimeter,
        )
    )
    writer.setTitle(title)
    writer.setCreator("referee")
    doc = QTextDocument()
    doc.setHtml(html)
    if fill:  # the page in the document's own pixels (96 a inch)
        scale = 96 / writer.resolution()
        doc.setPageSize(QSizeF(writer.width() * scale, writer.height() * scale))
    doc.print_(writer)  # no page size set: Qt lays the text out at the writer's resolution


def write_pdf(html: str, path: Path | str, title: str = "Army sheet") -> Path:
    """Print ``html`` to the PDF file ``path`` (replacing it); returns the path."""
    _application()
    path = Path(path)
    partial = path.with_name(f".{path.name}.partial")
    writer = QPdfWriter(str(partial))
    _print(html, writer, title)
    del writer  # the file is finished when the writer goes
    os.replace(partial, path)
    return path


def pdf_bytes(html: str, title: str) -> bytes:
    """``html`` printed to a PDF on the whole of each page inside its margins, as the
    bytes of the file."""
    _application()
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    _print(html, writer, title, fill=True)
    del writer  # the PDF is finished when the writer goes
    data = bytes(buffer.data().data())
    buffer.close()
    return data
