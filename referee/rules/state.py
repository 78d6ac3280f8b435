"""A unit base on the table as the rules see it at one moment: a frozen snapshot.

The rules modules take a :class:`UnitState` and return a new one (``dataclasses.replace``)
together with a frozen result that says what happened; the match (a later layer) keeps
them. Nothing here rolls dice or reads files.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType

import msgspec

from referee.board.hexgrid import Hex
from referee.units.model import UnitType


def _frozen(d: Mapping[str, int] | None = None) -> Mapping[str, int]:
    return MappingProxyType(dict(d or {}))


class Aim(msgspec.Struct, frozen=True):
    """An Aim order carried out: from which hex, and in which gunnery step (turn, 1 or 2)."""

    hex: Hex
    turn: int
    gunnery: int


@dataclass(frozen=True, slots=True)
class UnitState:
    """One unit base: where it is, how it moves, what it carries and what ails it.

    ``damage_tokens`` are the "+1 to future damage" tokens (clause ``damage.previous``);
    ``poison`` and ``bleeding`` hold the die size of each instance (Poison[8] -> 8);
    ``fire``, ``acid`` and ``minor_acid`` count tokens; ``shaken`` counts shaken tokens.
    """

    uid: str
    unit: UnitType
    side: int
    hex: Hex
    facing: int = 0
    speed: str = "stand-still"
    flying: bool = False
    alive: int = -1
    """Models alive; -1 on construction means the unit's full strength."""
    elites_alive: int = -1
    damage_tokens: int = 0
    shaken: int = 0
    loaded: Mapping[str, int] = field(default_factory=_frozen)
    fired: Mapping[str, int] = field(default_factory=_frozen)
    """Shots spent per weapon over the match (Limited Ammo)."""
    fire: int = 0
    acid: int = 0
    minor_acid: int = 0
    poison: tuple[int, ...] = ()
    bleeding: tuple[int, ...] = ()
    armor_down: int = 0
    aim: Aim | None = None
    hidden: bool = False
    tokens: int = 0
    """Entering-difficult-terrain tokens held (clause ``move.difficult-terrain``)."""
    token_hex: Hex | None = None
    """The hex those tokens are for; any other movement loses them."""

    @property
    def nation(self) -> str:
        return self.unit.nation

    def __post_init__(self) -> None:
        if self.alive == -1:
            object.__setattr__(self, "alive", self.unit.models)
        if self.elites_alive == -1:
            object.__setattr__(self, "elites_alive", self.unit.elites)
        if not 0 <= self.alive <= self.unit.models:
            raise ValueError(
                f"{self.uid}: {self.alive} models alive, but a {self.unit.name} has "
                f"{self.unit.models}"
            )
        if self.side not in (1, 2):
            raise ValueError(f"{self.uid}: side must be 1 or 2, not {self.side}")

    @property
    def destroyed(self) -> bool:
        return self.alive == 0

    @property
    def is_shaken(self) -> bool:
        return self.shaken > 0

    def ammo(self, weapon: str) -> int:
        return self.loaded.get(weapon, 0)

    def shots_fired(self, weapon: str) -> int:
        return self.fired.get(weapon, 0)

    def with_(self, **changes: object) -> UnitState:
        """A copy with ``changes``; mappings are frozen again."""
        for key in ("loaded", "fired"):
            if key in changes:
                changes[key] = _frozen(changes[key])  # type: ignore[arg-type]
        return replace(self, **changes)  # type: ignore[arg-type]
