"""Table slips drawn as a PDF by Qt's own writer (QPainter on a QPdfWriter): A4 portrait, two
slips a page, each framed and cut apart along the dashed line between them. Every name is
drawn as plain text (never rich text), shortened with an ellipsis when it would not fit; the
QR code is drawn as vector squares from segno's matrix, so it prints sharp at any size.
Printed into memory and written whole (``referee.writing.write_whole``)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import segno
from PySide6.QtCore import QBuffer, QIODevice, QMarginsF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
    QPen,
)

from referee.tournament.slips import Slip
from referee.writing import write_whole

RESOLUTION = 300
MARGIN_MM = 10
MM = RESOLUTION / 25.4


def _font(pt: float, bold: bool = False, mono: bool = False) -> QFont:
    """A font at ``pt``; ``mono``: fixed width and no ligatures (checksums and codes are read
    one character at a time)."""
    font = QFont("DejaVu Sans Mono" if mono else "DejaVu Sans")
    if mono:
        font.setStyleHint(QFont.StyleHint.Monospace)
    font.setPointSizeF(pt)
    font.setBold(bold)
    return font


def _text(
    p: QPainter,
    rect: QRectF,
    text: str,
    pt: float,
    bold: bool = False,
    align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignLeft,
    mono: bool = False,
) -> None:
    """``text`` on one line in ``rect``, shortened with an ellipsis when too long."""
    font = _font(pt, bold, mono)
    p.setFont(font)
    shown = QFontMetricsF(font, p.device()).elidedText(
        text, Qt.TextElideMode.ElideRight, rect.width()
    )
    p.drawText(rect, int(align | Qt.AlignmentFlag.AlignVCenter), shown)


def _qr(p: QPainter, url: str, left: float, top: float, size: float) -> None:
    """The QR code of ``url`` as black squares in a ``size`` square (its quiet zone inside)."""
    matrix = segno.make(url, error="m").matrix
    cells = len(matrix) + 8  # four modules of quiet zone each side
    cell = size / cells
    p.save()
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor("black"))
    for y, row in enumerate(matrix):
        for x, dark in enumerate(row):
            if dark:
                p.drawRect(QRectF(left + (x + 4) * cell, top + (y + 4) * cell, cell, cell))
    p.restore()


def _slip(p: QPainter, slip: Slip, box: QRectF) -> None:
    """One slip in ``box``: the table above, both players, then each code on its own strip."""
    pad = 5 * MM
    left, width = box.left() + pad, box.width() - 2 * pad
    top = box.top() + pad
    p.setPen(QPen(QColor("black"), 0.3 * MM))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawRect(box)
    qr = 38 * MM
    text_w = width - qr - 3 * MM
    _text(p, QRectF(left, top, text_w, 6 * MM), slip.event, 11)
    where = f"Round {slip.round} · Table {slip.table}"
    _text(p, QRectF(left, top + 7 * MM, text_w, 11 * MM), where, 22, bold=True)
    line = top + 19 * MM
    if slip.place:
        place = f"at {slip.place}" + (f" · terrain: {slip.terrain}" if slip.terrain else "")
        _text(p, QRectF(left, line, text_w, 6 * MM), place, 11)
        line += 7 * MM
    _text(
        p,
        QRectF(left, line, text_w, 6 * MM),
        f"Scenario: {slip.scenario} · {slip.minutes} minutes",
        11,
    )
    _qr(p, slip.url, left + width - qr, top - 2 * MM, qr)
    _text(
        p,
        QRectF(left + width - qr - 10 * MM, top + qr - 3 * MM, qr + 10 * MM, 5 * MM),
        slip.url,
        7,
        align=Qt.AlignmentFlag.AlignRight,
    )
    _text(
        p,
        QRectF(left + width - qr - 10 * MM, top + qr + 1.5 * MM, qr + 10 * MM, 5 * MM),
        "Scan to report the result",
        8,
        align=Qt.AlignmentFlag.AlignRight,
    )
    # the two players, side by side
    y = top + 44 * MM
    col = (width - 6 * MM) / 2
    for i, side in enumerate(slip.sides):
        x = left + i * (col + 6 * MM)
        _text(p, QRectF(x, y, col, 9 * MM), side.name, 16, bold=True)
        _text(p, QRectF(x, y + 9 * MM, col, 6 * MM), side.nation or "(no nation)", 11)
        checksum = side.checksum[:16] if side.checksum else "not checked in"
        _text(p, QRectF(x, y + 15 * MM, col, 6 * MM), f"Army checksum: {checksum}", 9, mono=True)
        _text(p, QRectF(x, y + 24 * MM, col, 6 * MM), "Surviving / destroyed:", 9)
        for k, kind in enumerate(("IP", "MP", "CP", "XP")):
            row = y + 31 * MM + k * 6.5 * MM
            p.setPen(QPen(QColor("black"), 0.3 * MM))
            _text(p, QRectF(x, row, 10 * MM, 6 * MM), kind, 9)
            p.setPen(QPen(QColor("#888888"), 0.2 * MM))
            p.drawLine(
                int(x + 10 * MM), int(row + 5.5 * MM), int(x + col - 2 * MM), int(row + 5.5 * MM)
            )
        p.setPen(QPen(QColor("black"), 0.3 * MM))
    if not any(side.code for side in slip.sides):
        return
    # each code on its own strip below a cut line: the desk hands each player theirs
    strip_top = box.bottom() - 16 * MM
    dashed = QPen(QColor("black"), 0.25 * MM, Qt.PenStyle.DashLine)
    p.setPen(dashed)
    p.drawLine(int(box.left()), int(strip_top), int(box.right()), int(strip_top))
    mid = box.left() + box.width() / 2
    p.drawLine(int(mid), int(strip_top), int(mid), int(box.bottom()))
    p.setPen(QPen(QColor("black"), 0.3 * MM))
    _text(
        p,
        QRectF(left, strip_top - 6 * MM, width, 5 * MM),
        "✂ Cut off the strips below: each player keeps their own code, shown to no one.",
        8,
    )
    for i, side in enumerate(slip.sides):
        x = box.left() + i * box.width() / 2 + pad
        half = box.width() / 2 - 2 * pad
        _text(
            p,
            QRectF(x, strip_top + 2 * MM, half, 5 * MM),
            f"{side.name} · round {slip.round}, table {slip.table}",
            9,
        )
        code = side.code or "(no code yet)"
        _text(
            p,
            QRectF(x, strip_top + 7.5 * MM, half, 7 * MM),
            f"Code: {code}",
            14,
            bold=True,
            mono=True,
        )


def slips_pdf(slips: Sequence[Slip], title: str) -> bytes:
    """The slips, two a page, as the bytes of a PDF file (one blank page when there are none)."""
    from referee.app.tournament.pdf_export import _ensure_gui

    _ensure_gui()  # the app's QApplication (a window may follow in the same process)
    buffer = QBuffer()
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
    writer.setTitle(title)
    writer.setCreator("referee")
    painter = QPainter(writer)
    page = writer.pageLayout().paintRectPixels(RESOLUTION)
    gap = 8 * MM
    height = (page.height() - gap) / 2
    for i, slip in enumerate(slips):
        if i and i % 2 == 0:
            writer.newPage()
        top = 0 if i % 2 == 0 else height + gap
        _slip(painter, slip, QRectF(0, top, page.width(), height))
        if i % 2 == 0 and i + 1 < len(slips):
            painter.setPen(QPen(QColor("#666666"), 0.25 * MM, Qt.PenStyle.DashDotLine))
            cut = int(height + gap / 2)
            painter.drawLine(0, cut, page.width(), cut)
    painter.end()
    del writer  # the PDF is finished when the writer goes
    data = bytes(buffer.data().data())
    buffer.close()
    return data


def write_slips(slips: Sequence[Slip], path: Path | str, title: str) -> Path:
    """The slips as the PDF file ``path`` (replacing it whole)."""
    return write_whole(Path(path), slips_pdf(slips, title))
