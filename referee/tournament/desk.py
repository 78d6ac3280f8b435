"""The desk: every change an organiser makes to an event, checked, then written as records.

Each operation reads the event, decides on it (the rules in ``pairing``, ``standings``,
``clock``) and appends its records with the revision it decided on. If another desk wrote
meanwhile, the store refuses the write and the operation decides again on the fresh event
(refusing, then, what no longer holds: a result for a table that has one now). Nothing is
lost and nothing is counted twice. Results are never changed: a correction is a new record
with who, when and why, after which later rounds not yet played are paired again and the
change is reported.
"""

from __future__ import annotations

import getpass
import os
import socket
from collections.abc import Callable, Sequence
from contextlib import nullcontext
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import msgspec
from msgspec.structs import replace

from referee.errors import RefereeError
from referee.tournament.clock import RoundClock, check_action, fold_clock
from referee.tournament.event import (
    DEFAULT_SCENARIO,
    TIEBREAKERS,
    Cut,
    Event,
    Player,
    TableResult,
    fold,
)
from referee.tournament.pairing import (
    History,
    Pairing,
    PairingError,
    check_pairing,
    draw_order,
    fold_pairing,
    swiss,
)
from referee.tournament.player_names import matching_names, name_key, tidy_name
from referee.tournament.scoring import MatchResult, PlayerResult, micro, score_match
from referee.tournament.standings import Standings, standings
from referee.tournament.store import EventStore, NewRecord, Record, StaleWrite
from referee.tournament.venue import MOST_TABLES, VenueTable, assign_places

if TYPE_CHECKING:
    from referee.tournament.table_match import SentMatch, TableMatch

T = TypeVar("T")
RETRIES = 8
DEFAULT_SIDE_NAMES = ("side 1", "side 2")


class DeskError(RefereeError):
    """What the desk refuses: the message says why and what to do instead."""


class ResultRefused(DeskError):
    """A result the desk does not take as it stands: it does not add up to the armies that
    played (``result_check``), or it comes from a match file the desk did not make for the
    table (``table_match.match_problems``). ``problems`` name each; the desk may take it
    anyway with a reason (``override``), kept in the result's record."""

    def __init__(self, where: str, problems: Sequence[str]) -> None:
        self.table_label = where
        self.problems = tuple(problems)
        lines = "\n".join(f"  - {p}" for p in self.problems)
        super().__init__(
            f"{where}: the result was not taken ({len(self.problems)} problem(s))\n{lines}\n"
            "(the desk may take it anyway, giving the reason: --override REASON)"
        )


def default_who() -> str:
    try:
        return f"{getpass.getuser()}@{socket.gethostname()}"
    except (OSError, KeyError):
        return "desk"


class CorrectionReport(msgspec.Struct, frozen=True):
    """What a correction changed: the table's scores, the places, later pairings."""

    round: int
    table: int
    why: str
    who: str
    before: tuple[tuple[str, int, float], ...]
    after: tuple[tuple[str, int, float], ...]
    moved: tuple[tuple[str, int, int], ...]
    """(name, place before, place after) of every player whose place changed."""
    repaired: tuple[tuple[Pairing, Pairing], ...] = ()
    """(old, new) pairings of later rounds paired again (no result was in yet)."""
    notes: tuple[str, ...] = msgspec.field(default=())

    def lines(self) -> list[str]:
        out = [f"round {self.round}, table {self.table} corrected by {self.who}: {self.why}"]
        for (name, mvp0, tvp0), (_, mvp1, tvp1) in zip(self.before, self.after, strict=True):
            out.append(f"  {name}: {mvp0} MVP ({tvp0:.2f} TVP) -> {mvp1} MVP ({tvp1:.2f} TVP)")
        for name, was, now in self.moved:
            out.append(f"  {name}: place {was} -> {now}")
        if not self.moved:
            out.append("  no place changed")
        for old, new in self.repaired:
            out.append(f"  round {new.round} paired again:")
            for i, (a, b) in enumerate(new.tables, 1):
                kept = i <= len(old.tables) and set(old.tables[i - 1]) == {a, b}
                mark = "" if kept else "  (changed)"
                out.append(f"    table {i}: {a} v {b}{mark}")
            if new.bye or old.bye:
                out.append(f"    bye: {new.bye or 'none'} (was {old.bye or 'none'})")
        out += [f"  {n}" for n in self.notes]
        return out


class Desk:
    """An event open at a desk (see the module docstring)."""

    def __init__(self, store: EventStore, who: str | None = None) -> None:
        self.store = store
        self.who = who or default_who()
        self.last_backup: Path | None = None
        """The copy of the event file taken before the last pairing (:meth:`pair`)."""

    # --- opening -------------------------------------------------------------------

    @classmethod
    def create(
        cls,
        path: Path | str,
        *,
        name: str,
        rounds: int = 5,
        game: str = "standard",
        round_minutes: int = 120,
        seed: int | None = None,
        readings: dict[str, str] | None = None,
        who: str | None = None,
        scenario: str = DEFAULT_SCENARIO,
    ) -> Desk:
        """A new event at ``path``: a file, or a server URL (``stores``)."""
        from referee.ruleset.rulings import register
        from referee.tournament.stores import create_store

        if not name.strip():
            raise DeskError("--name: an event needs a name")
        if rounds < 1:
            raise DeskError(f"--rounds {rounds}: an event has one round at least")
        if round_minutes < 1:
            raise DeskError(f"--round-minutes {round_minutes}: a round lasts a minute at least")
        for rid, option in (readings or {}).items():
            if rid not in register():
                raise DeskError(f"ruling {rid!r}: no such ruling")
            try:
                register()[rid].option(option)
            except KeyError as exc:
                raise DeskError(str(exc.args[0])) from None
        from referee.tournament.event_rules import check_event_game

        check_event_game(scenario, game, round_minutes, readings or {})
        if seed is None:
            seed = int.from_bytes(os.urandom(4), "big")
        head = NewRecord(
            "event",
            {
                "name": name.strip(),
                "rounds": rounds,
                "game": game,
                "round_minutes": round_minutes,
                "seed": seed,
                "readings": dict(readings or {}),
                "tiebreakers": list(TIEBREAKERS),
                "scenario": scenario,
            },
        )
        who = who or default_who()
        return cls(create_store(path, [head], who=who), who)

    @classmethod
    def open(cls, path: Path | str, who: str | None = None, read_only: bool = False) -> Desk:
        """The event at ``path``: a file, or a server URL (``stores``); ``read_only``: to
        read it alone (standings, exports), changing nothing in the file."""
        from referee.tournament.stores import open_store

        return cls(open_store(path, read_only), who)

    def close(self) -> None:
        self.store.close()

    def __enter__(self) -> Desk:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def event(self) -> Event:
        return fold(self.store.records(), self.store.name)

    def _write(self, decide: Callable[[Event], tuple[Sequence[NewRecord], T]]) -> T:
        """Decide on the event now and append; decide again if another desk wrote first,
        then holding the store (``EventStore.exclusive``) so that no desk writes between
        this desk's reading and its writing, however many desks are at work."""
        for attempt in range(RETRIES):
            try:
                with self.store.exclusive() if attempt else nullcontext():
                    event = self.event()
                    records, answer = decide(event)
                    if records:
                        self.store.append(records, who=self.who, expected_revision=event.revision)
                return answer
            except StaleWrite:
                continue
        raise StaleWrite(
            f"{self.store.name}: other desks kept writing; {RETRIES} tries failed, nothing "
            "was written"
        )

    def write(self, decide: Callable[[Event], tuple[Sequence[NewRecord], T]]) -> T:
        """Decide on the event and append the records decided, as every desk action does
        (:meth:`_write`); for the rules kept beside the desk (``room``)."""
        return self._write(decide)

    @staticmethod
    def checked_result(
        event: Event, round_number: int, table: int, result: MatchResult
    ) -> MatchResult:
        """``result`` seated at the table (its players the table's), refused as a result
        the desk is given is refused: other players (:class:`DeskError`), or numbers that
        do not add up to the armies that played (:class:`ResultRefused`, no override)."""
        from referee.tournament.result_check import result_problems

        seated = Desk._seated(event, round_number, table, result)
        problems = result_problems(event, seated)
        if problems:
            raise ResultRefused(f"round {round_number}, table {table}", problems)
        return seated

    # --- players -------------------------------------------------------------------

    def add_player(
        self,
        name: str,
        nation: str = "",
        checkin: dict[str, object] | None = None,
        club: str = "",
    ) -> int:
        """Enter a player; after round 1 is paired, a late entry joins from the next round.
        ``checkin``: the army as checked (``Desk.check_army``; its nation is the
        player's); ``club``: the player's club (kept apart from its other players in round
        1, ``round_one``). Returns the first round."""
        name = tidy_name(name)
        club = " ".join(club.split())
        if not name:
            raise DeskError("a player needs a name")

        if checkin is not None:
            nation = _army_nation(name, nation, checkin)

        def decide(event: Event) -> tuple[list[NewRecord], int]:
            same = matching_names(event.players, name)
            if same:
                raise DeskError(
                    f"{name!r} is already entered"
                    + ("" if same == [name] else f" as {' and '.join(map(repr, same))}")
                    + " (names are compared with their spaces tidied and case aside)"
                )
            entered = event.current_round + 1
            if entered > event.rounds_planned:
                raise DeskError(f"every round of {event.name!r} is paired: too late to enter")
            if checkin is not None:
                _same_game(event, name, checkin)
            data: dict[str, object] = {"name": name, "nation": nation, "entered": entered}
            if club:
                data["club"] = club
            recs = [NewRecord("player", data)]
            if checkin is not None:
                recs.append(NewRecord("checkin", {"name": name, **checkin}))
            return recs, entered

        return self._write(decide)

    def check_in(self, name: str, checkin: dict[str, object]) -> None:
        """Freeze a player's army list as checked (a later check-in replaces it until the
        player's first round is paired)."""

        def decide(event: Event) -> tuple[list[NewRecord], None]:
            p = self._check_in_open(event, name)
            _army_nation(p.name, p.nation, checkin)
            _same_game(event, p.name, checkin)
            return [NewRecord("checkin", {"name": p.name, **checkin})], None

        self._write(decide)

    @classmethod
    def _check_in_open(cls, event: Event, name: str) -> Player:
        p = cls._player(event, name)
        if event.current_round >= p.entered:
            raise DeskError(f"{p.name}'s army was frozen when round {p.entered} was paired")
        return p

    def check_in_open(self, name: str) -> None:
        """Refuse a check-in for ``name`` now (no such player, or the army is frozen)."""
        self._check_in_open(self.event(), name)

    def check_army(self, path: Path | str, override: str = "") -> dict[str, object]:
        """The army file at ``path`` checked for this event's game and edition, as a
        ``checkin`` record's data (``checkin``: an army that is not valid is refused with
        every problem unless the organiser gives ``override``, a reason)."""
        from referee.tournament.checkin import check_in_army
        from referee.tournament.event_rules import rules_of

        event = self.event()
        return check_in_army(path, game=event.game, rules=rules_of(event), override=override)

    def drop(self, name: str) -> int:
        """Drop a player after the rounds paired so far; returns the last round they play."""

        def decide(event: Event) -> tuple[list[NewRecord], int]:
            p = self._player(event, name)
            if p.dropped_after is not None:
                raise DeskError(f"{p.name} already dropped after round {p.dropped_after}")
            return [NewRecord("drop", {"name": p.name, "after": event.current_round})], (
                event.current_round
            )

        return self._write(decide)

    def mark_attendance(self, name: str, present: bool, why: str = "") -> int:
        """``name`` at the door (``present``) or not for the next round to pair; returns
        that round. A player still marked absent when the round is paired is dropped
        then, with a record saying so (:meth:`pair`); marked present again before, they
        play."""

        def decide(event: Event) -> tuple[list[NewRecord], int]:
            p = self._player(event, name)
            number = event.current_round + 1
            if number > event.rounds_planned:
                raise DeskError(f"every round of {event.name!r} is paired: no door to be at")
            if not p.plays_in(number):
                why_not = (
                    f"dropped after round {p.dropped_after}"
                    if p.dropped_after is not None
                    else f"entered from round {p.entered}"
                )
                raise DeskError(f"{p.name} does not play round {number} ({why_not})")
            data = {"name": p.name, "round": number, "present": present}
            return [NewRecord("attendance", data, why.strip())], number

        return self._write(decide)

    def penalise(self, name: str, why: str, points: int = 0, of: str = "tvp") -> Record:
        """A penalty for ``name`` with ``why``: a warning (``points`` 0) or ``points``
        deducted from the player's total ``of`` TVP or MVP in the standings (ruling
        ``tournament.penalty``); recorded with who and when, shown in the standings and
        the trail. Returns its record."""
        from referee.tournament.record_check import PENALTY_KEYS, POINTS_MAX

        if not why.strip():
            raise DeskError("a penalty needs a reason (--why)")
        if not 0 <= points <= POINTS_MAX:
            raise DeskError(f"--points {points}: from 0 (a warning) to {POINTS_MAX}")
        if of not in PENALTY_KEYS:
            raise DeskError(f"--of {of}: a deduction comes from {' or '.join(PENALTY_KEYS)}")

        def decide(event: Event) -> tuple[list[NewRecord], None]:
            p = self._player(event, name)
            data: dict[str, object] = {
                "name": p.name,
                "round": event.current_round,
                "penalty": "points" if points else "warning",
            }
            if points:
                data.update(points=points, of=of)
            return [NewRecord("penalty", data, why.strip())], None

        self._write(decide)
        return self.event().penalties[-1]

    def withdraw(self, name: str, why: str = "") -> None:
        """Take back the entry of a player entered by mistake, before their first round is
        paired: from then on they are in no listing; the record (who, when, why) stays.
        A player who has been paired is dropped instead (:meth:`drop`)."""

        def decide(event: Event) -> tuple[list[NewRecord], None]:
            p = self._player(event, name)
            if event.current_round >= p.entered:
                raise DeskError(
                    f"{p.name} was paired in round {p.entered}: only an entry made by mistake "
                    "can be withdrawn, before the player's first round is paired; to take "
                    f"{p.name} out of the rounds still to come, drop them (tournament drop)"
                )
            return [NewRecord("withdraw", {"name": p.name}, why.strip())], None

        self._write(decide)

    def seed_players(self, order: Sequence[str]) -> None:
        """The organiser's seeding for round 1 (best first)."""

        def decide(event: Event) -> tuple[list[NewRecord], None]:
            if event.current_round:
                raise DeskError("round 1 is paired already: seeding no longer matters")
            names = [self._player(event, n).name for n in order]
            if len(set(names)) != len(names):
                raise DeskError("the seeding names a player twice")
            return [NewRecord("seeding", {"order": names})], None

        self._write(decide)

    def set_tiebreakers(self, keys: Sequence[str]) -> None:
        unknown = [k for k in keys if k not in TIEBREAKERS]
        if unknown or not keys or len(set(keys)) != len(keys):
            raise DeskError(
                f"tie-breakers {list(keys)}: name each once, from {', '.join(TIEBREAKERS)}"
            )
        self._write(lambda event: ([NewRecord("tiebreakers", {"keys": list(keys)})], None))

    def set_venue(self, tables: Sequence[VenueTable]) -> None:
        """List the venue's tables (``venue``): the rounds paired from now on are given a
        place each; an empty list stops that."""

        def decide(event: Event) -> tuple[list[NewRecord], None]:
            names = [t.name.strip() for t in tables]
            if len(names) > MOST_TABLES:
                raise DeskError(f"{len(names)} venue tables: {MOST_TABLES} at most")
            if any(not n for n in names):
                raise DeskError("a venue table needs a name")
            twice = sorted({n for n in names if names.count(n) > 1})
            if twice:
                raise DeskError(f"venue table(s) named twice: {', '.join(twice)}")
            fixed: dict[str, str] = {}
            named = []
            for t in tables:
                if t.fixed is not None:
                    who = self._player(event, t.fixed).name
                    if who in fixed:
                        raise DeskError(
                            f"{who} is fixed to {fixed[who]} and to {t.name}: one table each"
                        )
                    fixed[who] = t.name
                    t = replace(t, fixed=who)
                named.append(t)
            data = [replace(t, name=t.name.strip()).to_json() for t in named]
            return [NewRecord("venue", {"tables": data})], None

        self._write(decide)

    @staticmethod
    def _player(event: Event, name: str) -> Player:
        """The player ``name`` reads as (``player_names``: spaces tidied, case aside)."""
        found = matching_names(event.players, name)
        if len(found) == 1:
            return event.players[found[0]]
        if found:
            raise DeskError(
                f"{name!r} reads as {len(found)} players entered under one name: "
                f"{' and '.join(map(repr, found))}; give the name exactly as entered"
            )
        known = ", ".join(event.players) or "none yet"
        raise DeskError(f"no player {name!r} in this event (players: {known})")

    @classmethod
    def player_name(cls, event: Event, name: str) -> str:
        """The name ``name`` reads as, as entered (a :class:`DeskError` when none or
        several do)."""
        return cls._player(event, name).name

    # --- pairings ------------------------------------------------------------------

    @staticmethod
    def history(event: Event, round_number: int) -> History:
        """What pairing ``round_number`` needs from the rounds before it."""
        now = standings(_before(event, round_number))
        active = set(event.active(round_number))
        ranked = tuple(s.name for s in now.standings if s.name in active)
        tvp = {s.name: micro(s.tvp) for s in now.standings}
        met = frozenset(
            frozenset(pair) for r in event.rounds if r.number < round_number for pair in r.tables
        )
        byes = {n: len([r for r in event.byes(n) if r < round_number]) for n in active}
        return History(ranked, tvp, met, byes)

    def start_cut(self, size: int) -> Cut:
        """Make the top cut (``top_cut``): the best ``size`` of the standings after the
        Swiss rounds, seeded as they stand; the next round paired is its first."""
        from referee.tournament.top_cut import SIZES

        def decide(event: Event) -> tuple[list[NewRecord], Cut]:
            if event.cut is not None:
                raise DeskError(f"the top cut of {event.cut.size} is made already")
            if size not in SIZES:
                raise DeskError(f"a top cut of {size}: 4, 8 or 16 players")
            last = event.round(event.current_round)
            if event.current_round < event.rounds_planned or last is None or last.missing:
                raise DeskError(
                    f"the top cut follows the {event.rounds_planned} Swiss rounds: "
                    f"{event.current_round} paired"
                    + (
                        f", round {last.number} without every result"
                        if last and last.missing
                        else ""
                    )
                )
            ranked = [s.name for s in standings(event).standings]
            playing = set(event.active(event.current_round + 1))
            seeds = [n for n in ranked if n in playing][:size]
            if len(seeds) < size:
                raise DeskError(f"a top cut of {size}: only {len(seeds)} players are still in")
            cut = Cut(size, event.current_round, tuple(seeds))
            data = {"size": size, "after": cut.after, "seeds": seeds}
            return [NewRecord("cut", data)], cut

        return self._write(decide)

    @staticmethod
    def _auto(event: Event, round_number: int) -> Pairing:
        if event.cut is not None and event.in_cut(round_number):
            from referee.tournament.top_cut import entrants, stage

            seated = entrants(event, round_number)
            if not seated:
                raise DeskError(f"round {round_number}: the top cut's round before is not over")
            tables = tuple((seated[i], seated[i + 1]) for i in range(0, len(seated), 2))
            how = f"top cut of {event.cut.size}: {stage(event.cut, round_number)}"
            return Pairing(round_number, tables, None, (), how)
        active = event.active(round_number)
        if len(active) < 2:
            raise DeskError(f"round {round_number}: {len(active)} player(s) to pair")
        if round_number == 1:
            from referee.tournament.round_one import round_one

            seeded = [n for n in event.seeding if n in active]
            rest = draw_order([n for n in active if n not in seeded], event.seed)
            clubs, nations = _clubs_and_nations(event)
            if seeded:  # the organiser's choice stands, told of what it seats together
                tables, bye = fold_pairing(seeded + rest)
                names = [*seeded, *rest]
                return Pairing(
                    1, tables, bye, tuple(_round_one_warnings(event, names, tables)), "seeding"
                )
            mode = str(event.reading("tournament.round-one-apart"))
            first = round_one(rest, clubs, nations, mode, event.seed)
            return Pairing(1, *first, "draw")
        history = Desk.history(event, round_number)
        try:
            tables, bye = swiss(history)
        except PairingError as exc:
            raise DeskError(f"round {round_number}: {exc}") from None
        warnings = []
        for a, b in tables:
            if history.rematch(a, b):
                warnings.append(
                    f"rematch, unavoidable: {a} and {b} met in round {event.met(a, b)[0]}"
                )
        if bye is not None and history.byes.get(bye, 0):
            warnings.append(
                f"{bye} has a second bye: no player without one could have it without a rematch"
            )
        return Pairing(round_number, tables, bye, tuple(warnings), "swiss")

    def pair(self, round_number: int | None = None) -> Pairing:
        """Pair the next round (see ``pairing``), the event backed up first (``last_backup``:
        the copy in the backups folder); ``round_number``: the round the desk means (refused
        if that is not the next one). If another desk paired the round while this one was
        deciding, its pairing stands and this desk is told."""
        wanted: list[int] = [] if round_number is None else [round_number]
        meanwhile = round_number is None
        copies: dict[int, Path | None] = {}  # a decision taken again copies no second time

        def decide(event: Event) -> tuple[list[NewRecord], Pairing]:
            number = event.current_round + 1
            if wanted and number > wanted[0]:
                rnd = event.round(wanted[0])
                by = rnd.pairing_records[0] if rnd is not None else None
                raise DeskError(
                    f"round {wanted[0]} "
                    + ("was paired meanwhile" if meanwhile else "is paired already")
                    + (f" by {by.who} at {by.at}" if by is not None else "")
                    + "; that pairing stands and nothing was written"
                )
            if wanted and number < wanted[0]:
                raise DeskError(f"round {wanted[0]}: round {number} is the next to pair")
            wanted.append(number)
            if event.cut is not None:
                from referee.tournament.top_cut import champion, cut_rounds

                won = champion(event)
                if won is not None:
                    raise DeskError(f"the top cut is over: {won} won it")
                if number > event.cut.after + cut_rounds(event.cut.size):
                    raise DeskError("the top cut's final is paired")
            elif number > event.rounds_planned:
                raise DeskError(f"all {event.rounds_planned} rounds are paired")
            last = event.round(number - 1)
            if last is not None and last.missing:
                tables = ", ".join(map(str, last.missing))
                by = last.pairing_records[0] if last.pairing_records else None
                raise DeskError(  # e.g. another desk paired the round this one meant to pair
                    f"round {last.number} is paired"
                    + (f" (by {by.who} at {by.at})" if by is not None else "")
                    + f" and has no result yet for table(s) {tables}: round {number} can be "
                    "paired when they are in; nothing was written"
                )
            no_shows = no_show_drops(event, number)
            seen = event
            for record in no_shows:
                seen = _with(seen, record, self.who)
            pairing = self._auto(seen, number)
            if number not in copies:
                copies[number] = self.last_backup = self.store.backup(f"before-round-{number}")
            return [*no_shows, _pairing_record(pairing, seen)], pairing

        return self._write(decide)

    def set_pairing(
        self, round_number: int, tables: Sequence[tuple[str, str]], bye: str | None
    ) -> Pairing:
        """Pair a round by hand; the warnings name every pairing rule the change breaks."""

        def decide(event: Event) -> tuple[list[NewRecord], Pairing]:
            rnd = event.round(round_number)
            if rnd is None:
                raise DeskError(f"round {round_number} is not paired yet: pair it first")
            if rnd.results:
                raise DeskError(
                    f"round {round_number} has results already (tables "
                    f"{', '.join(map(str, rnd.results))}): its pairing is what was played"
                )
            names = [n for pair in tables for n in pair] + ([bye] if bye else [])
            active = set(event.active(round_number))
            wrong = sorted(set(names) ^ active)
            if wrong or len(names) != len(set(names)):
                raise DeskError(
                    f"a pairing must seat every player of round {round_number} once "
                    f"(check {', '.join(wrong) or 'the names given twice'})"
                )
            if round_number == 1:
                warnings = _round_one_warnings(event, names, tables)
            else:
                warnings = check_pairing(self.history(event, round_number), tables, bye)
            pairing = Pairing(round_number, tuple(tables), bye, tuple(warnings), "by hand")
            return [_pairing_record(pairing, event)], pairing

        return self._write(decide)

    def swap(self, round_number: int, a: str, b: str) -> Pairing:
        """Exchange two players' seats (or a player and the bye) in a round's pairing."""
        event = self.event()
        rnd = event.round(round_number)
        if rnd is None:
            raise DeskError(f"round {round_number} is not paired yet")
        a, b = self._player(event, a).name, self._player(event, b).name

        def seat(n: str) -> str:
            return b if n == a else a if n == b else n

        tables = [(seat(x), seat(y)) for x, y in rnd.tables]
        bye = seat(rnd.bye) if rnd.bye else None
        return self.set_pairing(round_number, tables, bye)

    # --- tables and results -----------------------------------------------------------

    def make_match(
        self,
        round_number: int,
        table: int,
        out: Path | str,
        *,
        force: bool = False,
        seed: int | None = None,
    ) -> TableMatch:
        """Write ``table``'s match file for ``round_number`` (``table_match``) and record
        what was made (a ``match`` record with the file's id), so that its result can be
        sent back with ``match``; nothing is recorded if the file cannot be written."""
        from referee.tournament.table_match import make_table_match, match_record

        def keep(made: TableMatch) -> None:
            def decide(event: Event) -> tuple[list[NewRecord], None]:
                rnd = event.round(round_number)
                if rnd is None or rnd.tables[table - 1 : table] != (made.origin.players,):
                    raise DeskError(
                        f"round {round_number}, table {table} was paired again meanwhile: no "
                        "match file was written; make it again"
                    )
                return [NewRecord("match", match_record(made))], None

            self._write(decide)

        return make_table_match(
            self.event(), round_number, table, out, force=force, seed=seed, keep=keep
        )

    @staticmethod
    def _seated(event: Event, round_number: int, table: int, result: MatchResult) -> MatchResult:
        rnd = event.round(round_number)
        if rnd is None:
            raise DeskError(f"round {round_number} is not paired")
        if not 1 <= table <= len(rnd.tables):
            raise DeskError(f"round {round_number} has tables 1 to {len(rnd.tables)}, not {table}")
        a, b = rnd.tables[table - 1]
        names = tuple(p.name for p in result.players)
        if names == DEFAULT_SIDE_NAMES:  # a match file the desk did not make
            return result.named(a, b)
        seated = {name_key(a): a, name_key(b): b}
        if len(seated) == 2 and {name_key(n) for n in names} == set(seated):
            names = (seated[name_key(names[0])], seated[name_key(names[1])])
            result = result.named(*names)  # the players as entered (``player_names``)
        if set(names) != {a, b}:
            raise DeskError(
                f"round {round_number}, table {table} is {a} v {b}; the result names "
                f"{names[0]} and {names[1]}"
            )
        first, second = result.players
        return MatchResult((first, second) if first.name == a else (second, first))

    def _taken(
        self,
        event: Event,
        round_number: int,
        table: int,
        result: MatchResult,
        override: str,
        match: SentMatch | None,
    ) -> tuple[MatchResult, dict[str, Any]]:
        """The result seated at the table and what its record keeps of an override; refused
        (:class:`ResultRefused`) when it does not add up to the armies or its match file is
        not the table's, unless ``override`` gives the desk's reason to take it."""
        from referee.tournament.result_check import result_problems
        from referee.tournament.table_match import match_problems

        where = f"round {round_number}, table {table}"
        problems = (
            match_problems(event, match.origin, round_number, table, match.path) if match else []
        )
        try:
            seated = self._seated(event, round_number, table, result)
        except DeskError as exc:  # other players: no reason takes it
            if not problems:
                raise
            lines = "\n".join(f"  - {p}" for p in [*problems, str(exc)])
            raise DeskError(f"{where}: the result was not taken\n{lines}") from None
        problems += result_problems(event, seated)
        if problems and not override:
            raise ResultRefused(where, problems)
        return seated, ({"override": override, "problems": problems} if problems else {})

    def record_result(
        self,
        round_number: int,
        table: int,
        result: MatchResult,
        source: str = "",
        *,
        override: str = "",
        match: SentMatch | None = None,
    ) -> TableResult:
        """A table's result; a second one for the same table is refused (use correct). A
        result that does not add up to the armies that played, or whose match file
        (``match``) the desk did not make for the table, is refused unless ``override``
        gives the reason to take it anyway (:class:`ResultRefused`)."""
        override = override.strip()

        def decide(event: Event) -> tuple[list[NewRecord], int]:
            rnd = event.round(round_number)
            if rnd is not None and table in rnd.results:
                self._seated(event, round_number, table, result)
                have = rnd.results[table].record
                raise DeskError(
                    f"round {round_number}, table {table} has a result already (entered by "
                    f"{have.who} at {have.at}); to change it, make a correction with a reason"
                )
            seated, taken = self._taken(event, round_number, table, result, override, match)
            return [
                NewRecord(
                    "result",
                    {
                        "round": round_number,
                        "table": table,
                        "result": seated.to_json(),
                        "source": source,
                        **taken,
                    },
                )
            ], 0

        self._write(decide)
        return _table_result(self.event(), round_number, table)

    def correct(
        self,
        round_number: int,
        table: int,
        result: MatchResult,
        why: str,
        source: str = "",
        *,
        override: str = "",
        match: SentMatch | None = None,
        replaces: int | None = None,
    ) -> CorrectionReport:
        """Correct a table's result with a new record (who, when, why); later rounds not yet
        played are paired again, and the report shows what changed. The correction is
        checked as a result is (:meth:`record_result`); ``replaces``: the id of the record
        the desk saw counting, 0 if it saw none (refused if another desk has recorded or
        changed the result since)."""
        if not why.strip():
            raise DeskError("a correction needs a reason (--why)")
        override = override.strip()

        def decide(event: Event) -> tuple[list[NewRecord], CorrectionReport]:
            rnd = event.round(round_number)
            if rnd is None or table not in rnd.results:
                self._seated(event, round_number, table, result)  # paired, and its players
                raise DeskError(f"round {round_number}, table {table} has no result to correct yet")
            old = rnd.results[table]
            if replaces is not None and old.record.id != replaces:
                how = "recorded" if not replaces else "changed"
                raise DeskError(
                    f"round {round_number}, table {table}: the result was {how} by "
                    f"{old.record.who} at {old.record.at} since it was shown here; nothing "
                    "was written: look at the result as it is now, then correct it"
                )
            seated, taken = self._taken(event, round_number, table, result, override, match)
            record = NewRecord(
                "correction",
                {
                    "round": round_number,
                    "table": table,
                    "result": seated.to_json(),
                    "source": source,
                    **taken,
                },
                why.strip(),
            )
            after = _with(event, record, self.who)
            records = [record]
            repaired: list[tuple[Pairing, Pairing]] = []
            notes: list[str] = []
            for later in event.rounds[round_number:]:
                old_pairing = Pairing(later.number, later.tables, later.bye)
                new = self._auto(after, later.number)
                if set(map(frozenset, new.tables)) == set(map(frozenset, later.tables)) and (
                    new.bye == later.bye
                ):
                    continue
                if later.results:
                    notes.append(
                        f"round {later.number} already has results: its pairing stays as "
                        "played (with this correction it would have been different)"
                    )
                    break
                new = replace(
                    new, how=f"re-paired after a correction to round {round_number}, table {table}"
                )
                records.append(_pairing_record(new, after))
                repaired.append((old_pairing, new))
                after = _with(after, records[-1], self.who)
            s0, s1 = standings(event), standings(after)
            report = CorrectionReport(
                round_number,
                table,
                why.strip(),
                self.who,
                tuple((s.name, s.mvp, s.tvp) for s in old.scores),
                tuple((s.name, s.mvp, s.tvp) for s in score_match(seated)),
                tuple(
                    (s.name, s.rank, s1.rank_of(s.name))
                    for s in s0.standings
                    if s.rank != s1.rank_of(s.name)
                ),
                tuple(repaired),
                tuple(notes),
            )
            return records, report

        return self._write(decide)

    # --- the clock -----------------------------------------------------------------

    def clock(self, round_number: int | None = None) -> RoundClock:
        event = self.event()
        return event_clock(event, round_number)

    def clock_action(self, action: str, minutes: int | None = None) -> RoundClock:
        """Start, pause, resume or end the current round's clock."""

        if minutes is not None and not 1 <= minutes <= 24 * 60:  # as a table's match allows
            raise DeskError(f"--minutes {minutes}: a round lasts 1 to 1440 minutes")

        def decide(event: Event) -> tuple[list[NewRecord], None]:
            if not event.current_round:
                raise DeskError("no round is paired yet: pair round 1 first")
            clock = event_clock(event)
            check_action(clock, action)
            data: dict[str, object] = {"round": event.current_round, "action": action}
            if action == "start":
                data["minutes"] = minutes or event.round_minutes
            return [NewRecord("clock", data)], None

        self._write(decide)
        return self.clock()

    def standings(self, keys: Sequence[str] | None = None) -> Standings:
        return standings(self.event(), keys)


def _army_nation(name: str, nation: str, checkin: dict[str, object]) -> str:
    """The player's nation: the army's, which a nation given must agree with, written as
    the windows show it or as the army file does ("Dark Elf", "dark-elf")."""
    army_nation = str(checkin.get("nation") or "")
    if nation and army_nation and _nation_key(nation) != _nation_key(army_nation):
        raise DeskError(
            f"{name}: the nation given is {nation}, the army is {army_nation}; "
            "leave the nation empty to take the army's, or choose that "
            "player's own army file"
        )
    return army_nation or nation


def _nation_key(nation: str) -> str:
    return "-".join(nation.replace("_", " ").replace("-", " ").casefold().split())


def _same_game(event: Event, name: str, checkin: dict[str, object]) -> None:
    game = checkin.get("game")
    if game is not None and game != event.game:
        raise DeskError(
            f"{name}'s army was checked for a {game} game; {event.name!r} plays {event.game}"
        )


def event_clock(event: Event, round_number: int | None = None) -> RoundClock:
    number = round_number or event.current_round
    return fold_clock(event.clock, number, event.round_minutes)


def _clubs_and_nations(event: Event) -> tuple[dict[str, str], dict[str, str]]:
    players = event.players.values()
    return {p.name: p.club for p in players}, {p.name: p.nation for p in players}


def _round_one_warnings(
    event: Event, names: Sequence[str], tables: Sequence[tuple[str, str]]
) -> list[str]:
    """The clubs and nations a round 1 paired by hand seats together, when a pairing
    keeping more of them apart exists (``round_one``)."""
    from referee.tournament.round_one import clash_of, clash_warnings, least_clashes

    mode = str(event.reading("tournament.round-one-apart"))
    clubs, nations = _clubs_and_nations(event)
    clash = clash_of(clubs, nations, mode)
    mine = sum(1 for a, b in tables if clash(a, b))
    if not mine:
        return []
    best = least_clashes(names, clubs, nations, mode)
    if mine <= best:
        return []
    why = f"a pairing with {best} such table(s) exists"
    return list(clash_warnings(tuple(tables), clash, why))


def no_show_drops(event: Event, round_number: int) -> list[NewRecord]:
    """A ``drop`` record for each player marked absent at the door for ``round_number``
    (who marked them, when and why in its reason), written before the round is paired."""
    out = []
    for name in event.absent(round_number):
        mark = event.attendance[(round_number, name)]
        why = f"absent at the door for round {round_number} (marked by {mark.who} at {mark.at})"
        out.append(
            NewRecord(
                "drop",
                {"name": name, "after": round_number - 1, "no_show": round_number},
                why + (f": {mark.why}" if mark.why else ""),
            )
        )
    return out


def _table_result(event: Event, round_number: int, table: int) -> TableResult:
    rnd = event.round(round_number)
    if rnd is None or table not in rnd.results:
        raise DeskError(f"round {round_number}, table {table}: no result")
    return rnd.results[table]


def _pairing_record(p: Pairing, event: Event) -> NewRecord:
    """The pairing as a record; with the venue's tables listed, each table's place
    (``venue``; a round paired again keeps its places where it can), and the warnings of
    what the places could not keep."""
    data: dict[str, Any] = {
        "round": p.round,
        "tables": [list(t) for t in p.tables],
        "bye": p.bye,
        "warnings": list(p.warnings),
        "how": p.how,
    }
    if event.venue:
        top_first = event.reading("tournament.top-table") == "top-first"
        before = event.round(p.round)
        keep: list[str] = []
        if before is not None and before.places:  # a pairing keeps its place, else its table's
            had = {frozenset(t): at for t, at in zip(before.tables, before.places, strict=False)}
            for i, pair in enumerate(p.tables):
                table_had = before.places[i] if i < len(before.places) else ""
                keep.append(had.get(frozenset(pair), table_had))
        places = assign_places(event.venue, p.tables, event.played_at(p.round), top_first, keep)
        data["places"] = list(places.names)
        data["warnings"] += list(places.warnings)
    return NewRecord("pairing", data)


def _with(event: Event, new: NewRecord, who: str) -> Event:
    """The event as it would be with ``new`` appended (to see what a change would do)."""
    rec = Record(
        event.revision + 1,
        new.kind,
        new.data,
        who,
        datetime.now(UTC).isoformat(timespec="seconds"),
        new.why,
    )
    return fold([*event.records, rec], event.store_name)


def _before(event: Event, round_number: int) -> Event:
    """The event with only the rounds before ``round_number`` (their results so far)."""
    keep = [
        r
        for r in event.records
        if not (
            r.kind in ("pairing", "result", "correction") and int(r.data["round"]) >= round_number
        )
    ]
    return fold(keep, event.store_name)


def player_result(name: str, surviving: dict[str, int], destroyed: dict[str, int]) -> PlayerResult:
    from referee.tournament.scoring import Points

    return PlayerResult(name, Points.from_mapping(surviving), Points.from_mapping(destroyed))
