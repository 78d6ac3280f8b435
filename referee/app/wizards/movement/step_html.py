"""A movement step in words for the wizard's pages: the plan (each unit's order at its speed,
what an illegal one becomes, and why) and the outcome (moves, stays, shaken units, the
assaults the step starts, the engine's working), with their clause and ruling ids."""

from __future__ import annotations

from collections.abc import Mapping
from html import escape

from referee.board.hexgrid import facing_name, hex_label
from referee.rules.movement_step.contest import AssaultContest
from referee.rules.movement_step.result import MovementStepResult
from referee.rules.orders.legality import StepCheck
from referee.rules.orders.state import MatchState


def cite(*refs: str | None) -> str:
    return ", ".join(r for r in refs if r)


def plan_html(state: MatchState, number: int, checks: Mapping[str, StepCheck]) -> str:
    """This step of every unit's order, as it will be carried out, and why: one unit a line
    (its hex and speed, the order, what an illegal one becomes), its clause ids under it,
    each whole (the dock beside the map is narrow: lines break between words and ids,
    never inside one)."""
    rows = []
    for uid, check in sorted(checks.items()):
        given = ",".join(a.text() for a in check.given)
        done = ",".join(a.text() for a in check.done)
        if check.kept:
            what = f"<b>{escape(given)}</b>"
        else:
            what = (
                f"<b>{escape(given)}</b> &rarr; <b>{escape(done)}</b>: "
                f"{escape('; '.join(check.why))}"
            )
        cited = ", ".join(
            f"<span style='white-space:nowrap'>{escape(ref)}</span>"
            for ref in (*check.clauses, *(f"ruling {r}" for r in check.rulings))
            if ref
        )
        unit = state.units[uid]
        rows.append(
            f"<li><b>{escape(uid)}</b> at {escape(hex_label(unit.hex))}, "
            f"{escape(check.speed)}: {what}"
            + (f"<br><span style='color:#555'>{cited}</span>" if cited else "")
            + "</li>"
        )
    return (
        f"<p>Movement {number} of turn {state.turn}: every unit moves at once "
        "(turn.simultaneous).</p><ul>" + "".join(rows) + "</ul>"
    )


def outcome_html(state: MatchState, result: MovementStepResult, notes: list[str]) -> str:
    """Moves, stays with reasons, shaken units, assaults, then the engine's working."""
    parts = []
    if result.moves:
        parts.append(
            "<h3>Moves</h3><ul>"
            + "".join(
                f"<li><b>{escape(m.uid)}</b> {m.frm} &rarr; {m.to}, facing "
                f"{facing_name(m.facing)}</li>"
                for m in result.moves
            )
            + "</ul>"
        )
    if result.stays:
        parts.append(
            "<h3>Stay where they are</h3><ul>"
            + "".join(
                f"<li><b>{escape(s.uid)}</b> stays in {s.at}"
                + (f" (tried {s.target})" if s.target is not None else "")
                + f": {escape(s.reason)} <span style='color:#555'>"
                f"[{escape(cite(s.clause, s.ruling))}]</span></li>"
                for s in result.stays
            )
            + "</ul>"
        )
    shaken = [
        (uid, state.units[uid].shaken, s.shaken)
        for uid, s in result.states.items()
        if uid in state.units and s.shaken > state.units[uid].shaken
    ]
    if shaken:
        parts.append(
            "<h3>Shaken</h3><ul>"
            + "".join(
                f"<li><b>{escape(uid)}</b>: shaken tokens {a} &rarr; {b}</li>"
                for uid, a, b in shaken
            )
            + "</ul>"
        )
    if result.contests:
        parts.append(
            "<h3>Assaults this step starts</h3>"
            + "".join(_contest_html(c) for c in result.contests)
        )
    if not parts:
        parts.append("<p><b>Nothing moves in this step.</b></p>")
    working = [*notes, *(e.line() for e in result.events)]
    parts.append(
        "<h3>The working</h3><p style='color:#444'>"
        + "<br>".join(escape(w) for w in working)
        + "</p>"
    )
    return "".join(parts)


def _contest_html(contest: AssaultContest) -> str:
    """One assault: where, who decides the hex if it is open, and each base's part."""
    head = "head-on assault" if contest.head_on else "assault"
    lines = [escape(p.text()) for p in contest.participants]
    d = contest.decision
    if d is not None:
        who = f"side {d.side} ({d.nation})" if d.side is not None else "the referee"
        lines.insert(
            0,
            f"the hex is chosen by {escape(who)} among "
            f"{escape(', '.join(map(hex_label, d.options)))}",
        )
    cited = escape(cite(*contest.clauses, *contest.rulings))
    return (
        f"<p><b>{head} over {escape(contest.label())}</b> ({contest.layer}) "
        f"<span style='color:#555'>[{cited}]</span></p><ul>"
        + "".join(f"<li>{line}</li>" for line in lines)
        + "</ul>"
    )
