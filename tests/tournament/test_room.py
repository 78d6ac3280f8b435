"""The room's rules over a real event file: a player reports their table's result with their
code, the opponent confirms it and it is the table's result (who: the two players via the
room); a wrong code or another table's code is refused and records nothing; a disputed or
unconfirmed result waits in the desk's queue until the desk takes, enters or dismisses it."""

from __future__ import annotations

import json

import pytest

from referee.tournament import room
from referee.tournament.desk import Desk
from referee.tournament.scoring import MatchResult, PlayerResult, Points


def result(a: str, b: str, a_surv: int, b_surv: int) -> MatchResult:
    """Tanks only: each side brings 24 IP and keeps ``*_surv`` of them."""
    return MatchResult(
        (
            PlayerResult(a, Points(ip=a_surv), Points(ip=24 - a_surv)),
            PlayerResult(b, Points(ip=b_surv), Points(ip=24 - b_surv)),
        )
    )


@pytest.fixture
def desk(tmp_path):
    d = Desk.create(tmp_path / "ev.db", name="Cup", seed=1, who="desk-1")
    for n in ("Ada", "Brin", "Cato", "Dora"):
        d.add_player(n, "ork")
    d.pair()
    yield d
    d.close()


def seats(desk: Desk, table: int) -> tuple[str, str]:
    rnd = desk.event().round(1)
    assert rnd is not None
    return rnd.tables[table - 1]


def test_each_player_has_a_short_code_of_unmistakable_letters_and_a_renewed_one_replaces_it(
    desk,
):
    codes = room.issue_codes(desk)
    assert sorted(codes) == ["Ada", "Brin", "Cato", "Dora"]
    assert len(set(codes.values())) == 4
    for code in codes.values():
        assert len(code) == room.CODE_LENGTH
        assert set(code) <= set(room.CODE_ALPHABET)
        assert not set(code) & set("01OIL")
    assert room.issue_codes(desk) == codes  # asking again issues nothing new
    renewed = room.issue_codes(desk, renew=["Ada"])
    assert renewed["Ada"] != codes["Ada"]
    assert {k: v for k, v in renewed.items() if k != "Ada"} == {
        k: v for k, v in codes.items() if k != "Ada"
    }
    event = desk.event()
    assert room.code_owner(event, codes["Ada"]) is None  # the old code stops working
    typed = renewed["Ada"].lower()[:3] + " " + renewed["Ada"][3:]
    assert room.code_owner(event, typed) == "Ada"  # typed as people type it


def test_a_report_confirmed_by_the_opponent_is_the_tables_result_by_both_via_the_room(desk):
    codes = room.issue_codes(desk)
    a, b = seats(desk, 1)
    answer = room.report(desk, 1, 1, codes[a], result(a, b, 20, 4))
    assert not answer.confirmed and answer.state == f"waiting for {b} to confirm"
    assert 1 not in desk.event().round(1).results
    [waiting] = room.queue(desk.event())
    assert (waiting.round, waiting.table, waiting.reports[0].by) == (1, 1, a)
    assert not waiting.disputed

    done = room.confirm(desk, 1, 1, codes[b])
    assert done.confirmed and done.report == waiting.reports[0].id
    table = desk.event().round(1).results[1]
    assert table.record.who == f"{a} and {b}, via the room"
    assert table.result == result(a, b, 20, 4)
    assert table.record.data["report"] == waiting.reports[0].id
    assert room.queue(desk.event()) == []
    with pytest.raises(room.RoomConflict, match="has its result already"):
        room.confirm(desk, 1, 1, codes[b])


def test_the_same_result_reported_by_both_players_confirms_it(desk):
    codes = room.issue_codes(desk)
    a, b = seats(desk, 2)
    room.report(desk, 1, 2, codes[a], result(a, b, 10, 12))
    # the opponent types it with the players the other way round: the same result
    answer = room.report(desk, 1, 2, codes[b], result(b, a, 12, 10))
    assert answer.confirmed
    assert desk.event().round(1).results[2].result == result(a, b, 10, 12)


def test_a_wrong_code_and_another_tables_code_are_refused_alike_and_record_nothing(desk):
    codes = room.issue_codes(desk)
    a, b = seats(desk, 1)
    c, _ = seats(desk, 2)
    before = desk.event().revision
    wrong = "".join("A" if ch != "A" else "B" for ch in codes[a])
    for code in (wrong, codes[c], "", "x" * 10_000):
        with pytest.raises(room.NotYours, match="not one of this table's players' codes"):
            room.report(desk, 1, 1, code, result(a, b, 20, 4))
    room.report(desk, 1, 1, codes[a], result(a, b, 20, 4))
    with pytest.raises(room.NotYours):
        room.confirm(desk, 1, 1, codes[c])
    with pytest.raises(room.RoomConflict, match="does not confirm their own report"):
        room.confirm(desk, 1, 1, codes[a])
    with pytest.raises(room.NoSuchTable):
        room.report(desk, 1, 9, codes[a], result(a, b, 20, 4))
    assert desk.event().revision == before + 1  # the one report, nothing else


def test_a_result_naming_other_players_is_refused_and_records_nothing(desk):
    codes = room.issue_codes(desk)
    a, _ = seats(desk, 1)
    c, d = seats(desk, 2)
    before = desk.event().revision
    with pytest.raises(room.NotAddingUp):
        room.report(desk, 1, 1, codes[a], result(c, d, 20, 4))
    assert desk.event().revision == before


def test_different_reports_wait_as_disputed_until_the_desk_takes_one(desk):
    codes = room.issue_codes(desk)
    a, b = seats(desk, 1)
    room.report(desk, 1, 1, codes[a], result(a, b, 20, 4))
    answer = room.report(desk, 1, 1, codes[b], result(a, b, 4, 20))
    assert not answer.confirmed and answer.state.startswith("disputed")
    [waiting] = room.queue(desk.event())
    assert waiting.disputed and "report different results" in waiting.describe()
    theirs = next(r for r in waiting.reports if r.by == b)
    taken = room.take_report(desk, theirs.id)
    assert taken.result == result(a, b, 4, 20)
    assert taken.record.who == "desk-1"
    assert room.queue(desk.event()) == []
    with pytest.raises(room.DeskError, match="not waiting any more"):
        room.take_report(desk, theirs.id)


def test_a_disputed_report_waits_until_the_desk_dismisses_it_and_the_players_report_again(desk):
    codes = room.issue_codes(desk)
    a, b = seats(desk, 2)
    room.report(desk, 1, 2, codes[a], result(a, b, 20, 4))
    room.dispute(desk, 1, 2, codes[b], "he lost   two tanks,\nnot none")
    [waiting] = room.queue(desk.event())
    assert waiting.disputed
    assert waiting.describe().endswith(": he lost two tanks, not none")
    room.dismiss(desk, 1, 2, "replayed the count at the table")
    assert room.queue(desk.event()) == []
    room.report(desk, 1, 2, codes[a], result(a, b, 18, 4))
    assert room.confirm(desk, 1, 2, codes[b]).confirmed
    assert desk.event().round(1).results[2].result == result(a, b, 18, 4)


def test_the_desk_entering_the_result_closes_the_tables_queue_entry(desk):
    codes = room.issue_codes(desk)
    a, b = seats(desk, 1)
    room.report(desk, 1, 1, codes[a], result(a, b, 20, 4))
    desk.record_result(1, 1, result(a, b, 12, 12))
    assert room.queue(desk.event()) == []
    with pytest.raises(room.RoomConflict):
        room.confirm(desk, 1, 1, codes[b])
    assert desk.event().round(1).results[1].result == result(a, b, 12, 12)


def test_the_desk_sees_the_queue_takes_a_report_or_dismisses_from_the_command_line(desk, capsys):
    from referee.cli.main import main

    path = str(desk.store.name)
    codes = room.issue_codes(desk)
    a, b = seats(desk, 1)
    c, d = seats(desk, 2)
    room.report(desk, 1, 1, codes[a], result(a, b, 20, 4))
    room.report(desk, 1, 1, codes[b], result(a, b, 4, 20))
    room.report(desk, 1, 2, codes[c], result(c, d, 10, 10))
    assert main(["tournament", "queue", path, "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)["queue"]
    assert [(w["table"], w["state"]) for w in shown] == [(1, "disputed"), (2, "waiting")]
    theirs = next(r["id"] for r in shown[0]["reports"] if r["by"] == b)
    assert main(["tournament", "take-report", path, str(theirs), "--who", "TO Sam"]) == 0
    args = ["--round", "1", "--table", "2", "--why", "wrong table counted"]
    assert main(["tournament", "dismiss", path, *args, "--who", "TO Sam"]) == 0
    assert main(["tournament", "queue", path]) == 0
    assert "no reported result waits for the desk" in capsys.readouterr().out
    table = desk.event().round(1).results[1]
    assert (table.record.who, table.result) == ("TO Sam", result(a, b, 4, 20))
    assert main(["tournament", "trail", path]) == 0
    trail = capsys.readouterr().out
    assert f"{b} reported round 1 table 1" in trail
    assert "reports of round 1 table 2 dismissed: wrong table counted" in trail
    assert codes[a] not in trail  # a code is never in the trail


def test_a_reports_time_is_shown_on_the_venues_clock(monkeypatch):
    import time

    monkeypatch.setenv("TZ", "Europe/Vienna")  # UTC+1 in November
    time.tzset()
    try:
        assert room.clock_time("2026-11-27T20:41:35+00:00") == "21:41"
        assert room.clock_time("not a time") == "not a time"
    finally:
        monkeypatch.undo()
        time.tzset()
