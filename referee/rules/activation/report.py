"""The report sections of a game of the activation rules (:meth:`ActivationSystem.report
<referee.rules.activation.system.ActivationSystem.report>`): the armies, then every step with
its dice and its why, then the game as it stands (the pieces and each fortification's pips).
Every text from the file is escaped."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape

from referee.board.hexgrid import DIRECTION_NAMES, hex_label
from referee.board.maps import BattleMap
from referee.rules.activation.mission_line import shown_step
from referee.rules.activation.state import ActivationState
from referee.rules.events import Step
from referee.rules.report import ReportOutline, ReportPage, ReportSection


def report(
    page: ReportPage,
    initial: ActivationState,
    state: ActivationState,
    steps: Sequence[Step],
    asked: str,
    maps: Mapping[str, BattleMap],
) -> ReportOutline:
    """The game's report sections (see the module docstring); ``asked`` what the game asks
    of the referee now (:func:`referee.rules.activation.system.asked_now`), ``maps`` each
    mission's map (the mission's line names each side's edge where the map shows it)."""
    told: list[str] = ["<section id='steps'><h2>Steps</h2>"]
    for s in steps:
        told.append(f"<div class='step'><h4>{s.number}. {escape(s.name)}</h4>")
        told.append(page.events(list(shown_step(maps, s).events)))
        told.append("</div>")
    told.append("</section>")
    return ReportOutline(
        title=f"Match of {page.ruleset_name}",
        settings=(),
        now=f"{state.phase} phase, {state.activations} activations",
        sections=(
            ReportSection(
                "setup",
                "Armies",
                (
                    "<section id='setup'><h2>Armies</h2>",
                    _pieces_table(initial),
                    page.house_rules(),
                    "</section>",
                ),
            ),
            ReportSection("steps", "Steps", tuple(told)),
            ReportSection(
                "now",
                "Now",
                (
                    f"<section id='now'><h2>Now</h2><p>{escape(asked)}</p>",
                    _pieces_table(state),
                    "</section>",
                ),
            ),
        ),
    )


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
