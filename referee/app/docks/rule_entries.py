"""What the rules browser lists, without its widgets: a search's few words for the status
line, the shipped clause catalogue (loaded once), and the entries an event's or a result's
"why" lists (each clause and ruling it applied, with its title)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from referee.app.docks.rule_html import entry_line_html, rule_href
from referee.catalogue.clause_source import ClauseLike

if TYPE_CHECKING:  # the search index (and sqlite-utils) when the rules are first searched
    from referee.catalogue.rules_search import SearchResult


def search_summary(result: SearchResult) -> str:
    """What a search read and assumed, in a few words for the status line."""
    parts = []
    for c in result.corrections:
        parts.append(f"read “{c.typed}” as “{c.read}”")
    if result.mode == "any word":
        parts.append("no entry has every word")
    edition = result.assumed.edition
    parts.append(f"assumed {edition}: {result.assumed.reason}" if edition else "no edition")
    return "; ".join(parts)


def shipped_clauses(_data: object) -> Mapping[str, ClauseLike]:
    """The shipped clause catalogue, loaded once (for :func:`find_entries`)."""
    from referee.catalogue.clauses import clauses

    return clauses()


def why_entries(clause_ids: Sequence[str], ruling_ids: Sequence[str]) -> list[tuple[str, str, str]]:
    """The link, id and line (with its title) of each clause and ruling an event or a result
    applied."""
    from referee.ruleset.rulings import register

    catalogue, rulings = shipped_clauses(None), register()
    out = []
    for cid in clause_ids:
        clause = catalogue.get(cid)
        line = entry_line_html("clause", cid, clause.title if clause else "(not catalogued)")
        out.append((rule_href("clause", cid), cid, line))
    for rid in ruling_ids:
        ruling = rulings.get(rid)
        line = entry_line_html("ruling", rid, ruling.title if ruling else "(not registered)")
        out.append((rule_href("ruling", rid), rid, line))
    return out
