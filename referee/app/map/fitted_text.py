"""Letters fitted to a room on a map as the view shows them: a text's width at a zoom (the
screen's hinted letters at a few pixels are relatively wider than laid out in scene units),
and the largest size of a font at which a text fits."""

from __future__ import annotations

from PySide6.QtGui import QFont, QFontMetricsF


def text_width(font: QFont, text: str, lod: float) -> float:
    """How wide ``text`` in ``font`` (sized in scene units) is on a view that shows the
    scene at ``lod`` screen pixels per unit: the wider of its width laid out in scene units
    and its width at the screen's own letter size (hinted letters at a few pixels are
    relatively wider), in scene units."""
    laid = QFontMetricsF(font).horizontalAdvance(text)
    if lod <= 0:
        return laid
    shown = QFont(font)
    shown.setPixelSize(max(1, round(font.pixelSize() * lod)))
    return max(laid, QFontMetricsF(shown).horizontalAdvance(text) / lod)


def sized(base: QFont, size: float) -> QFont:
    font = QFont(base)
    font.setPixelSize(max(1, int(size)))
    return font


def fitted_font(base: QFont, text: str, room: float, lod: float, low: float) -> QFont | None:
    """``base`` at the largest size from its own down to ``low`` at which ``text`` is at most
    ``room`` wide at ``lod`` (None: not even at ``low``)."""
    size = float(base.pixelSize())
    while size >= low:
        font = sized(base, size)
        if text_width(font, text, lod) <= room:
            return font
        size -= 1
    return None
