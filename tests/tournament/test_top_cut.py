"""The top cut (issue 28): after the Swiss rounds the best 4, 8 or 16 of the standings, seeded
as they stand, play single elimination: 1 v 8, 4 v 5, 2 v 7, 3 v 6, the winners of tables 1
and 2 meeting next; level MVP sends the higher seed through (ruling ``tournament.cut-tie``);
the standings stay those of the Swiss rounds. Expected seats worked out by hand."""

from __future__ import annotations

import json

import pytest

from referee.cli.main import main
from referee.tournament.desk import Desk, DeskError
from referee.tournament.record_check import check_records
from referee.tournament.scoring import MatchResult, PlayerResult, Points
from referee.tournament.standings import standings
from referee.tournament.store import DamagedEvent, Record
from referee.tournament.top_cut import bracket_order, champion

NAMES = ("Ada", "Brin", "Cato", "Dora", "Emil", "Fay", "Gus", "Hana", "Ivo", "Jun")


def beats(a: str, b: str, level: bool = False) -> MatchResult:
    """``a`` wins (keeps 24 IP, destroys 12 of b's) unless ``level``: 12 and 12."""
    if level:
        return MatchResult(
            (
                PlayerResult(a, Points(ip=12), Points(ip=12)),
                PlayerResult(b, Points(ip=12), Points(ip=12)),
            )
        )
    return MatchResult(
        (
            PlayerResult(a, Points(ip=24), Points(ip=0)),
            PlayerResult(b, Points(ip=12), Points(ip=12)),
        )
    )


def test_the_bracket_seats_the_best_against_the_worst_and_keeps_the_two_best_apart():
    assert bracket_order(4) == [1, 4, 2, 3]
    assert bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert bracket_order(16) == [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]


def swiss(tmp_path, rounds: int = 2) -> Desk:
    desk = Desk.create(tmp_path / "ev.db", name="Cut Cup", seed=6, rounds=rounds, who="desk")
    for n in NAMES:
        desk.add_player(n, "ork")
    for number in range(1, rounds + 1):
        desk.pair()
        rnd = desk.event().round(number)
        assert rnd is not None
        for t, (a, b) in enumerate(rnd.tables, start=1):
            desk.record_result(number, t, beats(min(a, b), max(a, b)), "typed")
    return desk


def test_a_top_8_is_seeded_by_the_standings_and_played_to_a_champion(tmp_path):
    desk = swiss(tmp_path)
    before = standings(desk.event())
    seeds = [s.name for s in before.standings][:8]
    with pytest.raises(DeskError, match="4, 8 or 16"):
        desk.start_cut(6)
    cut = desk.start_cut(8)
    assert list(cut.seeds) == seeds
    with pytest.raises(DeskError, match="made already"):
        desk.start_cut(4)

    desk.pair()
    event = desk.event()
    qf = event.round(3)
    assert qf is not None and qf.bye is None
    s = seeds
    assert qf.tables == ((s[0], s[7]), (s[3], s[4]), (s[1], s[6]), (s[2], s[5]))
    assert qf.how == "top cut of 8: quarter-finals"
    # the lower seed wins table 1; table 2 is level on MVP: the higher seed (4th) goes through
    desk.record_result(3, 1, beats(s[7], s[0]), "typed")
    desk.record_result(3, 2, beats(s[3], s[4], level=True), "typed")
    desk.record_result(3, 3, beats(s[1], s[6]), "typed")
    with pytest.raises(DeskError, match="no result yet for table"):
        desk.pair()
    desk.record_result(3, 4, beats(s[5], s[2]), "typed")
    desk.clock_action("start")  # a cut round is clocked as any round
    desk.pair()
    sf = desk.event().round(4)
    assert sf is not None
    assert sf.tables == ((s[7], s[3]), (s[1], s[5]))
    assert sf.how == "top cut of 8: semi-finals"
    desk.record_result(4, 1, beats(s[3], s[7]), "typed")
    desk.record_result(4, 2, beats(s[1], s[5]), "typed")
    desk.pair()
    final = desk.event().round(5)
    assert final is not None and final.tables == ((s[3], s[1]),)
    desk.record_result(5, 1, beats(s[1], s[3]), "typed")
    assert champion(desk.event()) == s[1]
    with pytest.raises(DeskError, match=f"the top cut is over: {s[1]} won it"):
        desk.pair()
    # the standings are the Swiss rounds' still
    after = standings(desk.event())
    assert [(x.name, x.tvp, x.mvp) for x in after.standings] == [
        (x.name, x.tvp, x.mvp) for x in before.standings
    ]
    desk.close()


def test_the_cut_waits_for_the_swiss_rounds_to_end(tmp_path):
    desk = swiss(tmp_path, rounds=2)
    with Desk.create(tmp_path / "two.db", name="Cup", seed=1, rounds=2, who="d") as early:
        for n in NAMES[:4]:
            early.add_player(n, "ork")
        early.pair()
        with pytest.raises(DeskError, match="follows the 2 Swiss rounds: 1 paired"):
            early.start_cut(4)
    with pytest.raises(DeskError, match="only 10 players"):
        desk.start_cut(16)
    desk.close()


def test_the_cut_from_the_command_line(tmp_path, capsys):
    desk = swiss(tmp_path)
    desk.close()
    ev = str(tmp_path / "ev.db")
    assert main(["tournament", "cut", ev, "--size", "4"]) == 0
    assert main(["tournament", "pair", ev]) == 0
    capsys.readouterr()
    assert main(["tournament", "cut", ev, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    seeds = data["seeds"]
    assert data["size"] == 4 and data["after"] == 2 and len(seeds) == 4
    assert data["rounds"][0]["stage"] == "semi-finals"
    assert [t["players"] for t in data["rounds"][0]["tables"]] == [
        [seeds[0], seeds[3]],
        [seeds[1], seeds[2]],
    ]
    assert data["rounds"][1] == {"round": 4, "stage": "final", "tables": []}
    assert data["champion"] is None


def test_a_damaged_cut_record_is_refused_naming_the_field():
    head = Record(1, "event", {"name": "Cup"}, "d", "t", "")
    players = [Record(i + 2, "player", {"name": n}, "d", "t", "") for i, n in enumerate("ABCD")]
    bad = Record(9, "cut", {"size": 5, "after": 1, "seeds": list("ABCD")}, "d", "t", "")
    with pytest.raises(DamagedEvent, match="'size' is 5, not 4, 8 or 16"):
        check_records([head, *players, bad], "ev.db")
    twice = Record(9, "cut", {"size": 4, "after": 1, "seeds": list("ABCC")}, "d", "t", "")
    with pytest.raises(DamagedEvent, match="not 4 different players entered"):
        check_records([head, *players, twice], "ev.db")
    unknown = Record(9, "cut", {"size": 4, "after": 1, "seeds": list("ABCZ")}, "d", "t", "")
    with pytest.raises(DamagedEvent, match="not 4 different players entered"):
        check_records([head, *players, unknown], "ev.db")
