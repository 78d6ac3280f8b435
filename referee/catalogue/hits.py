"""A search hit: what was found, where it comes from, the matched words marked, and why it
ranks where it does."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

import msgspec

from referee.catalogue.marks import MARK_CLOSE, MARK_OPEN

if TYPE_CHECKING:
    from referee.catalogue.ranking import Why

Kind = Literal["clause", "ruling", "imported"]
KINDS: tuple[Kind, ...] = ("clause", "ruling", "imported")


def render_marks(text: str, open_mark: str = "[", close_mark: str = "]") -> str:
    """``text`` with the matched words between ``open_mark`` and ``close_mark``."""
    return text.replace(MARK_OPEN, open_mark).replace(MARK_CLOSE, close_mark)


class Hit(msgspec.Struct, frozen=True):
    """One search result; ``score`` orders the hits (higher first), ``why`` explains it
    (:class:`referee.catalogue.ranking.Why`)."""

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
    score: float = 0.0
    why: Why | None = None
    edition_order: tuple[str, ...] = ()

    def snippet(self, open_mark: str = "[", close_mark: str = "]") -> str:
        """The matched passage on one line, matched words between the marks."""
        return " ".join(render_marks(self.marked_snippet, open_mark, close_mark).split())

    def reason(self) -> str:
        """Why the hit ranks where it does, in words ('' when not known)."""
        return self.why.text() if self.why is not None else ""

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
            "why": self.why.to_json() if self.why is not None else None,
            "reason": self.reason(),
        }
