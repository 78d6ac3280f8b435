"""What a wizard hands back when the referee finishes it: one named journal step.

The wizard never writes: the main window runs ``commands`` as the step called ``name``,
with ``typed`` the dice read off the table (they answer the step's first dice, in order).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class ChosenStep:
    """One named step: its commands and the dice typed at the table; ``attempt``: the
    attempt of the step whose app dice the wizard showed before it was finished (an
    assault's), written at that attempt (None: the step's next)."""

    name: str
    commands: tuple[dict[str, Any], ...]
    typed: tuple[int, ...] = ()
    attempt: int | None = None
