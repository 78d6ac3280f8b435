"""A scenario as frozen values: its battlefield, its setup procedure and its victory
conditions (schema: ``data/README.md``, section "Scenarios")."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Literal

import msgspec

Procedure = Literal["blind", "ordered"]
PROCEDURES: tuple[Procedure, ...] = ("blind", "ordered")
HEX_RULES = ("zone", "in-sight", "out-of-sight")
"""Where a setup step places its units: anywhere in the side's area, only where an enemy
scout on the table sees the hex, or only where none does."""
SPEED_RULES = ("chosen", "slowest")


class Layout(msgspec.Struct, frozen=True):
    """The battlefield's size and zones under one reading of the scenario's zones ruling.

    ``zones`` holds each zone in a form of a map's ``[zones]`` (``{ rows = [1, 3] }``...);
    ``restricted`` is where no man's land's restrictions apply (default: no man's land).
    """

    reading: str
    columns: int
    rows: int
    zones: Mapping[str, object]
    restricted: object | None = None


class Battlefield(msgspec.Struct, frozen=True):
    clause: str
    shape: str
    columns: int
    rows: int
    forbid_in_no_mans_land: frozenset[str]
    zones_ruling: str | None
    layouts: Mapping[str, Layout]
    """By reading of ``zones_ruling`` (the key ``""`` when the scenario has no ruling)."""


class Advantage(msgspec.Struct, frozen=True):
    """The setup-advantage roll of each step (clause ``setup.advantage``): a d``die`` per
    side; the loser places ``first`` units, then the sides take turns of ``then``."""

    clause: str
    die: int
    first: int
    then: int
    tie: str
    """``roll-again``, ``keep-previous``, or ``@ruling-id``."""


class SetupStep(msgspec.Struct, frozen=True):
    """One step of an ordered setup: the units it takes and where they may go."""

    id: str
    name: str
    clause: str
    size: str | None
    type: str | None
    except_types: tuple[str, ...] | str
    """Type words whose units the step passes by, or ``@ruling-id``."""
    hexes: str
    """One of :data:`HEX_RULES`, or ``@ruling-id``."""
    optional: bool


class SetupSpec(msgspec.Struct, frozen=True):
    procedure: Procedure
    clause: str
    speed: str
    """``chosen`` (the owner gives each unit its speed), ``slowest``, or ``@ruling-id``."""
    steps: tuple[SetupStep, ...] = ()
    advantage: Advantage | None = None


class VictoryCondition(msgspec.Struct, frozen=True):
    id: str
    name: str
    clause: str
    text: str
    minutes: int | None = None
    """The default length of a fixed-time match; None for a condition without a clock."""


class Scenario(msgspec.Struct, frozen=True):
    id: str
    name: str
    description: str
    edition: str
    clause: str
    game: str
    map: str
    battlefield: Battlefield
    setup: SetupSpec
    victory: tuple[VictoryCondition, ...]
    victory_offered: tuple[str, ...] | str | None = None
    """The victory ids offered (all when None), or ``@ruling-id``."""
    source: Path | None = None

    def victory_condition(self, victory_id: str) -> VictoryCondition:
        for v in self.victory:
            if v.id == victory_id:
                return v
        known = ", ".join(v.id for v in self.victory)
        raise KeyError(f"scenario {self.id}: no victory condition {victory_id!r} ({known})")
