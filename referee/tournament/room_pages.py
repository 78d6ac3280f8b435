"""The pages served to the room (``room_server``): made for a phone, readable on a wall screen.

Plain HTML, every name and word from the event escaped (:func:`html.escape`), one style
sheet and one small script served by the server itself (``/style.css``, ``/live.js``: the
page reloads when the desk writes). No page links outside the server, and nothing on a page
comes from a file but escaped text.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from html import escape
from typing import Any
from urllib.parse import quote

from referee.tournament import room
from referee.tournament.checkin import army_summary, huge_text
from referee.tournament.clock import fold_clock
from referee.tournament.event import Event, Round
from referee.tournament.export.pages import CSS, keys_in_words, standings_table
from referee.tournament.result_check import starting_points
from referee.tournament.scoring import KINDS
from referee.tournament.standings import held, provisional, standings

STYLE = (
    CSS
    + """
body { font-size: 17px; }
nav { display: flex; flex-wrap: wrap; gap: 0.2em 1em; padding: 0.4em 0;
      border-bottom: 2px solid #333; margin-bottom: 0.4em; }
#clock { font-weight: bold; font-size: 1.1em; margin: 0.3em 0; }
#clock.warn { color: #a00; }
input[type=text], input[type=search] { font-size: 1.1em; padding: 0.35em; width: 100%;
      box-sizing: border-box; }
input[type=number] { font-size: 1.05em; width: 100%; min-width: 2.5em; padding: 0.2em;
      box-sizing: border-box; }
table.points td, table.points th { padding: 0.15em 0.2em; }
button { font-size: 1.1em; padding: 0.45em 1em; margin: 0.3em 0.3em 0.3em 0; }
.msg { padding: 0.6em; border: 2px solid #555; margin: 0.6em 0; }
.ok { border-color: #2a7a2a; background: #eefbee; } .bad { border-color: #a00;
      background: #fdeeee; }
.edition { border-left: 4px solid #888; padding-left: 0.6em; margin: 0.6em 0; }
.hit { margin: 0.8em 0; } .hit p { margin: 0.2em 0; }
fieldset { margin: 0.6em 0; padding: 0.3em 0.5em; min-width: 0; } legend { font-weight: bold; }
tr.mine td { background: #fff6c8; }
select { font-size: 1.05em; padding: 0.3em; width: 100%; box-sizing: border-box; }
label { display: block; margin: 0.4em 0; }
th, td { padding-left: 0.25em; padding-right: 0.25em; }
table.tables td a { overflow-wrap: anywhere; }
td.table { width: auto; font-size: 1.1em; }
td.table small { font-size: 0.7em; font-weight: normal; }
td.num { font-size: 0.9em; }
td.name { white-space: normal; }
abbr { text-decoration: none; } th { white-space: nowrap; }
@media (max-width: 480px) { body { padding: 0 0.5em; } th { font-size: 0.85em; } }
"""
)

LIVE_JS = """'use strict';
// Reload the page when the desk writes (the event's revision changes), unless a form is
// being filled in; show the round clock. Text only: nothing here writes HTML.
(function () {
  var body = document.body;
  var seen = body.getAttribute('data-revision');
  var typing = false;
  document.addEventListener('input', function () { typing = true; });
  function tick() {
    fetch('/api/revision', {cache: 'no-store'}).then(function (r) { return r.json(); })
      .then(function (d) {
        body.setAttribute('data-live', 'on');
        var clock = document.getElementById('clock');
        if (clock) {
          clock.textContent = d.clock;
          clock.className = d.clock_warning ? 'warn' : '';
        }
        if (String(d.revision) !== seen && !typing) { window.location.reload(); }
      }).catch(function () {});
  }
  tick();
  setInterval(tick, 5000);
})();
"""


def _nav() -> str:
    return (
        '<nav><a href="/">Tables</a><a href="/standings">Standings</a>'
        '<a href="/players">Players</a><a href="/rules">Rules</a>'
        '<a href="/awards">Awards</a><a href="/vote">Vote</a></nav>'
    )


def page(event: Event, title: str, body: str, now: datetime | None = None) -> str:
    """A whole page: the event's name, the clock, the navigation and ``body`` (already
    escaped HTML)."""
    clock = clock_text(event, now)
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<title>{escape(title)}</title><link rel="stylesheet" href="/style.css">'
        f'</head><body data-revision="{event.revision}">'
        f"{_nav()}<div>{escape(event.name)}</div>"
        f'<div id="clock" class="{"warn" if clock[1] else ""}">{escape(clock[0])}</div>'
        f'{body}<script src="/live.js"></script></body></html>\n'
    )


def player_link(name: str) -> str:
    return f'<a href="/players/{quote(name, safe="")}">{escape(name)}</a>'


def clock_text(event: Event, now: datetime | None = None) -> tuple[str, bool]:
    """The current round's clock in words, and whether it is in its last minutes."""
    if not event.rounds:
        return "No round is paired yet", False
    clock = fold_clock(event.clock, event.current_round, event.round_minutes)
    now = now or datetime.now(UTC)
    return clock.describe(now), clock.warning(now)


def _table_state(
    event: Event,
    rnd: Round,
    table: int,
    waits: Mapping[tuple[int, int], room.Waiting] | None = None,
) -> str:
    """The table's result, else whether a report waits (``waits``: the event's
    ``room.waiting_tables``, read once for a page of many tables)."""
    if table in rnd.results:
        sa, sb = rnd.results[table].scores
        return f"{sa.mvp} - {sb.mvp} MVP" + (" (corrected)" if rnd.results[table].corrected else "")
    if waits is None:
        waits = room.waiting_tables(event)
    waiting = waits.get((rnd.number, table))
    if waiting is not None:
        return "disputed" if waiting.disputed else "waiting for confirmation"
    return ""


def round_page(event: Event, mine: str = "") -> str:
    """``GET /``: the current round's tables, and "find my table" (``?name=``)."""
    rnd = event.round(event.current_round)
    if rnd is None:
        return page(event, event.name, '<h1>Tables</h1><p class="note">No round is paired yet.</p>')
    found = ""
    needle = mine.strip().casefold()
    hits = [n for n in event.players if needle and needle in n.casefold()] if needle else []
    places = event.places(rnd.number)
    if needle:
        lines = []
        for n in hits:
            t = rnd.table_of(n)
            where = f"table {t}" if t else ("the bye" if rnd.bye == n else "not in this round")
            if t and t in places:
                where += f" (at {places[t].name})"
            lines.append(f"<li>{player_link(n)}: <b>{escape(where)}</b></li>")
        found = (
            f"<ul>{''.join(lines)}</ul>"
            if lines
            else f'<p class="msg bad">No player is called {escape(mine)!s}.</p>'
        )
    rows = []
    waits = room.waiting_tables(event)
    for i, (a, b) in enumerate(rnd.tables, 1):
        cls = ' class="mine"' if any(n in hits for n in (a, b)) else ""
        at = f"<br><small>{escape(places[i].name)}</small>" if i in places else ""
        rows.append(
            f'<tr{cls}><td class="table"><a href="/tables/{rnd.number}/{i}">{i}</a>{at}</td>'
            f"<td>{player_link(a)}{_huge(event, a)}</td><td>{player_link(b)}{_huge(event, b)}"
            f'</td><td class="num">{escape(_table_state(event, rnd, i, waits))}</td></tr>'
        )
    if rnd.bye:
        rows.append(
            f'<tr><td class="table">-</td><td>{player_link(rnd.bye)}</td><td>bye</td><td></td></tr>'
        )
    body = (
        f"<h1>Round {rnd.number}</h1>"
        '<form method="get" action="/"><label>Find my table '
        f'<input type="search" name="name" value="{escape(mine)}" maxlength="100" '
        'autocomplete="off"></label> <button>Find</button></form>'
        f'{found}<table class="tables"><tr><th>Table</th><th>Player</th><th>Opponent</th>'
        "<th>Result</th></tr>"
        f"{''.join(rows)}</table>"
        '<p class="note">Tap a table number to report its result.</p>'
    )
    return page(event, f"{event.name}: round {rnd.number}", body)


def _huge(event: Event, name: str) -> str:
    player = event.players.get(name)
    huge = huge_text(player.army if player is not None else None)
    return f'<div class="huge">huge units: {escape(huge)}</div>' if huge else ""


def standings_page(event: Event) -> str:
    """``GET /standings``: every place with the numbers that decide it."""
    st = standings(event)
    link = {n: f"/players/{quote(n, safe='')}" for n in event.players}
    keys = keys_in_words(st.keys)
    body = (
        f"<h1>Standings {escape(held(event))}</h1>"
        f'<p class="note">Ranked by {escape(keys)}, then name.</p>{standings_table(st, link)}'
    )
    return page(event, f"{event.name}: standings", body)


def players_page(event: Event) -> str:
    """``GET /players``: every player, to find one's own page."""
    items = "".join(
        f"<li>{player_link(n)} <span class='note'>{escape(p.nation)}</span></li>"
        for n, p in sorted(event.players.items(), key=lambda kv: kv[0].casefold())
    )
    return page(event, f"{event.name}: players", f"<h1>Players</h1><ul>{items}</ul>")


def player_page(event: Event, name: str) -> str:
    """``GET /players/NAME``: the player's opponents, results and army as checked in."""
    player = event.players[name]
    waits = room.waiting_tables(event)
    rows = []
    for rnd in event.rounds:
        if rnd.bye == name:
            rows.append(f"<tr><td>{rnd.number}</td><td>bye</td><td></td><td></td></tr>")
            continue
        t = rnd.table_of(name)
        if t is None:
            continue
        a, b = rnd.tables[t - 1]
        other = b if a == name else a
        score = ""
        if t in rnd.results:
            sa, sb = rnd.results[t].scores
            me, them = (sa, sb) if sa.name == name else (sb, sa)
            score = f"{me.mvp} - {them.mvp} MVP, {me.tvp:.2f} TVP"
        else:
            score = _table_state(event, rnd, t, waits)
        rows.append(
            f'<tr><td>{rnd.number}</td><td class="table"><a href="/tables/{rnd.number}/{t}">'
            f"{t}</a></td><td>{player_link(other)}</td><td>{escape(score)}</td></tr>"
        )
    games = (
        "<table><tr><th>Round</th><th>Table</th><th>Opponent</th><th>Result</th></tr>"
        f"{''.join(rows)}</table>"
        if rows
        else '<p class="note">No round yet.</p>'
    )
    body = (
        f"<h1>{escape(name)}</h1>"
        f"<p>{escape(player.nation)}{' (dropped)' if player.dropped_after else ''}</p>"
        f"<h2>Games</h2>{games}<h2>Army as checked in</h2>{_army(player.army)}"
    )
    return page(event, f"{event.name}: {name}", body)


def _army(checkin: Mapping[str, Any] | None) -> str:
    if not checkin:
        return '<p class="note">No army checked in.</p>'
    out = [f"<p>{escape(army_summary(checkin))}</p>"]
    army = checkin.get("army")
    units = army.get("unit", []) if isinstance(army, Mapping) else []
    items = []
    for u in units if isinstance(units, list) else []:
        if not isinstance(u, Mapping):
            continue
        extra = ", ".join(f"{k}: {v}" for k, v in u.items() if k not in ("type", "count") and v)
        items.append(
            f"<li>{escape(str(u.get('count', 1)))} x {escape(str(u.get('type', '')))}"
            + (f' <span class="note">({escape(extra)})</span>' if extra else "")
            + "</li>"
        )
    if items:
        out.append(f"<ul>{''.join(items)}</ul>")
    huge = huge_text(checkin)
    if huge:
        out.append(f'<p class="huge">Huge units: {escape(huge)}</p>')
    return "".join(out)


def _points_inputs(prefix: str, values: Mapping[str, int]) -> str:
    return "".join(
        f'<td><input type="number" name="{prefix}_{k}" min="0" max="9999" inputmode="numeric" '
        f'value="{int(values.get(k, 0))}" aria-label="{prefix} {k}"></td>'
        for k in KINDS
    )


def table_page(
    event: Event,
    rnd: Round,
    table: int,
    token: str,
    message: tuple[str, bool] | None = None,
    typed: Mapping[str, Mapping[str, int]] | None = None,
) -> str:
    """``GET /tables/R/T``: the table's players and state, and the forms to report, confirm
    or dispute its result with a player's code; ``typed``: the numbers of a report refused
    (by field prefix, ``s0``, ``d1``...), shown again in its form."""
    a, b = rnd.tables[table - 1]
    note = ""
    if message is not None:
        text, ok = message
        note = f'<div class="msg {"ok" if ok else "bad"}">{escape(text)}</div>'
    place = event.places(rnd.number).get(table)
    at = ""
    if place is not None:
        terrain = f" · terrain: {place.terrain}" if place.terrain else ""
        at = f'<p class="note">At {escape(place.name)}{escape(terrain)}</p>'
    head = (
        f"<h1>Round {rnd.number}, table {table}</h1>{at}"
        f"<p>{player_link(a)} v {player_link(b)}</p>{note}"
    )
    if table in rnd.results:
        tr = rnd.results[table]
        body = head + _result_lines(
            tr.result.to_json(), f"Result ({_table_state(event, rnd, table)})"
        )
        return page(
            event, f"Table {table}", body + '<p class="note">Ask the desk to change it.</p>'
        )
    waiting = room.waiting(event, rnd.number, table)
    parts = [head]
    if waiting is not None:
        parts.append(f'<p class="msg">{escape(waiting.describe())}</p>')
        for r in waiting.reports:
            at = room.clock_time(r.at)
            parts.append(_result_lines(r.result.to_json(), f"Reported by {r.by} at {at}"))
        parts.append(
            '<form method="post"><fieldset><legend>Confirm or dispute</legend>'
            f'<input type="hidden" name="csrf" value="{escape(token)}">'
            '<label>Your code <input type="text" name="code" autocomplete="off" '
            'autocapitalize="characters" maxlength="20" required></label>'
            '<label>Why (if you dispute) <input type="text" name="why" maxlength="500">'
            '</label><button name="action" value="confirm">Confirm</button>'
            '<button name="action" value="dispute">Dispute</button></fieldset></form>'
        )
    rows = []
    again = typed or {}
    for i, name in enumerate((a, b)):
        start = starting_points(event, name)
        surviving = start.to_json() if start is not None else {}
        kinds = "".join(f"<th>{k.upper()}</th>" for k in KINDS)
        rows.append(
            f'<p><b>{escape(name)}</b>\'s army</p><table class="points"><tr><th></th>{kinds}</tr>'
            f"<tr><td>surviving</td>{_points_inputs(f's{i}', again.get(f's{i}', surviving))}</tr>"
            f"<tr><td>destroyed</td>{_points_inputs(f'd{i}', again.get(f'd{i}', {}))}</tr></table>"
        )
    parts.append(
        '<form method="post"><fieldset><legend>Report the result</legend>'
        f'<input type="hidden" name="csrf" value="{escape(token)}">'
        f"{''.join(rows)}"
        '<p class="note">Each army\'s own points: those still on the table, and those '
        "destroyed or fled.</p>"
        '<label>Your code <input type="text" name="code" autocomplete="off" '
        'autocapitalize="characters" maxlength="20" required></label>'
        '<button name="action" value="report">Report</button></fieldset></form>'
    )
    return page(event, f"Table {table}", "".join(parts))


def _result_lines(result: Mapping[str, Any], title: str) -> str:
    rows = []
    for p in result["players"]:
        s, d = p["surviving"], p["destroyed"]
        text = " ".join(f"{k.upper()} {s[k]}/{d[k]}" for k in KINDS)
        rows.append(f"<li>{escape(str(p['name']))}: {escape(text)}</li>")
    return (
        f"<p><b>{escape(title)}</b> <span class='note'>(surviving/destroyed)</span></p>"
        f"<ul>{''.join(rows)}</ul>"
    )


def rules_page(event: Event, query: str, hits: Sequence[Mapping[str, Any]], error: str) -> str:
    """``GET /rules?q=``: the clause catalogue and the rulings register searched."""
    out = [
        "<h1>Rules lookup</h1>"
        '<form method="get" action="/rules"><input type="search" name="q" '
        f'value="{escape(query)}" maxlength="1000" placeholder="e.g. retreat blocked" '
        'autocomplete="off"> <button>Search</button></form>'
    ]
    if error:
        out.append(f'<p class="msg bad">{escape(error)}</p>')
    elif query.strip() and not hits:
        out.append(f"<p>No match for {escape(query)}.</p>")
    for h in hits:
        editions = ", ".join(str(e) for e in h.get("editions", []))
        out.append(
            f'<div class="hit"><p><a href="/rules/{quote(str(h["id"]), safe="")}">'
            f"{escape(str(h['title']))}</a> <span class='note'>{escape(str(h['id']))}"
            f" ({escape(str(h['kind']))}{'; ' + escape(editions) if editions else ''})</span></p>"
            f"<p>{escape(str(h['snippet']))}</p></div>"
        )
    return page(event, f"{event.name}: rules", "".join(out))


def _applies(ruling: Mapping[str, Any]) -> tuple[str, str | None]:
    """Whether ``ruling`` applies to the event's game, said as the Rules dock says it of
    an open match (its ``event``: the game's name, applies, the reading taken), and the
    reading the event takes (None: none, or not said)."""
    event = ruling.get("event")
    if not isinstance(event, Mapping):
        return "", None
    game = escape(str(event.get("game", "")))
    if not event.get("applies"):
        from referee.catalogue.lookup import editions_words

        words = editions_words(str(x) for x in ruling.get("editions") or ())
        return (
            f"<p class='msg'><b>Does not apply to this event's game ({game})</b>: a ruling "
            f"of {escape(words)}; its default reading is {escape(str(ruling['default']))}.</p>"
        ), None
    taken = str(event.get("taken"))
    return (
        f"<p class='msg ok'><b>Applies to this event's game ({game})</b>, which takes "
        f"{escape(taken)}.</p>"
    ), taken


def entry_page(event: Event, entries: Sequence[Mapping[str, Any]]) -> str:
    """``GET /rules/ID``: a clause with its wording in each edition, or a ruling with the
    editions it is of (those of its clauses; none: every edition), whether it applies to
    the event's game (the reading taken marked) and its readings."""
    out = []
    for e in entries:
        if e.get("kind") == "clause":
            out.append(
                f"<h1>{escape(str(e['title']))}</h1><p class='note'>{escape(str(e['id']))}"
                f" · {escape(str(e.get('section', '')))}</p>"
            )
            texts: Mapping[str, str] = e.get("editions_text") or {}
            if len(set(texts.values())) <= 1:
                out.append(
                    f"<p><b>In every edition</b> ({escape(', '.join(texts))})</p>"
                    f"<p>{escape(str(e['text']))}</p>"
                )
            else:
                for ed, text in texts.items():
                    out.append(
                        f'<div class="edition"><b>{escape(ed)}</b><p>{escape(text)}</p></div>'
                    )
            if e.get("difference"):
                out.append(f"<p><b>Difference:</b> {escape(str(e['difference']))}</p>")
            for r in e.get("rulings", []):
                out.append(
                    f'<p>Ruling: <a href="/rules/{quote(str(r["id"]), safe="")}">'
                    f"{escape(str(r['title']))}</a></p>"
                )
        elif e.get("kind") == "ruling":
            editions = ", ".join(str(x) for x in e.get("editions") or ()) or "every edition"
            said, taken = _applies(e)

            def marks(o: Mapping[str, Any], taken: str | None = taken) -> str:
                words = ["default"] if o.get("default") else []
                if taken is not None and str(o["id"]) == taken:
                    words.append("taken by this event")
                return f" ({'; '.join(words)})" if words else ""

            out.append(
                f"<h1>{escape(str(e['title']))}</h1><p class='note'>ruling "
                f"{escape(str(e['id']))} · editions: {escape(editions)}</p>"
                f"{said}"
                f"<p><b>Unclear:</b> {escape(str(e['unclear']))}</p>"
                "<p><b>Readings:</b></p><ul>"
                + "".join(
                    f"<li>{escape(str(o['id']))}{marks(o)}: {escape(str(o['reading']))}</li>"
                    for o in e.get("options", [])
                )
                + "</ul>"
            )
            for c in e.get("clauses", []):
                out.append(
                    f'<p>Clause: <a href="/rules/{quote(str(c["id"]), safe="")}">'
                    f"{escape(str(c.get('title') or c['id']))}</a></p>"
                )
    return page(event, f"{event.name}: rules", "".join(out))


def message_page(event: Event, title: str, text: str) -> str:
    return page(event, title, f"<h1>{escape(title)}</h1><p>{escape(text)}</p>")


def awards_page(event: Event) -> str:
    """``GET /awards``: each award and who holds it now, best overall's formula in words,
    and each category's votes."""
    from referee.tournament.awards import CATEGORIES, awards

    found = awards(event)
    out = ["<h1>Awards</h1>"]
    not_final = provisional(event)
    if found.awards and not_final:
        out.append(f'<p class="note">These awards are {escape(not_final)}.</p>')
    if found.awards:
        rows = "".join(
            f"<tr><td>{escape(a.title)}</td><td>"
            + ", ".join(player_link(n) for n in a.winners)
            + f'</td><td class="note">{escape(a.why)}</td></tr>'
            for a in found.awards
        )
        out.append(f"<table><tr><th>Award</th><th>Player</th><th>Why</th></tr>{rows}</table>")
    else:
        out.append('<p class="note">No award yet: no result and no vote.</p>')
    out.append(f'<p class="formula"><b>Best overall</b> = {escape(found.weights.terms())}.</p>')
    for category, title in CATEGORIES.items():
        tally = found.tallies[category]
        voted = found.voters[category]
        items = "".join(
            f"<li>{player_link(n)}: {v} vote{'s' if v != 1 else ''}</li>" for n, v in tally.items()
        )
        out.append(
            f"<h2>{escape(title.capitalize())}</h2>"
            f'<p class="note">{voted} player(s) voted.</p>' + (f"<ul>{items}</ul>" if items else "")
        )
    return page(event, f"{event.name}: awards", "".join(out))


def vote_page(event: Event, token: str, message: tuple[str, bool] | None = None) -> str:
    """``GET /vote``: a player's vote in one category, with their own code."""
    from referee.tournament.awards import CATEGORIES, second_vote_refused

    note = ""
    if message is not None:
        text, ok = message
        note = f'<div class="msg {"ok" if ok else "bad"}">{escape(text)}</div>'
    categories = "".join(
        f'<option value="{escape(c)}">{escape(title.capitalize())}</option>'
        for c, title in CATEGORIES.items()
    )
    names = "".join(
        f'<option value="{escape(n)}">{escape(n)}</option>'
        for n in sorted(event.players, key=str.casefold)
    )
    once = (
        "You vote once in each category: ask the desk to change a vote."
        if second_vote_refused(event)
        else "You may vote again in a category: your last vote counts."
    )
    body = (
        f"<h1>Vote</h1>{note}"
        '<form method="post" action="/vote"><fieldset><legend>Your vote</legend>'
        f'<input type="hidden" name="csrf" value="{escape(token)}">'
        f'<label>Award <select name="category">{categories}</select></label>'
        f'<label>For <select name="for">{names}</select></label>'
        '<label>Your code <input type="text" name="code" autocomplete="off" '
        'autocapitalize="characters" maxlength="20" required></label>'
        "<button>Vote</button></fieldset></form>"
        '<p class="note">Painting: any other player\'s army. Best sport and favourite '
        f"opponent: a player you were paired against. Never yourself. {escape(once)}</p>"
    )
    return page(event, f"{event.name}: vote", body)
