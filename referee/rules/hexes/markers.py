"""What lies on the hexes of the board: marker stacks, and requests to place an effect.

A hex holds at most one :class:`HexMarker` of each kind ("hex based effects are not
cumulative", clause ``hex.not-cumulative``): a cloud's die ``[N]`` (``strength``), its
``(n+)`` (``level``) and how many markers are stacked. :class:`HexEffects` is the board's
whole hex-effect state, frozen; every change returns a new one.

Clause ``hex.effects``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

import msgspec
from msgspec.structs import replace

from referee.board.hexgrid import Hex

Strength = int | str
"""A cloud's ``[N]``: a poison die (4..12) or an acid grade (``minor``, ``major``)."""


def bracket(strengths: tuple[Strength, ...], level: int | None) -> str:
    """``[4, minor](4+)``: the notation of the drafts."""
    s = f"[{', '.join(str(x) for x in strengths)}]" if strengths else ""
    return s + (f"({level}+)" if level is not None else "")


class HexMarker(msgspec.Struct, frozen=True):
    """The stack of one kind of marker on a hex."""

    kind: str
    count: int
    strength: Strength | None = None
    level: int | None = None
    side: int | None = None
    """The side that placed it, if known (ruling ``hex.cloud-sides``)."""

    def __post_init__(self) -> None:
        if self.count < 1:
            raise ValueError(f"a {self.kind} stack needs at least one marker, not {self.count}")

    def notation(self) -> str:
        strengths = () if self.strength is None else (self.strength,)
        return bracket(strengths, self.level)

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"kind": self.kind, "count": self.count}
        if self.strength is not None:
            out["strength"] = self.strength
        if self.level is not None:
            out["level"] = self.level
        if self.side is not None:
            out["side"] = self.side
        return out


class PlacementSpec(msgspec.Struct, frozen=True):
    """An effect to place where something happens (an acid row's cloud): no hex yet."""

    effect: str
    strengths: tuple[Strength, ...] = ()
    level: int | None = None

    def at(self, h: Hex, side: int | None = None) -> Placement:
        return Placement(self.effect, h, self.strengths, self.level, side)

    def text(self) -> str:
        return f"{self.effect}{bracket(self.strengths, self.level)}"


class Placement(msgspec.Struct, frozen=True):
    """A request to place an effect on a hex: ``poison-acid-cloud[4, minor](4+)`` at C4."""

    effect: str
    hex: Hex
    strengths: tuple[Strength, ...] = ()
    level: int | None = None
    side: int | None = None

    def text(self) -> str:
        return f"{self.effect}{bracket(self.strengths, self.level)} at {self.hex}"


def _frozen(markers: Mapping[Hex, tuple[HexMarker, ...]]) -> Mapping[Hex, tuple[HexMarker, ...]]:
    return MappingProxyType({h: tuple(ms) for h, ms in markers.items() if ms})


@dataclass(frozen=True)
class HexEffects:
    """Every marker on the board, hex by hex, each hex's stacks in the order first placed."""

    markers: Mapping[Hex, tuple[HexMarker, ...]] = field(
        default_factory=lambda: MappingProxyType({})
    )

    def __post_init__(self) -> None:
        for h, stacks in self.markers.items():
            kinds = [m.kind for m in stacks]
            if len(set(kinds)) != len(kinds):
                raise ValueError(f"{h}: one stack per marker kind, got {', '.join(kinds)}")
        object.__setattr__(self, "markers", _frozen(self.markers))

    def at(self, h: Hex) -> tuple[HexMarker, ...]:
        return self.markers.get(h, ())

    def get(self, h: Hex, kind: str) -> HexMarker | None:
        for m in self.at(h):
            if m.kind == kind:
                return m
        return None

    def count(self, h: Hex, kind: str) -> int:
        m = self.get(h, kind)
        return m.count if m else 0

    def hexes(self) -> tuple[Hex, ...]:
        """Hexes holding any marker, in a stable order."""
        return tuple(sorted(self.markers))

    def with_stack(self, h: Hex, kind: str, marker: HexMarker | None) -> HexEffects:
        """A copy with ``kind``'s stack on ``h`` replaced (``None``: removed)."""
        stacks = list(self.at(h))
        index = next((i for i, m in enumerate(stacks) if m.kind == kind), None)
        if marker is None:
            if index is not None:
                del stacks[index]
        elif index is None:
            stacks.append(marker)
        else:
            stacks[index] = marker
        new = dict(self.markers)
        new[h] = tuple(stacks)
        return HexEffects(new)

    def less_one(self, h: Hex, kind: str) -> HexEffects:
        """A copy with one marker of ``kind`` taken off ``h`` (the stack goes at zero)."""
        m = self.get(h, kind)
        if m is None:
            return self
        return self.with_stack(h, kind, replace(m, count=m.count - 1) if m.count > 1 else None)

    def to_json(self) -> dict[str, list[dict[str, object]]]:
        return {str(h): [m.to_json() for m in self.at(h)] for h in self.hexes()}
