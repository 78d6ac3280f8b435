"""Every record of an event checked for what the desk wrote, before anything is folded from it.

An event file (or server) can be damaged by a disk, another program or a careless hand: a
field missing or null, a number where a name belongs, a check-in of a player never entered.
The desk reads records in many places (standings, exports, pairings, the windows); checking
each record once here, by kind (``event.py`` lists what each holds), means none of them ever
meets a value of the wrong kind: :func:`check_records` raises
:class:`~referee.tournament.store.DamagedEvent` naming the store, the record (id and kind)
and the field, and nothing is changed.

A kind referee does not know is left alone (the fold ignores it), as are keys it does not
read. Numbers are whole (never a bool or a float) and within what the desk itself writes:
a round's time from 1 to 1440 minutes (``victory.fixed-time``), points from 0 below 2^63, a
clock record's minutes what the clock can count (older desks took any number there).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from referee.errors import excerpt
from referee.tournament.store import DamagedEvent, Record
from referee.tournament.venue import MOST_TABLES

Check = Callable[[Any], str | None]
"""A value -> what is wrong with it, or None."""

POINTS_MAX = 2**63 - 1
"""The most points a result file can hold (TOML's largest whole number)."""
MINUTES_MAX = 24 * 60
"""A round's time (clause ``victory.fixed-time``: the desk refuses more)."""
CLOCK_MAX = 10**12
"""The minutes a clock record may hold, either way: what the clock's time spans can count
(Python's ``timedelta``, about 1.9 million years). The desk now writes 1 to 1440; older
desks wrote any number given."""
ACTIONS = ("start", "pause", "resume", "end")
PENALTIES = ("warning", "points")
"""A penalty's kinds: a warning (nothing deducted), or points deducted."""
PENALTY_KEYS = ("tvp", "mvp")
"""The totals a deduction can come from."""
VENUE_MOST = MOST_TABLES
"""The venue tables a ``venue`` record may list: each pairing is weighed against every
table, so a damaged list of millions would stall the next pairing."""


def whole(low: int | None = None, high: int | None = None) -> Check:
    """A whole number (never a bool or a float), from ``low`` and up to ``high`` if given."""
    words = (
        f"from {low} to {high}"
        if low is not None and high is not None
        else f"from {low}"
        if low is not None
        else ""
    )

    def check(value: Any) -> str | None:
        if (
            isinstance(value, bool)
            or not isinstance(value, int)
            or (low is not None and value < low)
            or (high is not None and value > high)
        ):
            return f"{excerpt(value)}, not a whole number {words}".rstrip()
        return None

    return check


def text(value: Any) -> str | None:
    return None if isinstance(value, str) else f"{excerpt(value)}, not text"


def flag(value: Any) -> str | None:
    return None if isinstance(value, bool) else f"{excerpt(value)}, not true or false"


def optional(check: Check) -> Check:
    return lambda value: None if value is None else check(value)


def list_of(
    check: Check, size: int | None = None, least: int = 0, most: int | None = None
) -> Check:
    """A list of items passing ``check``: of ``size`` items, or at least ``least`` (and at
    most ``most``)."""

    def checked(value: Any) -> str | None:
        if not isinstance(value, list) or (size is not None and len(value) != size):
            return f"{excerpt(value)}, not a list" + (f" of {size}" if size is not None else "")
        if len(value) < least:
            return f"{excerpt(value)}, not a list of at least {least}"
        if most is not None and len(value) > most:
            return f"a list of {len(value)}, more than {most}"
        for i, item in enumerate(value):
            problem = check(item)
            if problem is not None:
                return f"item {i + 1} is {problem}"
        return None

    return checked


def table(fields: Mapping[str, Check], required: Sequence[str] = ()) -> Check:
    """A JSON object whose ``fields`` pass their checks (those in ``required`` present)."""

    def checked(value: Any) -> str | None:
        if not isinstance(value, Mapping):
            return f"{excerpt(value)}, not a table"
        for key in required:
            if key not in value:
                return f"no {key!r}"
        for key, check in fields.items():
            if key in value:
                problem = check(value[key])
                if problem is not None:
                    return f"{key!r} is {problem}"
        return None

    return checked


def mapping_of(check: Check) -> Check:
    def checked(value: Any) -> str | None:
        if not isinstance(value, Mapping):
            return f"{excerpt(value)}, not a table"
        for key, item in value.items():
            problem = check(item)
            if problem is not None:
                return f"{key!r} is {problem}"
        return None

    return checked


def one_of(*words: str) -> Check:
    return lambda value: None if value in words else f"{excerpt(value)}, not one of {words}"


def _tiebreaker(value: Any) -> str | None:
    from referee.tournament.tiebreak_order import tiebreakers

    if isinstance(value, str) and value in tiebreakers():
        return None
    return f"{excerpt(value)}, not a tie-breaker"


def _readings(value: Any) -> str | None:
    from referee.ruleset.rulings import register

    problem = mapping_of(text)(value)
    if problem is not None:
        return problem
    for rid, option in value.items():
        ruling = register().get(rid)
        if ruling is None:
            return f"{excerpt(rid)}, no ruling referee knows"
        try:
            ruling.option(option)
        except KeyError:
            return f"{excerpt(option)} for {rid}, not one of its readings"
    return None


POINTS = mapping_of(whole(0, POINTS_MAX))
SIDE = table({"name": text, "surviving": POINTS, "destroyed": POINTS}, ("name",))
RESULT = table({"players": list_of(SIDE, 2)}, ("players",))

KINDS: dict[str, tuple[Mapping[str, Check], tuple[str, ...]]] = {
    "event": (
        {
            "name": text,
            "rounds": whole(1),
            "game": text,
            "round_minutes": whole(1, MINUTES_MAX),
            "seed": whole(),
            "readings": optional(_readings),
            "tiebreakers": optional(list_of(_tiebreaker, least=1)),
            "scenario": optional(text),
        },
        (),
    ),
    "player": (
        {"name": text, "nation": text, "entered": whole(1), "club": text},
        ("name",),
    ),
    "checkin": (
        {
            "name": text,
            "army": table({}),
            "file": text,
            "army_name": text,
            "nation": optional(text),
            "game": optional(text),
            "checksum": text,
            "valid": flag,
            "errors": list_of(
                table(
                    {
                        "unit": optional(text),
                        "field": optional(text),
                        "rule": text,
                        "message": text,
                    }
                )
            ),
            "cost": mapping_of(whole(0, POINTS_MAX)),
            "huge_units": list_of(
                table({"type": text, "name": text, "count": whole(0)}, ("type", "name", "count"))
            ),
            "declaration": text,
            "override": text,
        },
        ("name", "army"),
    ),
    "drop": ({"name": text, "after": whole(0), "no_show": whole(1)}, ("name", "after")),
    "attendance": (
        {"name": text, "round": whole(1), "present": flag},
        ("name", "round", "present"),
    ),
    "penalty": (
        {
            "name": text,
            "round": whole(0),
            "penalty": one_of(*PENALTIES),
            "points": whole(0, POINTS_MAX),
            "of": one_of(*PENALTY_KEYS),
        },
        ("name", "round", "penalty"),
    ),
    "seeding": ({"order": list_of(text)}, ("order",)),
    "tiebreakers": ({"keys": list_of(_tiebreaker, least=1)}, ("keys",)),
    "pairing": (
        {
            "round": whole(1),
            "tables": list_of(list_of(text, 2)),
            "bye": optional(text),
            "warnings": list_of(text),
            "how": text,
            "places": list_of(text),
        },
        ("round", "tables"),
    ),
    "result": (
        {
            "round": whole(1),
            "table": whole(1),
            "result": RESULT,
            "source": text,
            "override": text,
            "problems": list_of(text),
        },
        ("round", "table", "result"),
    ),
    "withdraw": ({"name": text}, ("name",)),
    "match": (
        {
            "round": whole(1),
            "table": whole(1),
            "id": text,
            "players": list_of(text, 2),
            "file": text,
            "checksums": list_of(text, 2),
        },
        (),
    ),
    "clock": (
        {"round": whole(1), "action": one_of(*ACTIONS), "minutes": whole(-CLOCK_MAX, CLOCK_MAX)},
        ("round", "action"),
    ),
    "cut": (
        {
            "size": lambda v: (
                None
                if v in (4, 8, 16) and not isinstance(v, bool)
                else (f"{excerpt(v)}, not 4, 8 or 16")
            ),
            "after": whole(1),
            "seeds": list_of(text),
        },
        ("size", "after", "seeds"),
    ),
    "venue": (
        {
            "tables": list_of(
                table(
                    {"name": text, "terrain": text, "fixed": optional(text), "top": flag},
                    ("name",),
                ),
                most=VENUE_MOST,
            )
        },
        ("tables",),
    ),
    "vote": (
        {
            "voter": text,
            "category": one_of("painting", "sportsmanship", "favourite-opponent"),
            "for": text,
            "by": one_of("desk", "room"),
        },
        ("voter", "category", "for"),
    ),
    "award-weights": (
        {k: whole(0, 1000) for k in ("tvp", "painting", "sportsmanship", "favourite-opponent")},
        (),
    ),
}
KINDS["correction"] = KINDS["result"]


def check_records(records: Sequence[Record], store: str) -> None:
    """Refuse (:class:`DamagedEvent`) the first record that is not what the desk writes, or
    that names a player no earlier record entered (see the module docstring)."""
    if records and not any(r.kind == "event" for r in records):
        raise DamagedEvent(store, "no record of kind 'event' (the event's name, rounds...)")
    players: set[str] = set()
    for record in records:
        shape = KINDS.get(record.kind)
        if shape is None:
            continue
        fields, required = shape
        problem = table(fields, required)(record.data)
        if problem is not None:
            raise DamagedEvent(store, f"{record.kind}: {problem}", record.id)
        data = record.data
        if record.kind == "penalty" and data["penalty"] == "points":
            missing = [k for k in ("points", "of") if k not in data]
            if missing or data["points"] < 1:
                what = f"no {missing[0]!r}" if missing else "'points' is 0, not a deduction"
                raise DamagedEvent(store, f"penalty: {what}", record.id)
        if record.kind == "player":
            players.add(data["name"])
        elif record.kind == "withdraw":
            players.discard(data["name"])
        elif record.kind == "cut" and (
            len(data["seeds"]) != data["size"]
            or len(set(data["seeds"])) != data["size"]
            or not set(data["seeds"]) <= players
        ):
            raise DamagedEvent(
                store, f"cut: 'seeds' is not {data['size']} different players entered", record.id
            )
        elif (
            record.kind in ("checkin", "drop", "attendance", "penalty")
            and data["name"] not in players
        ):
            raise DamagedEvent(
                store, f"{record.kind} of {excerpt(data['name'])}, who was never entered", record.id
            )
        elif record.kind == "vote" and not {data["voter"], data["for"]} <= players:
            unknown = data["voter"] if data["voter"] not in players else data["for"]
            raise DamagedEvent(
                store, f"vote names {excerpt(unknown)}, who was never entered", record.id
            )
        elif record.kind == "pairing":
            seated = [n for pair in data["tables"] for n in pair] + [data.get("bye")] * (
                data.get("bye") is not None
            )
            unknown = [n for n in seated if n not in players]
            if unknown:
                raise DamagedEvent(
                    store, f"pairing seats {excerpt(unknown[0])}, who was never entered", record.id
                )
            places = data.get("places")
            if places is not None and len(places) != len(data["tables"]):
                raise DamagedEvent(
                    store,
                    f"pairing: 'places' names {len(places)} venue table(s) for "
                    f"{len(data['tables'])} table(s)",
                    record.id,
                )
