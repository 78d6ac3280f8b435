"""How the rules search ranks what it found, and why: one score per entry, best first.

Each part of a question (a word, a phrase, a synonym group: :class:`~referee.catalogue.
fts_query.Group`) is looked up on its own, every alternative of it apart, in every source (the
catalogue index, the imported rulebooks), each giving its rows a bm25 relevance with the
source's column weights. An entry's score is then

    (relevance x coverage ** COVERAGE + TITLE x tier) x edition factor

- *relevance*: the sum over the parts of the best alternative's bm25 (an alternative that
  is a synonym of what was typed counts SYNONYM of its bm25);
- *coverage*: the share of the question's information the entry holds: the parts it
  matched, each weighed by how rare it is (log(1 + rows / rows matching it)), over all;
- *tier*: 3 when the entry's title is what was typed, 2 when it is with synonyms put in or
  one of its keywords is what was typed (the drafts' own spellings), else 0;
- *edition factor*: 1 for an entry of the edition the search assumes (or when it assumes
  none), OTHER_WORDING for another edition's wording of a clause of that edition, and
  OTHER_EDITION for an entry of another edition or game only.

The numbers are chosen on the players' questions (``referee bench lookup``). Every scored
entry carries its :class:`Why`: the words and synonyms it matched, those it lacks, the
edition assumed, and the parts of its score.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping, Sequence
from typing import Any, Literal, Protocol

import msgspec

from referee.catalogue.fts_query import FtsQuery, Group
from referee.catalogue.synonyms import Words

TITLE_EXACT = 3
TITLE_SYNONYM = 2
TITLE_BONUS = 100.0
COVERAGE = 2.0
TITLE_SHARE = 4.0
SYNONYM = 0.8
OTHER_WORDING = 0.6
OTHER_EDITION = 0.1

RowKey = tuple[str, int]
"""A row of a source: the source's name and the row's id there."""


class Candidate(msgspec.Struct, frozen=True):
    """A row found by some part of the question, with what ranking needs to know of it."""

    key: RowKey
    kind: str
    id: str
    title: str
    title_key: Words
    """The title's words as compared with what was typed (:func:`fts_query.title_key`)."""
    keyword_keys: tuple[Words, ...]
    editions: tuple[str, ...]
    """The editions whose wording this row is (empty: every edition)."""
    speaks_for: tuple[str, ...]
    """The editions the entry is a rule of (empty: every edition)."""


class Source(Protocol):
    """Something searchable row by row: the catalogue index, the imported rulebooks."""

    name: str

    def size(self) -> int:
        """How many rows it has."""
        ...

    def term_scores(self, term: str) -> Mapping[int, float]:
        """Row id -> bm25 relevance (positive) of the rows matching one FTS5 string."""
        ...

    def title_rows(self, term: str) -> set[int]:
        """The rows whose title holds one FTS5 string."""
        ...

    def candidates(self, rows: Collection[int], edition: str | None) -> Mapping[int, Candidate]:
        """The rows of ``rows`` that belong to ``edition`` (every row when None)."""
        ...

    def details(self, rows: Collection[int], expression: str) -> Mapping[int, Mapping[str, Any]]:
        """What a hit shows of each row (title and snippet with the words of ``expression``
        marked, section, editions, source)."""
        ...


How = Literal["typed", "synonym", "typo"]


class Found(msgspec.Struct, frozen=True):
    """What one typed part of the question found in an entry: itself (``typed``), a synonym
    of it from the players' glossary (``synonym``), or the known word a typo was read as
    (``typo``)."""

    typed: str
    term: str
    how: How

    def text(self) -> str:
        if self.how == "typo":
            return f"{self.typed} (read as {self.term})"
        return self.typed if self.how == "typed" else f"{self.typed} (as {self.term})"

    def to_json(self) -> dict[str, Any]:
        return {"typed": self.typed, "found": self.term, "how": self.how}


class Why(msgspec.Struct, frozen=True):
    """Why an entry ranks where it does (see the module docstring)."""

    matched: tuple[Found, ...]
    missing: tuple[str, ...]
    edition: str | None
    """The edition the search assumed, or None."""
    in_edition: bool
    title: str
    """Why its title counts ('' when it does not)."""
    relevance: float
    coverage: float
    factor: float

    @property
    def all_words(self) -> bool:
        return not self.missing

    def text(self) -> str:
        """One line in words: matched, lacking, title, edition."""
        parts = []
        if self.matched:
            parts.append("matched " + ", ".join(f.text() for f in self.matched))
        if self.missing:
            parts.append("not " + ", ".join(self.missing))
        if self.title:
            parts.append(self.title)
        if self.edition is not None:
            where = "in" if self.in_edition else "not in"
            parts.append(f"{where} the {self.edition} edition")
        return "; ".join(parts)

    def to_json(self) -> dict[str, Any]:
        return {
            "matched": [f.to_json() for f in self.matched],
            "missing": list(self.missing),
            "title": self.title or None,
            "edition": self.edition,
            "in_edition": self.in_edition,
            "relevance": round(self.relevance, 4),
            "coverage": round(self.coverage, 4),
            "edition_factor": self.factor,
        }


class Scored(msgspec.Struct, frozen=True):
    candidate: Candidate
    score: float
    why: Why


class Tuning(msgspec.Struct, frozen=True):
    """The numbers of the score (module docstring) and the means of reading a question,
    each of which ``referee bench lookup --ablations`` turns off in turn to show what it
    buys; the defaults are the product's."""

    title_bonus: float = TITLE_BONUS
    coverage: float = COVERAGE
    synonym: float = SYNONYM
    other_wording: float = OTHER_WORDING
    other_edition: float = OTHER_EDITION
    sum_alternatives: bool = True
    title_share: float = TITLE_SHARE
    """How much it counts that the question holds the words of an entry's title."""
    rarity: float = 1.0
    """How much a part's rarity weighs in coverage: its weight is log(1 + rows / rows
    matching it) raised to this (0: every part alike)."""
    weights: tuple[float, ...] | None = None
    """bm25 weights of the catalogue index's columns (None: the index's own)."""
    glossary: bool = True
    """Expand the question with the players' glossary (data/catalogue/synonyms.toml)."""
    stopwords: bool = True
    """Drop the words of asking (data/catalogue/search.toml)."""
    patterns: bool = True
    """Read the ways of asking as what the rules say for them (search.toml, [[question]])."""
    editions_named: bool = True
    """Take an edition the question names as the one assumed."""
    context: bool = True
    """Assume the edition the asker plays (their match's)."""
    typos: bool = True
    """Read a word nothing has as the nearest known word."""


DEFAULT_TUNING = Tuning()

Lookups = Mapping[tuple[int, int], Mapping[RowKey, float]]
"""(part index, alternative index) -> row -> bm25 relevance."""

Titles = Mapping[tuple[int, int], Collection[RowKey]]
"""(part index, alternative index) -> the rows whose title holds it."""


def edition_factor(candidate: Candidate, edition: str | None, tuning: Tuning) -> tuple[float, bool]:
    """The factor an entry's row takes under the edition assumed, and whether it is of it."""
    if edition is None or not candidate.speaks_for:
        return 1.0, True
    if edition not in candidate.speaks_for:
        return tuning.other_edition, False
    if candidate.editions and edition not in candidate.editions:
        return tuning.other_wording, True
    return 1.0, True


def title_reason(query: FtsQuery, candidate: Candidate) -> tuple[int, str]:
    """The title tier of a row and the reason in words ('' for none)."""
    if query.is_title_key(candidate.title_key):
        return TITLE_EXACT, "its title is what was typed"
    if query.is_synonym_title_key(candidate.title_key):
        return TITLE_SYNONYM, "its title is what was typed, with synonyms"
    if any(query.is_title_key(k) for k in candidate.keyword_keys):
        return TITLE_SYNONYM, "one of its keywords is what was typed"
    return 0, ""


def _weights(query: FtsQuery, lookups: Lookups, rows: int, rarity: float) -> list[float]:
    """Each part's weight: how rare the rows it matches are (0 when it matches none)."""
    weights = []
    for g, group in enumerate(query.groups):
        matched: set[RowKey] = set()
        for a in range(len(group.alternatives)):
            matched.update(lookups.get((g, a), {}))
        weights.append(math.log(1 + rows / len(matched)) ** rarity if matched else 0.0)
    return weights


def score_rows(
    query: FtsQuery,
    lookups: Lookups,
    titles: Titles,
    candidates: Mapping[RowKey, Candidate],
    edition: str | None,
    rows: int,
    tuning: Tuning = DEFAULT_TUNING,
    typed_as: Mapping[int, str] | None = None,
    stopwords: Collection[str] = (),
) -> list[Scored]:
    """Every candidate row scored (module docstring), best first; ``typed_as`` gives, for a
    part read from a typo, what was typed."""
    weights = _weights(query, lookups, rows, tuning.rarity)
    total = sum(weights) or 1.0
    typed_as = typed_as or {}
    parts = [
        (
            typed_as.get(g, group.text()),
            g in typed_as,
            [
                (
                    lookups.get((g, a), {}),
                    1.0 if a == 0 else tuning.synonym,
                    " ".join(alt),
                    titles.get((g, a), ()),
                    sum(1 for w in alt if w not in stopwords) or len(alt),
                )
                for a, alt in enumerate(group.alternatives)
            ],
        )
        for g, group in enumerate(query.groups)
    ]
    scored: list[Scored] = []
    for key, cand in candidates.items():
        relevance = 0.0
        held = 0.0
        matched: list[Found] = []
        missing: list[str] = []
        in_title = 0
        for g, (typed, corrected, alternatives) in enumerate(parts):
            best, best_term, total_value = -1.0, "", 0.0
            how: How = "typed"
            title_words = 0
            for a, (found, weight, term, titled, length) in enumerate(alternatives):
                value = found.get(key)
                if value is None:
                    continue
                total_value += value * weight
                if key in titled:
                    title_words = max(title_words, length)
                if value * weight > best:
                    best = value * weight
                    if how != "typed" or best_term == "":  # the typed words, when they matched
                        best_term, how = term, "synonym" if a else "typed"
            in_title += title_words
            if best < 0:
                missing.append(typed)
                continue
            relevance += total_value if tuning.sum_alternatives else best
            held += weights[g]
            matched.append(Found(typed, best_term, "typo" if corrected else how))
        coverage = held / total
        title_size = sum(1 for w in cand.title_key if w not in stopwords) or 1
        title_share = min(1.0, in_title / title_size)
        tier, reason = title_reason(query, cand)
        factor, in_edition = edition_factor(cand, edition, tuning)
        base = relevance * coverage**tuning.coverage * (1 + tuning.title_share * title_share)
        score = (base + tuning.title_bonus * tier) * factor
        why = Why(
            tuple(matched),
            tuple(missing),
            edition,
            in_edition,
            reason,
            relevance,
            coverage,
            factor,
        )
        scored.append(Scored(cand, score, why))
    scored.sort(key=lambda s: (-s.score, s.candidate.kind != "clause", s.candidate.id))
    return scored


def best_per_entry(scored: Sequence[Scored]) -> list[Scored]:
    """One row per entry (kind and id): its best, in the order given."""
    seen: set[tuple[str, str]] = set()
    out = []
    for s in scored:
        entry = (s.candidate.kind, s.candidate.id)
        if entry not in seen:
            seen.add(entry)
            out.append(s)
    return out


def group_terms(group: Group) -> tuple[str, ...]:
    """The FTS5 strings looked up for one part of the question, its typed one first."""
    return group.terms()
