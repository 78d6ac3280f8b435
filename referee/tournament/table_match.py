"""From table to desk: the match file of one table of a round, and the way back.

:func:`make_table_match` writes the table's match file: the event's scenario (ENTRENCHED!
unless the event chose another) with its map and setup procedure (the units wait for it:
ENTRENCHED!'s blind setup), both players' armies as frozen at check-in (each base with its
upgraded card, :func:`referee.army.table_units`; side 1 is the table's first player), the
event's readings, and the round's time limit as the victory condition "Tournament style:
fixed time" with the round's minutes (clause ``victory.fixed-time``). The match's settings
(``meta["settings"]``, text) say where it comes from:

- ``player-1``, ``player-2``: the players' names (the result's names,
  :mod:`referee.tournament.match_result`);
- ``tournament-event``, ``tournament-event-id`` (:func:`event_id`), ``tournament-store``
  (where the event is: a file's absolute path, or a server's URL; a claim, followed only
  once the referee confirms it, :mod:`referee.tournament.event_place`), ``tournament-round``,
  ``tournament-table``;
- ``tournament-minutes``: the round's time limit; ``tournament-round-started``: when the
  round's clock started, if it had when the file was made (the table's own clock,
  :mod:`referee.tournament.table_clock`);
- ``army-1-checksum``, ``army-2-checksum``: the armies' checksums;
- ``tournament-match-id``: a random id the desk keeps in the event (a ``match`` record:
  round, table, id, players, file), so that a result sent back can be traced to a file the
  desk made for that table.

The result comes back with ``tournament result --match M.referee``; :func:`match_problems`
says why a match file is not one the desk made for that event, round and table (another
event's, round's or table's, one with no tournament settings, or one whose id the event has
no record of); the desk refuses it unless given a reason to take it anyway.
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
from collections.abc import Callable, Mapping
from datetime import datetime
from pathlib import Path
from typing import Any

import msgspec

from referee.errors import RefereeError
from referee.tournament.clock import fold_clock
from referee.tournament.event import Event
from referee.tournament.scoring import MatchResult


class TableMatchError(RefereeError):
    """A table's match file that cannot be made, or a match file that is not this table's."""


class TableOrigin(msgspec.Struct, frozen=True):
    """Where a table's match file comes from (its settings, see the module docstring)."""

    event: str
    event_id: str
    store: str
    round: int
    table: int
    players: tuple[str, str]
    minutes: int | None = None
    round_started: datetime | None = None
    match_id: str = ""

    def label(self) -> str:
        return f"{self.event}, round {self.round}, table {self.table}"

    @classmethod
    def from_settings(cls, settings: Mapping[str, Any]) -> TableOrigin | None:
        """The origin a match's settings record, or None for a match the desk did not make."""
        if "tournament-round" not in settings:
            return None
        try:
            started = settings.get("tournament-round-started")
            minutes = settings.get("tournament-minutes")
            return cls(
                str(settings.get("tournament-event", "")),
                str(settings.get("tournament-event-id", "")),
                str(settings.get("tournament-store", "")),
                int(settings["tournament-round"]),
                int(settings["tournament-table"]),
                (str(settings.get("player-1", "")), str(settings.get("player-2", ""))),
                int(minutes) if minutes else None,
                datetime.fromisoformat(str(started)) if started else None,
                str(settings.get("tournament-match-id", "")),
            )
        except (KeyError, ValueError) as exc:
            raise TableMatchError(
                f"the match's tournament settings are damaged ({exc})",
            ) from None

    def settings(self) -> dict[str, str]:
        out = {
            "player-1": self.players[0],
            "player-2": self.players[1],
            "tournament-event": self.event,
            "tournament-event-id": self.event_id,
            "tournament-store": self.store,
            "tournament-round": str(self.round),
            "tournament-table": str(self.table),
        }
        if self.minutes is not None:
            out["tournament-minutes"] = str(self.minutes)
        if self.round_started is not None:
            out["tournament-round-started"] = self.round_started.isoformat()
        if self.match_id:
            out["tournament-match-id"] = self.match_id
        return out


class SentMatch(msgspec.Struct, frozen=True):
    """A match file a result is read from: its path (for messages) and the origin its
    settings record (None: no tournament settings at all)."""

    path: str
    origin: TableOrigin | None


class TableMatch(msgspec.Struct, frozen=True):
    """What :func:`make_table_match` wrote."""

    path: Path
    origin: TableOrigin
    scenario: str
    units: int
    checksums: tuple[str, str]
    declarations: Mapping[str, str]
    """For each player whose opponent has huge units, what they are told."""

    def lines(self) -> list[str]:
        a, b = self.origin.players
        out = [
            f"{self.path}: {self.origin.label()}: {a} (side 1) v {b} (side 2)",
            f"  scenario: {self.scenario}; {self.units} units wait for its setup",
            f"  victory: tournament, fixed time: {self.origin.minutes} minutes",
            f"  armies: {a} {self.checksums[0][:16]}, {b} {self.checksums[1][:16]}",
        ]
        out += [f"  {name}: {text}" for name, text in self.declarations.items()]
        return out


def event_id(event: Event) -> str:
    """The event's fingerprint: its first record (name, seed, when, who), hashed; the same
    wherever the event is kept or copied."""
    if not event.records:
        return ""
    first = event.records[0]
    text = json.dumps([first.kind, dict(first.data), first.who, first.at], sort_keys=True)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def store_location(store_name: str) -> str:
    """Where the event is, for a match opened elsewhere: a URL as it is, a file absolute."""
    if "://" in store_name or not store_name:
        return store_name
    return str(Path(store_name).resolve())


def table_players(event: Event, round_number: int, table: int) -> tuple[str, str]:
    rnd = event.round(round_number)
    if rnd is None:
        raise TableMatchError(f"round {round_number} is not paired yet")
    if not 1 <= table <= len(rnd.tables):
        raise TableMatchError(
            f"round {round_number} has tables 1 to {len(rnd.tables)}, not {table}"
        )
    return rnd.tables[table - 1]


def make_table_match(
    event: Event,
    round_number: int,
    table: int,
    out: Path | str,
    *,
    force: bool = False,
    seed: int | None = None,
    keep: Callable[[TableMatch], None] | None = None,
) -> TableMatch:
    """Write the match file of ``table`` in ``round_number`` (see the module docstring);
    an existing ``out`` is replaced only with ``force``, and only once the new file is
    whole. ``keep`` is given the match once it is written whole and before it takes
    ``out``'s place (the desk records its id there); if ``keep`` fails, ``out`` is left
    as it was."""
    from referee.army import table_units
    from referee.match.games.orders_file import MatchFile
    from referee.match.setup.army_setup import name_units
    from referee.tournament.checkin import frozen_army, table_declarations
    from referee.tournament.event_rules import rules_of, scenario_of, table_victory

    out = Path(out)
    if out.exists() and not force:
        raise TableMatchError(f"{out}: already exists (--force replaces it)")
    if out.exists() and not out.is_file():
        raise TableMatchError(f"{out}: is a folder, not a match file")
    a, b = table_players(event, round_number, table)
    missing = [n for n in (a, b) if event.players[n].army is None]
    if missing:
        raise TableMatchError(
            f"round {round_number}, table {table}: no army checked in for "
            f"{' and '.join(missing)} (tournament check-in FILE NAME --army ARMY.toml)"
        )
    armies = {side: frozen_army(event.players[n].army or {}, n) for side, n in ((1, a), (2, b))}
    rules = rules_of(event)
    scenario = scenario_of(event)
    sides = []
    for side, army in armies.items():
        player = (a, b)[side - 1]
        try:
            sides.append((side, table_units(army, rules=rules)))
        except RefereeError as exc:
            raise TableMatchError(f"{player}'s army cannot be put on the table: {exc}") from None
    named = name_units(sides)
    units = [
        {"uid": uid, "unit": u.card.id, "side": side, "card": dict(u.card_data)}
        for side, uid, u in named
    ]
    clock = fold_clock(event.clock, round_number, event.round_minutes)
    origin = TableOrigin(
        event.name,
        event_id(event),
        store_location(event.store_name),
        round_number,
        table,
        (a, b),
        clock.minutes,
        clock.started,
        secrets.token_hex(8),
    )
    making = out.with_name(f".{out.name}.making")
    making.unlink(missing_ok=True)
    try:
        MatchFile.create(
            making,
            map_name="",
            units=units,
            ruleset=scenario.edition,
            readings=dict(event.readings),
            seed=seed,
            title=f"{event.name}: round {round_number}, table {table}: {a} v {b}",
            settings={
                **origin.settings(),
                "army-1-checksum": armies[1].checksum(),
                "army-2-checksum": armies[2].checksum(),
            },
            scenario=event.scenario,
            victory=table_victory(clock.minutes),
        ).close()
        made = TableMatch(
            out,
            origin,
            scenario.name,
            len(units),
            (armies[1].checksum(), armies[2].checksum()),
            table_declarations(event, [(a, b)]),
        )
        if keep is not None:
            keep(made)
        os.replace(making, out)
    finally:
        making.unlink(missing_ok=True)
    return made


def match_record(made: TableMatch) -> dict[str, Any]:
    """The ``match`` record's data: what the desk made for a table (module docstring)."""
    return {
        "round": made.origin.round,
        "table": made.origin.table,
        "id": made.origin.match_id,
        "players": list(made.origin.players),
        "file": str(made.path.resolve()),
        "checksums": list(made.checksums),
    }


def made_ids(event: Event, round_number: int, table: int) -> set[str]:
    """The ids of every match file the desk made for ``table`` of ``round_number``."""
    return {
        str(r.data.get("id", ""))
        for r in event.records
        if r.kind == "match"
        and r.data.get("round") == round_number
        and r.data.get("table") == table
    }


def sent_match(path: Path | str) -> tuple[MatchResult, SentMatch]:
    """The result of the match file at ``path`` and where it comes from, read at once."""
    from referee.match.games.orders_file import MatchFile
    from referee.tournament.match_result import result_of_match

    with MatchFile.open(path) as match:
        origin = TableOrigin.from_settings(match.meta.get("settings") or {})
        return result_of_match(match), SentMatch(str(path), origin)


def match_problems(
    event: Event, origin: TableOrigin | None, round_number: int, table: int, source: str = ""
) -> list[str]:
    """Why a match file whose settings record ``origin`` (None: none at all) is not one the
    desk made for ``table`` of ``round_number`` of ``event`` (empty: it is)."""
    where = f"{source}: " if source else ""
    if origin is None:
        return [
            f"{where}this match was not made by the desk (it has no tournament settings); "
            f"the desk makes round {round_number}, table {table}'s match file with "
            "tournament match"
        ]
    if origin.event_id and origin.event_id != event_id(event):
        return [
            f"{where}this match was made for the event {origin.event!r} ({origin.store}), "
            f"not {event.name!r}"
        ]
    if (origin.round, origin.table) != (round_number, table):
        return [
            f"{where}this match was made for round {origin.round}, table {origin.table} "
            f"({origin.players[0]} v {origin.players[1]}), not round {round_number}, "
            f"table {table}"
        ]
    if not origin.match_id or origin.match_id not in made_ids(event, round_number, table):
        ident = f"its id {origin.match_id}" if origin.match_id else "it has no id"
        return [
            f"{where}the event has no record of making this match file for round "
            f"{round_number}, table {table} ({ident}: made by an older referee, or its "
            "settings were edited)"
        ]
    return []
