"""One clause, ruling or imported passage in full, by id: what ``referee rules show`` prints.

A clause comes with its wording in every edition, the difference, its related clauses and
the rulings that cite it; a ruling with every reading, the default, how to switch it and
the reading each shipped ruleset takes.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

import msgspec

from referee.catalogue.clause_source import ClauseLike, ClauseLoader, load_clauses, wording
from referee.catalogue.imports_db import ImportedPassage, ImportsDb
from referee.catalogue.marks import MARK_CLOSE, MARK_OPEN
from referee.catalogue.search_index import cited_editions, known_editions, rulings_folder
from referee.errors import RefereeError, read_toml
from referee.paths import data_dir
from referee.ruleset.rulings import Ruling, load_register


class UnknownEntry(RefereeError):
    """No clause, ruling or imported passage has the id; the message suggests close ids."""


def _json_value(value: object) -> object:
    if isinstance(value, str | int | float | bool) or value is None:
        return value
    if isinstance(value, list | tuple):
        return [_json_value(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _json_value(v) for k, v in value.items()}
    return str(value)


class Reference(msgspec.Struct, frozen=True):
    """A clause id another entry names, with its title (``None``: no such clause)."""

    id: str
    title: str | None

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "title": self.title}


class ClauseDetail(msgspec.Struct, frozen=True):
    clause: ClauseLike
    related: tuple[Reference, ...]
    rulings: tuple[Ruling, ...]

    def editions_text(self) -> dict[str, str]:
        """The wording in each of the clause's editions (the common text where alike)."""
        return {e: wording(self.clause, e) for e in self.clause.editions}

    def to_json(self) -> dict[str, Any]:
        c = self.clause
        return {
            "kind": "clause",
            "id": c.id,
            "title": c.title,
            "section": c.section,
            "editions": list(c.editions),
            "text": c.text,
            "editions_text": self.editions_text(),
            "difference": c.difference or None,
            "source": dict(c.source),
            "keywords": list(c.keywords),
            "related": [r.to_json() for r in self.related],
            "rulings": [{"id": r.id, "title": r.title} for r in self.rulings],
        }


class RulesetReading(msgspec.Struct, frozen=True):
    """The reading a shipped ruleset takes of a ruling; ``chosen`` = named in its file;
    ``applies``: the ruleset is one of the editions the ruling is of (its reading is only the
    default left unused otherwise)."""

    ruleset: str
    option: str
    chosen: bool
    applies: bool = True


def switch_lines(ruling_id: str, option: str = "<option>") -> dict[str, str]:
    """How a referee switches a ruling: in ruleset.toml, or for one command."""
    return {
        "ruleset_toml": f'[rulings] "{ruling_id}" = "{option}"',
        "command_line": f"--ruling {ruling_id}={option}",
    }


SWITCH_WORDS = ("To take another reading", "in the ruleset's ruleset.toml:", "for one command:")
"""How a ruling's page introduces its switch lines (:func:`switch_lines`): the heading,
then the words before each line."""
_MARK = f"[{re.escape(MARK_OPEN)}{re.escape(MARK_CLOSE)}]?"
_SWITCH_LABEL = re.compile(f"{_MARK}switch{_MARK}:")
_TOML_LINE = re.compile(f"\\[({_MARK})rulings({_MARK})\\]")
_COMMAND_LINE = re.compile(f'", ({_MARK})--')


def switch_said(snippet: str, where: str = "") -> str:
    """A search hit's snippet of a ruling (matched words marked, as the index keeps it:
    ``switch: [rulings] "id" = "<option>", --ruling id=<option>``) with its switch lines
    introduced in the words of the ruling's page (:data:`SWITCH_WORDS`); ``where``: what
    the page says after the heading of a ruling that does not apply (``in a match of the
    activation edition, not this one``)."""
    heading, toml, command = SWITCH_WORDS
    said = _SWITCH_LABEL.sub(lambda _m: f"{heading}{where}:", snippet)
    said = _TOML_LINE.sub(lambda m: f"{toml} [{m.group(1)}rulings{m.group(2)}]", said)
    return _COMMAND_LINE.sub(lambda m: f'"; {command} {m.group(1)}--', said)


def editions_words(editions: Iterable[str]) -> str:
    """``the current, first-draft editions``."""
    names = list(editions)
    return f"the {', '.join(names)} edition{'s' if len(names) != 1 else ''}"


class RulingDetail(msgspec.Struct, frozen=True):
    ruling: Ruling
    clauses: tuple[Reference, ...]
    rulesets: tuple[RulesetReading, ...]
    editions: tuple[str, ...] = ()
    """The editions (ruleset ids) the ruling is of: those of the clauses it cites (none:
    every edition)."""
    systems: tuple[str, ...] = ()
    """The game systems of those editions (``ruleset.toml``'s ``system``)."""

    def applies_to(self, ruleset_id: str, system: str = "") -> bool:
        """Whether a match of ``ruleset_id`` (of game ``system``) may play under this ruling:
        one of its editions, or another edition of the same game (whose engine reads every
        ruling of its game: scoring, unit cards), never another game's."""
        if not self.editions or ruleset_id in self.editions:
            return True
        return system != "" and system in self.systems

    def to_json(self) -> dict[str, Any]:
        r = self.ruling
        return {
            "kind": "ruling",
            "id": r.id,
            "title": r.title,
            "unclear": r.unclear,
            "default": r.default,
            "options": [
                {
                    "id": o.id,
                    "reading": o.reading,
                    "value": _json_value(o.value),
                    "default": o.id == r.default,
                }
                for o in r.options
            ],
            "clauses": [c.to_json() for c in self.clauses],
            "switch": switch_lines(r.id),
            "rulesets": {x.ruleset: x.option for x in self.rulesets},
            "editions": list(self.editions),
            "systems": list(self.systems),
            "file": r.source.name,
        }


Entry = ClauseDetail | RulingDetail | ImportedPassage


def _systems_of(editions: tuple[str, ...], systems: dict[str, str]) -> list[str]:
    return list(dict.fromkeys(systems[e] for e in editions if systems.get(e)))


def ruleset_systems(data: Path) -> dict[str, str]:
    """The game system of each ruleset of ``data`` (``""``: its ruleset.toml names none)."""
    out = {}
    for ruleset_id in known_editions(data):
        system = read_toml(data / "rulesets" / ruleset_id / "ruleset.toml").get("system", "")
        out[ruleset_id] = system if isinstance(system, str) else ""
    return out


@cache
def _shipped_systems() -> Mapping[str, str]:
    return MappingProxyType(ruleset_systems(data_dir()))


def not_applying(
    ruling_ids: Iterable[str], ruleset_id: str, system: str
) -> dict[str, tuple[str, ...]]:
    """Of the shipped rulings ``ruling_ids``, those that do not apply to a match of
    ``ruleset_id``, of game ``system`` (:meth:`RulingDetail.applies_to`), each with the
    editions it is of: what a list of search hits says of them (an id that names no
    ruling is left out)."""
    from referee.catalogue.clauses import clauses
    from referee.ruleset.rulings import register

    known, catalogue, systems = register(), clauses(), dict(_shipped_systems())
    found = {}
    for ruling_id in ruling_ids:
        ruling = known.get(ruling_id)
        if ruling is None:
            continue
        editions = tuple(cited_editions(ruling, catalogue))
        detail = RulingDetail(ruling, (), (), editions, tuple(_systems_of(editions, systems)))
        if not detail.applies_to(ruleset_id, system):
            found[ruling_id] = editions
    return found


def ruleset_readings(
    data: Path, ruling: Ruling, editions: tuple[str, ...] = ()
) -> tuple[RulesetReading, ...]:
    """The reading each ruleset of ``data`` takes: its ``[rulings]`` entry, else the default;
    each saying whether the ruling applies to it (:meth:`RulingDetail.applies_to`, the
    ruling being of ``editions``)."""
    systems = ruleset_systems(data)
    detail = RulingDetail(ruling, (), (), editions, tuple(_systems_of(editions, systems)))
    found = []
    for ruleset_id in known_editions(data):
        chosen = read_toml(data / "rulesets" / ruleset_id / "ruleset.toml").get("rulings", {})
        option = chosen.get(ruling.id) if isinstance(chosen, dict) else None
        applies = detail.applies_to(ruleset_id, systems.get(ruleset_id, ""))
        if isinstance(option, str):
            found.append(RulesetReading(ruleset_id, option, True, applies))
        else:
            found.append(RulesetReading(ruleset_id, ruling.default, False, applies))
    return tuple(found)


def find_entries(
    entry_id: str,
    data: Path | None = None,
    imports: ImportsDb | None = None,
    clause_loader: ClauseLoader = load_clauses,
) -> list[Entry]:
    """Every entry with this id (a clause and a ruling may share one), clause first; an
    imported passage when no clause or ruling has it."""
    data = data or data_dir()
    clauses = clause_loader(data)
    folder = rulings_folder(data)
    rulings = load_register(folder) if folder.is_dir() else {}

    def refs(ids: tuple[str, ...] | list[str]) -> tuple[Reference, ...]:
        return tuple(Reference(i, clauses[i].title if i in clauses else None) for i in ids)

    found: list[Entry] = []
    clause = clauses.get(entry_id)
    if clause is not None:
        citing = tuple(r for r in rulings.values() if entry_id in r.clauses)
        found.append(ClauseDetail(clause, refs(list(clause.related)), citing))
    ruling = rulings.get(entry_id)
    if ruling is not None:
        editions = tuple(cited_editions(ruling, clauses))
        readings = ruleset_readings(data, ruling, editions)
        systems = tuple(_systems_of(editions, ruleset_systems(data)))
        found.append(RulingDetail(ruling, refs(ruling.clauses), readings, editions, systems))
    if not found:  # only then open the imports: a clause id never names a passage
        passage = (imports or ImportsDb()).passage(entry_id)
        if passage is not None:
            found.append(passage)
    if not found:
        close = difflib.get_close_matches(entry_id, [*clauses, *rulings], n=3, cutoff=0.6)
        hint = f" (did you mean {', '.join(close)}?)" if close else ""
        raise UnknownEntry(f"no clause, ruling or imported passage {entry_id!r}{hint}")
    return found
