"""Stats that depend on the angle: four entries, front/front-side/back-side/back.

A stat written ``4/3/3/2`` gives the front, front-side (left and right), back-side (left
and right) and back values; a stat written as one entry is the same for every angle
(clause ``angles.sectors``). Three kinds are parsed here:

* numbers, e.g. armor ``4/3/3/2`` or ``3`` (clause ``angles.armor``);
* firing arcs, ``*`` allowed and ``-`` not, e.g. ``*/-/-/-`` (clause ``angles.sectors``);
* fixed weapons, guns per direction, e.g. ``x2/x1/x1/-`` (clause ``angles.fixed-weapons``).

Each parsed stat prints back with ``text()``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Generic, Literal, TypeVar

from referee.errors import RefereeError

Sector = Literal["front", "front-side", "back-side", "back"]
Side = Literal["left", "right"]

SECTORS: tuple[Sector, ...] = ("front", "front-side", "back-side", "back")

T = TypeVar("T")


class SectorStatError(RefereeError):
    """A four-sector stat that cannot be read; the message names the text and the entry."""


def sector_index(sector: str) -> int:
    """Position (0-3) of ``sector`` in a four-sector stat."""
    try:
        return SECTORS.index(sector)
    except ValueError:
        raise ValueError(f"unknown sector {sector!r}: use one of {', '.join(SECTORS)}") from None


@dataclass(frozen=True, slots=True)
class SectorStat(Generic[T]):
    """One value per sector, in the order front, front-side, back-side, back."""

    values: tuple[T, T, T, T]

    def __post_init__(self) -> None:
        if len(self.values) != 4:
            raise ValueError(f"a sector stat has 4 values, got {len(self.values)}")

    def value(self, sector: Sector) -> T:
        """The value for a shot through ``sector``."""
        return self.values[sector_index(sector)]

    def __getitem__(self, sector: Sector) -> T:
        return self.value(sector)


class SectorNumbers(SectorStat[int]):
    """Whole numbers by sector, such as armor ``4/3/3/2`` (clause ``angles.armor``)."""

    __slots__ = ()

    def text(self) -> str:
        return "/".join(str(v) for v in self.values)


class FiringArc(SectorStat[bool]):
    """The sectors a weapon may fire through, ``*/-/-/-`` (clause ``angles.sectors``)."""

    __slots__ = ()

    def allows(self, sector: Sector) -> bool:
        return self.value(sector)

    def text(self) -> str:
        return "/".join("*" if v else "-" for v in self.values)


class FixedGuns(SectorStat[int]):
    """Fixed guns per direction, ``x2/x1/x1/-`` (clause ``angles.fixed-weapons``).

    The front-side and back-side counts hold on each side: the unit is symmetric, so
    ``x2/x1/x1/-`` has one gun front-side left and another front-side right.
    """

    __slots__ = ()

    def guns(self, sector: Sector) -> int:
        """Guns pointing through one hex side of ``sector`` (one side, left or right)."""
        return self.value(sector)

    @property
    def total(self) -> int:
        """Every gun of the system: front + 2 x front-side + 2 x back-side + back."""
        front, front_side, back_side, back = self.values
        return front + 2 * front_side + 2 * back_side + back

    def text(self) -> str:
        return "/".join(f"x{v}" if v else "-" for v in self.values)


def _entries(text: str, what: str, example: str) -> list[str]:
    if not isinstance(text, str):
        raise SectorStatError(f"{what} {text!r}: expected text like {example!r}")
    entries = [e.strip() for e in text.split("/")]
    if len(entries) == 1:
        return entries * 4
    if len(entries) != 4:
        raise SectorStatError(
            f"{what} {text!r}: expected 1 entry or 4 entries separated by '/' "
            f"(front/front-side/back-side/back), got {len(entries)}"
        )
    return entries


def _bad(what: str, text: str, i: int, entry: str, expected: str) -> SectorStatError:
    return SectorStatError(
        f"{what} {text!r}: entry {i + 1} ({SECTORS[i]}) {entry!r} is not {expected}"
    )


_INT = re.compile(r"^[+-]?\d+$")
_GUNS = re.compile(r"^[xX](\d+)$")


def parse_sector_numbers(text: str | int, what: str = "stat") -> SectorNumbers:
    """Read ``4/3/3/2`` or a single number ``3`` (the same for all angles).

    ``what`` names the stat in error messages (``"armor"``). Clause ``angles.sectors``.
    """
    if isinstance(text, int) and not isinstance(text, bool):
        return SectorNumbers((text, text, text, text))
    entries = _entries(text, what, "4/3/3/2")  # type: ignore[arg-type]
    values: list[int] = []
    for i, entry in enumerate(entries):
        if not _INT.match(entry):
            raise _bad(what, str(text), i, entry, "a whole number")
        values.append(int(entry))
    return SectorNumbers((values[0], values[1], values[2], values[3]))


def parse_firing_arc(text: str) -> FiringArc:
    """Read ``*/-/-/-`` (``*`` may fire, ``-`` may not); one entry is for all angles."""
    entries = _entries(text, "firing arc", "*/-/-/-")
    values: list[bool] = []
    for i, entry in enumerate(entries):
        if entry not in ("*", "-"):
            raise _bad("firing arc", text, i, entry, "'*' (allowed) or '-' (not allowed)")
        values.append(entry == "*")
    return FiringArc((values[0], values[1], values[2], values[3]))


def parse_fixed_guns(text: str) -> FixedGuns:
    """Read ``x2/x1/x1/-`` (``xN`` guns, ``-`` none); one entry is for all angles."""
    entries = _entries(text, "fixed weapons", "x2/x1/x1/-")
    values: list[int] = []
    for i, entry in enumerate(entries):
        if entry == "-":
            values.append(0)
            continue
        m = _GUNS.match(entry)
        if not m:
            raise _bad("fixed weapons", text, i, entry, "'xN' (N guns) or '-' (none)")
        n = int(m.group(1))
        if n < 1:
            raise _bad("fixed weapons", text, i, entry, "at least x1 (write '-' for none)")
        values.append(n)
    return FixedGuns((values[0], values[1], values[2], values[3]))
