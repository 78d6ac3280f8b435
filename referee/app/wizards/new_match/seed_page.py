"""The new-match wizard's seed (random, shown; the same seed, the same rolls) and who rolls
the dice by default."""

from __future__ import annotations

import random

from PySide6.QtCore import QRegularExpression
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import (
    QButtonGroup,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWizardPage,
)

from referee.errors import whole_number

DICE_MODES = (
    ("app", "The app rolls the dice (seeded: the match replays the same)"),
    ("typed", "The referee types the dice rolled at the table"),
)
SEED_RANGE = 2**32


class SeedPage(QWizardPage):
    def __init__(self) -> None:
        super().__init__()
        self.setTitle("Seed and dice")
        self.setSubTitle(
            "The seed makes the app's dice replayable: the same seed, the same rolls. Choose "
            "who rolls by default; each wizard can still switch."
        )
        self.seed = QLineEdit(str(random.SystemRandom().randrange(SEED_RANGE)))
        self.seed.setValidator(QRegularExpressionValidator(QRegularExpression(r"\d{1,12}")))
        self.seed.setAccessibleName("seed")
        self.reroll = QPushButton("New seed")
        self.modes: dict[str, QRadioButton] = {}
        group = QButtonGroup(self)
        for mode, text in DICE_MODES:
            button = QRadioButton(text)
            group.addButton(button)
            self.modes[mode] = button
        self.modes["app"].setChecked(True)
        seed_row = QHBoxLayout()
        seed_row.addWidget(self.seed, 1)
        seed_row.addWidget(self.reroll)
        form = QFormLayout()
        form.addRow("Seed", seed_row)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(QLabel("Dice"))
        for button in self.modes.values():
            layout.addWidget(button)
        layout.addStretch(1)
        self.seed.textChanged.connect(self.completeChanged)
        self.reroll.clicked.connect(
            lambda: self.seed.setText(str(random.SystemRandom().randrange(SEED_RANGE)))
        )

    def dice_mode(self) -> str:
        return next(mode for mode, button in self.modes.items() if button.isChecked())

    def isComplete(self) -> bool:
        number = whole_number(self.seed.text())
        return number is not None and number >= 0
