"""The printable page as a PDF, drawn by Qt (QTextDocument onto a QPdfWriter) in memory, then
written as one file (Qt's writer says nothing of a disk that refuses it; Python's write does)."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMarginsF, QSizeF
from PySide6.QtGui import QGuiApplication, QPageLayout, QPageSize, QPdfWriter, QTextDocument

from referee.tournament.event import Event
from referee.tournament.export.printable import printable_html


def _ensure_gui() -> None:
    """Qt lays text out only under an application; from the command line without a display
    it draws offscreen."""
    from referee.app.start.qt_application import ensure_app

    if QGuiApplication.instance() is None and not (
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    ):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    ensure_app()


def write_pdf(event: Event, out: Path | str) -> list[Path]:
    """Write the printable page (tables and standings) as an A4 PDF at ``out``."""
    _ensure_gui()
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
    writer.setPageMargins(QMarginsF(12, 12, 12, 12), QPageLayout.Unit.Millimeter)
    writer.setResolution(96)
    writer.setTitle(event.name)
    doc = QTextDocument()
    doc.setHtml(printable_html(event))
    rect = writer.pageLayout().paintRectPixels(writer.resolution())
    doc.setPageSize(QSizeF(rect.width(), rect.height()))
    doc.print_(writer)
    del writer  # the PDF is finished when the writer goes
    buffer.close()
    out.write_bytes(bytes(data.data()))  # beside the final file: write_asking moves it whole
    return [out]
