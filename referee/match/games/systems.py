"""Which kind of match file plays a ruleset: chosen by the ruleset's game system
(``system`` in its ``ruleset.toml``, one of ``data/rulesets/systems.toml``), never by its id.

:func:`match_files` maps each system to its class; a new game system adds its class here.
Each class is imported when first asked for: a match of one system (the window's start, a
``match show`` or ``match report``) never imports another system's engine.
:func:`match_class` is the class for a ruleset; :func:`open_match` opens any match file with
the class of the ruleset it was made with.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Mapping
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from referee.errors import RefereeError
from referee.match.journal import journal_file
from referee.match.journal.journal_file import JournalFile
from referee.ruleset.load import ruleset_system
from referee.sqlite_files import connect

ORDERS = "orders"
"""The game system of written orders (:attr:`referee.match.games.orders_file.MatchFile.SYSTEM`), the
one a match is of when its ruleset cannot be told."""


def _orders_class() -> type[JournalFile[Any]]:
    from referee.match.games.orders_file import MatchFile

    return MatchFile


def _activation_class() -> type[JournalFile[Any]]:
    from referee.match.games.activation_file import ActivationMatch

    return ActivationMatch


CLASSES: Mapping[str, Callable[[], type[JournalFile[Any]]]] = MappingProxyType(
    {ORDERS: _orders_class, "activation": _activation_class}
)
"""Game system -> how to import the class of its match files (only the one a match needs)."""


@cache
def match_files() -> Mapping[str, type[JournalFile[Any]]]:
    """Game system -> the class of its match files (every system's imported)."""
    return {system: load() for system, load in CLASSES.items()}


def match_class(ruleset_id: str | None) -> type[JournalFile[Any]]:
    """The class of the match files of ``ruleset_id`` (None: a map's or scenario's own
    edition, a match of written orders)."""
    if ruleset_id is None:
        return _orders_class()
    system = ruleset_system(ruleset_id)
    if system not in CLASSES:
        raise RefereeError(
            f"ruleset {ruleset_id!r}: no match can be played in its game system {system!r} yet"
        )
    return CLASSES[system]()  # the other systems' classes are left unimported


def _ruleset_of(path: Path) -> str | None:
    """The ruleset a match file names, or None when it cannot be told (the file is then
    opened as a match of written orders, which says what is wrong with it)."""
    try:
        with connect(path, mode="ro", timeout=journal_file.BUSY_SECONDS) as conn:
            row = conn.execute("SELECT value FROM meta WHERE key = 'ruleset'").fetchone()
        value = json.loads(row[0]) if row else None
    except (sqlite3.Error, OSError, ValueError, TypeError):
        return None
    return value if isinstance(value, str) else None


def file_system(path: Path) -> str | None:
    """The game system of the match file at ``path`` (None: it cannot be told)."""
    ruleset_id = _ruleset_of(path) if path.is_file() else None
    if ruleset_id is None:
        return None
    try:
        system = ruleset_system(ruleset_id)
    except RefereeError:
        return None
    return system if system in CLASSES else None


def open_match(path: Path | str) -> JournalFile[Any]:
    """Open the match file at ``path`` with the class of its ruleset's game system."""
    path = Path(path)
    ruleset_id = _ruleset_of(path) if path.is_file() else None
    try:
        cls = match_class(ruleset_id)
    except RefereeError:
        cls = _orders_class()  # an unknown ruleset: opening it says so, naming the file
    return cls.open(path)
