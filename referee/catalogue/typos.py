"""Typos in a question: a word that nothing in the rules has is read as a known word one
edit away ("misfre" as "misfire", "bleding" as "bleeding", "stubbon" as "stubborn").

An edit is a letter left out, added, changed, or two neighbours swapped. Known words are
those of the catalogue index (its vocabulary) and of the players' glossary. Of several
candidates, the one found beside the question's other words in the most entries wins, then
the one most entries use. Only words of four letters or more that match nothing are read
again; numbers, quoted words and word starts (``gren*``) never are.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from typing import Any, Protocol

import msgspec

from referee.catalogue.fts_query import FtsQuery, build_query
from referee.catalogue.search_words import SearchWords
from referee.catalogue.synonyms import Synonyms

LETTERS = "abcdefghijklmnopqrstuvwxyz"
MIN_LETTERS = 4


class Vocabulary(Protocol):
    """The words a typo may be read as (the catalogue index: :class:`~referee.catalogue.
    search_index.IndexReader`)."""

    def known_words(self, words: Collection[str]) -> Mapping[str, int]:
        """Which of ``words`` are known, with the number of entries using each."""
        ...

    def term_scores(self, term: str) -> Mapping[int, float]:
        """The rows holding one FTS5 string."""
        ...


class _NoVocabulary:
    def known_words(self, words: Collection[str]) -> Mapping[str, int]:
        return {}

    def term_scores(self, term: str) -> Mapping[int, float]:
        return {}


NO_VOCABULARY: Vocabulary = _NoVocabulary()
"""No known words besides the glossary's (a search of imported rulebooks alone)."""


class Reading(msgspec.Struct, frozen=True):
    """What a question is read with: its text, the glossary, the search words and the
    known words."""

    text: str
    glossary: Synonyms
    words: SearchWords
    vocabulary: Vocabulary


class Correction(msgspec.Struct, frozen=True):
    """A typed word and the known word it was read as."""

    typed: str
    read: str

    def to_json(self) -> dict[str, Any]:
        return {"typed": self.typed, "read_as": self.read}


def edits1(word: str) -> set[str]:
    """Every string one edit away from ``word`` (lower-case letters)."""
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    deletes = {a + b[1:] for a, b in splits if b}
    swaps = {a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1}
    changes = {a + c + b[1:] for a, b in splits if b for c in LETTERS}
    inserts = {a + c + b for a, b in splits for c in LETTERS}
    return (deletes | swaps | changes | inserts) - {word}


_GLOSSARY_WORDS: dict[int, tuple[Synonyms, frozenset[str]]] = {}


def _glossary_words(glossary: Synonyms) -> frozenset[str]:
    """Every word of the glossary's terms (worked out once per glossary read)."""
    kept = _GLOSSARY_WORDS.get(id(glossary))
    if kept is None or kept[0] is not glossary:
        words = frozenset(
            w for key, alts in glossary.expansions.items() for ws in (key, *alts) for w in ws
        )
        kept = _GLOSSARY_WORDS[id(glossary)] = (glossary, words)
    return kept[1]


def _unmatched(
    query: FtsQuery,
    lookups: Mapping[tuple[int, int], Mapping[Any, float]],
    known: Collection[str],
) -> list[str]:
    """The single words of the question that match nothing and may be typos (a word of
    ``known``, a stopword, is none)."""
    out = []
    for g, group in enumerate(query.groups):
        if any(lookups.get((g, a)) for a in range(len(group.alternatives))):
            continue
        if group.prefix or group.quoted or len(group.typed) != 1:
            continue
        word = group.typed[0]
        if len(word) >= MIN_LETTERS and word.isascii() and word.isalpha() and word not in known:
            out.append(word)
    return out


def _best(
    word: str,
    others: set[Any],
    vocabulary: Vocabulary,
    glossary: Synonyms,
) -> str | None:
    candidates = edits1(word)
    known = dict(vocabulary.known_words(candidates))
    for w in candidates & _glossary_words(glossary):
        known.setdefault(w, 1)
    if not known:
        return None

    def merit(candidate: str) -> tuple[int, int, str]:
        rows = set(vocabulary.term_scores(f'"{candidate}"'))
        return (len(rows & others), known[candidate], candidate)

    return max(known, key=merit)


def correct(
    reading: Reading,
    query: FtsQuery,
    lookups: Mapping[tuple[int, int], Mapping[Any, float]],
) -> tuple[tuple[Correction, ...], FtsQuery, dict[int, str]]:
    """The corrections of the question's typos, the question read with them, and for each
    part of it holding a corrected word what was typed there."""
    typos = _unmatched(query, lookups, reading.words.stopwords)
    if not typos:
        return (), query, {}
    others = {row[1] for rows in lookups.values() for row in rows if row[0] == "catalogue"}
    corrections = []
    for word in typos:
        read = _best(word, others, reading.vocabulary, reading.glossary)
        if read is not None:
            corrections.append(Correction(word, read))
    if not corrections:
        return (), query, {}
    fixed = reading.text
    for c in corrections:
        fixed = re.sub(rf"(?i)(?<![\w]){re.escape(c.typed)}(?![\w])", c.read, fixed)
    read_query = build_query(fixed, reading.glossary, reading.words)
    back = {c.read: c.typed for c in corrections}
    typed_as = {
        g: " ".join(back.get(w, w) for w in group.typed)
        for g, group in enumerate(read_query.groups)
        if any(w in back for w in group.typed)
    }
    return tuple(corrections), read_query, typed_as
