"""What a wizard hands back when the referee finishes it: one named journal step.

The wizard never writes: the main window runs ``commands`` as the step called ``name``,
with ``typed`` the dice read off the table (they answer the step's first dice, in order).
A command is a typed value of its game system (:class:`referee.rules.orders.commands.Fire`,
...); the activation rules' wizards still hand back their command's JSON form, and the
command line its text.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeAlias

if TYPE_CHECKING:
    from referee.rules.orders.commands import Command

CommandLike: TypeAlias = "Command | Mapping[str, Any] | str"
"""A command as a step takes it: a typed value, its JSON form, or (the activation rules'
command line) its text."""


@dataclass(frozen=True)
class ChosenStep:
    """One named step: its commands and the dice typed at the table; ``attempt``: the
    attempt of the step whose app dice the wizard showed before it was finished (an
    assault's), written at that attempt (None: the step's next)."""

    name: str
    commands: tuple[CommandLike, ...]
    typed: tuple[int, ...] = ()
    attempt: int | None = None
