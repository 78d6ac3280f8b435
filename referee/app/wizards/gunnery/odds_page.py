"""The gunnery wizard's odds: the to-hit working and the exact odds of the whole action."""

from __future__ import annotations

from PySide6.QtWidgets import QTextBrowser, QVBoxLayout

from referee.app.wizards.gunnery.page import GunneryPage
from referee.app.wizards.gunnery.shot_html import preview_html


class OddsPage(GunneryPage):
    def __init__(self) -> None:
        super().__init__()
        self.setTitle("To hit and the odds")
        self.text = QTextBrowser()
        self.text.setOpenLinks(False)
        layout = QVBoxLayout(self)
        layout.addWidget(self.text)

    def initializePage(self) -> None:
        wizard = self.gunnery_wizard()
        target = wizard.target_uid()
        self.setSubTitle(f"{wizard.shooter().uid} fires {wizard.weapon_name()} at {target}.")
        self.text.setHtml(preview_html(wizard.target_preview()))
