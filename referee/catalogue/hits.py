"""A search hit: what was found, where it comes from, and the matched words marked."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any, Literal

from referee.catalogue.fts_query import FtsQuery
from referee.catalogue.synonyms import words_of

Kind = Literal["clause", "ruling", "imported"]
KINDS: tuple[Kind, ...] = ("clause", "ruling", "imported")

# Private marks around matched words, written by FTS5 highlight()/snippet(); they are
# replaced by brackets, ANSI bold or nothing when a hit is shown.
MARK_OPEN = "\x02"
MARK_CLOSE = "\x03"

# How a hit matched, best first: its title is what was typed; or its title with synonyms
# put in, or one of its keywords, is; or its title matched every word; or only its other
# columns matched.
TIER_EXACT_TITLE = 3
TIER_SYNONYM_TITLE = 2
TIER_TITLE = 1
TIER_BODY = 0


def title_tier(
    query: FtsQuery, title: str, title_matched: bool, keywords: Iterable[str] = ()
) -> int:
    """How well a hit's title answers ``query``: exactly, with synonyms or as one of its
    keywords (the drafts' own spelling, "Evation[N+]"), partly, or not at all."""
    if query.is_title(title):
        return TIER_EXACT_TITLE
    if query.is_synonym_title(title) or any(query.is_title(k) for k in keywords):
        return TIER_SYNONYM_TITLE
    return TIER_TITLE if title_matched else TIER_BODY


def render_marks(text: str, open_mark: str = "[", close_mark: str = "]") -> str:
    """``text`` with the matched words between ``open_mark`` and ``close_mark``."""
    return text.replace(MARK_OPEN, open_mark).replace(MARK_CLOSE, close_mark)


@dataclass(frozen=True)
class Hit:
    """One search result; ``rank`` is FTS5 bm25 (lower is better), ``tier`` ranks first."""

    id: str
    kind: Kind
    title: str
    marked_title: str
    marked_snippet: str
    editions: tuple[str, ...]
    edition: str | None
    section: str
    source: str
    imported_at: str | None
    tier: int
    rank: float
    edition_order: tuple[str, ...] = ()

    @property
    def score(self) -> float:
        """Higher is better: the bm25 relevance, positive."""
        return round(-self.rank, 4)

    def with_editions(self, more: tuple[str, ...], wanted: str | None) -> Hit:
        """This hit also matching the wording of ``more`` editions (another row of its entry)."""
        merged = {*self.editions, *more}
        order = [e for e in self.edition_order if e in merged]
        editions = tuple(order + sorted(merged - set(order)))
        edition = wanted if wanted in editions else next(iter(editions), None)
        return replace(self, editions=editions, edition=edition)

    @property
    def unmatched_title_words(self) -> int:
        """Words of the title the query did not match: fewer means a closer title."""
        rest = re.sub(f"{MARK_OPEN}[^{MARK_CLOSE}]*{MARK_CLOSE}", " ", self.marked_title)
        return len(words_of(rest))

    def sort_key(self) -> tuple[int, int, int, float, str]:
        """Tier first; among title hits, clauses before rulings and imports (for a
        title that was typed) and the closest title; then bm25."""
        kind_order = KINDS.index(self.kind) if self.tier >= TIER_SYNONYM_TITLE else 0
        closeness = self.unmatched_title_words if self.tier >= TIER_TITLE else 0
        return (-self.tier, kind_order, closeness, self.rank, self.id)

    def snippet(self, open_mark: str = "[", close_mark: str = "]") -> str:
        """The matched passage on one line, matched words between the marks."""
        return " ".join(render_marks(self.marked_snippet, open_mark, close_mark).split())

    def to_json(self) -> dict[str, Any]:
        """The hit as ``rules search --json`` prints it; matches are in [brackets]."""
        return {
            "id": self.id,
            "title": self.title,
            "edition": self.edition,
            "kind": self.kind,
            "snippet": self.snippet(),
            "score": self.score,
            "editions": list(self.editions),
            "section": self.section,
            "source": self.source,
            "imported_at": self.imported_at,
        }
