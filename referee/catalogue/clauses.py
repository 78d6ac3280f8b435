"""The clause catalogue: every rule of the drafts as a clause with a stable id.

Read from ``data/catalogue/clauses/*.toml`` (schema: data/README.md, section "Clauses").
A clause has an id such as ``fire.aim`` that the engine cites, the heading a player would
look for (``title``), the drafts' section, the editions it belongs to, its text in the
project's words and, where the editions word it differently, one wording per edition and
the sentence saying what changed. Every problem of a file is reported at once, each naming
the clause and the key.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import TypeGuard

import msgspec

from referee.errors import DataFileError, read_toml
from referee.paths import data_dir

EDITIONS: tuple[str, ...] = ("current", "first-draft", "activation")
"""The ruleset ids a clause may belong to, in the order wordings are shown."""

ID_PATTERN = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)+$")
"""``<area>.<topic>[.<sub>]``: lower case, dot-separated, hyphens inside words."""

_REQUIRED = ("id", "title", "section", "editions", "text")
_OPTIONAL = ("related", "keywords", "procedure", "editions_text", "difference", "source")


def _no_texts() -> Mapping[str, str]:
    return MappingProxyType({})


class EditionText(msgspec.Struct, frozen=True):
    """The wording of a clause in one edition, with where it comes from in the drafts."""

    edition: str
    text: str
    source: str | None


@dataclass(frozen=True, slots=True)
class Clause:
    """One rule of the drafts: its id, heading, section, editions and text."""

    id: str
    title: str
    section: str
    editions: tuple[str, ...]
    text: str
    related: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    procedure: bool = False
    editions_text: Mapping[str, str] = field(default_factory=_no_texts, hash=False)
    difference: str | None = None
    source: Mapping[str, str] = field(default_factory=_no_texts, hash=False)
    file: Path = field(default=Path(), compare=False)

    @property
    def differs(self) -> bool:
        """Whether the editions word this clause differently (it has per-edition wordings)."""
        return bool(self.editions_text)

    def wordings(self) -> tuple[EditionText, ...]:
        """The per-edition wordings side by side, in edition order; empty if they agree."""
        return tuple(
            EditionText(ed, self.editions_text[ed], self.source.get(ed))
            for ed in EDITIONS
            if ed in self.editions_text
        )

    def wording(self, edition: str) -> str:
        """The text of this clause as ``edition`` words it (the common text if they agree)."""
        return self.editions_text.get(edition, self.text)


def _strings(value: object) -> TypeGuard[list[str]]:
    return isinstance(value, list) and all(isinstance(v, str) and v.strip() for v in value)


def _edition_table(
    where: str, value: object, problems: list[str], *, extra: tuple[str, ...] = ()
) -> dict[str, object] | None:
    """A table keyed by edition ids (plus ``extra`` keys), else a problem and None."""
    if not isinstance(value, dict):
        problems.append(f"{where}: expected a table of edition = text")
        return None
    ok = True
    for key, text in value.items():
        if key in extra:
            continue
        if key not in EDITIONS:
            problems.append(f"{where}.{key}: unknown edition (editions: {', '.join(EDITIONS)})")
            ok = False
        elif not isinstance(text, str) or not text.strip():
            problems.append(f"{where}.{key}: expected text")
            ok = False
    return value if ok else None


def _parse_clause(path: Path, index: int, raw: object, problems: list[str]) -> Clause | None:
    """One ``[[clause]]`` table as a Clause, or None after adding its problems."""
    where = f"clause[{index}]"
    if not isinstance(raw, dict):
        problems.append(f"{where}: expected a table")
        return None
    cid = raw.get("id")
    if not isinstance(cid, str) or not cid:
        problems.append(f"{where}.id: missing")
        return None
    where = f"clause {cid}"
    start = len(problems)
    if not ID_PATTERN.match(cid):
        problems.append(f"{where}.id: expected <area>.<topic>, lower case with hyphens")
    for key in sorted(set(raw) - set(_REQUIRED) - set(_OPTIONAL)):
        problems.append(f"{where}.{key}: unknown key")
    for key in ("title", "section", "text"):
        value = raw.get(key)
        if not isinstance(value, str) or not value.strip():
            problems.append(f"{where}.{key}: missing")
    raw_editions = raw.get("editions")
    editions: list[str] = raw_editions if _strings(raw_editions) else []
    if not editions:
        problems.append(f"{where}.editions: expected a non-empty list of edition ids")
    for ed in editions:
        if ed not in EDITIONS:
            problems.append(f"{where}.editions: unknown edition {ed!r} ({', '.join(EDITIONS)})")
    if len(set(editions)) != len(editions):
        problems.append(f"{where}.editions: an edition is listed twice")
    for key in ("related", "keywords"):
        if key in raw and not _strings(raw[key]):
            problems.append(f"{where}.{key}: expected a list of strings")
    related = raw.get("related", [])
    if isinstance(related, list) and cid in related:
        problems.append(f"{where}.related: a clause cannot be related to itself")
    if not isinstance(raw.get("procedure", False), bool):
        problems.append(f"{where}.procedure: expected true or false")

    wordings, difference, source = _wordings(where, raw, editions, problems)
    if len(problems) > start:
        return None
    return Clause(
        id=cid,
        title=raw["title"].strip(),
        section=raw["section"].strip(),
        editions=tuple(editions),
        text=raw["text"].strip(),
        related=tuple(raw.get("related", ())),
        keywords=tuple(raw.get("keywords", ())),
        procedure=raw.get("procedure", False),
        editions_text=MappingProxyType(wordings),
        difference=difference,
        source=MappingProxyType(source),
        file=path,
    )


def _wordings(
    where: str, raw: dict[str, object], editions: list[str], problems: list[str]
) -> tuple[dict[str, str], str | None, dict[str, str]]:
    """The per-edition wordings, the difference and the sources of one clause table.

    ``difference`` and ``source`` may sit in the clause or inside its ``editions_text``.
    """
    nested: dict[str, object] = {}
    wordings: dict[str, str] = {}
    if "editions_text" in raw:
        table = _edition_table(
            f"{where}.editions_text", raw["editions_text"], problems, extra=("difference", "source")
        )
        if table is not None:
            nested = {k: v for k, v in table.items() if k in ("difference", "source")}
            wordings = {
                k: v.strip() for k, v in table.items() if isinstance(v, str) and k in EDITIONS
            }
            if len(wordings) < 2:
                problems.append(f"{where}.editions_text: needs the wordings of two editions")
            for ed in sorted(set(wordings) - set(editions)):
                problems.append(f"{where}.editions_text.{ed}: {ed} is not in the clause's editions")
    for key in ("difference", "source"):
        if key in raw and key in nested:
            problems.append(f"{where}.{key}: given both in the clause and in editions_text")
    difference = raw.get("difference", nested.get("difference"))
    if difference is not None and (not isinstance(difference, str) or not difference.strip()):
        problems.append(f"{where}.difference: expected one sentence")
    if "editions_text" in raw and difference is None:
        problems.append(f"{where}.difference: required when editions_text is given")
    if difference is not None and "editions_text" not in raw:
        problems.append(f"{where}.difference: only with editions_text")
    source: dict[str, str] = {}
    raw_source = raw.get("source", nested.get("source"))
    if raw_source is not None:
        table = _edition_table(f"{where}.source", raw_source, problems) or {}
        source = {k: str(v) for k, v in table.items()}
        for ed in sorted(set(source) - set(editions)):
            problems.append(f"{where}.source.{ed}: {ed} is not in the clause's editions")
    return wordings, difference.strip() if isinstance(difference, str) else None, source


def _read_file(path: Path, problems: list[str], named: set[str]) -> list[Clause]:
    """The good clauses of one file; adds every id it names, good or not, to ``named``."""
    doc = read_toml(path)
    for key in sorted(set(doc) - {"clause"}):
        problems.append(f"{key}: unknown key (a clause file holds [[clause]] tables)")
    raw_clauses = doc.get("clause", [])
    if not isinstance(raw_clauses, list):
        problems.append("clause: expected [[clause]] tables")
        return []
    named.update(
        r["id"] for r in raw_clauses if isinstance(r, dict) and isinstance(r.get("id"), str)
    )
    parsed = (_parse_clause(path, i, raw, problems) for i, raw in enumerate(raw_clauses))
    return [clause for clause in parsed if clause is not None]


def load_clauses(folder: Path | None = None) -> dict[str, Clause]:
    """Every clause of ``folder`` (default ``data/catalogue/clauses``), by id.

    Raises DataFileError naming the first file with problems and every problem in it:
    unknown or missing keys, unknown editions, an id defined twice (in any two files), a
    ``related`` id that names no clause. A folder without clause files has no clauses.
    """
    folder = folder or data_dir() / "catalogue" / "clauses"
    if not folder.is_dir():
        raise DataFileError(folder, ["no such folder of clause files"])
    paths = sorted(folder.glob("*.toml"))
    catalogue: dict[str, Clause] = {}
    named: set[str] = set()
    problems_by_file: dict[Path, list[str]] = {}
    for path in paths:
        problems = problems_by_file.setdefault(path, [])
        for clause in _read_file(path, problems, named):
            if clause.id in catalogue:
                other = catalogue[clause.id].file
                at = "this file" if other == path else other.name
                problems.append(f"clause {clause.id}: already defined in {at}")
                continue
            catalogue[clause.id] = clause
    for clause in catalogue.values():
        for rid in clause.related:
            if rid not in named:
                problems_by_file[clause.file].append(
                    f"clause {clause.id}.related: no clause {rid!r}"
                )
    for path in paths:
        if problems_by_file[path]:
            raise DataFileError(path, problems_by_file[path])
    return catalogue


@cache
def clauses() -> Mapping[str, Clause]:
    """The shipped catalogue, loaded once."""
    return MappingProxyType(load_clauses())
