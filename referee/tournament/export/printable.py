"""One printable HTML page for the wall: the current round's tables and the standings."""

from __future__ import annotations

from html import escape
from pathlib import Path

from referee.tournament.event import Event
from referee.tournament.export.pages import (
    awards_section,
    page,
    pairing_table,
    standings_table,
)
from referee.tournament.standings import held, standings


def printable_html(event: Event) -> str:
    body = [f"<h1>{escape(event.name)}</h1>"]
    rnd = event.round(event.current_round)
    if rnd is not None:
        body.append(f"<h2>Round {rnd.number} of {event.rounds_planned}: tables</h2>")
        body.append(pairing_table(rnd, event=event))
    else:
        body.append(f'<p class="note">No round paired yet; {len(event.players)} players.</p>')
    st = standings(event)
    body.append(f"<h2>Standings {escape(held(event))}</h2>")
    body.append(standings_table(st))
    body.append(awards_section(event))
    return page(event.name, "\n".join(body))


def write_printable(event: Event, out: Path) -> list[Path]:
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(printable_html(event), encoding="utf-8")
    return [out]
