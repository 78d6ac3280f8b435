"""A folder of static pages that work offline from any phone: pairings by table, by player
name, the standings, each player's results. Plain HTML with relative links, no script."""

from __future__ import annotations

from html import escape
from pathlib import Path

from referee.tournament.checkin import army_summary, huge_text, listed_huge_units
from referee.tournament.event import Event
from referee.tournament.export.output import folder
from referee.tournament.export.pages import (
    awards_section,
    page,
    pairing_table,
    player_slugs,
    standings_table,
)
from referee.tournament.standings import held, standings

NAV = (
    '<nav><a href="{up}index.html">Tables</a><a href="{up}players.html">Players</a>'
    '<a href="{up}standings.html">Standings</a></nav>'
)


def _nav(up: str = "") -> str:
    return NAV.format(up=up)


def _army(event: Event, name: str) -> str:
    """The player's frozen army: its name, checksum and (ruling ``tournament.huge-units``)
    its huge units."""
    checkin = event.players[name].army
    if checkin is None:
        return '<p class="note">No army checked in.</p>'
    huge = listed_huge_units(event, name)
    return f"<p>Army: {escape(army_summary(checkin))}</p>" + (
        f'<p class="huge">Huge units: {escape(huge)}</p>' if huge else ""
    )


def write_site(event: Event, out: Path) -> list[Path]:
    out = folder(out)
    (out / "players").mkdir(exist_ok=True)
    slugs = player_slugs(event)
    link = {n: f"players/{s}.html" for n, s in slugs.items()}
    written: dict[Path, str] = {}
    title = escape(event.name)

    rounds = list(reversed(event.rounds))
    tables = [f"<h1>{title}</h1>"]
    if not rounds:
        tables.append('<p class="note">No round is paired yet.</p>')
    for past in rounds:
        tables.append(f"<h2>Round {past.number}: by table</h2>{pairing_table(past, link, event)}")
    written[out / "index.html"] = page(f"{event.name}: tables", "".join(tables), _nav())

    by_name = [f"<h1>{title}</h1>"]
    rnd = event.round(event.current_round)
    head = f"Round {rnd.number}: find your table" if rnd else "Players"
    rows = []
    for name in sorted(event.players, key=str.casefold):
        table, opponent = "", ""
        if rnd is not None:
            t = rnd.table_of(name)
            if t is not None:
                a, b = rnd.tables[t - 1]
                table, opponent = str(t), b if a == name else a
                told = huge_text(event.players[opponent].army)
                opponent += f" (huge units: {told})" if told else ""
            elif rnd.bye == name:
                table, opponent = "-", "bye"
            elif event.players[name].dropped_after is not None:
                opponent = "dropped"
            else:
                opponent = f"from round {event.players[name].entered}"
        rows.append(
            f'<tr><td><a href="{link[name]}">{escape(name)}</a></td>'
            f'<td class="table">{table}</td><td>{escape(opponent)}</td></tr>'
        )
    by_name.append(
        f"<h2>{head}</h2><table><tr><th>Player</th><th>Table</th>"
        f"<th>Opponent</th></tr>{''.join(rows)}</table>"
    )
    written[out / "players.html"] = page(f"{event.name}: players", "".join(by_name), _nav())

    st = standings(event)
    written[out / "standings.html"] = page(
        f"{event.name}: standings",
        f"<h1>{title}</h1><h2>Standings {escape(held(event))}</h2>{standings_table(st, link)}"
        + awards_section(event),
        _nav(),
    )

    places = {s.name: s for s in st.standings}
    for name, s in slugs.items():
        rows = []
        for number, score, met in event.scores_of(name):
            rnd_n = event.round(number)
            t = rnd_n.table_of(name) if rnd_n else None
            rows.append(
                f'<tr><td class="num">{number}</td><td class="table">{t or "-"}</td>'
                f'<td>{escape(met or "bye")}</td><td class="num">{score.mvp}</td>'
                f'<td class="num">{score.tvp:.2f}</td></tr>'
            )
        me = places[name]
        body = (
            f"<h1>{escape(name)}</h1><p>{escape(event.players[name].nation)} - place "
            f"{me.rank}, {me.text('tvp')} TVP, {me.mvp} MVP</p>{_army(event, name)}"
            "<table><tr><th>Round</th><th>Table</th><th>Opponent</th><th>MVP</th><th>TVP</th>"
            f"</tr>{''.join(rows)}</table>"
        )
        written[out / "players" / f"{s}.html"] = page(f"{name}: results", body, _nav("../"))
    for path, text in written.items():
        path.write_text(text, encoding="utf-8")
    return list(written)
