"""The rules as the app shows them, in HTML: a search hit with its matched words marked, and a
clause, ruling or imported passage whole (:mod:`referee.catalogue.lookup`), with every clause
or ruling id it names as a link.

A link is ``clause:<id>``, ``ruling:<id>`` or ``passage:<id>`` (:func:`rule_href`); every
view that shows a clause or ruling id (the journal's why, the unit inspector, the line of sight
panel, a wizard's working) makes it such a link, and the rules browser opens it
(:meth:`referee.app.docks.rules_browser.RulesBrowser.open_link`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from html import escape
from typing import TYPE_CHECKING

from referee.catalogue.marks import MARK_CLOSE, MARK_OPEN
from referee.ruleset import Ruleset

if TYPE_CHECKING:  # the catalogue's lookup (and sqlite-utils) when a rule is first shown
    from referee.catalogue.hits import Hit
    from referee.catalogue.imports_db import ImportedPassage
    from referee.catalogue.lookup import ClauseDetail, Entry, RulingDetail

LINK_KINDS = ("clause", "ruling", "passage")
MARK_STYLE = "background-color:#ffe082; font-weight:bold"
REMOVED_STYLE = "background-color:#ffcdd2"
ADDED_STYLE = "background-color:#c8e6c9"
GREY = "color:#666"
NOT_HERE_STYLE = "background-color:#fff3cd; padding:4px"
"""A clause or ruling of other editions than the match's says so in this box."""
_TOKEN = re.compile(r"\n|[^\S\n]+|\S+")


def rule_href(kind: str, entry_id: str) -> str:
    """The link of a clause, ruling or imported passage: ``clause:fire.to-hit``."""
    if kind not in LINK_KINDS:
        raise ValueError(f"link kind {kind!r}: expected one of {', '.join(LINK_KINDS)}")
    return f"{kind}:{entry_id}"


def parse_rule_href(href: str) -> tuple[str, str] | None:
    """``(kind, id)`` of a link made by :func:`rule_href`; ``None`` for any other link."""
    kind, sep, entry_id = href.partition(":")
    if not sep or kind not in LINK_KINDS or not entry_id:
        return None
    return kind, entry_id


def rule_link(kind: str, entry_id: str, text: str | None = None) -> str:
    """An ``<a>`` to the entry, showing ``text`` (the id by default)."""
    return f"<a href='{escape(rule_href(kind, entry_id))}'>{escape(text or entry_id)}</a>"


def clause_links(ids: Iterable[str]) -> str:
    return ", ".join(rule_link("clause", i) for i in ids)


def ruling_links(ids: Iterable[str], prefix: str = "") -> str:
    return ", ".join(rule_link("ruling", i, f"{prefix}{i}") for i in ids)


def why_links(clause_ids: Iterable[str], ruling_ids: Iterable[str]) -> str:
    """The journal's "why": each clause, then each ruling (``ruling x``), as links."""
    parts = [clause_links(clause_ids), ruling_links(ruling_ids, "ruling ")]
    return ", ".join(p for p in parts if p)


def marked(text: str) -> str:
    """``text`` escaped, the words search matched highlighted."""
    return (
        escape(text)
        .replace(MARK_OPEN, f"<span style='{MARK_STYLE}'>")
        .replace(MARK_CLOSE, "</span>")
    )


def _where(hit: Hit) -> str:
    if hit.kind == "imported":
        return f"imported from {hit.source} on {(hit.imported_at or '')[:10]}"
    parts = [hit.kind, hit.id, ", ".join(hit.editions)]
    if hit.kind == "clause":
        parts.append(hit.section)
    return " · ".join(p for p in parts if p)


WHY_STYLE = "color:#555; font-style:italic"


def hit_rows(hits: Iterable[Hit], rules: Ruleset | None) -> list[tuple[str, str, str]]:
    """Each search hit as the results list shows it: its link, its title and its lines
    (:func:`hit_html`), a ruling the open match (``rules``; None: no match open) does not
    read said so."""
    hits = list(hits)
    not_here: Mapping[str, tuple[str, ...]] = {}
    if rules is not None:
        from referee.catalogue.lookup import not_applying

        rulings = [h.id for h in hits if h.kind == "ruling"]
        not_here = not_applying(rulings, rules.id, rules.system)
    rows = []
    for hit in hits:
        kind = "passage" if hit.kind == "imported" else hit.kind
        shown = hit_html(hit, not_here.get(hit.id) if kind == "ruling" else None)
        rows.append((rule_href(kind, hit.id), hit.title, shown))
    return rows


def hit_html(hit: Hit, not_here: tuple[str, ...] | None = None) -> str:
    """A search hit: its title, the matched passage (matched words highlighted) and why it
    ranks where it does (the words and synonyms it matched, the edition). A ruling's switch
    lines are introduced as its page does (:func:`referee.catalogue.lookup.switch_said`);
    ``not_here``: the editions of a ruling that does not apply to the open match, which
    the hit then says, as its page does."""
    snippet = " ".join(hit.marked_snippet.split())
    where = _where(hit)
    if hit.kind == "ruling":
        from referee.catalogue.lookup import switch_said

        elsewhere = ""
        if not_here is not None:
            elsewhere = f" in a match of {_editions_words(not_here)}, not this one"
            where += f" · does not apply to this match (a ruling of {_editions_words(not_here)})"
        snippet = switch_said(snippet, elsewhere)
    why = hit.reason()
    return (
        f"<b>{marked(hit.marked_title)}</b><br>"
        f"<span style='{GREY}'>{escape(where)}</span><br>{marked(snippet)}"
        + (f"<br><span style='{WHY_STYLE}'>why: {escape(why)}</span>" if why else "")
    )


def entry_line_html(kind: str, entry_id: str, title: str) -> str:
    """A list line for an entry named by id (the clauses and rulings of a journal event)."""
    what = "ruling" if kind == "ruling" else "clause"
    return f"<b>{escape(title)}</b><br><span style='{GREY}'>{what} · {escape(entry_id)}</span>"


# --- one entry, whole ------------------------------------------------------------------


_QUOTED_ID = re.compile(r"`([a-z0-9]+(?:[.-][a-z0-9]+)*\.[a-z0-9]+(?:[.-][a-z0-9]+)*)`")


def _link_quoted_ids(html_text: str) -> str:
    """The `clause.id` and `ruling.id` the catalogue's texts quote, as links."""
    from referee.catalogue.clauses import clauses
    from referee.ruleset.rulings import register

    known_clauses, known_rulings = clauses(), register()

    def link(m: re.Match[str]) -> str:
        entry_id = m.group(1)
        if entry_id in known_rulings:
            return rule_link("ruling", entry_id)
        if entry_id in known_clauses:
            return rule_link("clause", entry_id)
        return m.group(0)

    return _QUOTED_ID.sub(link, html_text)


def _paragraphs(html_text: str) -> str:
    return _link_quoted_ids(html_text).replace("\n", "<br>")


def _diff_words(a: str, b: str) -> tuple[str, str]:
    """``a`` and ``b`` escaped, with the words only ``a`` has and only ``b`` has marked."""
    ta, tb = _TOKEN.findall(a), _TOKEN.findall(b)
    import difflib  # with a comparison of two texts: the journal's rows never need it

    matcher = difflib.SequenceMatcher(a=ta, b=tb, autojunk=False)
    out_a: list[str] = []
    out_b: list[str] = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        seg_a, seg_b = escape("".join(ta[i1:i2])), escape("".join(tb[j1:j2]))
        if tag == "equal":
            out_a.append(seg_a)
            out_b.append(seg_b)
            continue
        if seg_a.strip():
            out_a.append(f"<span style='{REMOVED_STYLE}'>{seg_a}</span>")
        if seg_b.strip():
            out_b.append(f"<span style='{ADDED_STYLE}'>{seg_b}</span>")
    return _paragraphs("".join(out_a)), _paragraphs("".join(out_b))


def wordings_html(texts: Mapping[str, str], edition: str | None, side_by_side: bool = True) -> str:
    """Each edition's wording, side by side (or one after the other when ``side_by_side`` is
    false), the words that differ from the first edition's marked; ``edition`` (the match's)
    is labelled."""

    def head(e: str) -> str:
        return f"{escape(e)}{' (this match)' if e == edition else ''}"

    editions = list(texts)
    if len(set(texts.values())) <= 1:
        common = next(iter(texts.values()), "")
        return (
            f"<p style='{GREY}'>In every edition ({escape(', '.join(editions) or '-')}):</p>"
            f"<p>{_paragraphs(escape(common))}</p>"
        )
    first = editions[0]
    shown = {first: _diff_words(texts[first], texts[editions[1]])[0]}
    for e in editions[1:]:
        shown[e] = _diff_words(texts[first], texts[e])[1]
    if side_by_side:
        heads = "".join(f"<th align='left'>{head(e)}</th>" for e in editions)
        cells = "".join(
            f"<td valign='top' width='{100 // len(editions)}%'>{shown[e]}</td>" for e in editions
        )
        return (
            "<table cellspacing='0' cellpadding='6' border='1' width='100%' "
            f"style='border-color:#bbb'><tr>{heads}</tr><tr>{cells}</tr></table>"
        )
    return "".join(f"<p><b>{head(e)}:</b><br>{shown[e]}</p>" for e in editions)


def _editions_words(editions: Iterable[str]) -> str:
    """``the current, first-draft editions``."""
    from referee.catalogue.lookup import editions_words

    return editions_words(editions)


def clause_html(
    detail: ClauseDetail,
    edition: str | None,
    side_by_side: bool = True,
    match_name: str | None = None,
) -> str:
    """A clause whole: heading, each edition's wording and the difference, its source, its
    related clauses and the rulings that cite it (as links). A clause of other editions than
    ``edition`` (the match's, named ``match_name``) says it is not a rule of the match."""
    c = detail.clause
    parts = [
        f"<h3>{escape(c.title)}</h3>",
        f"<p style='{GREY}'>clause · {escape(c.id)} · {escape(c.section)} · editions: "
        f"{escape(', '.join(c.editions) or '-')}</p>",
    ]
    if edition is not None and c.editions and edition not in c.editions:
        parts.append(
            f"<p style='{NOT_HERE_STYLE}'><b>Not a rule of this match "
            f"({escape(match_name or edition)})</b>: a clause of "
            f"{escape(_editions_words(c.editions))}.</p>"
        )
    parts.append(wordings_html(detail.editions_text(), edition, side_by_side))
    if c.difference:
        parts.append(f"<p><b>Difference:</b> {_paragraphs(escape(c.difference))}</p>")
    if c.source:
        source = "; ".join(f"{e}: {s}" for e, s in c.source.items())
        parts.append(f"<p style='{GREY}'>Source: {escape(source)}</p>")
    if detail.related:
        related = ", ".join(
            rule_link("clause", r.id, f"{r.title} ({r.id})" if r.title else r.id)
            for r in detail.related
        )
        parts.append(f"<p><b>Related:</b> {related}</p>")
    if detail.rulings:
        citing = ", ".join(rule_link("ruling", r.id, f"{r.title} ({r.id})") for r in detail.rulings)
        parts.append(f"<p><b>Rulings on it:</b> {citing}</p>")
    return "".join(parts)


def ruling_html(detail: RulingDetail, rules: Ruleset | None) -> str:
    """A ruling whole: the unclear passage, every reading with the default and the one the
    match's ruleset takes marked (a ruling of other editions than the match's saying it does
    not apply to it instead), the shipped rulesets' readings and the switch (of a ruling
    that does not apply, said to be for a match of its editions)."""
    r = detail.ruling
    applies = rules is not None and detail.applies_to(rules.id, rules.system)
    taken = rules.readings.get(r.id, r.default) if rules is not None and applies else None
    parts = [
        f"<h3>{escape(r.title)}</h3>",
        f"<p style='{GREY}'>ruling · {escape(r.id)} · {escape(r.source.name)} · editions: "
        f"{escape(', '.join(detail.editions) or 'every edition')}</p>",
    ]
    if rules is not None and not applies:
        parts.append(
            f"<p style='{NOT_HERE_STYLE}'><b>Does not apply to this match "
            f"({escape(rules.name)})</b>: a ruling of {escape(_editions_words(detail.editions))}; "
            f"its default reading is {escape(r.default)}.</p>"
        )
    if detail.clauses:
        links = ", ".join(
            rule_link("clause", c.id, f"{c.title} ({c.id})" if c.title else c.id)
            for c in detail.clauses
        )
        parts.append(f"<p><b>Clauses:</b> {links}</p>")
    unclear = _paragraphs(escape(r.unclear))
    parts.append(f"<p><b>Unclear:</b> {unclear}</p><p><b>Readings:</b></p><ul>")
    for o in r.options:
        marks = []
        if o.id == r.default:
            marks.append("default")
        if o.id == taken and rules is not None:  # only a ruling that applies to the match
            marks.append(f"taken by this match ({escape(rules.name)})")
        label = f" <i>({', '.join(marks)})</i>" if marks else ""
        style = " style='background-color:#e3f2fd'" if o.id == taken else ""
        reading = _paragraphs(escape(o.reading))
        parts.append(f"<li{style}><b>{escape(o.id)}</b>{label}: {reading}</li>")
    parts.append("</ul>")
    if detail.rulesets:
        shipped = "; ".join(
            f"{x.ruleset}: does not apply"
            if not x.applies
            else f"{x.ruleset}: {x.option}" + (" (set in its ruleset.toml)" if x.chosen else "")
            for x in detail.rulesets
        )
        parts.append(f"<p style='{GREY}'>Shipped rulesets: {escape(shipped)}</p>")
    other = next((o.id for o in r.options if o.id != (taken or r.default)), r.default)
    from referee.catalogue.lookup import SWITCH_WORDS, switch_lines

    switch = switch_lines(r.id, other)
    where = ""  # a ruling the match does not read: its switch is for another game's matches
    if rules is not None and not applies:
        where = f" in a match of {escape(_editions_words(detail.editions))}, not this one"
    heading, toml, command = (escape(w) for w in SWITCH_WORDS)
    parts.append(
        f"<p><b>{heading}</b>{where} (e.g. {escape(other)}):<br>"
        f"{toml} <code>{escape(switch['ruleset_toml'])}</code><br>"
        f"{command} <code>{escape(switch['command_line'])}</code></p>"
    )
    return "".join(parts)


def passage_html(p: ImportedPassage) -> str:
    """An imported passage: its heading, where it was imported from and when, its text."""
    section = f" · {escape(p.section)}" if p.section else ""
    return (
        f"<h3>{escape(p.heading)}</h3>"
        f"<p style='{GREY}'>imported from {escape(p.book.source)} on "
        f"{escape(p.book.imported_at[:10])}{section}</p>"
        f"<p>{_paragraphs(escape(p.text))}</p>"
    )


def entry_html(entry: Entry, rules: Ruleset | None, side_by_side: bool = True) -> str:
    """Any entry whole, as :func:`clause_html`, :func:`ruling_html` or :func:`passage_html`."""
    from referee.catalogue.lookup import ClauseDetail, RulingDetail

    if isinstance(entry, ClauseDetail):
        if rules is None:
            return clause_html(entry, None, side_by_side)
        return clause_html(entry, rules.id, side_by_side, rules.name)
    if isinstance(entry, RulingDetail):
        return ruling_html(entry, rules)
    return passage_html(entry)
