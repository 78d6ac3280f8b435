"""The :class:`Ruleset`: one ruleset's every table, read under the readings it takes."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import TypeVar

from referee.errors import RefereeError
from referee.ruleset.los_rules import LosRules
from referee.ruleset.rulings import RulingOption, register
from referee.ruleset.tables import TableKind
from referee.ruleset.terrain import TerrainTable
from referee.versions import FIRST

T = TypeVar("T")


class MissingTable(RefereeError):
    """A rule asked for a table its ruleset's system does not have."""


@dataclass(frozen=True)
class Ruleset:
    """A ruleset (:func:`referee.ruleset.load.load_ruleset`): its terrain and line-of-sight
    rules, which the board reads, and every other table of its system, which the rules read
    with :meth:`table` (each parsed when first asked for; loaded with ``whole``, all at
    once)."""

    id: str
    name: str
    description: str
    folder: Path
    readings: Mapping[str, str]
    terrain: TerrainTable
    los: LosRules
    version: int = FIRST
    system: str = ""
    drafts: tuple[str, ...] = ()
    """The rulebook drafts it follows, the main one first (``ruleset.toml``'s ``drafts``)."""
    tables: Mapping[str, object] = field(
        default_factory=lambda: MappingProxyType({}), compare=False, repr=False
    )
    reload: Callable[[Mapping[str, str]], Ruleset] | None = field(
        default=None, compare=False, repr=False
    )
    """Loads this ruleset again under other readings (set by the loader)."""
    _parsed: Mapping[str, object] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        # the tables read so far, by name: a lookup after a table's first read is one dict
        # hit (the rules ask thousands of times a check); the mapping itself answers the rest
        parsed = getattr(self.tables, "parsed", self.tables)
        object.__setattr__(self, "_parsed", parsed)

    @property
    def title(self) -> str:
        """The edition as a referee names it: ``Current edition (draft 004)``."""
        return f"{self.name} (draft {self.drafts[0]})" if self.drafts else self.name

    def reading(self, ruling_id: str) -> RulingOption:
        """The option this ruleset takes for ``ruling_id``."""
        return register()[ruling_id].option(self.readings[ruling_id])

    def table(self, kind: TableKind[T]) -> T:
        """The table of ``kind`` (:class:`MissingTable` if this ruleset's system has none)."""
        try:
            return self._parsed[kind.name]  # type: ignore[return-value]
        except KeyError:
            pass
        if kind.name not in self.tables:
            raise MissingTable(
                f"ruleset {self.id!r} (system {self.system!r}) has no {kind.name} table"
            )
        return self.tables[kind.name]  # type: ignore[return-value]

    def has(self, kind: TableKind[T]) -> bool:
        return kind.name in self.tables

    def with_readings(self, overrides: Mapping[str, str]) -> Ruleset:
        """The same ruleset with some rulings read differently (house rules)."""
        if self.reload is None:
            raise RefereeError(f"ruleset {self.id!r} was not loaded from its folder")
        # Every current reading, not only those that differ from the register's default:
        # a house rule that sets a reading back to the default must survive a later switch.
        return self.reload({**self.readings, **overrides})
