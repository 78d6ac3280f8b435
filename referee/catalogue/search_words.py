"""How the rules search reads a question (``data/catalogue/search.toml``).

Two lists: the stopwords, the words of asking that a question drops before it is searched
("what happens if", "can I"); and the phrases that name a game system or an edition
("activation game", "old rules"), which make a question about that edition whatever the
asker plays. Schema: data/README.md, "Searching the rules". A missing file means neither.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from functools import cache
from pathlib import Path
from types import MappingProxyType

import msgspec

from referee.catalogue.synonyms import Words, words_of
from referee.errors import DataFileError, read_toml
from referee.paths import data_dir


class SearchWords(msgspec.Struct, frozen=True):
    """The stopwords, and each phrase naming an edition (as words) with its edition."""

    stopwords: frozenset[str] = frozenset()
    editions: Mapping[Words, str] = msgspec.field(default_factory=lambda: MappingProxyType({}))
    meanings: Mapping[Words, tuple[Words, ...]] = msgspec.field(
        default_factory=lambda: MappingProxyType({})
    )
    """A way of asking (as words) -> what the rules say for it ("how long" -> "removed")."""

    @property
    def longest(self) -> int:
        """The most words of a phrase naming an edition."""
        return max((len(k) for k in self.editions), default=0)


def parse_search_words(
    path: Path, doc: Mapping[str, object], known: Collection[str] = ()
) -> SearchWords:
    """Check a parsed search.toml; every problem names its key. ``known``: the editions a
    phrase may name (any when empty)."""
    problems: list[str] = []
    for key in sorted(set(doc) - {"stopwords", "edition", "question"}):
        problems.append(f"{key}: unknown key")
    raw_stop = doc.get("stopwords", [])
    stop: set[str] = set()
    if not isinstance(raw_stop, list) or not all(isinstance(w, str) for w in raw_stop):
        problems.append("stopwords: expected a list of words")
    else:
        for word in raw_stop:
            if words_of(word) != (word.lower(),):
                problems.append(f"stopwords: {word!r} is not one lower-case word")
            stop.add(word.lower())
    raw_editions = doc.get("edition", [])
    editions: dict[Words, str] = {}
    if not isinstance(raw_editions, list):
        problems.append("edition: expected [[edition]] tables")
        raw_editions = []
    for i, raw in enumerate(raw_editions):
        where = f"edition[{i}]"
        if not isinstance(raw, dict):
            problems.append(f"{where}: expected a table")
            continue
        for key in sorted(set(raw) - {"edition", "phrases"}):
            problems.append(f"{where}.{key}: unknown key")
        edition = raw.get("edition")
        if not isinstance(edition, str) or (known and edition not in known):
            problems.append(
                f"{where}.edition: expected one of {', '.join(known) or 'the editions'}"
            )
            continue
        phrases = raw.get("phrases")
        if not isinstance(phrases, list) or not all(isinstance(p, str) for p in phrases):
            problems.append(f"{where}.phrases: expected a list of phrases")
            continue
        for phrase in phrases:
            words = words_of(phrase)
            if not words:
                problems.append(f"{where}.phrases: {phrase!r} has no word")
            elif editions.get(words, edition) != edition:
                problems.append(f"{where}.phrases: {phrase!r} already names {editions[words]}")
            else:
                editions[words] = edition
    meanings = _meanings(doc.get("question", []), problems)
    if problems:
        raise DataFileError(path, problems)
    return SearchWords(frozenset(stop), MappingProxyType(editions), MappingProxyType(meanings))


def _meanings(raw: object, problems: list[str]) -> dict[Words, tuple[Words, ...]]:
    """The ``[[question]]`` tables: each way of asking and what the rules say for it."""
    if not isinstance(raw, list):
        problems.append("question: expected [[question]] tables")
        return {}
    meanings: dict[Words, tuple[Words, ...]] = {}
    for i, table in enumerate(raw):
        where = f"question[{i}]"
        if not isinstance(table, dict):
            problems.append(f"{where}: expected a table")
            continue
        for key in sorted(set(table) - {"asks", "means", "note"}):
            problems.append(f"{where}.{key}: unknown key")
        lists = {}
        for key in ("asks", "means"):
            value = table.get(key)
            if not (isinstance(value, list) and value and all(isinstance(v, str) for v in value)):
                problems.append(f"{where}.{key}: expected a list of phrases")
                continue
            words = [words_of(v) for v in value]
            if not all(words):
                problems.append(f"{where}.{key}: a phrase has no word")
                continue
            lists[key] = words
        if len(lists) == 2:
            for phrase in lists["asks"]:
                meanings[phrase] = tuple(lists["means"])
    return meanings


def search_words_path(data: Path | None = None) -> Path:
    return (data or data_dir()) / "catalogue" / "search.toml"


@cache
def _cached(path: Path, mtime_ns: int) -> SearchWords:
    if mtime_ns < 0:
        return SearchWords()
    return parse_search_words(path, read_toml(path))


def search_words(data: Path | None = None) -> SearchWords:
    """The search words of a data folder (the shipped one by default), reread when edited."""
    path = search_words_path(data)
    try:
        stamp = path.stat().st_mtime_ns
    except OSError:
        stamp = -1
    return _cached(path, stamp)
