"""What the pages of the gunnery wizard share: their ids, in the order of the rules, the
gunnery step the match stands at, what a page reads from its wizard (:class:`Choices`, which
:class:`~.wizard.GunneryWizard` gives) and a base page that reaches it."""

from __future__ import annotations

from enum import IntEnum
from typing import TYPE_CHECKING, Protocol, cast

from PySide6.QtWidgets import QWizardPage

from referee.rules.orders.commands import Fire
from referee.rules.orders.state import MatchState

if TYPE_CHECKING:
    from referee.rules.fire.preview import ShotPreview
    from referee.rules.state import UnitState


class Page(IntEnum):
    SHOOTER = 0
    WEAPON = 1
    TARGET = 2
    ODDS = 3
    ROLL = 4
    OUTCOME = 5


def gunnery_number(state: MatchState) -> int:
    """Gunnery step 1 or 2 of the turn, from where the match stands (1 outside gunnery)."""
    name, _, number = state.step.partition("-")
    return int(number[0]) if name == "gunnery" and number[:1] in ("1", "2") else 1


class Choices(Protocol):
    """What a page reads from its wizard: the match, the seed of the step's dice and the
    choices made on the pages before it."""

    state: MatchState
    dice_seed: int

    def shooter(self) -> UnitState: ...

    def weapon_name(self) -> str: ...

    def target_uid(self) -> str: ...

    def target_preview(self) -> ShotPreview: ...

    def command(self) -> Fire: ...


class GunneryPage(QWizardPage):
    """A page of the gunnery wizard."""

    def gunnery_wizard(self) -> Choices:
        wizard = cast("Choices | None", self.wizard())
        assert wizard is not None, "a page of the gunnery wizard outside its wizard"
        return wizard
