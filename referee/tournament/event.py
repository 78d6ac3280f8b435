"""An event as the desk sees it: folded from its records, never stored as such.

Records (kind: data):

- ``event``: name, rounds, game, round_minutes, seed, readings (ruling id -> reading),
  tiebreakers (the standings' keys in order), scenario (the tables' scenario: a shipped
  scenario's id or a file; ``entrenched`` when left out);
- ``player``: name, nation, entered (the first round the player can be paired in), club
  (optional: players of one club, or one nation, are kept apart in round 1: ``round_one``);
- ``checkin``: name, army (the list's content as checked, frozen), file, checksum, valid,
  errors, huge_units, declaration, override (``checkin``);
- ``drop``: name, after (the last round the player plays), no_show (the round the player
  was absent at the door for, when the desk dropped them before pairing it);
- ``attendance``: name, round, present (true or false): the player at the door (or not)
  for a round not yet paired; the last record of a player and round counts, and a player
  absent when the round is paired is dropped then (a ``drop`` record with ``no_show``);
- ``penalty``: name, round (the round paired when it was given, 0 before round 1),
  penalty ("warning" or "points"), points and of ("tvp" or "mvp") for a deduction; why
  (the record's): deducted from the player's total in the standings, shown there and in
  the trail;
- ``withdraw``: name, why (the record's): a player entered by mistake, taken back before
  their first round was paired; from then on they are in no listing (entered again, they
  start afresh);
- ``seeding``: order (names, best first) for round 1;
- ``tiebreakers``: keys;
- ``pairing``: round, tables ([[a, b], ...], table 1 first), bye, warnings, how
  ("draw", "seeding", "swiss", "by hand", "re-paired after a correction"); the last pairing
  record of a round is its pairing;
- ``result``: round, table, result (``MatchResult.to_json``), source; override and problems
  when the desk took a result that did not add up to the armies or came from a match file
  it did not make for the table (``result_check``, ``table_match``);
- ``correction``: the same as a result, with why (the record's) and who;
- ``match``: round, table, id, players, file, checksums: a table's match file the desk
  made (``table_match``);
- ``clock``: round, action (start, pause, resume, end), minutes.
- ``cut``: size (4, 8 or 16), after (the last Swiss round), seeds (names, best first): the
  top cut (``top_cut``); the rounds after ``after`` are its single elimination rounds.
- ``venue``: tables ([{name, terrain, fixed, top}, ...]): the venue's tables (``venue``; the
  last record counts). A pairing record made while tables are listed holds ``places``: the
  venue table of each of its tables, table 1 first.
- ``code``: name, code: a player's code for reporting from a phone (``room``; the last
  one of a player counts);
- ``report``: round, table, by, result: a player's report of their table's result;
  ``dispute``: round, table, by, report (the id disputed), why; ``dismiss``: round, table,
  why: the desk closes a table's open reports (``room``). A result confirmed in the room
  is a ``result`` record whose ``report`` names the report confirmed.
- ``vote``: voter, category, for, by ("desk" or "room"); ``award-weights``: the weight of
  each part of best overall (``awards``).

The fold keeps every result record of a table in order (its trail); the last one counts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

import msgspec
from msgspec.structs import replace

from referee.ruleset.rulings import register
from referee.tournament.record_check import check_records
from referee.tournament.scoring import MatchResult, Score, bye_score, score_match
from referee.tournament.store import Record
from referee.tournament.tiebreak_order import tiebreakers
from referee.tournament.venue import VenueTable

TIEBREAKERS: dict[str, str] = tiebreakers()
"""Key -> name of each tie-breaker, in the default order (data/tournament/tiebreakers.toml,
clause ``tournament.tie-breaks``)."""
DEFAULT_TIEBREAKERS: tuple[str, ...] = tuple(TIEBREAKERS)
DEFAULT_SCENARIO = "entrenched"


class Player(msgspec.Struct, frozen=True):
    name: str
    nation: str = ""
    entered: int = 1
    dropped_after: int | None = None
    army: Mapping[str, Any] | None = None
    """The check-in record's data (army, checksum, valid, errors, huge_units), or None."""
    club: str = ""

    def plays_in(self, round_number: int) -> bool:
        """Whether the player can be paired in ``round_number``."""
        if round_number < self.entered:
            return False
        return self.dropped_after is None or round_number <= self.dropped_after


@dataclass(frozen=True, slots=True)
class TableResult:
    """The result of one table: the record that counts, and every record of it in order.
    Its result is read and scored once, when first asked for (the standings ask for each
    table's scores once per player and once more for head to head)."""

    round: int
    table: int
    trail: tuple[Record, ...]
    _scored: tuple[MatchResult, tuple[Score, Score]] | None = field(
        default=None, init=False, repr=False, compare=False
    )

    @property
    def record(self) -> Record:
        return self.trail[-1]

    def _read(self) -> tuple[MatchResult, tuple[Score, Score]]:
        if self._scored is None:
            result = MatchResult.from_json(self.record.data["result"])
            object.__setattr__(self, "_scored", (result, score_match(result)))
        assert self._scored is not None
        return self._scored

    @property
    def result(self) -> MatchResult:
        return self._read()[0]

    @property
    def scores(self) -> tuple[Score, Score]:
        return self._read()[1]

    @property
    def corrected(self) -> bool:
        return len(self.trail) > 1


class Cut(msgspec.Struct, frozen=True):
    """The top cut (``top_cut``): its size, the last Swiss round, the seeds best first."""

    size: int
    after: int
    seeds: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Round:
    number: int
    tables: tuple[tuple[str, str], ...]
    bye: str | None
    warnings: tuple[str, ...]
    how: str
    pairing_records: tuple[Record, ...]
    results: Mapping[int, TableResult]
    places: tuple[str, ...] = ()
    """The venue table of each table (table 1 first; ``""``: none), when tables were listed."""
    seats: Mapping[str, int] = field(init=False, repr=False, compare=False)
    """Each player's table (the first that names them), looked up in no time."""

    def __post_init__(self) -> None:
        seats: dict[str, int] = {}
        for i, pair in enumerate(self.tables, start=1):
            for name in pair:
                seats.setdefault(name, i)
        object.__setattr__(self, "seats", MappingProxyType(seats))

    def table_of(self, name: str) -> int | None:
        return self.seats.get(name)

    @property
    def missing(self) -> list[int]:
        """Tables without a result yet."""
        return [t for t in range(1, len(self.tables) + 1) if t not in self.results]

    @property
    def complete(self) -> bool:
        return not self.missing


class Event(msgspec.Struct, frozen=True):
    """Everything the desk knows of an event at one revision."""

    name: str
    rounds_planned: int
    game: str
    round_minutes: int
    seed: int
    readings: Mapping[str, str]
    tiebreakers: tuple[str, ...]
    players: Mapping[str, Player]
    seeding: tuple[str, ...]
    rounds: tuple[Round, ...]
    clock: tuple[Record, ...]
    records: tuple[Record, ...]
    revision: int
    store_name: str = ""
    extra: Mapping[str, Any] = msgspec.field(default_factory=lambda: MappingProxyType({}))
    scenario: str = DEFAULT_SCENARIO
    """The scenario every table plays (a shipped scenario's id or a file)."""
    attendance: Mapping[tuple[int, str], Record] = msgspec.field(
        default_factory=lambda: MappingProxyType({})
    )
    """(round, name) -> the attendance record that counts (the last)."""
    penalties: tuple[Record, ...] = ()
    """Every penalty record, in order."""

    def absent(self, round_number: int) -> list[str]:
        """Players of ``round_number`` marked absent at the door for it."""
        return [
            n
            for n in self.active(round_number)
            if (rec := self.attendance.get((round_number, n))) is not None
            and not rec.data["present"]
        ]

    def present(self, round_number: int, name: str) -> bool | None:
        """Whether ``name`` was marked present (True), absent (False) or not at all (None)
        for ``round_number``."""
        rec = self.attendance.get((round_number, name))
        return None if rec is None else bool(rec.data["present"])

    venue: tuple[VenueTable, ...] = ()
    """The venue's tables as the organiser listed them last (``venue``)."""
    cut: Cut | None = None
    """The top cut, once made (``top_cut``)."""

    @property
    def swiss_rounds(self) -> tuple[Round, ...]:
        """The rounds the standings count: all of them, or those before the top cut."""
        if self.cut is None:
            return self.rounds
        return self.rounds[: self.cut.after]

    def in_cut(self, round_number: int) -> bool:
        return self.cut is not None and round_number > self.cut.after

    def places(self, round_number: int) -> dict[int, VenueTable]:
        """The venue table of each table of a round that has one (a table since taken off
        the list keeps its name)."""
        rnd = self.round(round_number)
        if rnd is None:
            return {}
        listed = {t.name: t for t in self.venue}
        return {
            i: listed.get(name, VenueTable(name))
            for i, name in enumerate(rnd.places, start=1)
            if name
        }

    def played_at(self, before: int) -> dict[str, set[str]]:
        """The venue tables each player has played at in the rounds before ``before``."""
        seen: dict[str, set[str]] = {}
        for rnd in self.rounds[: max(0, before - 1)]:
            for pair, name in zip(rnd.tables, rnd.places, strict=False):
                if name:
                    for player in pair:
                        seen.setdefault(player, set()).add(name)
        return seen

    def reading(self, ruling_id: str) -> object:
        """The value of the reading this event takes for ``ruling_id``."""
        ruling = register()[ruling_id]
        return ruling.option(self.readings.get(ruling_id, ruling.default)).value

    def round(self, number: int) -> Round | None:
        return self.rounds[number - 1] if 0 < number <= len(self.rounds) else None

    @property
    def current_round(self) -> int:
        """The last round paired (0 before round 1)."""
        return len(self.rounds)

    def active(self, round_number: int) -> list[str]:
        """Players who can be paired in ``round_number``, in the order they entered (in a
        round of the top cut: the players still in it, in seating order)."""
        if self.in_cut(round_number):
            return entrants(self, round_number)
        return [p.name for p in self.players.values() if p.plays_in(round_number)]

    def scores_of(self, name: str) -> list[tuple[int, Score, str | None]]:
        """(round, score, opponent or None for a bye) of every round with a result; a bye
        counts once every table of its round has its result, so that standings in the middle
        of a round compare like with like."""
        out: list[tuple[int, Score, str | None]] = []
        bye_mvp = int(str(self.reading("tournament.bye")))
        for rnd in self.swiss_rounds:
            if rnd.bye == name:
                if rnd.complete:
                    out.append((rnd.number, bye_score(name, bye_mvp), None))
                continue
            table = rnd.table_of(name)
            if table is None or table not in rnd.results:
                continue
            a, b = rnd.results[table].scores
            me, other = (a, b) if a.name == name else (b, a)
            out.append((rnd.number, me, other.name))
        return out

    def met(self, a: str, b: str) -> list[int]:
        """The rounds in which ``a`` and ``b`` were paired."""
        return [r.number for r in self.rounds if (a, b) in r.tables or (b, a) in r.tables]

    def byes(self, name: str) -> list[int]:
        return [r.number for r in self.rounds if r.bye == name]


def fold(records: Sequence[Record], store_name: str = "") -> Event:
    """The event as ``records`` make it (see the module docstring); records that are not
    what the desk writes are refused first (:func:`record_check.check_records`), naming
    ``store_name``."""
    check_records(records, store_name)
    head: Mapping[str, Any] = {}
    players: dict[str, Player] = {}
    seeding: tuple[str, ...] = ()
    tiebreakers: tuple[str, ...] = DEFAULT_TIEBREAKERS
    pairings: dict[int, list[Record]] = {}
    trails: dict[tuple[int, int], list[Record]] = {}
    clock: list[Record] = []
    attendance: dict[tuple[int, str], Record] = {}
    penalties: list[Record] = []
    venue: tuple[VenueTable, ...] = ()
    cut: Cut | None = None
    for r in records:
        d = r.data
        if r.kind == "event":
            head = d
            tiebreakers = tuple(d.get("tiebreakers") or DEFAULT_TIEBREAKERS)
        elif r.kind == "player":
            players[d["name"]] = Player(
                d["name"], d.get("nation", ""), int(d.get("entered", 1)), club=d.get("club", "")
            )
        elif r.kind == "checkin":
            p = players[d["name"]]
            nation = p.nation or str(d.get("nation", ""))  # a player entered without one
            players[p.name] = replace(p, nation=nation, army=d)
        elif r.kind == "drop":
            p = players[d["name"]]
            players[p.name] = replace(p, dropped_after=int(d["after"]))
        elif r.kind == "attendance":
            attendance[(int(d["round"]), d["name"])] = r
        elif r.kind == "penalty":
            penalties.append(r)
        elif r.kind == "withdraw":  # entered again, a player starts afresh
            players.pop(d["name"], None)
            penalties = [p for p in penalties if p.data["name"] != d["name"]]
            attendance = {k: v for k, v in attendance.items() if k[1] != d["name"]}
        elif r.kind == "seeding":
            seeding = tuple(d["order"])
        elif r.kind == "tiebreakers":
            tiebreakers = tuple(d["keys"])
        elif r.kind == "pairing":
            pairings.setdefault(int(d["round"]), []).append(r)
        elif r.kind in ("result", "correction"):
            trails.setdefault((int(d["round"]), int(d["table"])), []).append(r)
        elif r.kind == "clock":
            clock.append(r)
        elif r.kind == "cut":
            cut = Cut(int(d["size"]), int(d["after"]), tuple(d["seeds"]))
        elif r.kind == "venue":
            venue = tuple(VenueTable.from_json(t) for t in d["tables"])
    rounds = []
    for number in sorted(pairings):
        recs = pairings[number]
        last = recs[-1].data
        results = {
            t: TableResult(number, t, tuple(trail))
            for (n, t), trail in sorted(trails.items())
            if n == number
        }
        rounds.append(
            Round(
                number,
                tuple((str(a), str(b)) for a, b in last["tables"]),
                last.get("bye"),
                tuple(last.get("warnings", ())),
                str(last.get("how", "")),
                tuple(recs),
                MappingProxyType(results),
                tuple(str(p) for p in last.get("places", ())),
            )
        )
    return Event(
        name=str(head.get("name", "")),
        rounds_planned=int(head.get("rounds", 5)),
        game=str(head.get("game", "standard")),
        round_minutes=int(head.get("round_minutes", 120)),
        seed=int(head.get("seed", 0)),
        readings=MappingProxyType(dict(head.get("readings") or {})),
        tiebreakers=tiebreakers,
        players=MappingProxyType(players),
        seeding=seeding,
        rounds=tuple(rounds),
        clock=tuple(clock),
        records=tuple(records),
        revision=records[-1].id if records else 0,
        store_name=store_name,
        scenario=str(head.get("scenario") or DEFAULT_SCENARIO),
        attendance=MappingProxyType(attendance),
        penalties=tuple(r for r in penalties if r.data["name"] in players),
        venue=venue,
        cut=cut,
    )


def trail_text(r: Record) -> str:
    """An attendance, no-show or penalty record in the trail's words."""
    d = r.data
    if r.kind == "attendance":
        door = "present" if d["present"] else "absent"
        return f"{d['name']} {door} at the door for round {d['round']}"
    if r.kind == "drop":
        return f"dropped {d['name']}, a no-show for round {d['no_show']}"
    if d["penalty"] == "points":
        return f"penalty for {d['name']}: {d['points']} {str(d['of']).upper()} deducted"
    return f"penalty for {d['name']}: a warning"


# --- the top cut's bracket (referee/tournament/top_cut.py says how a cut is played) ---


def bracket_order(size: int) -> list[int]:
    """The seeds (1 best) in the order the first round seats them, two a table."""
    order = [1]
    while len(order) < size:
        n = 2 * len(order)
        order = [x for s in order for x in (s, n + 1 - s)]
    return order


def cut_rounds(size: int) -> int:
    """How many rounds a cut of ``size`` plays (4: 2, 8: 3, 16: 4)."""
    return size.bit_length() - 1


def winner(cut: Cut, rnd: Round, table: int, tie: str = "higher-seed") -> str | None:
    """The table's winner: more MVP, or at level MVP as ``tie`` reads (ruling
    ``tournament.cut-tie``: the higher seed, or more destroyed enemy points first); None
    before a result."""
    if table not in rnd.results:
        return None
    a, b = rnd.results[table].scores
    if a.mvp != b.mvp:
        return a.name if a.mvp > b.mvp else b.name
    if tie == "destroyed-first" and a.destroyed_enemy != b.destroyed_enemy:
        return a.name if a.destroyed_enemy > b.destroyed_enemy else b.name
    seed = {name: i for i, name in enumerate(cut.seeds)}
    return min((a.name, b.name), key=lambda n: seed.get(n, len(seed)))


def entrants(event: Event, round_number: int) -> list[str]:
    """The players of a cut round in seating order (two a table); [] while the round before
    has a table without a result, or after the final."""
    cut = event.cut
    if cut is None or not cut.after < round_number <= cut.after + cut_rounds(cut.size):
        return []
    if round_number == cut.after + 1:
        return [cut.seeds[s - 1] for s in bracket_order(cut.size)]
    before = event.round(round_number - 1)
    if before is None:
        return []
    tie = str(event.reading("tournament.cut-tie"))
    won = [winner(cut, before, t, tie) for t in range(1, len(before.tables) + 1)]
    return [] if None in won else [w for w in won if w is not None]
