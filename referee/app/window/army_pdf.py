"""HTML printed to PDF with Qt's own PDF writer (an army sheet, a match report): A4,
portrait, the page's margins. Qt prints into memory (its writer says nothing of a disk that
refuses it): :func:`pdf_bytes` hands the PDF back for a caller that writes it itself, and
:func:`write_pdf` writes it whole or not at all (:func:`referee.writing.write_whole`), so a
full disk leaves the file there before as it was and says so."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QBuffer, QIODevice, QMarginsF, QSizeF
from PySide6.QtGui import QGuiApplication, QPageLayout, QPageSize, QPdfWriter, QTextDocument

from referee.writing import write_whole

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
    """Print ``html`` to the PDF file ``path`` (replacing it whole); returns the path."""
    return write_whole(Path(path), pdf_bytes(html, title, fill=False))


def pdf_bytes(html: str, title: str, fill: bool = True) -> bytes:
    """``html`` printed to a PDF, as the bytes of the file; ``fill``: on the whole of each
    page inside its margins (a report), else as an army sheet is laid out."""
    _application()
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    _print(html, writer, title, fill=fill)
    del writer  # the PDF is finished when the writer goes
    data = bytes(buffer.data().data())
    buffer.close()
    return data
