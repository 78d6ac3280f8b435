"""The setup page of the new-match wizard (with a scenario only): the units set up at the
table by the scenario's procedure, step by step once the match is open (clauses
``setup.blind``, ``setup.order``), or where the Armies page placed them for a quick start."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QButtonGroup, QLabel, QRadioButton, QVBoxLayout, QWizardPage

from referee.scenarios.model import Scenario

PROCEDURE_WORDS = {
    "blind": "Blind setup: behind a screen, each side's placements are entered apart, each "
    "unit with the speed its owner gives it, and revealed together.",
    "ordered": "In steps (huge units; scouts; units in sight of an enemy scout; the others; "
    "the remaining scouts; hidden tokens), a setup-advantage roll for each step: the loser "
    "places one unit, then two at a time.",
}


class SetupPage(QWizardPage):
    """How the units are set up."""

    def __init__(self) -> None:
        super().__init__()
        self.setTitle("Setup")
        self.by_procedure = QRadioButton()
        self.by_procedure.setAccessibleName("setup by the procedure")
        self.as_placed = QRadioButton("As placed on the Armies page (a quick start)")
        self.as_placed.setAccessibleName("setup as placed")
        group = QButtonGroup(self)
        group.addButton(self.by_procedure)
        group.addButton(self.as_placed)
        self.by_procedure.setChecked(True)
        self.words = QLabel()
        self.words.setTextFormat(Qt.TextFormat.PlainText)
        self.words.setWordWrap(True)
        self.words.setContentsMargins(3 * self.fontMetrics().averageCharWidth(), 0, 0, 0)
        layout = QVBoxLayout(self)
        layout.addWidget(self.by_procedure)
        layout.addWidget(self.words)
        layout.addWidget(self.as_placed)
        layout.addStretch(1)

    def show_scenario(self, scenario: Scenario) -> None:
        self.setSubTitle(f"How the armies take the field in {scenario.name}.")
        self.by_procedure.setText(
            f"By the scenario's procedure, step by step once the match is open "
            f"({scenario.setup.procedure} setup): every placement a journal step, checked "
            "against the legal hexes"
        )
        self.words.setText(PROCEDURE_WORDS.get(scenario.setup.procedure, ""))

    def step_by_step(self) -> bool:
        return self.by_procedure.isChecked()
