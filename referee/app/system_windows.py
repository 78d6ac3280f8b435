"""The windows of matches of game systems other than written orders (the main window's),
chosen by the system of the match file's ruleset, never by its id: a new game system adds
its window here."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QWidget

from referee.match.games.orders_file import MatchFile
from referee.match.games.systems import file_system

if TYPE_CHECKING:  # a system's window (and its engine) is imported when a match needs it
    from referee.app.activation.window import ActivationWindow
    from referee.app.match_home import MatchHome


def windows() -> dict[str, type[ActivationWindow]]:
    """Game system -> the window of its matches (the main window plays the rest)."""
    from referee.app.activation.window import ActivationWindow

    return {ActivationWindow.SYSTEM: ActivationWindow}


def system_window(
    path: Path | str,
    parent: QWidget | None = None,
    home: Callable[[], MatchHome] | None = None,
) -> ActivationWindow | None:
    """A window on the match file at ``path`` if its game system has one of its own (None:
    a match for the main window, or a file it will refuse with its reason); ``home``: the
    main window its File menu makes and opens matches through."""
    system = file_system(Path(path))
    if system is None or system == MatchFile.SYSTEM:
        return None
    cls = windows().get(system)
    return None if cls is None else cls.open(path, parent, home)
