"""Reading a rules table (TOML) key by key, collecting every problem with its key.

A value written ``"@ruling-id"`` is replaced by the value of the reading the ruleset takes
of that ruling; the reader remembers which ruling decided which key, so that a result can
name it. At the end :meth:`TableReader.check` raises one :class:`DataFileError` listing
every problem found.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from referee.errors import DataFileError
from referee.ruleset.readings import Resolve


@dataclass
class TableReader:
    """Reads the tables of one file; see the module docstring."""

    path: Path
    resolve: Resolve
    problems: list[str] = field(default_factory=list)
    decided_by: dict[str, str] = field(default_factory=dict)
    """``where.key`` -> the ruling whose reading gave the value."""

    def problem(self, where: str, text: str) -> None:
        self.problems.append(f"{where}: {text}")

    def check(self) -> None:
        if self.problems:
            raise DataFileError(self.path, self.problems)

    def ruling(self, where: str, key: str) -> str | None:
        return self.decided_by.get(f"{where}.{key}")

    def table(self, raw: object, where: str) -> Mapping[str, object]:
        """``raw`` as a table, or an empty one after noting the problem."""
        if isinstance(raw, dict):
            return raw
        self.problem(where, "expected a table")
        return {}

    def keys(self, raw: Mapping[str, object], where: str, allowed: Iterable[str]) -> None:
        for key in sorted(set(raw) - set(allowed)):
            self.problem(f"{where}.{key}", "unknown key")

    def value(self, raw: Mapping[str, object], where: str, key: str) -> object:
        """The value at ``key`` with an ``"@ruling-id"`` resolved (``None`` if absent)."""
        value = raw.get(key)
        if isinstance(value, str) and value.startswith("@"):
            rid = value[1:]
            try:
                value = self.resolve(rid)
            except KeyError:
                self.problem(f"{where}.{key}", f"{value!r} names no ruling in the register")
                return None
            self.decided_by[f"{where}.{key}"] = rid
        return value

    def integer(
        self,
        raw: Mapping[str, object],
        where: str,
        key: str,
        default: int | None = None,
        *,
        low: int | None = None,
        high: int | None = None,
    ) -> int:
        """A whole number at ``key`` within ``low``..``high``; ``default`` if absent."""
        value = self.value(raw, where, key)
        if value is None:
            if default is None:
                self.problem(f"{where}.{key}", "missing")
                return low or 0
            return default
        if isinstance(value, bool) or not isinstance(value, int):
            self.problem(f"{where}.{key}", f"expected a whole number, got {value!r}")
            return default if default is not None else (low or 0)
        if (low is not None and value < low) or (high is not None and value > high):
            span = f"{low if low is not None else '...'} to {high if high is not None else '...'}"
            self.problem(f"{where}.{key}", f"must be {span}, got {value}")
        return value

    def text(
        self,
        raw: Mapping[str, object],
        where: str,
        key: str,
        default: str | None = None,
        *,
        choices: Iterable[str] | None = None,
    ) -> str:
        """A string at ``key``, one of ``choices`` if given; ``default`` if absent."""
        value = self.value(raw, where, key)
        if value is None:
            if default is None:
                self.problem(f"{where}.{key}", "missing")
                return ""
            return default
        if not isinstance(value, str):
            self.problem(f"{where}.{key}", f"expected a string, got {value!r}")
            return default or ""
        allowed = tuple(choices) if choices is not None else None
        if allowed is not None and value not in allowed:
            self.problem(f"{where}.{key}", f"{value!r} is not one of {', '.join(allowed)}")
        return value

    def flag(self, raw: Mapping[str, object], where: str, key: str, default: bool) -> bool:
        value = self.value(raw, where, key)
        if value is None:
            return default
        if not isinstance(value, bool):
            self.problem(f"{where}.{key}", f"expected true or false, got {value!r}")
            return default
        return value

    def words(self, raw: Mapping[str, object], where: str, key: str) -> tuple[str, ...]:
        """A list of strings at ``key`` (empty if absent)."""
        value = self.value(raw, where, key)
        if value is None:
            return ()
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            self.problem(f"{where}.{key}", f"expected a list of strings, got {value!r}")
            return ()
        return tuple(value)
