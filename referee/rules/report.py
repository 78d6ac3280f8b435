"""What a game system writes into a match's printed report (``referee match report``): its
report sections (:meth:`referee.rules.system.GameSystem.report`). The page around them --
the title, the line of facts, the contents, the rules appendix every cited clause and ruling
links into -- is written once for every game (:mod:`referee.match.reports.match_report`), and
handed to the system as a :class:`ReportPage` for what the sections share with it."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol

import msgspec

from referee.rules.events import Event


class ReportPage(Protocol):
    """What the report page gives a game system's sections: each clause and ruling id cited
    through it is a link into the page's rules appendix."""

    ruleset_name: str
    """The name of the match's ruleset (its edition)."""

    def why(self, clauses: Iterable[str], rulings: Iterable[str]) -> str:
        """The "why" links of ``clauses`` and ``rulings`` (HTML)."""
        ...

    def events(self, events: Sequence[Event]) -> str:
        """A step's events with their dice and their why (HTML)."""
        ...

    def house_rules(self) -> str:
        """The readings the match takes other than the register's defaults (HTML; empty:
        none)."""
        ...


class ReportSection(msgspec.Struct, frozen=True):
    """One section of the report: ``anchor`` its id in the page, ``title`` its words in the
    contents, ``parts`` its HTML, each a line of the page (none: named in the contents
    only, a turn in which nothing was done)."""

    anchor: str
    title: str
    parts: tuple[str, ...]


class ReportOutline(msgspec.Struct, frozen=True):
    """A game system's part of a match's report: ``title`` the page's title for a match that
    has none, ``settings`` the words on the match's set-up after its ruleset's name (``map
    standard``), ``now`` where the match is, in words, and the sections in their order."""

    title: str
    settings: tuple[str, ...]
    now: str
    sections: tuple[ReportSection, ...]
