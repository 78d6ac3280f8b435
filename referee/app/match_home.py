"""What the window of a match of another game system (the activation rules) makes and opens
matches through: the main window, so that File > New, Open, Open Recent and the demos are
the same in every window of the program, and a match of written orders opened from such a
window opens in the main window (shown then, if the program started on another game's
match)."""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from referee.app.remembered import Remembered


class MatchHome(Protocol):
    """The main window, as the windows of other game systems use it."""

    remembered: Remembered | None

    def open_match(self, path: Path | str) -> None:
        """Open a match file in the window of its game system."""

    def choose_file(self) -> None:
        """File > Open: a file dialog, then :meth:`open_match`."""

    def new_demo(self, ruleset: str | None = None) -> None:
        """File > New demo match."""

    def open_new_match_wizard(self) -> object:
        """File > New match: the wizard of a match of written orders."""

    def new_activation_match(self) -> object:
        """File > New match of the activation rules: its dialog."""
