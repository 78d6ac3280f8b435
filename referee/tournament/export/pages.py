"""HTML pieces shared by the printable page and the static site: plain HTML and CSS, no
script, readable on a phone and on paper."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from referee.paths import safe_file_name
from referee.tournament.event import TIEBREAKERS, Event, Round
from referee.tournament.standings import Standings

CSS = """
body { font-family: "DejaVu Sans", Arial, sans-serif; margin: 1em auto; max-width: 60em;
       padding: 0 0.8em; color: #111; background: #fff; }
h1 { font-size: 1.7em; margin: 0.3em 0; } h2 { font-size: 1.3em; margin-top: 1.2em; }
nav a { margin-right: 1em; font-size: 1.1em; }
table { border-collapse: collapse; width: 100%; margin: 0.5em 0; }
th, td { border-bottom: 1px solid #bbb; padding: 0.35em 0.5em; text-align: left; }
th { background: #eee; } td.num { text-align: right; font-variant-numeric: tabular-nums; }
td.table { font-weight: bold; font-size: 1.2em; text-align: center; width: 3em; }
.note { color: #555; font-size: 0.9em; } .warn { color: #a00; }
.dropped { color: #777; text-decoration: line-through; }
.huge { color: #8a4b00; font-size: 0.85em; font-weight: bold; }
.scroll { overflow-x: auto; } td.name { white-space: nowrap; }
@media (max-width: 640px) { .wide { display: none; } th, td { padding: 0.3em 0.3em; } }
@media print { nav { display: none; } body { max-width: none; } h2 { page-break-after: avoid; }
  table { page-break-inside: auto; } tr { page-break-inside: avoid; } }
"""


def slug(name: str) -> str:
    """A file name for a player's page (:func:`referee.paths.safe_file_name`, lower case:
    a phone's browser and a case-blind file system see one page per name)."""
    return safe_file_name(name.lower(), "player")


def player_slugs(event: Event) -> dict[str, str]:
    out: dict[str, str] = {}
    for name in sorted(event.players):
        base = slug(name)
        s, n = base, 2
        while s in out.values():
            s, n = f"{base}-{n}", n + 1
        out[name] = s
    return out


def page(title: str, body: str, nav: str = "") -> str:
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(title)}</title><style>{CSS}</style></head><body>"
        f"{nav}{body}</body></html>\n"
    )


def huge_note(event: Event, name: str) -> str:
    """A player's huge units under their name in a pairing, for the opponent to read
    (clause ``army.huge-units``), or ''."""
    from referee.tournament.checkin import huge_text

    player = event.players.get(name)
    huge = huge_text(player.army if player is not None else None)
    return f'<div class="huge">huge units: {escape(huge)}</div>' if huge else ""


def pairing_table(
    rnd: Round, link: dict[str, str] | None = None, event: Event | None = None
) -> str:
    """A round's tables; with ``event``, each player's huge units under their name."""

    def who(n: str) -> str:
        name = f'<a href="{link[n]}">{escape(n)}</a>' if link else escape(n)
        return name + (huge_note(event, n) if event is not None else "")

    rows = []
    for i, (a, b) in enumerate(rnd.tables, 1):
        result = ""
        if i in rnd.results:
            sa, sb = rnd.results[i].scores
            result = f"{sa.mvp} - {sb.mvp}" + (" (corrected)" if rnd.results[i].corrected else "")
        rows.append(
            f'<tr><td class="table">{i}</td><td>{who(a)}</td><td>{who(b)}</td>'
            f'<td class="num">{escape(result)}</td></tr>'
        )
    if rnd.bye:
        rows.append(
            f'<tr><td class="table">-</td><td>{who(rnd.bye)}</td><td>bye</td><td></td></tr>'
        )
    warnings = "".join(f'<p class="warn">{escape(w)}</p>' for w in rnd.warnings)
    return (
        f"<table><tr><th>Table</th><th>Player</th><th>Opponent</th><th>MVP</th></tr>"
        f"{''.join(rows)}</table>{warnings}"
    )


def key_label(key: str) -> str:
    """A tie-breaker's column header, short enough for a phone's table: ``SOS``, ``H2H``,
    ``DEST.`` (destroyed enemy points); :func:`keys_in_words` says what each means."""
    return key.upper() if len(key) <= 4 else f"{key[:4].upper()}."


def keys_in_words(keys: Sequence[str]) -> str:
    """The standings' keys in order, each in words with its column's header: "total TVP,
    ..., destroyed enemy points (DEST.)"."""
    out = []
    for k in keys:
        name = TIEBREAKERS.get(k, k)
        label = key_label(k)
        out.append(name if label.casefold() in name.casefold() else f"{name} ({label})")
    return ", ".join(out)


def standings_table(st: Standings, link: dict[str, str] | None = None) -> str:
    keys = [k for k in st.keys if k not in ("tvp", "mvp")]
    head = "".join(
        f'<th><abbr title="{escape(TIEBREAKERS.get(k, k))}">{escape(key_label(k))}</abbr></th>'
        for k in keys
    )
    rows = []
    for s in st.standings:
        name = f'<a href="{link[s.name]}">{escape(s.name)}</a>' if link else escape(s.name)
        cls = ' class="name dropped"' if s.dropped else ' class="name"'
        cells = "".join(
            f'<td class="num">{s.text(k) if k in s.tiebreakers else ""}</td>' for k in keys
        )
        rows.append(
            f'<tr><td class="num">{s.rank}</td><td{cls}>{name}</td>'
            f'<td class="wide">{escape(s.nation)}</td>'
            f'<td class="num">{s.text("tvp")}</td><td class="num">{s.mvp}</td>{cells}'
            f'<td class="wide">{escape(s.decided_by)}</td></tr>'
        )
    warnings = "".join(f'<p class="warn">{escape(w)}</p>' for w in st.warnings)
    return (
        '<div class="scroll"><table><tr><th>#</th><th>Player</th><th class="wide">Nation</th>'
        f'<th>TVP</th><th>MVP</th>{head}<th class="wide">Ahead of the next by</th></tr>'
        f"{''.join(rows)}</table></div>{warnings}"
    )


def awards_section(event: Event) -> str:
    """The awards as they stand (``awards``), with best overall's formula in words; '' when
    there is none yet."""
    from referee.tournament.awards import awards
    from referee.tournament.standings import provisional

    found = awards(event)
    if not found.awards:
        return ""
    not_final = provisional(event)
    head = f"Awards ({escape(not_final)})" if not_final else "Awards"
    rows = "".join(
        f"<tr><td>{escape(a.title)}</td><td>{escape(', '.join(a.winners))}</td>"
        f'<td class="note">{escape(a.why)}</td></tr>'
        for a in found.awards
    )
    return (
        f"<h2>{head}</h2><table><tr><th>Award</th><th>Player</th><th>Why</th></tr>{rows}"
        f'</table><p class="note">{escape(found.formula)}</p>'
    )
