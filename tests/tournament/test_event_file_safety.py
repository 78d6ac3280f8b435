"""An event file is the organiser's day (issue 16): it is copied to the backups folder before
each round is paired, stamped with the versions that wrote it (a newer one is refused and
left as it was), and an export never replaces a file without asking."""

from __future__ import annotations

import hashlib
import json
import random
import sqlite3

import pytest
from desk_helpers import random_result

from referee.cli.main import main
from referee.tournament.desk import Desk
from referee.tournament.event import fold
from referee.tournament.sqlite_store import SqliteEventStore
from referee.versions import NewerFileError, current_versions


def new_event(tmp_path, names=("Ada", "Brin", "Cato", "Dora")) -> Desk:
    desk = Desk.create(tmp_path / "ev.db", name="Cup", seed=1, who="desk-1")
    for n in names:
        desk.add_player(n, "ork")
    return desk


def records_in(path) -> list[str]:
    store = SqliteEventStore.open(path)
    try:
        return [r.kind for r in store.records()]
    finally:
        store.close()


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def test_the_event_file_is_backed_up_before_each_round_is_paired(tmp_path, home):
    with new_event(tmp_path) as desk:
        before = records_in(tmp_path / "ev.db")
        desk.pair()
        first = desk.last_backup
        assert first is not None and first.parent == home / "backups"
        assert first.name.startswith("ev-before-round-1-") and first.suffix == ".db"
        # the copy is the event as it was: every record before the pairing, not the pairing
        assert records_in(first) == before
        assert records_in(tmp_path / "ev.db") == [*before, "pairing"]
        rng = random.Random(7)
        for table, (a, b) in enumerate(desk.event().round(1).tables, 1):
            desk.record_result(1, table, random_result(rng, a, b))
        desk.pair()
        second = desk.last_backup
    assert second is not None and second != first and first.exists()
    assert second.name.startswith("ev-before-round-2-")
    store = SqliteEventStore.open(second)
    assert fold(store.records()).current_round == 1  # round 2 not yet paired in the copy
    store.close()


def test_a_pairing_refused_takes_no_backup(tmp_path, home):
    with new_event(tmp_path, names=("Ada",)) as desk:
        with pytest.raises(ValueError, match="1 player"):
            desk.pair()
        assert desk.last_backup is None
    assert not (home / "backups").exists()


def test_an_event_file_is_stamped_and_one_from_newer_data_is_refused(tmp_path, home):
    new_event(tmp_path).close()
    path = tmp_path / "ev.db"
    with sqlite3.connect(path) as conn:
        (stamped,) = conn.execute("SELECT value FROM meta WHERE key = 'versions'").fetchone()
        assert json.loads(stamped)["units"] == current_versions().units
        newer = {**json.loads(stamped), "catalogue": current_versions().catalogue + 1}
        conn.execute("UPDATE meta SET value = ? WHERE key = 'versions'", [json.dumps(newer)])
    conn.close()
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    with pytest.raises(NewerFileError, match="rules catalogue version"):
        Desk.open(path)
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before


def test_the_export_command_never_replaces_a_file_unless_told(tmp_path, home, capsys):
    new_event(tmp_path).close()
    out = tmp_path / "out"
    out.mkdir()
    (out / "standings.csv").write_text("last week's", encoding="utf-8")
    ev = str(tmp_path / "ev.db")
    assert main(["tournament", "export", ev, "--format", "csv", "-o", str(out)]) == 2
    assert "standings.csv" in capsys.readouterr().err
    assert (out / "standings.csv").read_text(encoding="utf-8") == "last week's"
    assert sorted(p.name for p in out.iterdir()) == ["standings.csv"]  # nothing half-written
    assert not list(tmp_path.glob(".*partial"))
    assert main(["tournament", "export", ev, "--format", "csv", "-o", str(out), "--force"]) == 0
    assert sorted(p.name for p in out.iterdir()) == [
        "pairings.csv",
        "players.csv",
        "results.csv",
        "standings.csv",
    ]
    assert (out / "standings.csv").read_text(encoding="utf-8").startswith("rank,")


def test_the_export_command_writes_a_new_file_without_asking(tmp_path, home, capsys):
    new_event(tmp_path).close()
    page = tmp_path / "cup.html"
    assert (
        main(["tournament", "export", str(tmp_path / "ev.db"), "--format", "html", "-o", str(page)])
        == 0
    )
    assert "<html" in page.read_text(encoding="utf-8").lower()
    assert (
        main(["tournament", "export", str(tmp_path / "ev.db"), "--format", "html", "-o", str(page)])
        == 2
    )


# --- damaged events: one line naming the event, nothing changed (issue 23) -------------------

DAMAGES = {
    # a NULL where the desk wrote a record's data
    "null data": (
        "UPDATE records SET data = NULL WHERE kind = 'player'",
        [
            "ALTER TABLE referee_records ALTER COLUMN data DROP NOT NULL",
            "UPDATE referee_records SET data = NULL WHERE kind = 'player'",
        ],
        "data is None",
    ),
    # JSON of the wrong type: a table number written as a word
    "wrong type": (
        "UPDATE records SET data = json_set(data, '$.table', 'two') WHERE kind = 'result'",
        [
            "UPDATE referee_records SET data = (jsonb_set(data::jsonb, '{table}', "
            "'\"two\"'))::json WHERE kind = 'result'"
        ],
        "'table' is 'two'",
    ),
    # a record's data not a JSON object at all
    "not an object": (
        "UPDATE records SET data = '[1, 2]' WHERE kind = 'pairing'",
        ["UPDATE referee_records SET data = '[1, 2]' WHERE kind = 'pairing'"],
        "not a JSON object",
    ),
    # a column dropped
    "dropped column": (
        "ALTER TABLE records DROP COLUMN who",
        ["ALTER TABLE referee_records DROP COLUMN who"],
        "who",
    ),
}


def event_state(target: str) -> str:
    if target.startswith("postgresql://"):
        import psycopg

        with psycopg.connect(target) as conn:
            return repr(conn.execute("SELECT * FROM referee_records ORDER BY id").fetchall())
    return hashlib.sha256(open(target, "rb").read()).hexdigest()


@pytest.mark.parametrize("damage", sorted(DAMAGES))
def test_a_damaged_event_is_named_in_one_line_and_left_as_it_was(
    tmp_path, home, capsys, event_target, damage
):
    with Desk.create(event_target, name="Cup", seed=1, who="desk-1") as desk:
        for n in ("Ada", "Brin", "Cato", "Dora"):
            desk.add_player(n, "ork")
        pairing = desk.pair()
        a, b = pairing.tables[0]
        desk.record_result(1, 1, random_result(random.Random(1), a, b))
    file_sql, server_sql, words = DAMAGES[damage]
    if event_target.startswith("postgresql://"):
        import psycopg

        with psycopg.connect(event_target, autocommit=True) as conn:
            for statement in server_sql:
                conn.execute(statement)
    else:
        with sqlite3.connect(event_target) as conn:
            conn.execute(file_sql)
        conn.close()
    before = event_state(event_target)
    for argv in (
        ["standings", event_target],
        ["players", event_target, "--json"],
        ["add-player", event_target, "Eve"],
        ["pair", event_target],
        ["export", event_target, "--format", "csv", "-o", str(tmp_path / "csv")],
    ):
        capsys.readouterr()
        assert main(["tournament", *argv]) == 2, argv
        err = capsys.readouterr().err
        lines = err.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith(f"referee: {event_target}: "), err
        assert "damaged" in lines[0] and words in lines[0], lines[0]
        assert event_state(event_target) == before, argv


def test_a_round_clock_of_more_than_a_day_is_refused_and_an_old_one_still_reads(
    tmp_path, home, capsys
):
    """The desk takes 1 to 1440 minutes, as a table's match does (clause victory.fixed-time);
    a clock record an older desk wrote with any number still reads."""
    with new_event(tmp_path) as desk:
        desk.pair()
    ev = str(tmp_path / "ev.db")
    for minutes in ("99999999999", "-5", "0"):
        assert main(["tournament", "clock", ev, "start", "--minutes", minutes]) == 2
        assert "1 to 1440 minutes" in capsys.readouterr().err
    with sqlite3.connect(ev) as conn:  # as an older desk wrote it
        conn.execute(
            "INSERT INTO records (kind, data, who, at, why) VALUES ('clock', ?, 'old', "
            "'2026-01-01T10:00:00+00:00', '')",
            [json.dumps({"round": 1, "action": "start", "minutes": 99999999999})],
        )
    conn.close()
    assert main(["tournament", "clock", ev, "show"]) == 0
    assert "left" in capsys.readouterr().out


NEWER_RECORDS = {
    # a withdrawal (tournament withdraw) naming no player
    "withdraw name": ("withdraw", {"name": 7}, "withdraw: 'name' is 7, not text"),
    # a result taken with --override: the reason and the problems the desk saw
    "override reason": (
        "result",
        {
            "round": 1,
            "table": 1,
            "result": {"players": [{"name": "Ada"}, {"name": "Brin"}]},
            "override": 5,
        },
        "result: 'override' is 5, not text",
    ),
    "override problems": (
        "correction",
        {
            "round": 1,
            "table": 1,
            "result": {"players": [{"name": "Ada"}, {"name": "Brin"}]},
            "override": "typed at the table",
            "problems": "adds up",
        },
        "correction: 'problems' is 'adds up', not a list",
    ),
    # a check-in's army problems: the entry and the field they name
    "checkin problem entry": (
        "checkin",
        {"name": "Ada", "army": {}, "errors": [{"unit": 3, "rule": "r", "message": "m"}]},
        "checkin: 'errors' is item 1 is 'unit' is 3, not text",
    ),
    # the match file the desk made for a table: its two players and their armies' checksums
    "match players": (
        "match",
        {"round": 1, "table": 1, "id": "m", "players": ["Ada"], "file": "t1.referee"},
        "match: 'players' is ['Ada'], not a list of 2",
    ),
    "match checksums": (
        "match",
        {"round": 1, "table": 1, "id": "m", "players": ["Ada", "Brin"], "checksums": "ab"},
        "match: 'checksums' is 'ab', not a list of 2",
    ),
    # a player's club (kept apart in round 1)
    "player club": (
        "player",
        {"name": "Eve", "club": ["Hex"]},
        "player: 'club' is ['Hex'], not text",
    ),
    # a player at the door, or not (issue 28)
    "attendance present": (
        "attendance",
        {"name": "Ada", "round": 2, "present": "yes"},
        "attendance: 'present' is 'yes', not true or false",
    ),
    "attendance round": (
        "attendance",
        {"name": "Ada", "present": False},
        "attendance: no 'round'",
    ),
    "attendance of nobody": (
        "attendance",
        {"name": "Zed", "round": 2, "present": False},
        "attendance of 'Zed', who was never entered",
    ),
    "no-show round": (
        "drop",
        {"name": "Ada", "after": 1, "no_show": "two"},
        "drop: 'no_show' is 'two', not a whole number from 1",
    ),
    # a penalty: a warning or points deducted
    "penalty kind": (
        "penalty",
        {"name": "Ada", "round": 1, "penalty": "yellow card"},
        "penalty: 'penalty' is 'yellow card', not one of ('warning', 'points')",
    ),
    "penalty points": (
        "penalty",
        {"name": "Ada", "round": 1, "penalty": "points", "points": -3, "of": "tvp"},
        "penalty: 'points' is -3, not a whole number from 0",
    ),
    "penalty without points": (
        "penalty",
        {"name": "Ada", "round": 1, "penalty": "points", "of": "tvp"},
        "penalty: no 'points'",
    ),
    "penalty of what": (
        "penalty",
        {"name": "Ada", "round": 1, "penalty": "points", "points": 2, "of": "sos"},
        "penalty: 'of' is 'sos', not one of ('tvp', 'mvp')",
    ),
    "penalty of nobody": (
        "penalty",
        {"name": "Zed", "round": 1, "penalty": "warning"},
        "penalty of 'Zed', who was never entered",
    ),
}


@pytest.mark.parametrize("damage", sorted(NEWER_RECORDS))
def test_every_kind_the_desk_folds_is_checked_before_it_is_read(tmp_path, home, capsys, damage):
    """Withdrawals, overridden results, a check-in's army problems and the match records are
    checked as the older kinds are: one line naming the file, the record and its field."""
    with new_event(tmp_path) as desk:
        desk.pair()
    ev = str(tmp_path / "ev.db")
    kind, data, words = NEWER_RECORDS[damage]
    with sqlite3.connect(ev) as conn:  # as a damaged disk or another program left it
        conn.execute(
            "INSERT INTO records (kind, data, who, at, why) VALUES (?, ?, 'x', "
            "'2026-01-01T10:00:00+00:00', '')",
            [kind, json.dumps(data)],
        )
    conn.close()
    before = event_state(ev)
    for argv in (["standings", ev], ["players", ev, "--json"], ["trail", ev], ["pair", ev]):
        capsys.readouterr()
        assert main(["tournament", *argv]) == 2, argv
        lines = capsys.readouterr().err.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith(f"referee: {ev}: "), lines
        assert "damaged" in lines[0] and words in lines[0], lines[0]
        assert event_state(ev) == before, argv
