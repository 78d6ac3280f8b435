"""``referee tournament copy SRC DST``: an event moves between a file and a server, either
way, with nothing changed (records, ids, times, who, corrections and their reasons); a
destination that holds an event is refused and left as it is."""

from __future__ import annotations

import random
import sqlite3

import psycopg
import pytest
from desk_helpers import random_result

from referee.cli.main import main
from referee.tournament.desk import Desk
from referee.tournament.store import EventFileError, EventServerError
from referee.tournament.stores import copy_event


def played(target, who="desk-1"):
    """Five players, two rounds played, a late entry, a drop and a correction."""
    rng = random.Random(21)
    desk = Desk.create(target, name="Copy Cup", seed=5, who=who)
    for n in ("Ada", "Brin", "Cato", "Dora", "Éva"):
        desk.add_player(n, "elf")
    for number in (1, 2):
        p = desk.pair()
        for t, (a, b) in enumerate(p.tables, 1):
            desk.record_result(number, t, random_result(rng, a, b))
        if number == 1:
            desk.add_player("Fynn", "ork")
            desk.drop("Cato")
    a, b = desk.event().round(2).tables[0]
    desk.correct(2, 1, random_result(rng, a, b), "the sheet was misread")
    return desk


def file_rows(path):
    """Every row of the file's tables, as stored."""
    with sqlite3.connect(path) as conn:
        return {
            t: conn.execute(f"SELECT * FROM {t} ORDER BY 1").fetchall() for t in ("meta", "records")
        }


def test_a_file_moved_to_a_server_and_back_is_the_same_file(tmp_path, pg_url, capsys):
    first, back = tmp_path / "event.db", tmp_path / "archived.db"
    with played(first) as desk:
        records = desk.store.records()
        standings = desk.standings().to_json()
    assert main(["tournament", "copy", str(first), pg_url]) == 0
    assert f"{len(records)} records copied" in capsys.readouterr().out
    with Desk.open(pg_url) as desk:
        assert desk.store.records() == records  # ids, kinds, data, who, at, why
        assert desk.standings().to_json() == standings
    assert main(["tournament", "copy", pg_url, str(back)]) == 0
    assert file_rows(back) == file_rows(first)


def test_an_event_run_on_a_server_is_archived_to_a_file_with_the_servers_times(tmp_path, pg_url):
    with played(pg_url, who="venue desk") as desk:
        records = desk.store.records()
    done = copy_event(pg_url, tmp_path / "archive.db")
    assert done.records == len(records) and done.revision == records[-1].id
    with Desk.open(tmp_path / "archive.db") as desk:
        archived = desk.store.records()
        assert archived == records
        trail = desk.event().round(2).results[1].trail
        assert trail[-1].why == "the sheet was misread" and trail[-1].who == "venue desk"


def test_a_destination_holding_an_event_is_refused_and_left_as_it_is(tmp_path, pg_url):
    played(tmp_path / "a.db").close()
    Desk.create(tmp_path / "b.db", name="Other", seed=1).close()
    before = file_rows(tmp_path / "b.db")
    with pytest.raises(EventFileError, match="never overwritten"):
        copy_event(tmp_path / "a.db", tmp_path / "b.db")
    assert file_rows(tmp_path / "b.db") == before
    Desk.create(pg_url, name="Server event", seed=1).close()
    with pytest.raises(EventServerError, match="already holds an event"):
        copy_event(tmp_path / "a.db", pg_url)
    with psycopg.connect(pg_url) as conn:
        assert conn.execute("SELECT count(*) FROM referee_records").fetchone() == (1,)


def test_copying_from_nowhere_makes_nothing(tmp_path, pg_url):
    with pytest.raises(EventFileError, match="no such event file"):
        copy_event(tmp_path / "none.db", pg_url)
    with pytest.raises(EventServerError, match="holds no event"):
        copy_event(pg_url, tmp_path / "out.db")
    assert not (tmp_path / "out.db").exists()
