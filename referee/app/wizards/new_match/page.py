"""What the pages of the new-match wizard share: their ids, in the order the wizard asks,
what a page reads from its wizard (:class:`Choices`, which
:class:`~.wizard.NewMatchWizard` gives) and how a page reaches it."""

from __future__ import annotations

from enum import IntEnum
from typing import TYPE_CHECKING, Protocol, cast

from PySide6.QtWidgets import QWizardPage

if TYPE_CHECKING:
    from referee.board.maps import BattleMap
    from referee.scenarios.model import Scenario


class Page(IntEnum):
    EDITION = 0
    SCENARIO = 1
    MAP = 2
    ARMIES = 3
    SETUP = 4
    SEED = 5
    FILE = 6


class Choices(Protocol):
    """What a page reads from its wizard: the choices made on the pages before it."""

    def edition(self) -> str: ...

    def scenario(self) -> Scenario | None: ...

    def battle_map(self) -> BattleMap | None: ...

    def default_title(self) -> str: ...


def new_match_wizard(page: QWizardPage) -> Choices:
    wizard = cast("Choices | None", page.wizard())
    assert wizard is not None, "a page of the new-match wizard outside its wizard"
    return wizard
