"""The movement wizard's outcome: what the step does, as the arrows show; Finish checks the
``movement`` command itself before anything is written."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QTextBrowser, QVBoxLayout

from referee.app.wizards.common.outcome_page import READY_HTML
from referee.app.wizards.movement.page import MovementPage
from referee.app.wizards.movement.step_html import outcome_html


class ResultPage(MovementPage):
    def __init__(self) -> None:
        super().__init__()
        self.setTitle("The outcome")
        self.text = QTextBrowser()
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet("color: #c62828")
        layout = QVBoxLayout(self)
        layout.addWidget(self.text, 1)
        layout.addWidget(self.problem)

    def initializePage(self) -> None:
        wizard = self.movement_wizard()
        self.setSubTitle(
            f"What movement {wizard.number} does, as the arrows show. Nothing is "
            "written until you press Finish."
        )
        choices = wizard.choices()
        result, _, problem = wizard.dry_run(choices, wizard.typed())
        self.problem.setText(problem or "")
        if result is not None and wizard.rolls_unseen():
            self.setSubTitle(
                f"Movement {wizard.number} rolls dice: Finish rolls the app's dice and writes "
                "the step; the outcome shows then."
            )
            self.text.setHtml(READY_HTML)
        elif result is not None:
            self.text.setHtml(outcome_html(wizard.state, result, wizard.notes()))
        wizard.draw(choices)

    def validatePage(self) -> bool:
        wizard = self.movement_wizard()
        problem = wizard.check_command()
        self.problem.setText(problem or "")
        return problem is None
