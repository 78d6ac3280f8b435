"""How an event is named: a *target*, a path (an SQLite file) or a server URL
``postgresql://user@host/dbname`` (PostgreSQL). :mod:`referee.tournament.stores` turns a
target into a store; the server's store checks its URL here too."""

from __future__ import annotations

from pathlib import Path

Target = str | Path
EVENT_SUFFIX = ".db"
"""How an event file's name ends (it is an SQLite database)."""


def is_server_url(target: Target) -> bool:
    """Whether ``target`` names a server (``postgresql://`` or ``postgres://``)."""
    return isinstance(target, str) and target.startswith(("postgresql://", "postgres://"))
