"""The army builder's unit card: the card of the catalogue's unit or of the selected entry
(with its upgrades), every name escaped."""

from __future__ import annotations

from html import escape

from PySide6.QtWidgets import QTextBrowser, QWidget

from referee.units.card_text import unit_card
from referee.units.model import UnitType

PROBLEM = "color:#c62828"


class UnitCardView(QTextBrowser):
    """A unit's card, or why there is none."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("unit card")

    def show_unit(self, unit: UnitType, note: str = "") -> None:
        lines = unit_card(unit)
        body = escape("\n".join(lines[1:]))
        self.setHtml(
            f"<h3>{escape(unit.name)}</h3>"
            + (f"<p style='{PROBLEM}'>{escape(note)}</p>" if note else "")
            + f"<pre style='font-size:small; white-space:pre-wrap'>{body}</pre>"
        )

    def show_missing(self, unit_id: str, nation: str) -> None:
        """An entry whose unit the nation's catalogue does not have."""
        self.setHtml(
            f"<p style='{PROBLEM}'>No unit {escape(unit_id)!s} in the "
            f"{escape(nation)} catalogue.</p>"
        )
