"""The gunnery wizard's dice: rolled by the app, or typed from the table."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QVBoxLayout

from referee.app.wizards.common.dice_entry import DiceEntry
from referee.app.wizards.gunnery.page import GunneryPage
from referee.rules.orders.commands import Fire


class RollPage(GunneryPage):
    """The dice of the action: rolled by the app, or typed from the table (one widget for
    every wizard, :class:`~referee.app.wizards.common.dice_entry.DiceEntry`)."""

    def __init__(self) -> None:
        super().__init__()
        self.setTitle("The dice")
        self.setSubTitle(
            "Let the app roll, or type what the table rolled: every die the action needs is "
            "listed in order, with what it is for."
        )
        self.dice = DiceEntry()
        layout = QVBoxLayout(self)
        layout.addWidget(self.dice)
        self.dice.changed.connect(self.completeChanged)
        self._command: Fire | None = None

    @property
    def typed(self) -> Any:
        return self.dice.typed

    def initializePage(self) -> None:
        wizard = self.gunnery_wizard()
        command = wizard.command()
        if command != self._command:
            self.dice.typed_values = {}
        self._command = command
        from referee.rules.orders.step import execute

        state = wizard.state
        self.dice.set_step(lambda dice: execute(state, command, dice), wizard.dice_seed)
        if self.dice.is_typed():
            self.dice.focus_next()

    def isComplete(self) -> bool:
        return self.dice.complete()

    def values(self) -> tuple[int, ...]:
        return self.dice.values() or ()
