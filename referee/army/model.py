"""An army list as frozen values: its name, nation, game size, the budget chosen in an
asymmetric game, the advanced-game flag, and its unit entries with their upgrades.

:meth:`Army.checksum` identifies the army's content, not the way its file is written:
comments, spacing, the order of keys, ``count = 1`` written or left out, an upgrade listed
twice or as ``{ id, count = 2 }``, and the order of the unit entries change nothing; a unit,
a count, an upgrade, the name, the nation, the game, the budget or the flag do.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import msgspec
from msgspec.structs import replace


class UpgradeChoice(msgspec.Struct, frozen=True):
    """An upgrade an entry takes, and how many times it is paid (per model, per elite)."""

    id: str
    count: int = 1


def merge_choices(choices: Iterable[UpgradeChoice]) -> tuple[UpgradeChoice, ...]:
    """The same upgrade named several times counted once, in the order first named."""
    counts: dict[str, int] = {}
    for c in choices:
        counts[c.id] = counts.get(c.id, 0) + c.count
    return tuple(UpgradeChoice(i, n) for i, n in counts.items())


class ArmyEntry(msgspec.Struct, frozen=True):
    """One ``[[unit]]`` entry: a unit type of the nation's catalogue, how many bases, and the
    upgrades and equipment each of those bases takes."""

    type: str
    count: int = 1
    upgrades: tuple[UpgradeChoice, ...] = ()
    equipment: tuple[UpgradeChoice, ...] = ()

    @property
    def choices(self) -> tuple[UpgradeChoice, ...]:
        """Upgrades and equipment together, each upgrade once with its count."""
        return merge_choices((*self.upgrades, *self.equipment))

    def canonical(self) -> dict[str, Any]:
        return {
            "type": self.type,
            "count": self.count,
            "upgrades": sorted([c.id, c.count] for c in self.choices),
        }


class Army(msgspec.Struct, frozen=True):
    """An army list (see the module docstring); ``path`` is the file it was read from."""

    name: str
    nation: str
    game: str
    entries: tuple[ArmyEntry, ...] = ()
    allowance: str | None = None
    """The budget taken in a game whose sides have different ones (asymmetric)."""
    advanced: bool = False
    path: Path | None = None

    def canonical(self) -> dict[str, Any]:
        """The army's content as plain data, independent of how the file was written."""
        return {
            "name": self.name,
            "nation": self.nation,
            "game": self.game,
            "allowance": self.allowance,
            "advanced": self.advanced,
            "units": sorted(
                (e.canonical() for e in self.entries), key=lambda d: json.dumps(d, sort_keys=True)
            ),
        }

    def checksum(self) -> str:
        """SHA-256 of :meth:`canonical` as sorted, compact JSON (64 hex digits)."""
        text = json.dumps(self.canonical(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode("utf-8")).hexdigest()

    def with_(self, **changes: Any) -> Army:
        return replace(self, **changes)
