"""An army sheet (HTML) printed to a PDF file with Qt's own PDF writer: A4, portrait, the
page's margins. Qt writes the PDF into memory (its writer says nothing of a disk that
refuses it), then the file is written whole or not at all (:func:`referee.writing.write_whole`):
a full disk leaves the sheet there before as it was and says so."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMarginsF
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


def write_pdf(html: str, path: Path | str) -> Path:
    """Print ``html`` to the PDF file ``path`` (replacing it whole); returns the path."""
    return write_whole(Path(path), pdf_bytes(html))


def pdf_bytes(html: str) -> bytes:
    """``html`` printed as an A4 PDF, in memory."""
    _application()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setResolution(RESOLUTION)
    writer.setPageLayout(
        QPageLayout(
            QPageSize(QPageSize.PageSizeId.A4),
            QPageLayout.Orientation.Portrait,
            QMarginsF(MARGIN_MM, MARGIN_MM, MARGIN_MM, MARGIN_MM),
            QPageLayout.Unit.Millimeter,
        )
    )
    writer.setTitle("Army sheet")
    writer.setCreator("referee")
    doc = QTextDocument()
    doc.setHtml(html)
    doc.print_(writer)  # no page size set: Qt lays the text out at the writer's resolution
    del writer  # the PDF is finished when the writer goes
    buffer.close()
    return bytes(data.data())
