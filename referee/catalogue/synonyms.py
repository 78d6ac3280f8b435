"""Synonyms a player types for the same rule (``data/catalogue/synonyms.toml``).

Each group lists equivalent terms (a word or a phrase). A term found in a query stands for
every term of every group it belongs to; groups sharing a term are not merged, so "fire"
means both shooting and burning while "flame" never means "shoot".
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache, cached_property
from pathlib import Path
from types import MappingProxyType

import msgspec

from referee.errors import DataFileError, read_toml
from referee.paths import data_dir

Words = tuple[str, ...]

_WORD = re.compile(r"[^\W_]+")


def words_of(text: str) -> Words:
    """The lower-case words of ``text``: what full-text search sees ("To-Hit" -> to, hit)."""
    return tuple(w.lower() for w in _WORD.findall(text))


def match_key(words: Words) -> Words:
    """Words compared without a plural ``s`` ("wounds" matches "wound"; "los" stays)."""
    return tuple(
        w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w for w in words
    )


class Synonyms(msgspec.Struct, frozen=True, dict=True):
    """Every term (as its match key) and the alternatives it expands to."""

    expansions: Mapping[Words, tuple[Words, ...]] = msgspec.field(
        default_factory=lambda: MappingProxyType({})
    )

    @cached_property
    def longest(self) -> int:
        """The most words in one term: how far a query is scanned for a phrase."""
        return max((len(k) for k in self.expansions), default=1)

    def with_meanings(self, meanings: Mapping[Words, tuple[Words, ...]]) -> Synonyms:
        """These synonyms and, one way, what each phrase of ``meanings`` means: the phrase
        then stands for its meanings too, never the other way round."""
        if not meanings:
            return self
        merged = dict(self.expansions)
        for phrase, means in meanings.items():
            key = match_key(phrase)
            known = list(merged.get(key, (phrase,)))
            known += [m for m in means if m not in known]
            merged[key] = tuple(known)
        return Synonyms(MappingProxyType(merged))

    def alternatives(self, words: Words) -> tuple[Words, ...]:
        """What ``words`` stands for, itself first; just itself when no group has it."""
        found = self.expansions.get(match_key(words))
        if found is None:
            return (words,)
        return (words, *(alt for alt in found if alt != words))


def parse_synonyms(path: Path, doc: Mapping[str, object]) -> Synonyms:
    """Check a parsed synonyms file; every problem names its ``group[i]`` and key."""
    problems: list[str] = []
    for key in sorted(set(doc) - {"group"}):
        problems.append(f"{key}: unknown key (expected [[group]] tables)")
    groups = doc.get("group", [])
    if not isinstance(groups, list):
        raise DataFileError(path, ["group: expected [[group]] tables"])
    expansions: dict[Words, list[Words]] = {}
    for i, raw in enumerate(groups):
        where = f"group[{i}]"
        if not isinstance(raw, dict):
            problems.append(f"{where}: expected a table")
            continue
        for key in sorted(set(raw) - {"terms", "note"}):
            problems.append(f"{where}.{key}: unknown key")
        if "note" in raw and not isinstance(raw["note"], str):
            problems.append(f"{where}.note: expected a string")
        terms = raw.get("terms")
        if not isinstance(terms, list) or not all(isinstance(t, str) for t in terms):
            problems.append(f"{where}.terms: expected a list of strings")
            continue
        group: list[Words] = []
        for term in terms:
            words = words_of(term)
            if not words:
                problems.append(f"{where}.terms: {term!r} has no word to search for")
            elif words not in group:
                group.append(words)
        if len(group) < 2:
            problems.append(f"{where}.terms: a group needs at least two different terms")
            continue
        for words in group:
            known = expansions.setdefault(match_key(words), [])
            known.extend(w for w in group if w not in known)
    if problems:
        raise DataFileError(path, problems)
    return Synonyms(MappingProxyType({k: tuple(v) for k, v in expansions.items()}))


def load_synonyms(path: Path) -> Synonyms:
    """Read a synonyms file; a missing file means no synonyms."""
    if not path.exists():
        return Synonyms()
    return parse_synonyms(path, read_toml(path))


def synonyms_path(data: Path | None = None) -> Path:
    return (data or data_dir()) / "catalogue" / "synonyms.toml"


@cache
def _cached(path: Path, mtime_ns: int) -> Synonyms:
    return load_synonyms(path)


def synonyms(data: Path | None = None) -> Synonyms:
    """The synonyms of a data folder (the shipped one by default), reread when edited."""
    path = synonyms_path(data)
    try:
        stamp = path.stat().st_mtime_ns
    except OSError:
        stamp = -1
    return _cached(path, stamp)
