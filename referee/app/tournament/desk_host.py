"""What a tab or a menu of the tournament window asks of the window around it: the desk,
the event shown, running an action (a refusal becomes a message), a message, a question."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, TypeVar

from referee.tournament.desk import Desk
from referee.tournament.event import Event

T = TypeVar("T")


class DeskHost(Protocol):
    """The tournament window as its parts see it (narrow: no widget of another part)."""

    desk: Desk
    tournament: Event
    last_message: str

    def act(self, what: Callable[[], T], done: str = "") -> T | None:
        """Run a desk action; a refusal becomes a message, and the window redraws."""
        ...

    def message(self, text: str, error: bool = False) -> None:
        """Say ``text`` in the status bar."""
        ...

    def ask(self, title: str, text: str) -> bool:
        """Whether the desk says yes to ``text``."""
        ...

    def catch_up(self) -> None:
        """Draw the event as it is now (after the desk's own action)."""
        ...
