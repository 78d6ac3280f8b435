"""What a wizard hands back when the referee finishes it: one named journal step.

The wizard never writes: the main window runs ``commands`` as the step called ``name``,
with ``typed`` the dice read off the table (they answer the step's first dice, in order).
A command is a typed value of its game system (:class:`referee.rules.orders.commands.Fire`,
:class:`referee.rules.activation.commands.Move`, ...): what the referee typed or chose is
read into one at the app's edge (the activation rules' command line reads its text with the
game system's ``parse_command``), never handed on as a table or a line.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

if TYPE_CHECKING:
    from referee.rules.command import Command


class ChosenStep(msgspec.Struct, frozen=True):
    """One named step: its commands and the dice typed at the table; ``attempt``: the
    attempt of the step whose app dice the wizard showed before it was finished (an
    assault's), written at that attempt (None: the step's next)."""

    name: str
    commands: tuple[Command, ...]
    typed: tuple[int, ...] = ()
    attempt: int | None = None
