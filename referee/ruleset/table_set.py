"""A ruleset's tables, each read on first use.

A command reads only the tables it uses: ``referee visible`` reads the terrain and the line of
sight and never parses (nor imports the parser of) the assault or agony table, and a match of
the written-orders game never imports the activation rules' tables. A kind of table is named
by where it lives (a :class:`~referee.ruleset.tables.TableHome`, handed in by
:mod:`referee.ruleset.shipped`): its module is imported when a ruleset first reads that table.

:meth:`TableSet.check` reads every table at once and reports every problem of every file
together, as loading used to: the tests and ``referee rules check`` check each shipped ruleset
whole this way.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Mapping
from pathlib import Path
from types import MappingProxyType

from referee.errors import DataFileError
from referee.ruleset.readings import Resolve
from referee.ruleset.tables import TableHome, TableKind, TableSource

KindRef = TableKind[object] | TableHome
"""A kind of table, or where it lives (its module imported on first use)."""


def kind_of(ref: KindRef) -> TableKind[object]:
    """The kind ``ref`` names (importing its module when it is named by where it lives)."""
    return ref.load() if isinstance(ref, TableHome) else ref


class TableSet(Mapping[str, object]):
    """The tables ``names`` of one ruleset folder under one set of readings: a mapping from
    table name to the table, each parsed the first time it is asked for (the tables it needs
    first) and kept. A table with problems raises its :class:`DataFileError` each time it is
    asked for. Safe to share between threads."""

    def __init__(
        self,
        ruleset_id: str,
        folder: Path,
        names: tuple[str, ...],
        readings: Mapping[str, str],
        resolve: Resolve,
        kinds: Mapping[str, KindRef],
    ) -> None:
        self._ruleset_id = ruleset_id
        self._folder = folder
        self._names = names
        self._readings = MappingProxyType(dict(readings))
        self._resolve = resolve
        self._kinds = kinds
        self._read: dict[str, object] = {}
        self._lock = threading.RLock()

    def __getitem__(self, name: str) -> object:
        try:
            return self._read[name]
        except KeyError:
            pass
        if name not in self._names:
            raise KeyError(name)
        with self._lock:
            if name not in self._read:
                kind = kind_of(self._kinds[name])
                source = TableSource(
                    self._ruleset_id, self._folder, self._readings, self._resolve, self
                )
                self._read[name] = kind.parse(source)
            return self._read[name]

    @property
    def parsed(self) -> Mapping[str, object]:
        """The tables read so far, by name (a live view: it grows as tables are read)."""
        return self._read

    def __contains__(self, name: object) -> bool:
        return name in self._names

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)

    def check(self) -> None:
        """Read every table now; every problem of every file raised at once (one
        :class:`DataFileError`, naming each file and key). A table whose needed table has
        problems is left out: its own problems show once that one is mended."""
        failed: dict[str, DataFileError | None] = {}  # None: a table it needs failed

        def read(name: str) -> bool:
            if name in failed:
                return False
            if name in self._read:
                return True
            if not all(read(need) for need in kind_of(self._kinds[name]).needs):
                failed[name] = None
                return False
            try:
                self[name]
            except DataFileError as exc:
                failed[name] = exc
                return False
            return True

        for name in self._names:
            read(name)
        errors = [exc for exc in failed.values() if exc is not None]
        if len(errors) == 1:
            raise errors[0]
        if errors:
            raise DataFileError(
                self._folder,
                [f"{_within(self._folder, exc.path)}: {p}" for exc in errors for p in exc.problems],
            )


def _within(folder: Path, path: Path) -> str:
    try:
        return path.relative_to(folder).as_posix()
    except ValueError:
        return str(path)
