"""The commands of the setup and of hidden units: the setup-advantage roll, a unit placed,
a side passing, the blind placements revealed (clauses ``setup.*``;
:mod:`referee.rules.orders.setup_commands`), and a Spot order against a hidden unit
(clause ``fire.spot``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from referee.rules.orders.command_value import (
    STEP,
    Command,
    command_field,
    scalar_field,
    text_field,
    whole,
)


@dataclass(frozen=True)
class Spot(Command):
    """A Spot order against a hidden unit (clause ``fire.spot``)."""

    KIND: ClassVar[str] = "spot"
    uid: str = command_field(text_field, required=True)
    target: str = command_field(text_field, required=True)
    weapon: str | None = command_field(text_field)
    gunnery: int | None = command_field(STEP)


@dataclass(frozen=True)
class SetupRoll(Command):
    """The setup-advantage roll (clause ``setup.advantage``)."""

    KIND: ClassVar[str] = "setup-roll"


@dataclass(frozen=True)
class Place(Command):
    """One unit set up (clauses ``setup.blind``, ``setup.order``); facing 0-5 or N ... NW."""

    KIND: ClassVar[str] = "place"
    uid: str | None = command_field(text_field)
    hex: str | None = command_field(text_field)
    facing: str | int | None = command_field(scalar_field)
    speed: str | None = command_field(text_field)

    def placement(self) -> dict[str, Any]:
        """The fields the setup checks (:func:`referee.scenarios.setup_board.check_placement`)."""
        return {k: v for k, v in self.to_json().items() if k != "kind" and v is not None}


@dataclass(frozen=True)
class SetupPass(Command):
    """Side ``side`` (default: the side on turn) sets up no more units in this step."""

    KIND: ClassVar[str] = "setup-pass"
    side: int | None = command_field(whole(1, 2))


@dataclass(frozen=True)
class Reveal(Command):
    """Both sides' blind placements put on the table (clause ``setup.blind``)."""

    KIND: ClassVar[str] = "reveal"
