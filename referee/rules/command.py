"""What every command of every game system shares (:mod:`referee.rules.system`): its kind
word and its two forms, and the one family of refusal for a command that cannot be read or
carried out. An event of the journal keeps its command as such a value
(:class:`referee.rules.events.Event`)."""

from __future__ import annotations

from typing import Any, ClassVar, Protocol

from referee.errors import RefereeError


class CommandError(RefereeError):
    """A command a match cannot read or carry out, in any game system; the message says
    which field (``field``) and why, and ``unit`` names the unit where one is known."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


class OutOfPhase(CommandError):
    """A command asked for where the game is not at its part, in any game system: a step of
    the main game's turn while the clock is elsewhere (rulings ``turn.step-outside-phase``,
    ``turn.fire-outside-gunnery``, ``turn.gunnery-order-outside-gunnery``), a command of the
    activation rules out of its phase or its side's turn (clauses ``activation.starting``,
    ``activation.activation``). The message names the command's part and where the game is;
    ``field`` is ``kind`` (or the ``side`` or ``uid`` that is not the one to act)."""


class Command(Protocol):
    """A command of some game: its kind word and its two forms, read and written in pairs
    (``command_from_json`` / ``to_json``, ``parse_command`` / ``text``). ``to_json`` is the
    form the journal keeps, byte for byte as it was read."""

    KIND: ClassVar[str]

    def to_json(self) -> dict[str, Any]: ...

    def text(self) -> str: ...
