"""The time left at a table whose match was made for a round: the round's clock at the event
while the event can be opened (its pauses counted), else the table's own clock from the time
limit and the start the match records, or its first journal step; the warning ten minutes
before the end (RoundClock.warning)."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta

import pytest
from army_fixture import write_armies

from referee.match.games.orders_file import MatchFile
from referee.rules.orders.commands import Place
from referee.tournament.desk import Desk
from referee.tournament.table_clock import TableClockReader, first_step_at
from referee.tournament.table_match import TableOrigin, make_table_match


def clock_cup(tmp_path, target):
    armies = write_armies(tmp_path / "armies")
    d = Desk.create(target, name="Clock Cup", seed=3, round_minutes=90)
    for name in ("Ada", "Brin"):
        d.add_player(name, "", d.check_army(armies[name]))
    d.pair()
    return d


@pytest.fixture
def desk(tmp_path):
    d = clock_cup(tmp_path, tmp_path / "ev.db")
    yield d
    d.close()


def origin_of(path) -> TableOrigin:
    with MatchFile.open(path) as m:
        origin = TableOrigin.from_settings(m.meta["settings"])
    assert origin is not None
    return origin


def test_the_table_reads_the_rounds_clock_at_the_event_with_its_pauses(tmp_path, desk):
    clock = desk.clock_action("start")
    start = clock.started
    made = make_table_match(desk.event(), 1, 1, tmp_path / "m.referee")
    reader = TableClockReader(made.origin, confirmed=True)
    # 80 minutes after the start: 10 minutes of 90 left, the warning is on.
    shown = reader.read(start + timedelta(minutes=80), None)
    assert shown.from_event and shown.clock.left(start + timedelta(minutes=80)) == timedelta(
        minutes=10
    )
    assert shown.warning(start + timedelta(minutes=80))
    assert not shown.warning(start + timedelta(minutes=79, seconds=59))
    assert shown.text(start + timedelta(minutes=30)) == "Round 1, table 1: 1:00:00 left"
    desk.clock_action("pause")
    paused = reader.read(start + timedelta(minutes=200), None)
    assert paused.clock.state == "paused" and "(paused)" in paused.text(
        start + timedelta(minutes=200)
    )
    desk.clock_action("end")
    assert reader.read(datetime.now(UTC), None).text(datetime.now(UTC)) == (
        "Round 1, table 1: round ended"
    )
    reader.close()


def test_a_table_reads_the_rounds_clock_from_the_events_server(tmp_path, pg_url):
    with clock_cup(tmp_path, pg_url) as desk:
        start = desk.clock_action("start").started
        made = make_table_match(desk.event(), 1, 1, tmp_path / "m.referee")
        assert made.origin.store == pg_url  # a laptop at the table finds the server
        reader = TableClockReader(made.origin, confirmed=True)
        shown = reader.read(start + timedelta(minutes=30), None)
        assert shown.from_event and shown.text(start + timedelta(minutes=30)) == (
            "Round 1, table 1: 1:00:00 left"
        )  # 90 minutes, 30 gone
        desk.clock_action("pause")  # at the desk: the table sees it on its next look
        later = reader.read(start + timedelta(minutes=200), None)
        assert later.clock.state == "paused"
        reader.close()


def test_out_of_reach_the_table_counts_from_the_round_start_the_match_recorded(tmp_path, desk):
    start = desk.clock_action("start").started
    path = tmp_path / "m.referee"
    made = make_table_match(desk.event(), 1, 1, path)
    desk.close()
    (tmp_path / "ev.db").rename(tmp_path / "elsewhere.db")  # the desk's file is not here
    reader = TableClockReader(origin_of(path), confirmed=True)
    shown = reader.read(start + timedelta(minutes=85), None)
    assert not shown.from_event and "out of reach" in shown.why
    assert shown.clock.left(start + timedelta(minutes=85)) == timedelta(minutes=5)
    assert shown.warning(start + timedelta(minutes=85))
    assert made.origin.round_started == start


def test_without_a_recorded_start_the_tables_own_clock_starts_at_its_first_step(tmp_path, desk):
    path = tmp_path / "m.referee"
    make_table_match(desk.event(), 1, 1, path)  # the round's clock not started yet
    desk.close()
    (tmp_path / "ev.db").unlink()
    reader = TableClockReader(origin_of(path), confirmed=True)
    now = datetime.now(UTC)
    assert reader.read(now, None).text(now) == "Round 1, table 1: 90 min, not started"
    with MatchFile.open(path) as m:
        m.run(
            "Blind setup: standard-tank",
            [Place(uid="standard-tank", hex="A7", facing="N", speed="stand-still")],
        )
        first = first_step_at(m)
    assert first is not None
    shown = reader.read(first + timedelta(minutes=45), first)
    assert shown.clock.left(first + timedelta(minutes=45)) == timedelta(minutes=45)
    assert not shown.warning(first + timedelta(minutes=45))
    assert shown.warning(first + timedelta(minutes=81))


def test_a_file_holding_another_event_is_not_taken_for_the_rounds_clock(tmp_path, desk):
    path = tmp_path / "m.referee"
    make_table_match(desk.event(), 1, 1, path)
    desk.close()
    (tmp_path / "ev.db").unlink()
    Desk.create(tmp_path / "ev.db", name="Another Cup", seed=1).close()
    shown = TableClockReader(origin_of(path), confirmed=True).read(datetime.now(UTC), None)
    assert not shown.from_event and "another event" in shown.why


@pytest.mark.parametrize("written", ["yesterday", 12, "2026-11-28T10:00:00", None])
def test_an_edited_time_of_the_first_step_leaves_the_tables_clock_not_started(
    tmp_path, desk, written
):
    path = tmp_path / "m.referee"
    make_table_match(desk.event(), 1, 1, path)
    desk.close()
    (tmp_path / "ev.db").unlink()
    with MatchFile.open(path) as m:
        m.run(
            "Blind setup: standard-tank",
            [Place(uid="standard-tank", hex="A7", facing="N", speed="stand-still")],
        )
    with sqlite3.connect(path) as db:  # a time the file never writes (no zone, not a time)
        db.execute("UPDATE steps SET created = ?", (written,))
    db.close()
    with MatchFile.open(path) as m:
        first = first_step_at(m)
    assert first is None
    now = datetime.now(UTC)
    shown = TableClockReader(origin_of(path), confirmed=True).read(now, first)
    assert shown.text(now) == "Round 1, table 1: 90 min, not started"
