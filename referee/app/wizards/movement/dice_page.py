"""The movement wizard's dice: swamp stuck rolls (clause ``terrain.swamp``) and head-on
roll-offs, rolled by the app or typed from the table in the one dice widget."""

from __future__ import annotations

from PySide6.QtWidgets import QVBoxLayout

from referee.app.wizards.common.dice_entry import DiceEntry
from referee.app.wizards.movement.page import MovementPage
from referee.dice.service import Dice
from referee.rules.movement_step.resolve import resolve_movement_step


class DicePage(MovementPage):
    def __init__(self) -> None:
        super().__init__()
        self.setTitle("Dice")
        self.setSubTitle(
            "Swamp stuck rolls and head-on roll-offs, every one listed in the "
            "order the step asks for it; the outcome comes next."
        )
        self.dice = DiceEntry()
        layout = QVBoxLayout(self)
        layout.addWidget(self.dice, 1)
        self.dice.changed.connect(self.completeChanged)

    def initializePage(self) -> None:
        wizard = self.movement_wizard()
        choices = dict(wizard.choices())
        state, orders = wizard.state, wizard.step_orders

        def run(dice: Dice) -> object:
            return resolve_movement_step(
                state.rules,
                state.board_map,
                state.units,
                orders,
                dice,
                smoke=state.smoke,
                choices=choices,
            )

        self.dice.set_step(run, wizard.dice_seed)

    def isComplete(self) -> bool:
        return self.dice.complete()
