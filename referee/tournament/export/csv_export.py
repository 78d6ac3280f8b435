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
from referee.tournament.standings import standings

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


def write_csv(event: Event, out: Path) -> list[Path]:
    out = folder(out)
    st = standings(event)
    keys = list(st.keys)
    paths = [out / "standings.csv", out / "pairings.csv", out / "results.csv", out / "players.csv"]
    with open(paths[0], "w", newline="", encoding="utf-8") as fh:
        w = SafeWriter(fh)
        w.writerow(["rank", "name", "nation", "tvp", "mvp", *keys, "decided_by", "dropped"])
        for s in st.standings:
            w.writerow(
                [
                    s.rank,
                    s.name,
                    s.nation,
                    s.text("tvp", 4),
                    s.mvp,
                    *(s.text(k, 4) if k in s.tiebreakers else "" for k in keys),
                    s.decided_by,
                    "yes" if s.dropped else "",
                ]
            )
    with open(paths[1], "w", newline="", encoding="utf-8") as fh:
        w = SafeWriter(fh)
        w.writerow(
            ["round", "table", "player_1", "player_2", "player_1_huge_units", "player_2_huge_units"]
        )
        for rnd in event.rounds:
            for i, (a, b) in enumerate(rnd.tables, 1):
                w.writerow(
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
                w.writerow([rnd.number, "bye", rnd.bye, ""])
    with open(paths[2], "w", newline="", encoding="utf-8") as fh:
        w = SafeWriter(fh)
        w.writerow(["round", "table", "player", "mvp", "tvp", "opponent", "corrected"])
        for rnd in event.rounds:
            for t, tr in sorted(rnd.results.items()):
                one, two = tr.scores
                for me, other in ((one, two), (two, one)):
                    w.writerow(
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
    with open(paths[3], "w", newline="", encoding="utf-8") as fh:
        w = SafeWriter(fh)
        w.writerow(
            [
                "name",
                "nation",
                "entered",
                "dropped_after",
                "army",
                "checksum",
                "valid",
                "override",
                "huge_units",
            ]
        )
        for p in event.players.values():
            c = p.army or {}
            w.writerow(
                [
                    p.name,
                    p.nation,
                    p.entered,
                    p.dropped_after or "",
                    c.get("army_name", ""),
                    c.get("checksum", ""),
                    ("yes" if c.get("valid") else "no") if c else "",
                    c.get("override", ""),
                    listed_huge_units(event, p.name),
                ]
            )
    return paths
