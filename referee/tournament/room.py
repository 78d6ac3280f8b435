"""The room: players report and confirm their table's result with their own code.

Each player has a short random code (a ``code`` record; :func:`issue_codes`), printed on the
table slip and listed only at the desk (``tournament codes``). A player's code lets them do
two things, and only for their own table of a paired round that has no result yet:

- **report** the table's result (a ``report`` record: round, table, by, result). When the
  opponent's open report says the same, it confirms it (below); when it says otherwise, the
  table is *disputed*;
- **confirm** the opponent's open report: it becomes the table's result, a ``result``
  record written as any desk result is (checked against both frozen armies,
  ``result_check``), its ``who`` the two players via the room and its ``source`` the report
  it confirms; or **dispute** it (a ``dispute`` record, with the player's words).

A table with open reports and no result waits in the desk's queue (:func:`queue`); the desk
takes a report as the result (:func:`take_report`), enters or corrects the result as always
(which closes the table's queue entry), or dismisses the reports (:func:`dismiss`, a
``dismiss`` record with why), after which the players report again.

A refused request writes nothing. A code that is no player's and a code of a player of
another table are refused alike (:class:`NotYours`), so a refusal never tells whether a
guessed code belongs to someone. Every record is appended with the revision it was decided
on (``Desk.write``), so two phones reporting the same table at once are kept in order and a
confirmation is never counted twice.
"""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

import msgspec

from referee.errors import RefereeError
from referee.tournament.desk import Desk, DeskError, ResultRefused
from referee.tournament.event import Event, Round, TableResult
from referee.tournament.scoring import MatchResult
from referee.tournament.store import NewRecord, Record

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""Letters and digits that are not read one for another (no 0/O, 1/I/L)."""
CODE_LENGTH = 6
"""31^6, about 887 million codes: with the server's limits on wrong tries (``serve``), a
guess at a table's two codes succeeds about once in tens of thousands of days."""
ROOM = "via the room"


class RoomError(RefereeError):
    """What the room refuses a player; ``status``: the HTTP status the server answers."""

    status = 400


class NotYours(RoomError):
    """A code that is no player's of this table (a wrong code, or another table's)."""

    status = 403


class RoomConflict(RoomError):
    """A request the table's state no longer allows (a result is in, nothing to confirm)."""

    status = 409


class NotAddingUp(RoomError):
    """A result refused as the desk refuses it (names, or the armies' points)."""

    status = 422

    def __init__(self, message: str, problems: Sequence[str] = ()) -> None:
        super().__init__(message)
        self.problems = tuple(problems)


class NoSuchTable(RoomError):
    status = 404


def new_code() -> str:
    """A fresh code from the operating system's random source."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(text: str) -> str:
    """A code as typed ('abc 23-4') read as it is printed ('ABC234')."""
    return "".join(c for c in text.upper() if c.isalnum())[:64]


def codes(event: Event) -> dict[str, str]:
    """Each player's code now (the last ``code`` record of each), players in entry order."""
    found: dict[str, str] = {}
    for r in event.records:
        if r.kind == "code":
            found[str(r.data["name"])] = str(r.data["code"])
    return {name: found[name] for name in event.players if name in found}


def code_owner(event: Event, code: str) -> str | None:
    """The player whose code ``code`` is, or None; every code is compared in constant time."""
    typed = normal_code(code).encode()
    owner = None
    for name, known in codes(event).items():
        if hmac.compare_digest(known.encode(), typed):
            owner = name
    return owner


def issue_codes(desk: Desk, renew: Sequence[str] = ()) -> dict[str, str]:
    """A code for every player who has none, and a new one for each of ``renew`` (a slip
    lost or seen by someone else: the old code stops working); every player's code."""

    def decide(event: Event) -> tuple[list[NewRecord], None]:
        renewed = {Desk.player_name(event, name) for name in renew}
        have = codes(event)
        taken = set(have.values())
        records = []
        for name in event.players:
            if name in have and name not in renewed:
                continue
            code = new_code()
            while code in taken:
                code = new_code()
            taken.add(code)
            records.append(NewRecord("code", {"name": name, "code": code}))
        return records, None

    desk.write(decide)
    return codes(desk.event())


class Report(msgspec.Struct, frozen=True):
    """A player's report of a table's result, as recorded."""

    id: int
    round: int
    table: int
    by: str
    result: MatchResult
    at: str

    @classmethod
    def of(cls, record: Record) -> Report:
        d = record.data
        return cls(
            record.id,
            int(d["round"]),
            int(d["table"]),
            str(d["by"]),
            MatchResult.from_json(d["result"]),
            record.at,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "by": self.by,
            "at": self.at,
            "result": self.result.to_json(),
        }


class Dispute(msgspec.Struct, frozen=True):
    id: int
    by: str
    report: int
    why: str
    at: str


class Waiting(msgspec.Struct, frozen=True):
    """A table of the desk's queue: its open reports and disputes, and its state."""

    round: int
    table: int
    players: tuple[str, str]
    reports: tuple[Report, ...]
    """The open report of each player who has one, oldest first."""
    disputes: tuple[Dispute, ...]

    @property
    def disputed(self) -> bool:
        if self.disputes:
            return True
        return len(self.reports) == 2 and self.reports[0].result != self.reports[1].result

    @property
    def latest(self) -> Report:
        return self.reports[-1]

    def describe(self) -> str:
        """The table's state in one line, for the desk and the players."""
        if self.disputes:
            d = self.disputes[-1]
            why = f": {d.why}" if d.why else ""
            return f"disputed: {d.by} disputes the result {self._reporter(d.report)} reported{why}"
        if self.disputed:
            return (
                "disputed: "
                + " and ".join(r.by for r in self.reports)
                + " report different results"
            )
        r = self.latest
        other = self.players[1] if r.by == self.players[0] else self.players[0]
        return f"waiting for {other} to confirm the result {r.by} reported at {clock_time(r.at)}"

    def _reporter(self, report_id: int) -> str:
        for r in self.reports:
            if r.id == report_id:
                return r.by
        return "the opponent"

    def to_json(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "table": self.table,
            "players": list(self.players),
            "state": "disputed" if self.disputed else "waiting",
            "describe": self.describe(),
            "reports": [r.to_json() for r in self.reports],
            "disputes": [
                {"id": d.id, "by": d.by, "report": d.report, "why": d.why, "at": d.at}
                for d in self.disputes
            ],
        }


def clock_time(at: str) -> str:
    """A record's time as the clock on the venue's wall shows it: ``21:41`` of
    ``2026-11-27T20:41:35+00:00`` on a machine set to UTC+1 (the record's text when it is
    no time)."""
    try:
        return datetime.fromisoformat(at).astimezone().strftime("%H:%M")
    except ValueError:
        return at


def _open(event: Event) -> dict[tuple[int, int], list[Record]]:
    """The room's records of each table since its last dismissal, tables with a result left
    out."""
    found: dict[tuple[int, int], list[Record]] = {}
    for r in event.records:
        if r.kind in ("report", "dispute", "dismiss"):
            key = (int(r.data["round"]), int(r.data["table"]))
            if r.kind == "dismiss":
                found.pop(key, None)
            else:
                found.setdefault(key, []).append(r)
    out = {}
    for (number, table), records in found.items():
        rnd = event.round(number)
        if rnd is None or table in rnd.results or not 1 <= table <= len(rnd.tables):
            continue
        out[(number, table)] = records
    return out


def waiting(event: Event, round_number: int, table: int) -> Waiting | None:
    """The table's open reports, or None when it has none (or has its result)."""
    records = _open(event).get((round_number, table))
    rnd = event.round(round_number)
    if not records or rnd is None:
        return None
    return _waiting(rnd, table, records)


def _waiting(rnd: Round, table: int, records: Sequence[Record]) -> Waiting:
    latest: dict[str, Report] = {}
    disputes: list[Dispute] = []
    for r in records:
        if r.kind == "report":
            report = Report.of(r)
            latest.pop(report.by, None)  # a player's new report replaces their last
            latest[report.by] = report
            disputes = [d for d in disputes if d.report in {x.id for x in latest.values()}]
        elif r.kind == "dispute":
            d = r.data
            disputes.append(Dispute(r.id, str(d["by"]), int(d["report"]), r.why, r.at))
    live = {x.id for x in latest.values()}
    return Waiting(
        rnd.number,
        table,
        rnd.tables[table - 1],
        tuple(sorted(latest.values(), key=lambda x: x.id)),
        tuple(d for d in disputes if d.report in live),
    )


def queue(event: Event) -> list[Waiting]:
    """Every table waiting for a confirmation or disputed, by round and table."""
    out = []
    for (number, table), records in sorted(_open(event).items()):
        rnd = event.round(number)
        if rnd is not None:
            entry = _waiting(rnd, table, records)
            if entry.reports:
                out.append(entry)
    return out


def waiting_tables(event: Event) -> dict[tuple[int, int], Waiting]:
    """Every table of the queue by (round, table), the records read once (a page of every
    table asks for each)."""
    return {(w.round, w.table): w for w in queue(event)}


def _seat(event: Event, round_number: int, table: int, code: str) -> tuple[str, str]:
    """The player whose code it is and their opponent; refused alike for a wrong code and
    another table's (:class:`NotYours`)."""
    rnd = event.round(round_number)
    if rnd is None or not 1 <= table <= len(rnd.tables):
        raise NoSuchTable(f"round {round_number} has no table {table}")
    a, b = rnd.tables[table - 1]
    who = code_owner(event, code)
    if who not in (a, b):
        raise NotYours(
            f"round {round_number}, table {table}: that code is not one of this table's "
            "players' codes; nothing was recorded"
        )
    return (a, b) if who == a else (b, a)


def _no_result(event: Event, round_number: int, table: int) -> None:
    rnd = event.round(round_number)
    if rnd is not None and table in rnd.results:
        have = rnd.results[table].record
        raise RoomConflict(
            f"round {round_number}, table {table} has its result already (entered by "
            f"{have.who} at {have.at}); ask the desk to change it"
        )


def _checked(event: Event, round_number: int, table: int, result: MatchResult) -> MatchResult:
    """The result seated at the table and checked against both frozen armies, as the desk
    checks any result (``Desk._taken``); refused with every problem."""
    try:
        seated = Desk.checked_result(event, round_number, table, result)
    except ResultRefused as exc:
        raise NotAddingUp(
            f"round {round_number}, table {table}: the result does not add up to the armies "
            "checked in; nothing was recorded",
            exc.problems,
        ) from None
    except DeskError as exc:
        raise NotAddingUp(str(exc)) from None
    return seated


class Answer(msgspec.Struct, frozen=True):
    """What a player's request did: ``confirmed`` when the table has its result now."""

    round: int
    table: int
    confirmed: bool
    state: str
    report: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "table": self.table,
            "confirmed": self.confirmed,
            "state": self.state,
            "report": self.report,
        }


def _result_record(
    event: Event, report: Report, confirmed_by: str, how: str
) -> tuple[NewRecord, str]:
    seated = _checked(event, report.round, report.table, report.result)
    source = f"the room: reported by {report.by} (#{report.id}), {how} {confirmed_by}"
    return (
        NewRecord(
            "result",
            {
                "round": report.round,
                "table": report.table,
                "result": seated.to_json(),
                "source": source,
                "report": report.id,
            },
        ),
        source,
    )


def report(desk: Desk, round_number: int, table: int, code: str, result: MatchResult) -> Answer:
    """A player reports their table's result (module docstring); the same result as the
    opponent's open report confirms it."""

    def decide(event: Event) -> tuple[list[NewRecord], Answer]:
        me, other = _seat(event, round_number, table, code)
        _no_result(event, round_number, table)
        seated = _checked(event, round_number, table, result)
        before = waiting(event, round_number, table)
        theirs = [r for r in (before.reports if before else ()) if r.by == other]
        if theirs and theirs[-1].result == seated:
            record, _ = _result_record(event, theirs[-1], me, "the same result reported by")
            return [record], Answer(round_number, table, True, "confirmed", theirs[-1].id)
        data = {"round": round_number, "table": table, "by": me, "result": seated.to_json()}
        state = (
            f"disputed: {other} reported a different result; the desk decides"
            if theirs
            else f"waiting for {other} to confirm"
        )
        # a store's ids follow on from its revision: the report's id is the next
        answer = Answer(round_number, table, False, state, event.revision + 1)
        return [NewRecord("report", data)], answer

    return _as(desk, round_number, table).write(decide)


def confirm(desk: Desk, round_number: int, table: int, code: str) -> Answer:
    """The opponent confirms the open report: it is the table's result now (module
    docstring)."""

    def decide(event: Event) -> tuple[list[NewRecord], Answer]:
        me, other = _seat(event, round_number, table, code)
        _no_result(event, round_number, table)
        now = waiting(event, round_number, table)
        theirs = [r for r in (now.reports if now else ()) if r.by == other]
        if not theirs:
            mine = [r for r in (now.reports if now else ()) if r.by == me]
            raise RoomConflict(
                f"round {round_number}, table {table}: {other} has reported no result to "
                "confirm"
                + ("; a player does not confirm their own report" if mine else "")
                + "; nothing was recorded"
            )
        record, _ = _result_record(event, theirs[-1], me, "confirmed by")
        return [record], Answer(round_number, table, True, "confirmed", theirs[-1].id)

    return _as(desk, round_number, table).write(decide)


def dispute(desk: Desk, round_number: int, table: int, code: str, why: str = "") -> Answer:
    """A player says the opponent's open report is not what was played: the table waits
    for the desk."""
    why = " ".join(why.split())[:500]

    def decide(event: Event) -> tuple[list[NewRecord], Answer]:
        me, other = _seat(event, round_number, table, code)
        _no_result(event, round_number, table)
        now = waiting(event, round_number, table)
        theirs = [r for r in (now.reports if now else ()) if r.by == other]
        if not theirs:
            raise RoomConflict(
                f"round {round_number}, table {table}: {other} has reported no result to "
                "dispute; nothing was recorded"
            )
        data = {"round": round_number, "table": table, "by": me, "report": theirs[-1].id}
        state = "disputed: the desk decides"
        return [NewRecord("dispute", data, why)], Answer(
            round_number, table, False, state, theirs[-1].id
        )

    return _as(desk, round_number, table).write(decide)


def _as(desk: Desk, round_number: int, table: int) -> Desk:
    """The desk writing as the table's two players via the room (the trail's who)."""
    rnd = desk.event().round(round_number)
    if rnd is None or not 1 <= table <= len(rnd.tables):
        return desk
    a, b = rnd.tables[table - 1]
    return Desk(desk.store, f"{a} and {b}, {ROOM}")


def take_report(desk: Desk, report_id: int) -> TableResult:
    """The desk takes a player's open report as the table's result (checked as any result);
    refused if the report is no longer open (another desk took or dismissed it)."""

    def decide(event: Event) -> tuple[list[NewRecord], tuple[int, int]]:
        for entry in queue(event):
            for r in entry.reports:
                if r.id == report_id:
                    record, _ = _result_record(event, r, desk.who, "taken by the desk,")
                    return [record], (r.round, r.table)
        raise DeskError(
            f"report #{report_id} is not waiting any more (its table has a result, or the "
            "report was dismissed or replaced); nothing was written"
        )

    number, table = desk.write(decide)
    rnd = desk.event().round(number)
    assert rnd is not None
    return rnd.results[table]


def dismiss(desk: Desk, round_number: int, table: int, why: str) -> None:
    """The desk dismisses a table's open reports (the players report again), with why."""
    if not why.strip():
        raise DeskError("dismissing the players' reports needs a reason")

    def decide(event: Event) -> tuple[list[NewRecord], None]:
        if waiting(event, round_number, table) is None:
            raise DeskError(
                f"round {round_number}, table {table}: no report waits; nothing was written"
            )
        data = {"round": round_number, "table": table}
        return [NewRecord("dismiss", data, why.strip())], None

    desk.write(decide)


def trail_line(record: Record) -> str | None:
    """A room record in words for the trail (a code is never shown), or None."""
    d: Mapping[str, Any] = record.data
    if record.kind == "code":
        return f"code issued to {d['name']}"
    if record.kind == "report":
        return f"{d['by']} reported round {d['round']} table {d['table']}"
    if record.kind == "dispute":
        return f"{d['by']} disputed report #{d['report']} (round {d['round']} table {d['table']})"
    if record.kind == "dismiss":
        return f"reports of round {d['round']} table {d['table']} dismissed"
    return None
