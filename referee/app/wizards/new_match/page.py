"""What the pages of the new-match wizard share: their ids, in the order the wizard asks,
and how a page reaches its wizard (:class:`~.wizard.NewMatchWizard`)."""

from __future__ import annotations

from enum import IntEnum
from typing import TYPE_CHECKING, cast

from PySide6.QtWidgets import QWizardPage

if TYPE_CHECKING:
    from referee.app.wizards.new_match.wizard import NewMatchWizard


class Page(IntEnum):
    EDITION = 0
    SCENARIO = 1
    MAP = 2
    ARMIES = 3
    SETUP = 4
    SEED = 5
    FILE = 6


def new_match_wizard(page: QWizardPage) -> NewMatchWizard:
    wizard = cast("NewMatchWizard | None", page.wizard())
    assert wizard is not None, "a page of the new-match wizard outside its wizard"
    return wizard
