"""Results the desk can trust (issue 23): a result is checked against both players' frozen
armies (every unit survives or is destroyed, clause victory.destroyed, so surviving plus
destroyed is the army's points), a correction the same way; without an army checked in the
game's budget bounds it; the desk takes what does not add up only with a reason, kept in the
trail; a match file goes back only if the desk made it for that table; a player entered by
mistake is withdrawn and appears nowhere; a place decided by total TVP shows the decimals
that decide it. On an event file and on a server alike.

The armies (tests/army_fixture.py, costs per base from ``referee units list``): Ada
(spartan) 12 IP, 14 MP, 4 CP, 6 XP; Brin (spartan, Talos) 24 IP, 8 MP, 6 CP, 2 XP."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import tomli_w
from army_fixture import write_armies

from referee.cli.main import main
from referee.tournament.desk import Desk, DeskError, ResultRefused
from referee.tournament.scoring import MatchResult, PlayerResult, Points
from referee.tournament.table_match import make_table_match

ADA = {"ip": 12, "mp": 14, "cp": 4, "xp": 6}
BRIN = {"ip": 24, "mp": 8, "cp": 6, "xp": 2}


def run(capsys, *args: str) -> str:
    assert main(list(args)) == 0, capsys.readouterr().err
    return capsys.readouterr().out


def refused(capsys, *args: str) -> str:
    assert main(list(args)) == 2
    return capsys.readouterr().err


def result_toml(path: Path, sides: list[tuple[str, dict[str, int], dict[str, int]]]) -> str:
    players = [{"name": n, "surviving": s, "destroyed": d} for n, s, d in sides]
    path.write_text(tomli_w.dumps({"players": players}), encoding="utf-8")
    return str(path)


@pytest.fixture
def armed(tmp_path, capsys, event_target):
    """Ada v Brin at table 1 of round 1, both armies checked in (a file, then a server)."""
    armies = write_armies(tmp_path / "armies")
    ev = event_target
    run(capsys, "tournament", "new", ev, "--name", "Trust Cup", "--seed", "3")
    for name in ("Ada", "Brin"):
        run(capsys, "tournament", "add-player", ev, name, "--army", str(armies[name]))
    run(capsys, "tournament", "pair", ev)
    return ev


def trail(capsys, ev: str) -> list[dict]:
    return json.loads(run(capsys, "tournament", "trail", ev, "--json"))


def test_a_result_must_add_up_to_both_frozen_armies_or_is_refused_naming_player_and_points(
    tmp_path, capsys, armed
):
    ev = armed
    where = ["tournament", "result", ev, "--round", "1", "--table", "1", "--result"]
    # Ada lost a tank (6 IP); Brin lost Talos (12 IP, 2 CP). Typed: 60 for Ada's 6 IP left.
    typo = result_toml(
        tmp_path / "typo.toml",
        [
            ("Ada", {**ADA, "ip": 60}, {"ip": 6}),
            ("Brin", {**BRIN, "ip": 12, "cp": 4}, {"ip": 12, "cp": 2}),
        ],
    )
    err = refused(capsys, *where, typo)
    assert "Ada's IP: 60 surviving + 6 destroyed = 66, but the army checked in" in err
    assert "has 12 IP" in err and "Brin" not in err.split("not taken")[1]  # Brin adds up
    assert "--override REASON" in err
    assert trail(capsys, ev) == []  # nothing written
    # Every kind that disagrees is named, for each player.
    both = result_toml(
        tmp_path / "both.toml",
        [("Ada", {**ADA, "mp": 0}, {}), ("Brin", {**BRIN, "xp": 20}, {"cp": 1})],
    )
    err = refused(capsys, *where, both)
    assert "Ada's MP: 0 surviving + 0 destroyed = 0, but the army checked in" in err
    assert "Brin's CP: 6 surviving + 1 destroyed = 7" in err and "has 6 CP" in err
    assert "Brin's XP: 20 surviving + 0 destroyed = 20" in err and "has 2 XP" in err
    # The desk takes it anyway with a reason: kept in the trail with what did not add up.
    reason = "the players agree Ada's sheet lists 60 IP: the organiser checks it tomorrow"
    out = run(capsys, *where, typo, "--override", reason)
    assert f"taken with the desk's reason: {reason}" in out
    (row,) = trail(capsys, ev)
    assert row["override"] == reason
    (problem,) = row["problems"]
    assert problem.startswith("Ada's IP: 60 surviving + 6 destroyed = 66")
    assert "taken with the desk's reason" in run(capsys, "tournament", "trail", ev)


def test_a_result_that_adds_up_is_taken_without_a_word(tmp_path, capsys, armed):
    ev = armed
    good = result_toml(
        tmp_path / "good.toml",
        [
            ("Ada", {**ADA, "ip": 6}, {"ip": 6}),
            ("Brin", {**BRIN, "ip": 12, "cp": 4}, {"ip": 12, "cp": 2}),
        ],
    )
    # Ada: 6 IP x3 + (14 + 4 + 6) = 42, Brin's 12 IP + 2 CP destroyed: 72 + 4 = 76 -> 118;
    # Brin: 12 IP x3 + (8 + 4 + 2) = 50, Ada's 6 IP destroyed: 36 -> 86; Ada +16 = 134.
    out = run(capsys, "tournament", "result", ev, "--round", "1", "--table", "1", "--result", good)
    assert "Ada 134 MVP" in out and "Brin 86 MVP" in out and "reason" not in out
    assert "override" not in trail(capsys, ev)[0]


def test_a_correction_is_checked_as_a_result_is(tmp_path, capsys, armed):
    ev = armed
    good = result_toml(tmp_path / "good.toml", [("Ada", ADA, {}), ("Brin", BRIN, {})])
    run(capsys, "tournament", "result", ev, "--round", "1", "--table", "1", "--result", good)
    bad = result_toml(tmp_path / "bad.toml", [("Ada", ADA, {}), ("Brin", {**BRIN, "ip": 240}, {})])
    fix = ["tournament", "correct", ev, "--round", "1", "--table", "1", "--result", bad]
    fix += ["--why", "Brin kept Talos"]
    err = refused(capsys, *fix)
    assert "Brin's IP: 240 surviving + 0 destroyed = 240" in err and "has 24 IP" in err
    assert [r["kind"] for r in trail(capsys, ev)] == ["result"]
    run(capsys, *fix, "--override", "typed as the table's sheet says; checked later")
    rows = trail(capsys, ev)
    assert rows[-1]["kind"] == "correction" and rows[-1]["why"] == "Brin kept Talos"
    assert rows[-1]["override"] == "typed as the table's sheet says; checked later"


def test_without_an_army_checked_in_a_result_is_held_to_the_games_budget(tmp_path, event_target):
    # budgets.toml: a standard game gives 24 IP, 24 MP, 24 CP, 24 XP; an advanced game adds
    # 12 MP (and 24 COM, which do not score): no army can score more than 24 IP or 36 MP.
    with Desk.create(event_target, name="Paper Cup", seed=3) as desk:
        desk.add_player("Ada")
        desk.add_player("Brin")
        desk.pair()

        def result(ada: Points) -> MatchResult:
            return MatchResult(
                (PlayerResult("Ada", ada, Points()), PlayerResult("Brin", Points(), Points()))
            )

        with pytest.raises(ResultRefused) as refusal:
            desk.record_result(1, 1, result(Points(ip=150)))  # 15 typed as 150
        (problem,) = refusal.value.problems
        assert problem.startswith("Ada's IP: 150 surviving + 0 destroyed = 150, but the most")
        assert "no army checked in" in problem and problem.endswith("is 24 IP")
        with pytest.raises(ResultRefused, match="Ada's MP: 37 surviving"):
            desk.record_result(1, 1, result(Points(ip=24, mp=37)))
        assert not desk.event().round(1).results
        desk.record_result(1, 1, result(Points(ip=24, mp=36, cp=24, xp=24)))


def test_with_main_kind_scoring_the_budget_bound_is_the_whole_budget_in_one_kind(event_target):
    # Ruling victory.mixed-cost, main-kind: a unit scores all its points in its main kind, so
    # an army of a standard game may score its 24 + 36 + 24 + 24 = 108 points all as IP.
    with Desk.create(
        event_target, name="Main Cup", seed=3, readings={"victory.mixed-cost": "main-kind"}
    ) as desk:
        desk.add_player("Ada")
        desk.add_player("Brin")
        desk.pair()
        nothing = PlayerResult("Brin", Points(), Points())
        with pytest.raises(ResultRefused, match="is 108 IP"):
            desk.record_result(
                1, 1, MatchResult((PlayerResult("Ada", Points(ip=109), Points()), nothing))
            )
        desk.record_result(
            1, 1, MatchResult((PlayerResult("Ada", Points(ip=108), Points()), nothing))
        )


def test_a_match_file_goes_back_only_if_the_desk_made_it_for_that_table(tmp_path, capsys, armed):
    ev = armed
    sent = ["tournament", "result", ev, "--round", "1", "--table", "1", "--match"]
    # Made from the event, but not by the desk: the event has no record of it.
    with Desk.open(ev) as desk:
        stray = make_table_match(desk.event(), 1, 1, tmp_path / "stray.referee").path
    err = refused(capsys, *sent, str(stray))
    assert "the event has no record of making this match file for round 1, table 1" in err
    assert trail(capsys, ev) == []
    # The desk's own: recorded in the event when it was made, taken (nothing played: each
    # army whole, Ada 60 MVP and Brin 104, tests/tournament/test_table_match.py).
    made = str(tmp_path / "t1.referee")
    run(capsys, "tournament", "match", ev, "--round", "1", "--table", "1", "-o", made)
    with Desk.open(ev) as desk:
        (record,) = [r for r in desk.event().records if r.kind == "match"]
    assert (record.data["round"], record.data["table"], record.data["players"]) == (
        1,
        1,
        ["Ada", "Brin"],
    )
    out = run(capsys, *sent, made)
    assert "Ada 60 MVP" in out and "Brin 104 MVP" in out
    # The stray one as a correction: refused, then taken with a reason.
    fix = ["tournament", "correct", ev, "--round", "1", "--table", "1", "--match", str(stray)]
    fix += ["--why", "the table played on the other file"]
    assert "no record of making this match file" in refused(capsys, *fix)
    run(capsys, *fix, "--override", "both files hold the same armies")
    assert trail(capsys, ev)[-1]["override"] == "both files hold the same armies"


def test_a_match_file_that_fails_to_be_written_is_not_recorded(tmp_path, capsys, armed):
    ev = armed
    out = tmp_path / "t1.referee"
    out.write_text("the organiser's notes", encoding="utf-8")
    err = refused(capsys, "tournament", "match", ev, "--round", "1", "--table", "1", "-o", str(out))
    assert "already exists" in err
    with Desk.open(ev) as desk:
        assert not [r for r in desk.event().records if r.kind == "match"]


def test_a_player_entered_by_mistake_is_withdrawn_and_appears_nowhere(
    tmp_path, capsys, event_target
):
    armies = write_armies(tmp_path / "armies")
    ev = event_target
    run(capsys, "tournament", "new", ev, "--name", "Oops Cup", "--seed", "5")
    for name in ("Ada", "Brin", "Cato"):
        run(capsys, "tournament", "add-player", ev, name)
    run(capsys, "tournament", "add-player", ev, "Zed", "--army", str(armies["Dora"]))
    run(capsys, "tournament", "seed", ev, "Zed", "Ada")
    out = run(capsys, "tournament", "withdraw", ev, "Zed", "--why", "entered twice")
    assert "Zed withdrawn" in out
    assert [p["name"] for p in json.loads(run(capsys, "tournament", "players", ev, "--json"))] == [
        "Ada",
        "Brin",
        "Cato",
    ]
    pairing = json.loads(run(capsys, "tournament", "pair", ev, "--json"))
    seated = [n for t in pairing["tables"] for n in t["players"]] + [pairing["bye"]]
    assert sorted(seated) == ["Ada", "Brin", "Cato"]
    standings = json.loads(run(capsys, "tournament", "standings", ev, "--json"))
    assert [s["name"] for s in standings["standings"]] != [] and all(
        s["name"] != "Zed" for s in standings["standings"]
    )
    for fmt in ("csv", "site"):
        run(capsys, "tournament", "export", ev, "--format", fmt, "-o", str(tmp_path / fmt))
        for page in (tmp_path / fmt).rglob("*.*"):
            assert "Zed" not in page.read_text("utf-8"), page
    text = run(capsys, "tournament", "trail", ev)
    assert "withdrew Zed: entered twice" in text  # the trail keeps the record
    assert [r["kind"] for r in trail(capsys, ev)] == ["withdraw"]
    # After pairing a player is dropped, never withdrawn: their round stays.
    err = refused(capsys, "tournament", "withdraw", ev, "Ada")
    assert "Ada was paired in round 1" in err and "tournament drop" in err
    assert "no player 'Zed'" in refused(capsys, "tournament", "withdraw", ev, "Zed")


def test_a_late_entry_made_by_mistake_is_withdrawn_before_its_first_round(event_target):
    with Desk.create(event_target, name="Late Cup", seed=5) as desk:
        for name in ("Ada", "Brin"):
            desk.add_player(name)
        desk.pair()
        assert desk.add_player("Cato") == 2
        desk.withdraw("Cato")
        assert list(desk.event().players) == ["Ada", "Brin"]
        assert desk.add_player("Cato") == 2  # entered again: a fresh entry
        with pytest.raises(DeskError, match="Brin was paired in round 1"):
            desk.withdraw("Brin")


def test_a_place_decided_by_total_tvp_shows_the_decimals_that_decide_it(
    tmp_path, capsys, event_target
):
    # TVP = MVP^0.75 (draft 004): 100^0.75 = 10^1.5 = 31.622777, 81^0.75 = 27,
    # 20^0.75 = 9.457416, 34^0.75 = 14.080212. Ada scores 20 and 100: 41.080193 TVP;
    # Cato 34 and 81: 41.080212. Cato is ahead by total TVP by 0.000019: 41.08 and 41.0802
    # for both, five decimals tell them apart: 41.08021 and 41.08019.
    def win(name: str, loser: str, surviving: Points, took: Points) -> MatchResult:
        return MatchResult(
            (PlayerResult(name, surviving, Points()), PlayerResult(loser, Points(), took))
        )

    ev = event_target
    with Desk.create(ev, name="Close Cup", seed=3) as desk:
        for name in ("Ada", "Brin", "Cato", "Dora"):
            desk.add_player(name)
        desk.seed_players(["Ada", "Cato", "Brin", "Dora"])
        assert desk.pair().tables == (("Ada", "Brin"), ("Cato", "Dora"))
        desk.record_result(1, 1, win("Ada", "Brin", Points(mp=4), Points()))  # 4 + 16 = 20
        desk.record_result(1, 2, win("Cato", "Dora", Points(ip=6), Points()))  # 18 + 16 = 34
        desk.pair()
        desk.set_pairing(2, [("Ada", "Dora"), ("Cato", "Brin")], None)
        # Ada: 8 IP x3 + Dora's 10 IP x6 = 84, + 16 = 100; Cato: 5 IP x3 + 2 MP + Brin's
        # 8 IP x6 = 65, + 16 = 81.
        desk.record_result(2, 1, win("Ada", "Dora", Points(ip=8), Points(ip=10)))
        desk.record_result(2, 2, win("Cato", "Brin", Points(ip=5, mp=2), Points(ip=8)))
    text = run(capsys, "tournament", "standings", ev)
    assert " 1. Cato: 41.08021 TVP" in text and "[ahead by total TVP]" in text
    assert " 2. Ada: 41.08019 TVP" in text
    assert "Brin: 0.00 TVP" in text  # a place not decided by TVP keeps two decimals
    data = json.loads(run(capsys, "tournament", "standings", ev, "--json"))
    assert [s["tvp"] for s in data["standings"][:2]] == [41.08021, 41.08019]
    run(capsys, "tournament", "export", ev, "--format", "csv", "-o", str(tmp_path / "csv"))
    rows = (tmp_path / "csv" / "standings.csv").read_text("utf-8").splitlines()
    assert rows[1].startswith("1,Cato,,41.08021,115,") and rows[2].startswith("2,Ada,,41.08019,")
    run(capsys, "tournament", "export", ev, "--format", "html", "-o", str(tmp_path / "p.html"))
    page = (tmp_path / "p.html").read_text("utf-8")
    assert '<td class="num">41.08021</td>' in page and '<td class="num">41.08019</td>' in page
    run(capsys, "tournament", "export", ev, "--format", "site", "-o", str(tmp_path / "site"))
    site = (tmp_path / "site" / "standings.html").read_text("utf-8")
    assert "41.08021" in site and "41.08019" in site
