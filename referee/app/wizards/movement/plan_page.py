"""The movement wizard's first page: this step of every unit's order, as it will be carried
out, the moves drawn as arrows on the map."""

from __future__ import annotations

from PySide6.QtWidgets import QTextBrowser, QVBoxLayout

from referee.app.wizards.movement.page import MovementPage, Page
from referee.app.wizards.movement.step_html import plan_html


class PlanPage(MovementPage):
    def __init__(self) -> None:
        super().__init__()
        self.text = QTextBrowser()
        layout = QVBoxLayout(self)
        layout.addWidget(self.text)

    def initializePage(self) -> None:
        wizard = self.movement_wizard()
        self.setTitle(f"Movement {wizard.number}: the orders")
        self.setSubTitle(
            "This step of every unit's movement order, at the speed it has now. "
            "The arrows on the map show what will happen."
        )
        self.text.setHtml(plan_html(wizard.state, wizard.number, wizard.checks))
        wizard.draw({})

    def nextId(self) -> int:
        wizard = self.movement_wizard()
        result, _, _ = wizard.dry_run({}, wizard.typed())
        if result is None or result.pending:
            return int(Page.CHOICES)
        return int(Page.DICE) if wizard.needs_dice({}) else int(Page.RESULT)
