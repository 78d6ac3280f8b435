"""Turning what a player types into an SQLite FTS5 query that cannot be a syntax error.

A query is read as words, "quoted phrases", hyphenated words (a phrase: ``to-hit``) and
``prefix*`` words; every other character (colons, parentheses, stray quotes) only
separates words, and operator words (AND, OR, NOT, NEAR) are plain words. Each word or
phrase is written as an FTS5 string, so the user never writes FTS syntax. Runs of words
that form a synonym become an OR group of the synonym's terms ("line of sight" ->
("line of sight" OR "los" OR ...)).

A question is read as a player asks it (:func:`build_query` with the search words of
``data/catalogue/search.toml``): a phrase naming a game or an edition ("in the activation
game") is taken out and remembered, and the words of asking ("what happens if", "can I")
are dropped, unless that leaves nothing. Titles are compared with everything typed.
"""

from __future__ import annotations

import re
from functools import cached_property

import msgspec
from msgspec.structs import replace

from referee.catalogue.search_words import SearchWords
from referee.catalogue.synonyms import Synonyms, Words, match_key, words_of

# What the user typed as one thing: words joined by hyphens, apostrophes, dots or slashes
# ("to-hit", "don't", "1/2") are one phrase; any other character separates.
_CHUNK = re.compile(r"[\w\-'\u2019./*]+\+?")
# A number with a sign after it is a success number (dice.success): "9+" means 9 or higher.
_SUCCESS = {"+": ("or", "higher"), "-": ("or", "lower")}


class Unit(msgspec.Struct, frozen=True):
    """One thing the user typed: a word, a hyphenated word or a quoted phrase."""

    words: Words
    prefix: bool = False
    quoted: bool = False


class Group(msgspec.Struct, frozen=True):
    """What one part of the query may match: any of its alternatives (the typed one first)."""

    alternatives: tuple[Words, ...]
    prefix: bool = False
    quoted: bool = False

    @property
    def typed(self) -> Words:
        return self.alternatives[0]

    def terms(self) -> tuple[str, ...]:
        """Each alternative as an FTS5 string (the typed one first)."""
        star = "*" if self.prefix else ""
        return tuple(f'"{" ".join(words)}"{star}' for words in self.alternatives)

    def fts(self) -> str:
        terms = self.terms()
        return terms[0] if len(terms) == 1 else "(" + " OR ".join(terms) + ")"

    def text(self) -> str:
        """The group's typed words, as shown to the user."""
        return " ".join(self.typed) + ("*" if self.prefix else "")


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
            if len(chunk) > 1 and chunk[:-1].isdigit() and chunk[-1] in _SUCCESS:
                units.append(Unit(_SUCCESS[chunk[-1]]))
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
                groups.append(Group(alternatives, quoted=n == 1 and span[0].quoted))
                break
        i += n
    return groups


def _edition_named(units: list[Unit], words: SearchWords) -> tuple[list[Unit], str | None, str]:
    """``units`` without the phrases naming an edition, the edition the last one names and
    that phrase."""
    if not words.editions:
        return units, None, ""
    kept: list[Unit] = []
    named: str | None = None
    phrase = ""
    i = 0
    while i < len(units):
        for n in range(min(words.longest, len(units) - i), 0, -1):
            span = tuple(w for u in units[i : i + n] for w in u.words)
            if not any(u.prefix for u in units[i : i + n]) and span in words.editions:
                named, phrase = words.editions[span], " ".join(span)
                i += n
                break
        else:
            kept.append(units[i])
            i += 1
    return kept, named, phrase


def _is_stopword(group: Group, words: SearchWords) -> bool:
    return (
        not group.prefix
        and not group.quoted
        and len(group.alternatives) == 1
        and len(group.typed) == 1
        and group.typed[0] in words.stopwords
    )


class FtsQuery(msgspec.Struct, frozen=True, dict=True):
    """A parsed query: its groups, and the FTS5 MATCH strings built from them.

    ``groups`` are what is searched; ``typed`` are the groups of everything typed (titles are
    compared with them); ``dropped`` the stopwords left out; ``edition`` the edition a
    phrase of the query names (``named`` that phrase), else None."""

    groups: tuple[Group, ...]
    typed_groups: tuple[Group, ...] = ()
    dropped: tuple[str, ...] = ()
    edition: str | None = None
    named: str = ""

    @property
    def typed(self) -> tuple[Group, ...]:
        return self.typed_groups or self.groups

    @cached_property
    def _typed_key(self) -> Words:
        return match_key(tuple(w for g in self.typed for w in g.typed))

    @cached_property
    def _longest_typed(self) -> int:
        """The most title words the typed groups can stand for, synonyms put in."""
        return sum(max(len(a) for a in g.alternatives) for g in self.typed)

    def with_group(self, index: int, group: Group) -> FtsQuery:
        """The query with its ``index``-th group replaced (a typo read as a known word)."""
        groups = list(self.groups)
        groups[index] = group
        return replace(self, groups=tuple(groups))

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
        return self.is_title_key(title_key(title))

    def is_title_key(self, key: Words) -> bool:
        """:meth:`is_title` of a title given by its :func:`title_key`."""
        return bool(key) and key == self._typed_key

    def is_synonym_title(self, title: str) -> bool:
        """True when ``title`` is what was typed with synonyms put in ("LOS" -> "Line of sight")."""
        return self.is_synonym_title_key(title_key(title))

    def is_synonym_title_key(self, wanted: Words) -> bool:
        """:meth:`is_synonym_title` of a title given by its :func:`title_key`."""
        if not len(self.typed) <= len(wanted) <= self._longest_typed:
            return False

        def fits(rest: Words, groups: tuple[Group, ...]) -> bool:
            if not groups:
                return not rest
            return any(
                rest[: len(alt)] == match_key(alt) and fits(rest[len(alt) :], groups[1:])
                for alt in groups[0].alternatives
            )

        return bool(wanted) and fits(wanted, self.typed)


def title_key(title: str) -> Words:
    """A title's words as they are compared with what was typed (case, punctuation and a
    plural ``s`` aside)."""
    return match_key(words_of(title))


def build_query(text: str, synonyms: Synonyms, words: SearchWords | None = None) -> FtsQuery:
    """Parse and expand what the user typed; with ``words``, read it as a question (see the
    module docstring)."""
    units = parse_units(text)
    typed = tuple(expand(units, synonyms))
    if words is None:
        return FtsQuery(typed)
    rest, edition, named = _edition_named(units, words)
    groups = expand(rest, synonyms)
    kept = tuple(g for g in groups if not _is_stopword(g, words))
    dropped = tuple(g.text() for g in groups if _is_stopword(g, words))
    if not kept:  # only words of asking: search them as typed
        kept, dropped = tuple(groups), ()
    kept = tuple(dict.fromkeys(kept))  # a word typed twice is one part of the question
    return FtsQuery(kept, typed, dropped, edition, named)
