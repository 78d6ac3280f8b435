"""A match file names its event's place, and a file can be edited: the table's clock opens
that place only once the referee confirmed it, opens an event file read only, and never
sends the desk's password to a host named by an edited match (issue 23, "A file cannot
steer the app"). The server is a real listener in a process of its own
(tests/pg_listener.py) that asks for a password in clear and writes down what comes."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest
from army_fixture import write_armies
from pg_listener import Listener

from referee.match.games.orders_file import MatchFile
from referee.tournament.desk import Desk
from referee.tournament.event_place import EventPlaceError, event_place, open_event_read_only
from referee.tournament.table_clock import TableClockReader
from referee.tournament.table_match import TableOrigin, make_table_match

SECRET = "desk-secret-0451"


def clock_cup(tmp_path: Path, name: str = "Clock Cup") -> Desk:
    armies = write_armies(tmp_path / "armies")
    desk = Desk.create(tmp_path / f"{name.split()[0].lower()}.db", name=name, seed=3)
    for player in ("Ada", "Brin"):
        desk.add_player(player, "", desk.check_army(armies[player]))
    desk.pair()
    return desk


def edited_match(tmp_path: Path, store: str) -> tuple[Path, TableOrigin]:
    """A table's match made by the desk, then edited to name ``store`` as its event."""
    with clock_cup(tmp_path) as desk:
        path = make_table_match(desk.event(), 1, 1, tmp_path / "t1.referee").path
    conn = sqlite3.connect(path)
    with conn:
        settings = json.loads(
            conn.execute("SELECT value FROM meta WHERE key = 'settings'").fetchone()[0]
        )
        settings["tournament-store"] = store
        conn.execute("UPDATE meta SET value = ? WHERE key = 'settings'", (json.dumps(settings),))
    conn.close()
    with MatchFile.open(path) as m:
        origin = TableOrigin.from_settings(m.meta["settings"])
    assert origin is not None and origin.store == store
    return path, origin


@pytest.fixture
def asking(tmp_path, monkeypatch):
    """A listener that asks for the password in clear; the desk's password in the
    environment, as the README tells desks to keep it."""
    monkeypatch.setenv("PGPASSWORD", SECRET)
    listener = Listener("password", tmp_path / "listener.log")
    yield listener
    listener.stop()


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_a_host_named_by_a_match_is_not_connected_to_until_confirmed(tmp_path, asking):
    _, origin = edited_match(tmp_path, asking.url())
    reader = TableClockReader(origin)  # as the window makes it before the referee says yes
    shown = reader.read(datetime.now(UTC), None)
    reader.close()
    assert asking.saw() == []  # no connection at all, so no password either
    assert not shown.from_event and "confirm" in shown.why


def test_a_confirmed_host_is_connected_to_and_its_refusal_named(tmp_path, asking):
    _, origin = edited_match(tmp_path, asking.url())
    reader = TableClockReader(origin, confirmed=True)
    reading = reader.fetch(datetime.now(UTC))
    reader.close()
    assert reading.clock is None and reading.reach == "unreachable"
    assert "127.0.0.1" in reading.why
    seen = [e["seen"] for e in asking.saw()]
    assert seen[:2] == ["connect", "startup"]  # the referee chose this host: it may connect
    assert asking.passwords() == [SECRET]


def rollback_event_of_another_desk(tmp_path: Path) -> Path:
    """Another event's file, in SQLite's rollback-journal mode, closed."""
    other = tmp_path / "other"
    other.mkdir()
    with clock_cup(other, "Other Open") as desk:
        path = Path(desk.store.name)
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA journal_mode = DELETE")
    conn.close()
    assert not Path(f"{path}-wal").exists() and not Path(f"{path}-shm").exists()
    return path


def test_another_sqlite_file_named_by_a_match_is_not_opened_for_writing(tmp_path):
    victim = rollback_event_of_another_desk(tmp_path)
    before = digest(victim)
    _, origin = edited_match(tmp_path, str(victim))
    for confirmed in (False, True):
        reader = TableClockReader(origin, confirmed=confirmed)
        shown = reader.read(datetime.now(UTC), None)
        reader.close()
        assert not shown.from_event
        assert digest(victim) == before  # not a byte changed
        assert not Path(f"{victim}-wal").exists() and not Path(f"{victim}-shm").exists()
        assert not Path(f"{victim}-journal").exists()
    assert "another event" in shown.why  # confirmed: read, read only, and refused


def test_an_event_file_is_read_only_even_when_confirmed(tmp_path):
    path = rollback_event_of_another_desk(tmp_path)
    store = open_event_read_only(str(path))
    try:
        assert store.revision() > 0
        with pytest.raises(sqlite3.OperationalError, match="readonly"):
            store.conn.execute("INSERT INTO meta (key, value) VALUES ('x', '1')")  # type: ignore[attr-defined]
    finally:
        store.close()


def test_a_file_name_holding_uri_options_stays_a_file_name(tmp_path):
    """A '?' in the path would start SQLite's URI options (mode=rwc...): it is quoted."""
    path = tmp_path / "ev.db?mode=rwc"
    with pytest.raises(Exception, match="no such event file"):
        open_event_read_only(str(path))
    assert not path.exists() and not (tmp_path / "ev.db").exists()


def test_the_place_a_match_names_is_said_as_the_client_would_reach_it():
    place = event_place("Open 2027", "abc", "postgresql://desk@venue-server:5433/open2027")
    assert place.server and place.host == "venue-server"
    assert "database open2027 on the server venue-server, port 5433, as user desk" in (place.where)
    assert "Open 2027" in place.question() and "venue-server" in place.question()
    sneaky = event_place("Open", "abc", "postgresql://desk@venue/open?hostaddr=203.0.113.9")
    assert "203.0.113.9" in sneaky.host  # the address the connection really goes to
    assert sneaky.key != event_place("Open", "abc", "postgresql://desk@venue/open").key
    assert event_place("Open", "abc", "/srv/ev.db").where == (
        "the event file /srv/ev.db on this computer"
    )


@pytest.mark.parametrize(
    "target",
    [
        "ev.db",
        "../../ev.db",
        "postgresql://desk@venue/open?passfile=/home/desk/.pgpass-other",
        "postgresql://desk@venue/open?sslkey=/home/desk/.ssh/id_rsa",
        "postgresql://desk@venue/open?service=elsewhere",
        "",
    ],
)
def test_a_place_that_cannot_be_shown_honestly_is_refused(target):
    with pytest.raises(EventPlaceError):
        event_place("Open", "abc", target)


def test_no_command_follows_the_event_a_match_names(tmp_path, asking):
    """The command line reads a match's event only where the command names it (``result
    FILE --match M``: FILE); each command that takes a match, run as its own process, leaves
    the host the match names alone."""
    import subprocess
    import sys

    path, _ = edited_match(tmp_path, asking.url())
    event = tmp_path / "clock.db"
    commands = [
        ["tournament", "result", str(event), "--round", "1", "--table", "1", "--match", str(path)],
        ["score", str(path)],
        ["match", "show", str(path)],
        ["match", "check", str(path)],
        ["match", "report", str(path), "-o", str(tmp_path / "report.html")],
    ]
    for args in commands:
        done = subprocess.run(
            [sys.executable, "-m", "referee", *args], capture_output=True, text=True, timeout=120
        )
        assert "Traceback" not in done.stderr, args
        assert done.returncode == 0 or args[0] == "tournament", (args, done.stderr)
    assert asking.saw() == []
