"""A match report worth printing, of any game system (``referee match report FILE [-o
FILE.html]``): the title and the line of facts, the contents, the game system's report
sections (:meth:`referee.rules.system.GameSystem.report`: for written orders the set-up and
each turn told, :mod:`referee.rules.orders.report`; for the activation rules the armies, the
steps and the game now, :mod:`referee.rules.activation.report`), then the rules appendix:
every clause and ruling id cited is a link into it, which gives the clause's text in the
match's edition and each ruling's reading in this match.

One self-contained HTML page, laid out for the screen and for paper (print it to PDF from a
browser: each turn starts a page, tables and steps are not split). Every text from the file
is escaped.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape
from typing import TYPE_CHECKING, Any

from referee.catalogue.clauses import clauses
from referee.ruleset.rulings import register

if TYPE_CHECKING:
    from referee.match.journal.journal_file import JournalFile
    from referee.rules.events import Event

_STYLE = """
body { font-family: "DejaVu Sans", system-ui, sans-serif; max-width: 60em; margin: 2em auto;
       color: #222; font-size: 11pt; line-height: 1.35; }
h1 { margin-bottom: 0; font-size: 20pt; } .meta { color: #555; margin-top: .2em; }
h2 { border-bottom: 2px solid #c8b27a; padding-bottom: .2em; margin-top: 1.6em; }
h3 { margin: 1.2em 0 .4em 0; font-size: 12pt; color: #5a4a1a; }
table { border-collapse: collapse; width: 100%; margin: .3em 0 .8em 0; }
th, td { padding: .25em .5em; text-align: left; vertical-align: top;
         border-bottom: 1px solid #e4dcc6; }
th { background: #f3eedf; font-weight: 600; }
td.num { text-align: right; white-space: nowrap; }
ul.did { margin: 0; padding-left: 1.1em; } ul.did li { margin: .05em 0; }
.step { margin: .5em 0; padding: .4em .8em; background: #faf8f2;
        border-left: 4px solid #c8b27a; }
.step h4 { margin: 0 0 .3em 0; font-size: 10.5pt; }
pre { white-space: pre-wrap; margin: .2em 0; font-size: 9pt; font-family: "DejaVu Sans Mono",
      monospace; }
.ids, .dice { color: #555; font-size: 9pt; } .dice { color: #7a4b00; }
.quiet { color: #666; font-style: italic; }
.destroyed { color: #9e2a2a; }
a { color: #1f4e8c; text-decoration: none; }
.rule { margin: .6em 0; padding-bottom: .4em; border-bottom: 1px solid #eee; }
.rule h4 { margin: 0 0 .2em 0; font-size: 10.5pt; } .rule p { margin: .2em 0; }
.chosen { font-weight: 600; }
nav ol { columns: 2; }
@page { size: A4; margin: 16mm 14mm; }
@media print {
  body { margin: 0; max-width: none; font-size: 10pt; }
  section.turn, section.rules { break-before: page; }
  table, .step, .rule, tr { break-inside: avoid; }
  h2, h3, h4 { break-after: avoid; }
  a { color: #222; }
}
"""


def _link(kind: str, rid: str) -> str:
    return f"<a href='#{kind}-{escape(rid, quote=True)}'>{escape(rid)}</a>"


def _why(clause_ids: Iterable[str], ruling_ids: Iterable[str], cited: dict[str, set[str]]) -> str:
    parts = []
    for c in clause_ids:
        cited["clause"].add(c)
        parts.append(_link("clause", c))
    for r in ruling_ids:
        cited["ruling"].add(r)
        parts.append("ruling " + _link("ruling", r))
    return ", ".join(parts)


def _events_html(events: list[Event], cited: dict[str, set[str]]) -> str:
    """The events of a step; a run of events without dice that cite the same ids (a step of
    orders) shares one "why" line."""
    out: list[str] = []
    run: list[Event] = []

    def flush() -> None:
        if run:
            out.append(f"<pre>{escape(chr(10).join(e.text for e in run))}</pre>")
            out.append(
                f"<div class='ids'>why: {_why(run[0].clauses, run[0].rulings, cited)}</div>"
                if run[0].clauses or run[0].rulings
                else ""
            )
            run.clear()

    for event in events:
        same = run and (run[0].clauses, run[0].rulings) == (event.clauses, event.rulings)
        if not event.dice and (not run or same):
            run.append(event)
            continue
        flush()
        if event.dice:
            out.append(_event_html(event, cited))
        else:
            run.append(event)
    flush()
    return "".join(out)


def _event_html(event: Event, cited: dict[str, set[str]]) -> str:
    out = [f"<pre>{escape(event.text)}</pre>"]
    if event.dice:
        faces = ", ".join(
            f"{r.value}{'*' if r.typed else ''} (d{r.sides}, {escape(r.purpose)})"
            for r in event.dice
        )
        out.append(f"<div class='dice'>dice: {faces}</div>")
    if event.clauses or event.rulings:
        out.append(f"<div class='ids'>why: {_why(event.clauses, event.rulings, cited)}</div>")
    return "".join(out)


def _appendix(match: JournalFile[Any], cited: dict[str, set[str]]) -> str:
    known, rulings = clauses(), register()
    edition = match.rules.id
    out = [
        "<section class='rules' id='rules'><h2>Rules applied</h2>",
        "<p class='quiet'>The clauses in the project's words, as the "
        f"{escape(match.rules.name)} words them, and the rulings this match takes.</p>"
        "<h3>Clauses</h3>",
    ]
    for cid in sorted(cited["clause"]):
        clause = known.get(cid)
        if clause is None:
            out.append(
                f"<div class='rule' id='clause-{escape(cid, quote=True)}'><h4>"
                f"{escape(cid)}</h4><p class='quiet'>not in the catalogue</p></div>"
            )
            continue
        cited["ruling"].update(r for r in rulings if f"`{r}`" in clause.text)
        text = clause.editions_text.get(edition)
        out.append(
            f"<div class='rule' id='clause-{escape(cid, quote=True)}'>"
            f"<h4>{escape(cid)} — {escape(clause.title)}</h4>"
            f"<p>{escape(clause.text)}</p>"
        )
        if text:
            out.append(f"<p><i>{escape(match.rules.name)}:</i> {escape(text)}</p>")
        out.append("</div>")
    if cited["ruling"]:
        out.append("<h3>Rulings</h3>")
    for rid in sorted(cited["ruling"]):
        ruling = rulings.get(rid)
        if ruling is None:
            continue
        taken = match.rules.readings.get(rid, ruling.default)
        options = "".join(
            f"<li{' class=chosen' if o.id == taken else ''}>{escape(o.id)}"
            f"{' (this match)' if o.id == taken else ''}: {escape(o.reading)}</li>"
            for o in ruling.options
        )
        touches = ", ".join(_link("clause", c) for c in ruling.clauses if c in cited["clause"])
        out.append(
            f"<div class='rule' id='ruling-{escape(rid, quote=True)}'>"
            f"<h4>{escape(rid)} — {escape(ruling.title)}</h4>"
            f"<p><i>Unclear:</i> {escape(ruling.unclear)}</p><ul>{options}</ul>"
            + (f"<p class='ids'>clauses: {touches}</p>" if touches else "")
            + "</div>"
        )
    out.append("</section>")
    return "".join(out)


def _house_rules(match: JournalFile[Any], cited: dict[str, set[str]]) -> str:
    rulings = register()
    changed = [
        (rid, opt)
        for rid, opt in sorted(match.rules.readings.items())
        if rid in rulings and opt != rulings[rid].default
    ]
    if not changed:
        return ""
    cited["ruling"].update(rid for rid, _ in changed)
    items = ", ".join(f"{_link('ruling', rid)} = {escape(opt)}" for rid, opt in changed)
    return f"<p>Readings other than the register's default: {items}.</p>"


class _Page:
    """The page a game system's report sections are written into (a
    :class:`~referee.rules.report.ReportPage`): the ids they cite are gathered for the rules
    appendix."""

    def __init__(self, match: JournalFile[Any]) -> None:
        self.match = match
        self.ruleset_name = match.rules.name
        self.cited: dict[str, set[str]] = {"clause": set(), "ruling": set()}

    def why(self, clauses: Iterable[str], rulings: Iterable[str]) -> str:
        return _why(clauses, rulings, self.cited)

    def events(self, events: Sequence[Event]) -> str:
        return _events_html(list(events), self.cited)

    def house_rules(self) -> str:
        return _house_rules(self.match, self.cited)


def match_report(match: JournalFile[Any]) -> str:
    """The whole match, of any game system, as one self-contained HTML page: its title, the
    line of facts, the contents, the game system's report sections
    (:meth:`~referee.rules.system.GameSystem.report`) and the rules appendix."""
    page = _Page(match)
    steps = match.steps()
    outline = match.system.report(page, match.initial_state(), match.state, steps)
    title = match.meta.get("title") or outline.title
    facts = " · ".join(escape(f) for f in (match.rules.name, *outline.settings))
    body = [
        f"<h1>{escape(str(title))}</h1>",
        f"<p class='meta'>{facts} · seed {match.seed} · created "
        f"{escape(str(match.meta.get('created', '')))} · {len(steps)} journal steps · "
        f"{escape(outline.now)} · dice marked * were typed in by the referee from the "
        "table</p>",
    ]
    contents = "".join(
        f"<li><a href='#{escape(s.anchor, quote=True)}'>{escape(s.title)}</a></li>"
        for s in outline.sections
    )
    body.append(f"<nav><ol>{contents}<li><a href='#rules'>Rules applied</a></li></ol></nav>")
    for section in outline.sections:
        body.extend(section.parts)
    body.append(_appendix(match, page.cited))
    return (
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
        f"<title>{escape(str(title))}</title><style>{_STYLE}</style></head><body>"
        + "\n".join(body)
        + "</body></html>"
    )
