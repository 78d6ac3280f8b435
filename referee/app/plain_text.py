"""Text from a file shown as typed: Qt renders a tooltip (and an AutoText label) that looks
like HTML as HTML, so a unit id or a step name holding ``<b>`` would be drawn bold. A tooltip
goes through :func:`plain_tip`; a label that shows such text is made ``PlainText``."""

from __future__ import annotations

from PySide6.QtGui import Qt


def plain_tip(text: str) -> str:
    """``text`` as a tooltip that shows it as typed: as it is, unless Qt would take it for
    HTML (then escaped, its lines kept)."""
    if not Qt.mightBeRichText(text):
        return text
    return Qt.convertFromPlainText(text, Qt.WhiteSpaceMode.WhiteSpaceNormal)
