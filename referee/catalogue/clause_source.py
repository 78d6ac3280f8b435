"""The clauses as search and ``referee rules show`` see them, from any data folder.

The clause catalogue (``data/catalogue/clauses/*.toml``) is loaded by
``referee.catalogue.clauses``; this module only asks it for the clauses of a given data
folder and groups each clause's editions by wording.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Protocol


class ClauseLike(Protocol):
    """The attributes of a catalogue clause that search and ``rules show`` use."""

    @property
    def id(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def section(self) -> str: ...
    @property
    def editions(self) -> Sequence[str]: ...
    @property
    def related(self) -> Sequence[str]: ...
    @property
    def keywords(self) -> Sequence[str]: ...
    @property
    def text(self) -> str: ...
    @property
    def editions_text(self) -> Mapping[str, str]: ...
    @property
    def difference(self) -> str | None: ...
    @property
    def source(self) -> Mapping[str, str]: ...


ClauseLoader = Callable[[Path], Mapping[str, ClauseLike]]


def clauses_folder(data: Path) -> Path:
    return data / "catalogue" / "clauses"


def load_clauses(data: Path) -> Mapping[str, ClauseLike]:
    """Every clause of the data folder ``data``, by id (none when it has no clause files)."""
    folder = clauses_folder(data)
    if not folder.is_dir():
        return {}
    from referee.catalogue.clauses import load_clauses as load_catalogue

    return load_catalogue(folder)


def wording(clause: ClauseLike, edition: str) -> str:
    """The clause's text in ``edition``: its own wording there, else the common text."""
    return clause.editions_text.get(edition) or clause.text


def wordings(clause: ClauseLike) -> list[tuple[tuple[str, ...], str]]:
    """The clause's distinct wordings, each with the editions that use it, in edition order."""
    grouped: dict[str, list[str]] = {}
    for edition in clause.editions or tuple(clause.editions_text) or ("",):
        grouped.setdefault(wording(clause, edition), []).append(edition)
    return [(tuple(eds), text) for text, eds in grouped.items()]
