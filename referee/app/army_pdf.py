"""An army sheet (HTML) printed to a PDF file with Qt's own PDF writer: A4, portrait, the
page's margins, written to a temporary file first so a failed print leaves no half file."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QMarginsF
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


def write_pdf(html: str, path: Path | str) -> Path:
    """Print ``html`` to the PDF file ``path`` (replacing it); returns the path."""
    _application()
    path = Path(path)
    partial = path.with_name(f".{path.name}.partial")
    writer = QPdfWriter(str(partial))
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
    del writer  # the file is finished when the writer goes
    os.replace(partial, path)
    return path
