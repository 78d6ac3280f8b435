"""The report sections of a match of written orders (:meth:`OrdersSystem.report
<referee.rules.orders.system.OrdersSystem.report>`): the set-up, then turn by turn what each
unit did, the hits and the casualties, the steps that did something (with their dice and
their why) and the state at the end of the turn. Steps that only move the clock on are not
shown; a turn says how many steps the clock passed with nothing in them. Every text from the
file is escaped."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from referee.board.hexgrid import DIRECTION_NAMES
from referee.rules.events import Step
from referee.rules.orders.state import MatchState
from referee.rules.orders.turn_story import TurnStory, turn_stories
from referee.rules.report import ReportOutline, ReportPage, ReportSection
from referee.rules.state import UnitState


def report(
    page: ReportPage, initial: MatchState, state: MatchState, steps: Sequence[Step]
) -> ReportOutline:
    """The match's report sections (see the module docstring)."""
    stories = turn_stories(initial, steps)
    setup = ReportSection(
        "setup",
        "Set-up",
        (
            "<section id='setup'><h2>Set-up</h2>",
            _state_table(initial),
            page.house_rules(),
            "</section>",
        ),
    )
    turns = tuple(
        ReportSection(
            f"turn-{s.turn}",
            f"Turn {s.turn}",
            (_turn_html(s, page),) if s.did or s.steps or s.complete else (),
        )
        for s in stories
    )
    return ReportOutline(
        title=f"Match on {state.battle_map.name}",
        settings=(f"map {state.battle_map.name}",),
        now=f"now turn {state.turn}, {_step_name(state)}",
        sections=(setup, *turns),
    )


def _step_name(state: MatchState) -> str:
    """The step the match is at, as the turn names it (``Assault 2: apply damage``)."""
    from referee.rules.turn.sequence import turn_sequence

    names = {s.id: s.label for s in turn_sequence(state.rules)}
    return names.get(state.step, state.step)


def _conditions(u: UnitState) -> str:
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


def _turn_html(story: TurnStory, page: ReportPage) -> str:
    out = [f"<section class='turn' id='turn-{story.turn}'><h2>Turn {story.turn}</h2>"]
    out.append("<h3>What each unit did</h3>")
    out.append(_did_table(story))
    out.append("<h3>Hits and casualties</h3>")
    out.append(_hits_table(story))
    out.append("<h3>The turn, step by step</h3>")
    for told in story.steps:
        out.append(f"<div class='step'><h4>{told.step.number}. {escape(told.step.name)}</h4>")
        out.append(page.events(told.events))
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
