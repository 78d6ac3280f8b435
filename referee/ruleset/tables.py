"""The kinds of table a ruleset may hold, and what a table's parser is given.

A :class:`TableKind` names a table (``to_hit``), the files it is read from and the tables it
needs read first; its parser lives in the rules package that uses the table. The loader
(:mod:`referee.ruleset.load`) is handed the kinds as an argument, so this floor imports
nothing of the rules.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Generic, TypeVar

import msgspec

from referee.errors import read_toml
from referee.ruleset.readings import Resolve

T = TypeVar("T")


class TableSource(msgspec.Struct, frozen=True):
    """What a parser reads: the ruleset's folder, its readings (and their one resolver) and
    the tables it needs, already read."""

    ruleset_id: str
    folder: Path
    readings: Mapping[str, str]
    resolve: Resolve
    loaded: Mapping[str, object]

    def path(self, file: str) -> Path:
        return self.folder / file

    def doc(self, file: str) -> dict[str, object]:
        """The parsed TOML of one of the ruleset's files."""
        return read_toml(self.folder / file)

    def table(self, kind: TableKind[T]) -> T:
        """A table this one needs (named in its kind's ``needs``)."""
        return self.loaded[kind.name]  # type: ignore[return-value]


@dataclass(frozen=True)
class TableKind(Generic[T]):
    """One kind of table: ``name`` (as listed in ``systems.toml``), the ``files`` of the
    ruleset folder it is read from, the tables it ``needs`` read first, and its parser
    (raising :class:`referee.errors.DataFileError` with every problem of a file)."""

    name: str
    files: tuple[str, ...]
    parse: Callable[[TableSource], T]
    needs: tuple[str, ...] = ()


class TableHome(msgspec.Struct, frozen=True):
    """A kind of table named by where it lives, so that a ruleset imports its parser only
    when it first reads the table: ``name`` and ``files`` as its :class:`TableKind` has them,
    and ``kind``, ``"<module>:<NAME>"`` of the kind itself (tests/ruleset checks that the
    two agree)."""

    name: str
    files: tuple[str, ...]
    kind: str

    def load(self) -> TableKind[object]:
        """The kind itself (its module imported now)."""
        import importlib

        module, _, attr = self.kind.partition(":")
        found = getattr(importlib.import_module(module), attr)
        if not isinstance(found, TableKind):
            raise TypeError(f"{self.kind} is not a TableKind")
        return found
