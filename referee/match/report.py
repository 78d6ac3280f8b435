"""A readable match report: the journal turn by turn, what happened and why, as HTML."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from referee.match.store import MatchFile

_STYLE = """
body { font-family: system-ui, sans-serif; max-width: 60em; margin: 2em auto; color: #222; }
h1 { margin-bottom: 0; } .meta { color: #666; margin-top: .2em; }
h2 { border-bottom: 2px solid #c8b27a; padding-bottom: .2em; margin-top: 2em; }
.step { margin: 1em 0; padding: .6em 1em; background: #faf8f2; border-left: 4px solid #c8b27a; }
.step h3 { margin: 0 0 .4em 0; font-size: 1.05em; }
pre { white-space: pre-wrap; margin: .3em 0; font-size: .92em; }
.ids { color: #555; font-size: .85em; } .dice { color: #7a4b00; font-size: .85em; }
table { border-collapse: collapse; } td, th { padding: .2em .8em; text-align: left; }
"""


def match_report(match: MatchFile) -> str:
    """The whole journal as one self-contained HTML page."""
    state = match.initial_state()
    title = match.meta.get("title") or f"Match on {match.battle_map.name}"
    out = [
        "<!doctype html><html><head><meta charset='utf-8'>",
        f"<title>{escape(title)}</title><style>{_STYLE}</style></head><body>",
        f"<h1>{escape(title)}</h1>",
        f"<p class='meta'>{escape(match.rules.name)} · map {escape(match.battle_map.name)} · "
        f"seed {match.seed} · created {escape(str(match.meta.get('created', '')))}</p>",
        "<h2>Set-up</h2><table><tr><th>unit</th><th>type</th><th>side</th><th>hex</th></tr>",
    ]
    for u in state.units.values():
        out.append(
            f"<tr><td>{escape(u.uid)}</td><td>{escape(u.unit.name)}</td>"
            f"<td>{u.side}</td><td>{u.hex}</td></tr>"
        )
    out.append("</table>")
    turn = 0
    for step in match.steps():
        if state.turn != turn:
            turn = state.turn
            out.append(f"<h2>Turn {turn}</h2>")
        out.append(f"<div class='step'><h3>{step.number}. {escape(step.name)}</h3>")
        for event in step.events:
            out.append(f"<pre>{escape(event.text)}</pre>")
            if event.dice:
                faces = ", ".join(
                    f"{r.value}{'*' if r.typed else ''} (d{r.sides}, {escape(r.purpose)})"
                    for r in event.dice
                )
                out.append(f"<div class='dice'>dice: {faces}</div>")
            ids = [*event.clauses, *(f"ruling {r}" for r in event.rulings)]
            if ids:
                out.append(f"<div class='ids'>why: {escape(', '.join(ids))}</div>")
            state = state.apply(event.changes)
        out.append("</div>")
    out.append("<p class='meta'>* typed in by the referee from the table</p></body></html>")
    return "\n".join(out)
