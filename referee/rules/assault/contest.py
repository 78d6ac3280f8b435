"""The input of an assault: the hex fought over and the unit bases of each side.

Clause ``assault.trigger``: an assault is fought when units of different sides try to enter
the same hex, or each other's hexes. Clause ``assault.facing``: a unit entering the hex
fights with its front, one reversing into it with its back, a stationary unit with the
sector it is attacked from (chosen when attacked from several). The movement step builds
these plain values; nothing here rolls dice or reads files.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from referee.board.hexgrid import Hex, distance, hex_label
from referee.board.sector_stats import SECTORS, Sector
from referee.errors import RefereeError
from referee.rules.state import UnitState

Role = Literal["entering", "stationary", "reversing"]
ROLES: tuple[Role, ...] = ("entering", "stationary", "reversing")
ASSAULT_DISTANCE = 0
"""An assault is fought at contact: where AP decays with distance (the first draft) it has
not decayed (clause ``assault.damage``)."""


class AssaultError(RefereeError):
    """An assault input or choice the rules refuse; the message names the unit or value."""


class Combatant(msgspec.Struct, frozen=True):
    """One unit base in the assault, how it takes part, and the sector it fights with.

    ``sector``: for a stationary unit, the sector it is attacked from (clause
    ``assault.facing``). ``deflects_from``: for a stationary unit attacked from several
    sides, the uids of the enemies attacking through ``sector``; in the current edition its
    deflection dice cancel only their hits (``None``: every enemy's).
    """

    unit: UnitState
    role: Role
    sector: Sector | None = None
    deflects_from: tuple[str, ...] | None = None

    def __post_init__(self) -> None:
        if self.role not in ROLES:
            raise AssaultError(
                f"{self.unit.uid}: role {self.role!r} is not one of {', '.join(ROLES)}"
            )
        if self.role == "stationary" and self.sector is None:
            raise AssaultError(
                f"{self.unit.uid}: a stationary unit needs the sector it is attacked from"
            )
        if self.sector is not None and self.sector not in SECTORS:
            raise AssaultError(
                f"{self.unit.uid}: sector {self.sector!r} is not one of {', '.join(SECTORS)}"
            )

    @property
    def uid(self) -> str:
        return self.unit.uid

    @property
    def fights_with(self) -> Sector:
        """The sector whose assault, deflection and armor values count (``assault.facing``)."""
        if self.role == "stationary" and self.sector is not None:
            return self.sector
        return "back" if self.role == "reversing" else "front"


class AssaultSide(msgspec.Struct, frozen=True):
    """One side's unit bases; ``contributors`` are the uids whose dice count (``None``: the
    first ones, up to the limit; clause ``assault.multiple-units``)."""

    side: int
    combatants: tuple[Combatant, ...]
    contributors: tuple[str, ...] | None = None

    @property
    def uids(self) -> tuple[str, ...]:
        return tuple(c.uid for c in self.combatants)

    @property
    def alive(self) -> tuple[Combatant, ...]:
        return tuple(c for c in self.combatants if not c.unit.destroyed)


class Contest(msgspec.Struct, frozen=True):
    """The hex fought over and the two sides (clause ``assault.trigger``).

    A unit entering or reversing in stands next to the hex; in a head-on assault fought over
    its own hex it stands in it, fights with its front and, as a stationary unit does,
    retreats out of it if it loses (clause ``assault.hex-fought-over``)."""

    hex: Hex
    sides: tuple[AssaultSide, AssaultSide]

    def __post_init__(self) -> None:
        problems: list[str] = []
        numbers = sorted(s.side for s in self.sides)
        if numbers != [1, 2]:
            problems.append(f"an assault has sides 1 and 2, got {numbers}")
        seen: set[str] = set()
        for side in self.sides:
            for c in side.combatants:
                problems.extend(self._check(side.side, c, seen))
        if problems:
            raise AssaultError("; ".join(problems))

    def _check(self, side: int, c: Combatant, seen: set[str]) -> list[str]:
        out: list[str] = []
        if c.uid in seen:
            out.append(f"{c.uid}: listed twice")
        seen.add(c.uid)
        if c.unit.side != side:
            out.append(f"{c.uid}: a unit of side {c.unit.side} listed on side {side}")
        at = hex_label(self.hex)
        if c.role == "stationary" and c.unit.hex != self.hex:
            out.append(f"{c.uid}: stationary but in {hex_label(c.unit.hex)}, not {at}")
        if c.role != "stationary" and distance(c.unit.hex, self.hex) > 1:
            out.append(f"{c.uid}: {c.role} from {hex_label(c.unit.hex)}, not next to {at}")
        return out

    def side(self, number: int) -> AssaultSide:
        for s in self.sides:
            if s.side == number:
                return s
        raise AssaultError(f"there is no side {number} in the assault")

    def enemy(self, number: int) -> AssaultSide:
        return self.side(3 - number)

    def combatant(self, uid: str) -> Combatant:
        for s in self.sides:
            for c in s.combatants:
                if c.uid == uid:
                    return c
        raise AssaultError(f"{uid} is not in the assault")

    @property
    def combatants(self) -> tuple[Combatant, ...]:
        return tuple(c for s in self.sides for c in s.combatants)

    def held(self, c: Combatant) -> bool:
        """Whether ``c`` occupied the hex fought over before the assault."""
        return c.unit.hex == self.hex

    def without(self, uids: set[str]) -> Contest:
        """The contest with some units gone (a pre-assault retreat)."""
        sides = tuple(
            AssaultSide(
                s.side,
                tuple(c for c in s.combatants if c.uid not in uids),
                None
                if s.contributors is None
                else tuple(u for u in s.contributors if u not in uids),
            )
            for s in self.sides
        )
        return Contest(self.hex, (sides[0], sides[1]))

    @property
    def is_fought(self) -> bool:
        """Both sides still have a living unit base."""
        return all(s.alive for s in self.sides)
