"""Turning what a player types into an SQLite FTS5 query that cannot be a syntax error.

A query is read as words, "quoted phrases", hyphenated words (a phrase: ``to-hit``) and
``prefix*`` words; every other character (colons, parentheses, stray quotes) only
separates words, and operator words (AND, OR, NOT, NEAR) are plain words. Each word or
phrase is written as an FTS5 string, so the user never writes FTS syntax. Runs of words
that form a synonym become an OR group of the synonym's terms ("line of sight" ->
("line of sight" OR "los" OR ...)).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from referee.catalogue.synonyms import Synonyms, Words, match_key, words_of

# What the user typed as one thing: words joined by hyphens, apostrophes, dots or slashes
# ("to-hit", "don't", "1/2") are one phrase; any other character separates.
_CHUNK = re.compile(r"[\w\-'\u2019./*]+")


@dataclass(frozen=True)
class Unit:
    """One thing the user typed: a word, a hyphenated word or a quoted phrase."""

    words: Words
    prefix: bool = False
    quoted: bool = False


@dataclass(frozen=True)
class Group:
    """What one part of the query may match: any of its alternatives (the typed one first)."""

    alternatives: tuple[Words, ...]
    prefix: bool = False

    @property
    def typed(self) -> Words:
        return self.alternatives[0]

    def fts(self) -> str:
        star = "*" if self.prefix else ""
        terms = [f'"{" ".join(words)}"{star}' for words in self.alternatives]
        return terms[0] if len(terms) == 1 else "(" + " OR ".join(terms) + ")"


def parse_units(text: str) -> list[Unit]:
    """The words and phrases of ``text``; an unbalanced quote counts as a space."""
    parts = text.split('"')
    closed = len(parts) if len(parts) % 2 == 1 else len(parts) - 1
    units: list[Unit] = []
    for i, part in enumerate(parts):
        if i % 2 == 1 and i < closed:
            words = words_of(part)
            if words:
                units.append(Unit(words, quoted=True))
            continue
        for chunk in _CHUNK.findall(part):
            words = words_of(chunk)
            if words:
                units.append(Unit(words, prefix=chunk.endswith("*") and len(words) == 1))
    return units


def expand(units: list[Unit], synonyms: Synonyms) -> list[Group]:
    """Group the units, replacing the longest runs that form a synonym by its terms."""
    groups: list[Group] = []
    i = 0
    while i < len(units):
        for n in range(min(synonyms.longest, len(units) - i), 0, -1):
            span = units[i : i + n]
            if n > 1 and any(u.quoted or u.prefix for u in span):
                continue
            if span[0].prefix:
                groups.append(Group((span[0].words,), prefix=True))
                break
            words = tuple(w for u in span for w in u.words)
            alternatives = synonyms.alternatives(words)
            if n == 1 or len(alternatives) > 1:
                groups.append(Group(alternatives))
                break
        i += n
    return groups


@dataclass(frozen=True)
class FtsQuery:
    """A parsed query: its groups, and the FTS5 MATCH strings built from them."""

    groups: tuple[Group, ...]

    @property
    def empty(self) -> bool:
        return not self.groups

    def match_all(self) -> str:
        """Every group must match (the normal search); FTS5 needs AND beside a bracket."""
        return " AND ".join(g.fts() for g in self.groups)

    def match_any(self) -> str:
        """Any group may match (the fallback when nothing matches them all)."""
        return " OR ".join(g.fts() for g in self.groups)

    def in_columns(self, columns: tuple[str, ...], expression: str) -> str:
        """``expression`` restricted to ``columns`` (FTS5 column filter)."""
        return "{" + " ".join(columns) + "} : (" + expression + ")"

    def is_title(self, title: str) -> bool:
        """True when ``title`` is exactly what was typed, case and punctuation aside."""
        wanted = match_key(words_of(title))
        return bool(wanted) and wanted == match_key(tuple(w for g in self.groups for w in g.typed))

    def is_synonym_title(self, title: str) -> bool:
        """True when ``title`` is what was typed with synonyms put in ("LOS" -> "Line of sight")."""
        wanted = match_key(words_of(title))

        def fits(rest: Words, groups: tuple[Group, ...]) -> bool:
            if not groups:
                return not rest
            return any(
                rest[: len(alt)] == match_key(alt) and fits(rest[len(alt) :], groups[1:])
                for alt in groups[0].alternatives
            )

        return bool(wanted) and fits(wanted, self.groups)


def build_query(text: str, synonyms: Synonyms) -> FtsQuery:
    """Parse and expand what the user typed."""
    return FtsQuery(tuple(expand(parse_units(text), synonyms)))
