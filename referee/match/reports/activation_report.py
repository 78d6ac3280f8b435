"""The report of a match of the activation rules (``referee match report FILE``): the
armies, then every step with its dice and its why, then the game as it stands (the pieces
and each fortification's pips), every clause and ruling id a link into the rules appendix,
as :mod:`referee.match.reports.match_report` lays out a match of written orders."""

from __future__ import annotations

from html import escape

from referee.board.hexgrid import DIRECTION_NAMES, hex_label
from referee.match.games.activation_file import ActivationMatch
from referee.match.reports.match_report import _STYLE, _appendix, _events_html, _house_rules
from referee.rules.activation.state import ActivationState
from referee.rules.activation.system import asked_now


def _pieces_table(state: ActivationState) -> str:
    rows = [
        "<table><tr><th>unit</th><th>card</th><th>side</th><th>where</th>"
        "<th class='num'>H</th><th class='num'>ammunition</th></tr>"
    ]
    for p in sorted(state.pieces.values(), key=lambda p: (p.side, p.uid)):
        where: str = p.status
        if p.hex is not None:
            where += f" at {hex_label(p.hex)}"
        if p.hex is not None and p.kind == "unit":
            where += f" facing {DIRECTION_NAMES[p.facing]}"
        if p.carrier:
            where += f" in {p.carrier}"
        gone = " class='destroyed'" if p.status == "destroyed" else ""
        health = str(p.health) if p.kind == "unit" else ""
        ammo = str(p.ammunition) if p.kind == "unit" else ""
        rows.append(
            f"<tr{gone}><td>{escape(p.uid)}</td><td>{escape(p.card)}</td>"
            f"<td>{p.side}</td><td>{escape(where)}</td><td class='num'>{health}</td>"
            f"<td class='num'>{ammo}</td></tr>"
        )
    rows.append("</table>")
    if state.fortifications:
        rows.append(
            "<table><tr><th>tile</th><th>structure</th><th>deployed by</th><th>pips</th></tr>"
        )
        for h, f in sorted(state.fortifications.items()):
            owner = f"side {f.owner}" if f.owner is not None else "the mission"
            pips = ", ".join(f"{k} {v}" for k, v in f.pips.to_json().items())
            rows.append(
                f"<tr><td>{hex_label(h)}</td><td>{escape(f.structure)}</td>"
                f"<td>{owner}</td><td>{escape(pips)}</td></tr>"
            )
        rows.append("</table>")
    return "".join(rows)


def activation_report(match: ActivationMatch) -> str:
    """The whole match as one self-contained HTML page (see the module docstring)."""
    initial = match.initial_state()
    steps = match.steps()
    state = match.state
    cited: dict[str, set[str]] = {"clause": set(), "ruling": set()}
    title = match.meta.get("title") or f"Match of {match.rules.name}"
    body = [
        f"<h1>{escape(str(title))}</h1>",
        f"<p class='meta'>{escape(match.rules.name)} · seed {match.seed} · created "
        f"{escape(str(match.meta.get('created', '')))} · {len(steps)} journal steps · "
        f"{escape(state.phase)} phase, {state.activations} activations · dice marked * "
        "were typed in by the referee from the table</p>",
        "<nav><ol><li><a href='#setup'>Armies</a></li><li><a href='#steps'>Steps</a></li>"
        "<li><a href='#now'>Now</a></li><li><a href='#rules'>Rules applied</a></li>"
        "</ol></nav>",
        "<section id='setup'><h2>Armies</h2>",
        _pieces_table(initial),
        _house_rules(match, cited),
        "</section>",
        "<section id='steps'><h2>Steps</h2>",
    ]
    for s in steps:
        body.append(f"<div class='step'><h4>{s.number}. {escape(s.name)}</h4>")
        body.append(_events_html(list(s.events), cited))
        body.append("</div>")
    body.append("</section>")
    body.append(f"<section id='now'><h2>Now</h2><p>{escape(asked_now(state))}</p>")
    body.append(_pieces_table(state))
    body.append("</section>")
    body.append(_appendix(match, cited))
    return (
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
        f"<title>{escape(str(title))}</title><style>{_STYLE}</style></head><body>"
        + "\n".join(body)
        + "</body></html>"
    )
