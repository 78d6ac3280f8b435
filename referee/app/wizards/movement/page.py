"""What the pages of the movement wizard share: their ids, in the order a step goes, and a
base page that reaches its wizard (:class:`~.wizard.MovementWizard`)."""

from __future__ import annotations

from enum import IntEnum
from typing import TYPE_CHECKING, cast

from PySide6.QtWidgets import QWizardPage

if TYPE_CHECKING:
    from referee.app.wizards.movement.wizard import MovementWizard


class Page(IntEnum):
    PLAN = 0
    CHOICES = 1
    DICE = 2
    RESULT = 3


class MovementPage(QWizardPage):
    """A page of the movement wizard."""

    def movement_wizard_or_none(self) -> MovementWizard | None:
        """The wizard the page is in (None before it is added to one)."""
        return cast("MovementWizard | None", self.wizard())

    def movement_wizard(self) -> MovementWizard:
        wizard = self.movement_wizard_or_none()
        assert wizard is not None, "a page of the movement wizard outside its wizard"
        return wizard
