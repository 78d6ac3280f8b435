"""What the pages of the movement wizard share: their ids, in the order a step goes, what a
page reads from its wizard (:class:`Choices`, which :class:`~.wizard.MovementWizard` gives)
and a base page that reaches it."""

from __future__ import annotations

from collections.abc import Mapping
from enum import IntEnum
from typing import TYPE_CHECKING, Protocol, cast

from PySide6.QtWidgets import QWizardPage

if TYPE_CHECKING:
    from referee.dice.service import Roll
    from referee.rules.movement_step.result import Choice, MovementStepResult
    from referee.rules.orders.legality import StepCheck
    from referee.rules.orders.model import Step
    from referee.rules.orders.state import MatchState


class Page(IntEnum):
    PLAN = 0
    CHOICES = 1
    DICE = 2
    RESULT = 3


class Choices(Protocol):
    """What a page reads from its wizard: the match, the step's number, orders and their
    checks, the seed of its dice, and the choices made so far, tried on a copy."""

    state: MatchState
    dice_seed: int
    number: int
    step_orders: dict[str, Step]
    checks: dict[str, StepCheck]

    def dry_run(
        self, choices: Mapping[str, Choice], typed: tuple[int, ...]
    ) -> tuple[MovementStepResult | None, list[Roll], str | None]: ...

    def needs_dice(self, choices: Mapping[str, Choice]) -> bool: ...

    def choices(self) -> dict[str, Choice]: ...

    def typed(self) -> tuple[int, ...]: ...

    def notes(self) -> list[str]: ...

    def check_command(self) -> str | None: ...

    def rolls_unseen(self) -> bool: ...

    def draw(self, choices: Mapping[str, Choice]) -> None: ...


class MovementPage(QWizardPage):
    """A page of the movement wizard."""

    def movement_wizard_or_none(self) -> Choices | None:
        """The wizard the page is in (None before it is added to one)."""
        return cast("Choices | None", self.wizard())

    def movement_wizard(self) -> Choices:
        wizard = self.movement_wizard_or_none()
        assert wizard is not None, "a page of the movement wizard outside its wizard"
        return wizard
