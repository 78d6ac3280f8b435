"""Standings, pairings and results as CSV files in a folder.

A cell never starts a spreadsheet formula (OWASP, "CSV injection"): a player's name, a
nation or an army's name is the organiser's text, and ``=HYPERLINK(...)`` typed as a name
would run when the file is opened. Every cell goes through :func:`csv_cell`: text that
begins with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return is written with a leading
``'`` (spreadsheets show the rest as text), except text that is a plain number
(``-3``, ``-0.5000``): a number cannot run anything, so a negative score stays a number the
spreadsheet can add up. Numbers are written as numbers.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from referee.tournament.checkin import huge_text, listed_huge_units
from referee.tournament.event import Event
from referee.tournament.export.output import folder
from referee.tournament.standings import provisional, standings

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""What a spreadsheet may take for the start of a formula (OWASP's list)."""
PLAIN_NUMBER = re.compile(r"-?[0-9]+(\.[0-9]+)?")


def csv_cell(value: object) -> object:
    """``value`` as a cell that a spreadsheet shows as written (see the module docstring)."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return value
    text = str(value)
    if text.startswith(FORMULA_STARTS) and not PLAIN_NUMBER.fullmatch(text):
        return "'" + text
    return text


class SafeWriter:
    """A CSV writer whose every cell goes through :func:`csv_cell`."""

    def __init__(self, fh: Any) -> None:
        self.writer = csv.writer(fh)

    def writerow(self, row: Iterable[object]) -> None:
        self.writer.writerow([csv_cell(v) for v in row])


def is_csv_file(out: Path) -> bool:
    """Whether ``out`` names one CSV file (``*.csv``) rather than a folder of four."""
    return out.suffix.casefold() == ".csv"


TABLES = ("standings", "pairings", "results", "players")
"""The CSV tables, in the order they are written."""

Table = tuple[list[str], list[list[object]]]


def csv_tables(event: Event) -> dict[str, Table]:
    """Each CSV table (:data:`TABLES`): its columns and its rows. A bye is a row of the
    pairings and, once its round is complete (when it counts), of the results."""
    from referee.tournament.awards import awards
    from referee.tournament.scoring import bye_score

    st = standings(event)
    won = awards(event)
    marked = " (provisional)" if provisional(event) else ""
    keys = [k for k in st.keys if k not in ("tvp", "mvp")]  # in their own columns, once
    out: dict[str, Table] = {}
    out["standings"] = (
        [
            "rank",
            "name",
            "nation",
            "tvp",
            "mvp",
            *keys,
            "decided_by",
            "dropped",
            "penalties",
            "awards",
        ],
        [
            [
                s.rank,
                s.name,
                s.nation,
                s.text("tvp", 4),
                s.mvp,
                *(s.text(k, 4) if k in s.tiebreakers else "" for k in keys),
                s.decided_by,
                "yes" if s.dropped else "",
                s.penalty_text(),
                "; ".join(f"{t}{marked}" for t in won.of(s.name)),
            ]
            for s in st.standings
        ],
    )
    rows: list[list[object]] = []
    for rnd in event.rounds:
        for i, (a, b) in enumerate(rnd.tables, 1):
            rows.append(
                [
                    rnd.number,
                    i,
                    a,
                    b,
                    huge_text(event.players[a].army),
                    huge_text(event.players[b].army),
                ]
            )
        if rnd.bye:
            rows.append([rnd.number, "bye", rnd.bye, "", "", ""])
    out["pairings"] = (
        ["round", "table", "player_1", "player_2", "player_1_huge_units", "player_2_huge_units"],
        rows,
    )
    rows = []
    bye_mvp = int(str(event.reading("tournament.bye")))
    for rnd in event.rounds:
        for t, tr in sorted(rnd.results.items()):
            one, two = tr.scores
            for me, other in ((one, two), (two, one)):
                rows.append(
                    [
                        rnd.number,
                        t,
                        me.name,
                        me.mvp,
                        f"{me.tvp:.4f}",
                        other.name,
                        "yes" if tr.corrected else "",
                    ]
                )
        if rnd.bye and rnd.complete:
            score = bye_score(rnd.bye, bye_mvp)
            rows.append([rnd.number, "bye", rnd.bye, score.mvp, f"{score.tvp:.4f}", "", ""])
    out["results"] = (["round", "table", "player", "mvp", "tvp", "opponent", "corrected"], rows)
    out["players"] = (
        [
            "name",
            "nation",
            "club",
            "entered",
            "dropped_after",
            "army",
            "checksum",
            "valid",
            "override",
            "huge_units",
        ],
        [
            [
                p.name,
                p.nation,
                p.club,
                p.entered,
                "" if p.dropped_after is None else p.dropped_after,
                (c := p.army or {}).get("army_name", ""),
                c.get("checksum", ""),
                ("yes" if c.get("valid") else "no") if c else "",
                c.get("override", ""),
                listed_huge_units(event, p.name),
            ]
            for p in event.players.values()
        ],
    )
    return out


def write_csv(event: Event, out: Path) -> list[Path]:
    """The four tables as four files in the folder ``out``."""
    out = folder(out)
    paths = []
    for name, (columns, rows) in csv_tables(event).items():
        path = out / f"{name}.csv"
        with open(path, "w", newline="", encoding="utf-8") as fh:
            w = SafeWriter(fh)
            w.writerow(columns)
            for row in rows:
                w.writerow(row)
        paths.append(path)
    return paths


def write_csv_file(event: Event, out: Path, table: str | None = None) -> list[Path]:
    """One CSV file at ``out``: the table named ``table``, or all four, each row naming its
    table in a first column ``table`` (the pairings' and results' table numbers are then
    ``game_table``); each column once, in the order the tables first use it."""
    tables = csv_tables(event)
    if table is not None:
        columns, rows = tables[table]
        chosen = [(columns, rows)]
        head = columns
    else:
        chosen = []
        head = ["table"]
        for name, (columns, rows) in tables.items():
            renamed = ["game_table" if c == "table" else c for c in columns]
            head += [c for c in renamed if c not in head]
            chosen.append((["table", *renamed], [[name, *r] for r in rows]))
    with open(out, "w", newline="", encoding="utf-8") as fh:
        w = SafeWriter(fh)
        w.writerow(head)
        for columns, rows in chosen:
            place = {c: i for i, c in enumerate(columns)}
            for row in rows:
                w.writerow([row[place[c]] if c in place else "" for c in head])
    return [out]
