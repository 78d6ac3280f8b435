"""A match report worth printing: the set-up, then turn by turn what each unit did, the hits
and the casualties, the steps that did something (with their dice and their why), and the
state at the end of the turn; every clause and ruling id is a link into the rules appendix,
which gives the clause's text in the match's edition and each ruling's reading in this match.

One self-contained HTML page (``referee match report FILE [-o FILE.html]``), laid out for
the screen and for paper (print it to PDF from a browser: each turn starts a page, tables
and steps are not split). Steps that only move the clock on are not shown; a turn says how
many steps the clock passed with nothing in them. Every text from the file is escaped.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import TYPE_CHECKING, Any

from referee.board.hexgrid import DIRECTION_NAMES
from referee.catalogue.clauses import clauses
from referee.ruleset.rulings import register

if TYPE_CHECKING:  # the game of written orders' state, imported by its report only: the
    # activation rules' report (activation_report) shares the page, not that engine
    from referee.match.games.orders_file import MatchFile
    from referee.match.journal.journal_file import JournalFile
    from referee.match.reports.turn_story import TurnStory
    from referee.rules.events import Event
    from referee.rules.orders.state import MatchState

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


def _conditions(u: object) -> str:
    from referee.rules.state import UnitState

    assert isinstance(u, UnitState)
    out = []
    if u.is_shaken:
        out.append(f"shaken x{u.shaken}")
    for key, name in (("fire", "on fire"), ("acid", "acid"), ("minor_acid", "minor acid")):
        if getattr(u, key):
            out.append(f"{name} x{getattr(u, key)}")
    if u.poison:
        out.append("poison " + ", ".join(f"d{d}" for d in u.poison))
    if u.bleeding:
        out.append("bleeding " + ", ".join(f"d{d}" for d in u.bleeding))
    if u.armor_down:
        out.append(f"armor down {u.armor_down}")
    return ", ".join(out) or "—"


def _state_table(state: MatchState) -> str:
    rows = [
        "<table><tr><th>unit</th><th>side</th><th>hex</th><th>facing</th><th>speed</th>"
        "<th>models</th><th>damage tokens</th><th>conditions</th><th>loaded</th></tr>"
    ]
    for u in state.units.values():
        gone = " class='destroyed'" if u.destroyed else ""
        loaded = ", ".join(f"{escape(w)} {n}" for w, n in u.loaded.items() if n) or "—"
        models = "destroyed" if u.destroyed else f"{u.alive}/{u.unit.models}"
        rows.append(
            f"<tr{gone}><td>{escape(u.uid)} <span class='quiet'>{escape(u.unit.name)}</span>"
            f"</td><td class='num'>{u.side}</td><td>{u.hex}</td>"
            f"<td>{DIRECTION_NAMES[u.facing]}</td><td>{escape(u.speed)}</td>"
            f"<td class='num'>{models}</td><td class='num'>{u.damage_tokens}</td>"
            f"<td>{escape(_conditions(u))}</td><td>{loaded}</td></tr>"
        )
    rows.append("</table>")
    markers = [
        f"{h}: "
        + ", ".join(f"{escape(m.kind)}{escape(m.notation())} x{m.count}" for m in state.hexes.at(h))
        for h in state.hexes.hexes()
    ]
    if markers:
        rows.append(f"<p>Markers on the map: {'; '.join(markers)}.</p>")
    if state.terrain:
        changed = ", ".join(f"{h} is now {escape(t)}" for h, t in sorted(state.terrain.items()))
        rows.append(f"<p>Terrain changed: {changed}.</p>")
    if state.pending:
        on = ", ".join(sorted({str(p["unit"]) for p in state.pending}))
        rows.append(
            f"<p>Damage waiting for the next 'apply damage': {len(state.pending)} "
            f"roll(s), on {escape(on)}.</p>"
        )
    return "".join(rows)


def _did_table(story: TurnStory) -> str:
    if not story.did:
        return "<p class='quiet'>No unit did anything this turn.</p>"
    rows = [
        "<table><tr><th style='width:9em'>unit</th><th>what it did, and what happened to it"
        "</th></tr>"
    ]
    order = list(story.start.units) + [u for u in story.did if u not in story.start.units]
    for uid in order:
        lines = story.did.get(uid)
        if not lines:
            continue
        items = "".join(f"<li>{escape(line)}</li>" for line in lines)
        rows.append(f"<tr><td>{escape(uid)}</td><td><ul class='did'>{items}</ul></td></tr>")
    rows.append("</table>")
    return "".join(rows)


def _hits_table(story: TurnStory) -> str:
    parts = []
    if story.hits:
        parts.append(
            "<table><tr><th>step</th><th>from</th><th>on</th><th>damage roll</th><th>row</th></tr>"
        )
        for h in story.hits:
            parts.append(
                f"<tr><td class='num'>{h.step}</td><td>{escape(h.source)}</td>"
                f"<td>{escape(h.target)}</td><td>{escape(h.table)} table: "
                f"{h.result}</td><td>{escape(h.row)}</td></tr>"
            )
        parts.append("</table>")
    else:
        parts.append("<p class='quiet'>No damage was rolled this turn.</p>")
    if story.casualties:
        parts.append("<table><tr><th>step</th><th>unit</th><th>models</th><th>when</th></tr>")
        for c in story.casualties:
            gone = " (destroyed)" if c.destroyed else ""
            parts.append(
                f"<tr><td class='num'>{c.step}</td><td>{escape(c.uid)}</td>"
                f"<td>{c.before} → {c.after}{gone}</td><td>{escape(c.cause)}</td></tr>"
            )
        parts.append("</table>")
    else:
        parts.append("<p class='quiet'>No model was lost this turn.</p>")
    return "".join(parts)


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


def _turn_html(story: TurnStory, cited: dict[str, set[str]]) -> str:
    out = [f"<section class='turn' id='turn-{story.turn}'><h2>Turn {story.turn}</h2>"]
    out.append("<h3>What each unit did</h3>")
    out.append(_did_table(story))
    out.append("<h3>Hits and casualties</h3>")
    out.append(_hits_table(story))
    out.append("<h3>The turn, step by step</h3>")
    for told in story.steps:
        out.append(f"<div class='step'><h4>{told.step.number}. {escape(told.step.name)}</h4>")
        out.append(_events_html(told.events, cited))
        out.append("</div>")
    if story.passed:
        out.append(
            f"<p class='quiet'>The clock passed {story.passed} step"
            f"{'s' if story.passed != 1 else ''} with nothing in them.</p>"
        )
    if story.complete:
        out.append(f"<h3>At the end of turn {story.turn}</h3>")
    else:
        out.append(f"<h3>Now (turn {story.turn} goes on)</h3>")
    out.append(_state_table(story.end))
    out.append("</section>")
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


def _step_name(match: MatchFile) -> str:
    """The step the match is at, as the turn names it (``Assault 2: apply damage``)."""
    from referee.rules.turn.sequence import turn_sequence

    names = {s.id: s.label for s in turn_sequence(match.rules)}
    return names.get(match.state.step, match.state.step)


def match_report(match: MatchFile) -> str:
    """The whole match as one self-contained HTML page (see the module docstring)."""
    from referee.match.reports.turn_story import turn_stories

    initial = match.initial_state()
    steps = match.steps()
    stories = turn_stories(initial, steps)
    cited: dict[str, set[str]] = {"clause": set(), "ruling": set()}
    title = match.meta.get("title") or f"Match on {match.battle_map.name}"
    body = [
        f"<h1>{escape(str(title))}</h1>",
        f"<p class='meta'>{escape(match.rules.name)} · map {escape(match.battle_map.name)} "
        f"· seed {match.seed} · created {escape(str(match.meta.get('created', '')))} · "
        f"{len(steps)} journal steps · now turn {match.state.turn}, "
        f"{escape(_step_name(match))} · dice marked * were typed in by the referee from the "
        "table</p>",
    ]
    contents = "".join(f"<li><a href='#turn-{s.turn}'>Turn {s.turn}</a></li>" for s in stories)
    body.append(
        f"<nav><ol><li><a href='#setup'>Set-up</a></li>{contents}"
        "<li><a href='#rules'>Rules applied</a></li></ol></nav>"
    )
    body.append("<section id='setup'><h2>Set-up</h2>")
    body.append(_state_table(initial))
    body.append(_house_rules(match, cited))
    body.append("</section>")
    body.extend(_turn_html(s, cited) for s in stories if s.did or s.steps or s.complete)
    body.append(_appendix(match, cited))
    return (
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
        f"<title>{escape(str(title))}</title><style>{_STYLE}</style></head><body>"
        + "\n".join(body)
        + "</body></html>"
    )
