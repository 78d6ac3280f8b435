"""Damaged event files (issue 23): a real event, played part way, then damaged the way a
crashed disk, a careless hand or another program damages it: a NULL in a record, JSON of the
wrong type or shape, a record of one kind with another's data, a record deleted, a column or
table dropped or renamed, bytes overwritten; on a PostgreSQL server too (no bytes there).

:func:`build_event` makes the event (six players with their armies, a seventh withdrawn,
two of one club, seeding, tie-breakers, a player present at the door, round 1 paired and
played (one result taken with ``--override``), a correction, a deduction and a warning, the
clock started, paused and ended, round 2 paired with one result and the match file of table
3, a drop, a player absent at the door for round 3), :func:`damages` draws one to three
damages and :func:`damage_file` / :func:`damage_server` carry them out.
:data:`EVENT_COMMANDS` is every ``referee tournament`` command that reads or writes an
event. The property test
(``test_hostile_event_files.py``) and the fuzz script (``fuzz_event_files.py``) share them.
"""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path
from typing import Any

from army_fixture import write_armies
from hostile_data import VALUES, mutated
from hypothesis import strategies as st

PLAYERS = ("Ada", "Brin", "Cato", "Dora", "Emil", "Fay")
KINDS = ("ip", "mp", "cp", "xp")


def _result(event: Any, a: str, b: str, rng: random.Random) -> Any:
    from referee.tournament.scoring import MatchResult, PlayerResult, Points

    sides = []
    for name in (a, b):
        cost = event.players[name].army["cost"]
        lost = {k: rng.randint(0, cost[k]) for k in KINDS}
        sides.append(
            PlayerResult(
                name,
                Points.from_mapping({k: cost[k] - lost[k] for k in KINDS}),
                Points.from_mapping(lost),
            )
        )
    return MatchResult((sides[0], sides[1]))


def build_event(target: str, folder: Path) -> None:
    """The event at ``target`` (a file or a server URL), with the army files and a result
    file for round 2, table 2 in ``folder`` (``armies/``, ``result.toml``)."""
    from msgspec.structs import replace

    from referee.tournament.desk import Desk
    from referee.tournament.scoring import MatchResult, Points
    from referee.tournament.venue import VenueTable

    rng = random.Random(23)
    armies = write_armies(folder / "armies")
    with Desk.create(
        target, name="Damaged Cup", rounds=4, seed=5, who="desk-1", scenario="entrenched"
    ) as desk:
        for name in PLAYERS:
            club = "Hex Club" if name in ("Ada", "Cato") else ""
            desk.add_player(name, "", desk.check_army(armies[name]), club)
        desk.add_player("Gus", "ork")
        desk.withdraw("Gus", "entered by mistake")
        desk.seed_players(["Cato", "Ada"])
        desk.set_tiebreakers(["mvp", "tvp", "sos", "h2h", "destroyed"])
        desk.mark_attendance("Ada", present=True)
        desk.set_venue(
            [
                VenueTable("Stream", "city", None, True),
                VenueTable("Hill", "hills", "Cato"),
                VenueTable("River"),
            ]
        )
        desk.pair()
        event = desk.event()
        for table, (a, b) in enumerate(event.round(1).tables, 1):
            result = _result(event, a, b, rng)
            if table == 3:  # one point too many, taken with the desk's reason
                first = result.players[0]
                more = Points.from_mapping(
                    {**first.surviving.to_json(), "ip": first.surviving.ip + 1}
                )
                result = MatchResult((replace(first, surviving=more), result.players[1]))
                desk.record_result(1, table, result, "typed", override="as the table said")
            else:
                desk.record_result(1, table, result, "result file")
        desk.correct(1, 1, _result(event, *event.round(1).tables[0], rng), "typo", "typed")
        desk.penalise("Brin", "slow play", points=2)
        desk.penalise("Cato", "late to the table")
        desk.clock_action("start", 90)
        desk.clock_action("pause")
        desk.clock_action("end")
        desk.pair()
        event = desk.event()
        desk.record_result(2, 1, _result(event, *event.round(2).tables[0], rng), "typed")
        a, b = event.round(2).tables[1]
        result = _result(event, a, b, rng)
        desk.make_match(2, 3, folder / "t3.referee", seed=3)
        desk.drop("Emil")
        desk.mark_attendance("Fay", present=False, why="phoned: ill")
    lines = []
    for p in result.players:
        lines += ["[[players]]", f'name = "{p.name}"']
        lines.append(
            "surviving = {" + ", ".join(f"{k} = {p.surviving.get(k)}" for k in KINDS) + "}"
        )
        lines.append(
            "destroyed = {" + ", ".join(f"{k} = {p.destroyed.get(k)}" for k in KINDS) + "}"
        )
    (folder / "result.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")


# --- the commands ---------------------------------------------------------------------------

OVERRIDE = ("--override", "typed at the table")
READING_COMMANDS: tuple[tuple[str, ...], ...] = (
    ("players", "{ev}"),
    ("players", "{ev}", "--json"),
    ("pairings", "{ev}"),
    ("pairings", "{ev}", "--round", "1", "--json"),
    ("scores", "{ev}", "--round", "1"),
    ("scores", "{ev}", "--round", "2", "--json"),
    ("standings", "{ev}"),
    ("standings", "{ev}", "--json"),
    ("trail", "{ev}"),
    ("trail", "{ev}", "--json"),
    ("clock", "{ev}", "show"),
    ("tables", "{ev}", "--json"),
    ("cut", "{ev}", "--json"),
    ("export", "{ev}", "--format", "csv", "-o", "{d}/csv"),
    ("export", "{ev}", "--format", "html", "-o", "{d}/page.html"),
    ("export", "{ev}", "--format", "site", "-o", "{d}/site"),
    ("copy", "{ev}", "{d}/copy.db"),
)
"""``referee tournament ...`` that only read the event (``{ev}``; ``{d}``: a folder)."""
WRITING_COMMANDS: tuple[tuple[str, ...], ...] = (
    ("match", "{ev}", "--round", "2", "--table", "2", "-o", "{d}/t2.referee"),
    ("new", "{ev}", "--name", "Again"),
    ("add-player", "{ev}", "Gil", "--nation", "ork", "--club", "Hex Club"),
    ("present", "{ev}", "Ada"),
    ("absent", "{ev}", "Brin", "--why", "ill"),
    ("penalty", "{ev}", "Cato", "--points", "2", "--why", "slow play"),
    ("penalty", "{ev}", "Dora", "--why", "late"),
    ("check-in", "{ev}", "Emil", "--army", "{d}/armies/emil.toml"),
    ("seed", "{ev}", "Ada", "Brin"),
    ("tiebreakers", "{ev}", "tvp", "mvp"),
    ("swap", "{ev}", "Ada", "Brin"),
    ("result", "{ev}", "--round", "2", "--table", "2", "--result", "{d}/result.toml"),
    (
        "correct",
        "{ev}",
        "--round",
        "1",
        "--table",
        "2",
        "--result",
        "{d}/result.toml",
        "--why",
        "x",
    ),
    ("clock", "{ev}", "start"),
    ("clock", "{ev}", "pause"),
    ("tables", "{ev}", "--table", "Stream", "--top", "Stream"),
    ("slips", "{ev}", "-o", "{d}/slips.pdf", "--force"),
    ("drop", "{ev}", "Dora"),
    ("withdraw", "{ev}", "Fay"),
    ("result", "{ev}", "--round", "2", "--table", "3", "--result", "{d}/result.toml", *OVERRIDE),
    ("pair", "{ev}"),
    ("pair", "{ev}", "--round", "3", "--json"),
)
"""``referee tournament ...`` that write to the event."""
EVENT_COMMANDS = READING_COMMANDS + WRITING_COMMANDS
"""Every ``referee tournament`` command that reads or writes an event."""


def argv_of(command: tuple[str, ...], ev: str, folder: Path) -> list[str]:
    return ["tournament", *(a.format(ev=ev, d=folder) for a in command)]


# --- the damages ----------------------------------------------------------------------------

COLUMNS = ("kind", "data", "who", "at", "why")
SCHEMA_SQLITE = (
    "ALTER TABLE records DROP COLUMN why",
    "ALTER TABLE records DROP COLUMN at",
    "ALTER TABLE records DROP COLUMN who",
    "ALTER TABLE records RENAME COLUMN data TO d",
    "ALTER TABLE records RENAME COLUMN kind TO k",
    "ALTER TABLE meta RENAME COLUMN value TO v",
    "DROP TABLE records",
    "DROP TABLE meta",
    "CREATE TABLE extra (x)",
    "ALTER TABLE records ADD COLUMN extra",
)
SCHEMA_SERVER = (
    "ALTER TABLE referee_records DROP COLUMN why",
    "ALTER TABLE referee_records DROP COLUMN at",
    "ALTER TABLE referee_records DROP COLUMN who",
    "ALTER TABLE referee_records RENAME COLUMN data TO d",
    "ALTER TABLE referee_records RENAME COLUMN kind TO k",
    "ALTER TABLE referee_meta RENAME COLUMN value TO v",
    "DROP TABLE referee_records",
    "DROP TABLE referee_meta",
    "ALTER TABLE referee_records ADD COLUMN extra text",
)
RECORD_KINDS = (
    "event",
    "player",
    "checkin",
    "drop",
    "withdraw",
    "seeding",
    "tiebreakers",
    "pairing",
    "result",
    "correction",
    "clock",
    "match",
    "attendance",
    "penalty",
    "venue",
    "cut",
    "nope",
)


@st.composite
def damages(draw: Any, server: bool = False) -> list[tuple[str, Any]]:
    """One to three damages (kind, what); ``server``: those a PostgreSQL event can have."""
    kinds = ["null", "json", "json", "json", "raw", "kind", "delete", "schema", "meta", "type"]
    if not server:
        kinds.append("bytes")
    out: list[tuple[str, Any]] = []
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(kinds))
        n = draw(st.integers(0, 40))
        if kind == "null":
            out.append((kind, (n, draw(st.sampled_from(COLUMNS)))))
        elif kind == "json":
            out.append((kind, n))
        elif kind == "raw":
            raw = draw(
                st.one_of(
                    VALUES.map(json.dumps),
                    st.sampled_from(["", "{", "nope", "[1, 2", "null", '{"a": NaN}']),
                )
            )
            out.append((kind, (n, raw)))
        elif kind == "kind":
            out.append((kind, (n, draw(st.sampled_from(RECORD_KINDS)))))
        elif kind == "delete":
            out.append((kind, n))
        elif kind == "schema":
            out.append((kind, draw(st.sampled_from(SCHEMA_SERVER if server else SCHEMA_SQLITE))))
        elif kind == "meta":
            key = draw(st.sampled_from(["kind", "format_version", "versions"]))
            value = draw(st.one_of(st.none(), VALUES.map(json.dumps), st.just("not json")))
            out.append((kind, (key, value)))
        elif kind == "type":
            column = draw(st.sampled_from(COLUMNS))
            value = draw(
                st.one_of(
                    st.integers(-(2**63), 2**63 - 1),
                    st.floats(allow_nan=False),
                    st.binary(max_size=8),
                    st.text(max_size=8),
                )
            )
            out.append((kind, (n, column, value)))
        else:
            out.append(
                (kind, (draw(st.integers(0, 60_000)), draw(st.binary(min_size=1, max_size=16))))
            )
    return out


def _mutated_json(text: Any, draw: Any) -> str:
    """``text`` (a record's JSON) with one to three parts changed (``draw``: hypothesis')."""
    try:
        doc = json.loads(text) if isinstance(text, str | bytes) else text
    except ValueError:
        doc = text
    return json.dumps(mutated(doc, draw))


def _nth(rows: list[Any], n: int) -> Any:
    return rows[n % len(rows)] if rows else None


def damage_file(path: Path, changes: list[tuple[str, Any]], draw: Any) -> None:
    """Carry out ``changes`` (from :func:`damages`) on the event file ``path`` (``draw``:
    hypothesis' draw, for the mutations of a record's JSON)."""
    for kind, what in changes:
        if kind == "bytes":
            offset, data = what
            raw = bytearray(path.read_bytes())
            offset %= max(1, len(raw))
            raw[offset : offset + len(data)] = data
            path.write_bytes(bytes(raw))
            continue
        conn = sqlite3.connect(path, isolation_level=None)
        try:
            ids = [r[0] for r in conn.execute("SELECT rowid FROM records ORDER BY rowid")]
            conn.execute("BEGIN")
            if kind == "null":
                n, column = what
                conn.execute(f"UPDATE records SET {column} = NULL WHERE rowid = ?", [_nth(ids, n)])
            elif kind == "json":
                n = what
                row = conn.execute(
                    "SELECT data FROM records WHERE rowid = ?", [_nth(ids, n)]
                ).fetchone()
                new = _mutated_json(row[0] if row else None, draw)
                conn.execute("UPDATE records SET data = ? WHERE rowid = ?", [new, _nth(ids, n)])
            elif kind == "raw":
                n, raw = what
                conn.execute("UPDATE records SET data = ? WHERE rowid = ?", [raw, _nth(ids, n)])
            elif kind == "kind":
                n, new_kind = what
                conn.execute(
                    "UPDATE records SET kind = ? WHERE rowid = ?", [new_kind, _nth(ids, n)]
                )
            elif kind == "delete":
                conn.execute("DELETE FROM records WHERE rowid = ?", [_nth(ids, what)])
            elif kind == "schema":
                conn.execute(what)
            elif kind == "meta":
                key, value = what
                conn.execute("UPDATE meta SET value = ? WHERE key = ?", [value, key])
            elif kind == "type":
                n, column, value = what
                conn.execute(
                    f"UPDATE records SET {column} = ? WHERE rowid = ?", [value, _nth(ids, n)]
                )
            conn.execute("COMMIT")
        except (sqlite3.DatabaseError, UnicodeDecodeError):
            pass  # a damage the damaged file no longer allows: the damage done stays
        finally:
            conn.close()


def damage_server(url: str, changes: list[tuple[str, Any]], draw: Any) -> None:
    """Carry out ``changes`` (from :func:`damages` with ``server=True``) on the event's
    database at ``url``."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        for kind, what in changes:
            try:
                ids = [r[0] for r in conn.execute("SELECT id FROM referee_records ORDER BY id")]
                if kind == "null":
                    n, column = what
                    conn.execute(f"ALTER TABLE referee_records ALTER COLUMN {column} DROP NOT NULL")
                    conn.execute(
                        f"UPDATE referee_records SET {column} = NULL WHERE id = %s", [_nth(ids, n)]
                    )
                elif kind == "json":
                    n = what
                    row = conn.execute(
                        "SELECT data::text FROM referee_records WHERE id = %s", [_nth(ids, n)]
                    ).fetchone()
                    new = _mutated_json(row[0] if row else None, draw)
                    conn.execute(
                        "UPDATE referee_records SET data = %s::json WHERE id = %s",
                        [new.replace("NaN", "null").replace("Infinity", "1e999"), _nth(ids, n)],
                    )
                elif kind == "raw":
                    n, raw = what
                    conn.execute("ALTER TABLE referee_records ALTER COLUMN data TYPE text")
                    conn.execute(
                        "UPDATE referee_records SET data = %s WHERE id = %s",
                        [raw.replace("\x00", ""), _nth(ids, n)],
                    )
                elif kind == "kind":
                    n, new_kind = what
                    conn.execute(
                        "UPDATE referee_records SET kind = %s WHERE id = %s",
                        [new_kind, _nth(ids, n)],
                    )
                elif kind == "delete":
                    conn.execute("DELETE FROM referee_records WHERE id = %s", [_nth(ids, what)])
                elif kind == "schema":
                    conn.execute(what)
                elif kind == "meta":
                    key, value = what
                    conn.execute("ALTER TABLE referee_meta ALTER COLUMN value DROP NOT NULL")
                    conn.execute(
                        "UPDATE referee_meta SET value = %s WHERE key = %s",
                        [None if value is None else value.replace("\x00", ""), key],
                    )
                elif kind == "type":
                    n, column, value = what
                    if column in ("data",):
                        conn.execute("ALTER TABLE referee_records ALTER COLUMN data TYPE text")
                    text = (
                        value.hex() if isinstance(value, bytes) else str(value).replace("\x00", "")
                    )
                    conn.execute(
                        f"UPDATE referee_records SET {column} = %s WHERE id = %s",
                        [text, _nth(ids, n)],
                    )
            except psycopg.Error:
                pass  # a damage the damaged event no longer allows: the damage done stays


def server_rows(url: str) -> str:
    """Everything the event's database holds (both tables, every row), for comparing."""
    import psycopg

    out = []
    with psycopg.connect(url, autocommit=True) as conn:
        for table in ("referee_meta", "referee_records"):
            try:
                rows = conn.execute(f"SELECT * FROM {table} ORDER BY 1").fetchall()
            except psycopg.Error as exc:
                rows = [("missing", type(exc).__name__)]
            out.append(f"{table}: {len(rows)} rows: {rows!r}")
    return "\n".join(out)
