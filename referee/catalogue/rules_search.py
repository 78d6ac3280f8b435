"""The rules search: the one function every front end asks (``referee rules search``, the
window's rules dock, the pages served to phones) to answer a player's question.

:func:`search` reads the question (:func:`~referee.catalogue.fts_query.build_query`: the
players' glossary of synonyms, the words of asking dropped, an edition the question names),
assumes an edition (the one the question names, else the one it is given: the match's, the
``--edition`` asked for, else none), looks every part of the question up in the catalogue
index and the imported rulebooks, reads a word that nothing has as the known word one typo
away from it (:mod:`referee.catalogue.typos`), and ranks the entries
(:mod:`referee.catalogue.ranking`). Each hit says why it ranks where it does.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Collection, Mapping, Sequence
from contextlib import ExitStack
from types import MappingProxyType
from typing import Any, Literal

import msgspec
from msgspec.structs import replace

from referee.catalogue.fts_query import FtsQuery, build_query
from referee.catalogue.hits import KINDS, Hit, Kind
from referee.catalogue.imports_db import ImportsDb
from referee.catalogue.ranking import (
    DEFAULT_TUNING,
    Candidate,
    Lookups,
    RowKey,
    Scored,
    Source,
    Titles,
    Tuning,
    best_per_entry,
    score_rows,
)
from referee.catalogue.search_index import (
    CatalogueIndex,
    IndexState,
    UnknownEdition,
    known_editions,
)
from referee.catalogue.search_words import search_words
from referee.catalogue.synonyms import Synonyms, synonyms
from referee.catalogue.typos import NO_VOCABULARY, Correction, Reading, Vocabulary, correct
from referee.errors import at_most
from referee.limits import QUERY_MAX_CHARS, QUERY_MAX_WORDS

Mode = Literal["all words", "any word", "fuzzy"]
KIND_OF: dict[str, Kind] = {k: k for k in KINDS}


class Assumed(msgspec.Struct, frozen=True):
    """The edition a search assumed and why ('named in the question', 'the match's', ...)."""

    edition: str | None
    reason: str

    def to_json(self) -> dict[str, Any]:
        return {"edition": self.edition, "why": self.reason}


class SearchResult(msgspec.Struct, frozen=True):
    """The hits, best first, what the search read and assumed, and the index's state.

    ``mode``: "all words" when the best hit holds every word searched for, "any word" when
    it does not, "fuzzy" when a word was read as another (a typo)."""

    query: str
    hits: tuple[Hit, ...]
    index: IndexState
    mode: Mode = "all words"
    assumed: Assumed = msgspec.field(default_factory=lambda: Assumed(None, "no edition given"))
    searched: tuple[str, ...] = ()
    dropped: tuple[str, ...] = ()
    corrections: tuple[Correction, ...] = ()
    other_editions: int = 0
    """The entries of other editions that the edition filter kept out, counted only when it
    left no hit (what the asker is told to search every edition for)."""

    @property
    def matched_all(self) -> bool:
        """Whether the best hit holds every word searched for."""
        return bool(self.hits) and self.hits[0].why is not None and self.hits[0].why.all_words

    def to_json(self) -> dict[str, Any]:
        return {
            "query": self.query,
            "mode": self.mode,
            "assumed": self.assumed.to_json(),
            "searched": list(self.searched),
            "dropped": list(self.dropped),
            "corrected": [c.to_json() for c in self.corrections],
            "hits": [h.to_json() for h in self.hits],
            "other_editions": self.other_editions,
        }


def _lookups(query: FtsQuery, sources: Sequence[Source]) -> tuple[Lookups, Titles]:
    """Every alternative of every part of the question, looked up in every source: the rows
    holding it with their bm25, and those holding it in their title."""
    found: dict[tuple[int, int], dict[RowKey, float]] = {}
    titles: dict[tuple[int, int], set[RowKey]] = {}
    seen: dict[str, tuple[dict[RowKey, float], set[RowKey]]] = {}
    for g, group in enumerate(query.groups):
        for a, term in enumerate(group.terms()):
            if term not in seen:  # a term in two parts ("fire": shooting and burning)
                rows: dict[RowKey, float] = {}
                titled: set[RowKey] = set()
                for source in sources:
                    scores = source.term_scores(term)
                    rows.update(((source.name, r), v) for r, v in scores.items())
                    if scores:
                        titled.update((source.name, r) for r in source.title_rows(term))
                seen[term] = (rows, titled)
            found[(g, a)], titles[(g, a)] = seen[term]
    return found, titles


def _candidates(
    lookups: Lookups, sources: Sequence[Source], edition: str | None, kinds: Collection[Kind]
) -> dict[RowKey, Candidate]:
    keys: dict[str, set[int]] = {}
    for rows in lookups.values():
        for name, rowid in rows:
            keys.setdefault(name, set()).add(rowid)
    out: dict[RowKey, Candidate] = {}
    for source in sources:
        if keys.get(source.name):
            for c in source.candidates(keys[source.name], edition).values():
                if c.kind in kinds:
                    out[c.key] = c
    return out


_ENTRY_ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)+")


def _typed_id(text: str) -> str | None:
    """The clause or ruling id the question is, typed exactly (``assault.advantage``)."""
    typed = text.strip().lower()
    return typed if _ENTRY_ID.fullmatch(typed) else None


def _assume(
    query: FtsQuery, edition: str | None, context: str | None, context_reason: str
) -> Assumed:
    if query.edition is not None:
        return Assumed(query.edition, f"named in the question ({query.named!r})")
    if edition is not None:
        return Assumed(edition, context_reason if edition == context else "the edition searched")
    if context is not None:
        return Assumed(context, context_reason)
    return Assumed(None, "no edition given: every edition alike")


def _hits(
    ranked: Sequence[Scored],
    all_rows: Sequence[Scored],
    sources: Sequence[Source],
    expression: str,
    wanted: str | None,
) -> list[Hit]:
    """The hits of the ranked rows: each names every edition whose wording matched as well
    as its best row (the same words), with the words of ``expression`` marked."""
    details: dict[RowKey, Mapping[str, Any]] = {}
    for source in sources:
        rows = [s.candidate.key[1] for s in ranked if s.candidate.key[0] == source.name]
        if rows:
            found = source.details(rows, expression)
            details.update(((source.name, r), d) for r, d in found.items())
    rows_of: dict[tuple[str, str], list[Scored]] = {}
    for other in all_rows:
        rows_of.setdefault((other.candidate.kind, other.candidate.id), []).append(other)
    hits = []
    for s in ranked:
        c = s.candidate
        d = details.get(c.key, {})
        editions = [
            e
            for other in rows_of[(c.kind, c.id)]
            if len(other.why.missing) == len(s.why.missing)
            for e in other.candidate.editions
        ]
        order = tuple(str(d.get("all_editions") or "").split())
        if not editions and c.kind == "clause":
            editions = list(c.speaks_for)  # a clause's common text: all its editions
        merged = {*editions}
        named = tuple([e for e in order if e in merged] + sorted(merged - set(order)))
        hits.append(
            Hit(
                id=c.id,
                kind=KIND_OF[c.kind],
                title=c.title,
                marked_title=str(d.get("marked_title") or c.title),
                marked_snippet=str(d.get("marked_snippet") or ""),
                editions=named,
                edition=wanted if wanted in named else next(iter(named), None),
                section=str(d.get("section") or ""),
                source=str(d.get("source") or ""),
                imported_at=d.get("imported_at"),
                score=round(s.score, 4),
                why=s.why,
                edition_order=order,
            )
        )
    return hits


def search(
    text: str,
    *,
    edition: str | None = None,
    context: str | None = None,
    context_reason: str = "the edition given",
    kinds: Collection[Kind] = KINDS,
    limit: int | None = 20,
    index: CatalogueIndex | None = None,
    imports: ImportsDb | None = None,
    tuning: Tuning = DEFAULT_TUNING,
) -> SearchResult:
    """Answer a question from the catalogue, the rulings and the imported rulebooks.

    ``edition`` keeps only entries of that edition (a ruling: of the clauses it cites; and
    untagged imports), or of the edition the question names, except the entry whose id the
    question is, typed exactly (shown whatever its edition, its hit saying it is not of it);
    ``context`` is the edition the asker plays (a match's ruleset), assumed unless the question
    names another; ``context_reason`` says where it comes from. Best hit first, one per
    entry, at most ``limit``."""
    index = index or CatalogueIndex()
    editions = known_editions(index.data)
    for name, value in (("--edition", edition), ("context", context)):
        if value is not None and value not in editions:
            raise UnknownEdition(
                f"{name} {value!r}: no such edition (known: {', '.join(editions)})"
            )
    unknown = set(kinds) - set(KINDS)
    if unknown:
        raise UnknownEdition(f"--kind {sorted(unknown)[0]!r}: expected one of {', '.join(KINDS)}")
    at_most("query length in characters", len(text), QUERY_MAX_CHARS)
    at_most("query length in words", len(text.split()), QUERY_MAX_WORDS)
    glossary = synonyms(index.data) if tuning.glossary else Synonyms()
    words = search_words(index.data)
    if not tuning.stopwords:
        words = replace(words, stopwords=frozenset())
    if not tuning.editions_named:
        words = replace(words, editions=MappingProxyType({}))
    if tuning.patterns:
        glossary = glossary.with_meanings(words.meanings)
    query = build_query(text, glossary, words)
    if not tuning.context:
        context = None
    if query.edition is not None and edition is not None:
        edition = query.edition  # "in the activation game": that edition's rules, whatever else
    assumed = _assume(query, edition, context, context_reason)
    catalogue = bool({"clause", "ruling"} & set(kinds))
    state = index.ensure() if catalogue else IndexState(index.path, False)
    imports = imports or ImportsDb()
    if query.empty:
        return SearchResult(text, (), state, "any word", assumed)

    def answer() -> SearchResult:
        with ExitStack() as stack:
            sources: list[Source] = []
            vocabulary: Vocabulary = NO_VOCABULARY
            if catalogue:
                reader = stack.enter_context(index.reader(tuning.weights))
                sources.append(reader)
                vocabulary = reader
            if "imported" in kinds:
                imported = stack.enter_context(imports.reader())
                if imported is not None:
                    sources.append(imported)
            reading = Reading(text, glossary, words, vocabulary)
            return _answer(reading, query, sources, state, assumed, edition, kinds, limit, tuning)

    try:
        return answer()
    except sqlite3.DatabaseError as exc:
        if isinstance(exc, sqlite3.OperationalError) and "fts5" in str(exc):
            raise  # a query the escaping should have prevented: a bug, not a bad file
        state = index.rebuild(f"{index.path}: unreadable search index ({exc}), rebuilt", True)
        return answer()


def _answer(
    reading: Reading,
    query: FtsQuery,
    sources: Sequence[Source],
    state: IndexState,
    assumed: Assumed,
    edition: str | None,
    kinds: Collection[Kind],
    limit: int | None,
    tuning: Tuning,
) -> SearchResult:
    lookups, titles = _lookups(query, sources)
    corrections, query, typed_as = (
        correct(reading, query, lookups) if tuning.typos else ((), query, {})
    )
    if corrections:
        lookups, titles = _lookups(query, sources)
    candidates = _candidates(lookups, sources, edition, kinds)
    typed_id = _typed_id(reading.text) if edition is not None else None
    if typed_id is not None:  # an id typed exactly shows whatever its edition, marked
        for key, c in _candidates(lookups, sources, None, kinds).items():
            if c.id == typed_id:
                candidates.setdefault(key, c)
    rows = max(sum(s.size() for s in sources), 1)
    scored = score_rows(
        query,
        lookups,
        titles,
        candidates,
        assumed.edition,
        rows,
        tuning,
        typed_as,
        reading.words.stopwords,
    )
    ranked = best_per_entry(scored)[:limit] if limit else best_per_entry(scored)
    hits = _hits(ranked, scored, sources, query.match_any(), edition)
    other_editions = 0
    if edition is not None and not hits:  # what the filter kept out, for the asker to know
        unfiltered = _candidates(lookups, sources, None, kinds).values()
        other_editions = len({(c.kind, c.id) for c in unfiltered})
    mode: Mode = (
        "fuzzy"
        if corrections
        else ("all words" if ranked and ranked[0].why.all_words else "any word")
    )
    return SearchResult(
        reading.text,
        tuple(hits),
        state,
        mode,
        assumed,
        tuple(g.text() for g in query.groups),
        query.dropped,
        corrections,
        other_editions,
    )
