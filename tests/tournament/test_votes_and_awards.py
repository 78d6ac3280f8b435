"""Votes and awards (issue 28): painting, sportsmanship and favourite-opponent votes entered
at the desk or from the phones (once per player: ruling ``tournament.second-vote``), and the
awards counted from them with the organiser's weights (best overall's formula in words)."""

from __future__ import annotations

import json

import pytest
from room_client import serve

from referee.cli.main import main
from referee.tournament.awards import (
    VoteRefused,
    awards,
    cast_vote,
    room_vote,
    set_weights,
)
from referee.tournament.desk import Desk, DeskError
from referee.tournament.room import NotYours, RoomConflict, issue_codes
from referee.tournament.scoring import MatchResult, PlayerResult, Points
from referee.tournament.store import DamagedEvent, NewRecord


def tanks(a: str, b: str, a_kept: int, b_kept: int) -> MatchResult:
    """Tanks only: each side brings 24 IP and keeps ``*_kept`` of them."""
    return MatchResult(
        (
            PlayerResult(a, Points(ip=a_kept), Points(ip=24 - a_kept)),
            PlayerResult(b, Points(ip=b_kept), Points(ip=24 - b_kept)),
        )
    )


def tvp(mvp: int) -> float:
    """Clause victory.tvp: TVP = MVP^0.75."""
    return mvp**0.75


def played(target, readings=None) -> Desk:
    """Ada v Brin and Cato v Dora in round 1, Ada v Cato and Brin v Dora in round 2.

    Round 1: Ada keeps her 24 IP and destroys Brin's 24: 3 x 24 + 6 x 24 + 16 = 232 MVP,
    Brin 0; Cato and Dora keep everything: 3 x 24 = 72 each, a draw. Round 2: both tables
    keep everything, 72 each. Totals: Ada 232^0.75 + 72^0.75, Cato and Dora 2 x 72^0.75,
    Brin 72^0.75."""
    desk = Desk.create(target, name="Cup", seed=1, rounds=2, who="desk", readings=readings)
    for n in ("Ada", "Brin", "Cato", "Dora"):
        desk.add_player(n, "ork")
    desk.pair()
    desk.set_pairing(1, [("Ada", "Brin"), ("Cato", "Dora")], None)
    desk.record_result(1, 1, tanks("Ada", "Brin", 24, 0))
    desk.record_result(1, 2, tanks("Cato", "Dora", 24, 24))
    desk.pair()
    desk.set_pairing(2, [("Ada", "Cato"), ("Brin", "Dora")], None)
    desk.record_result(2, 1, tanks("Ada", "Cato", 24, 24))
    desk.record_result(2, 2, tanks("Brin", "Dora", 24, 24))
    return desk


def by_key(found):
    return {a.key: a for a in found.awards}


def test_awards_count_the_votes_and_best_overall_follows_the_organisers_weights(event_target):
    with played(event_target) as desk:
        for voter, choice in (("Ada", "Dora"), ("Brin", "Dora"), ("Cato", "Ada"), ("Dora", "Cato")):
            cast_vote(desk, voter, "painting", choice)
        for voter, choice in (("Brin", "Ada"), ("Dora", "Brin"), ("Cato", "Dora")):
            cast_vote(desk, voter, "sportsmanship", choice)
        for voter, choice in (("Ada", "Brin"), ("Cato", "Ada"), ("Dora", "Brin")):
            cast_vote(desk, voter, "favourite-opponent", choice)
        found = awards(desk.event())
        got = by_key(found)
        assert got["best-general"].winners == ("Ada",)
        assert got["painting"].winners == ("Dora",) and got["painting"].why == "2 painting votes"
        assert set(got["sportsmanship"].winners) == {"Ada", "Brin", "Dora"}  # one each: shared
        assert got["favourite-opponent"].winners == ("Brin",)
        # default weights 1 x TVP + 10 x painting + 10 x sportsmanship + 5 x favourite:
        # Ada 232^0.75 + 72^0.75 + 10 + 10 + 5 is the most
        ada = next(o for o in found.overall if o.name == "Ada")
        assert ada.score == pytest.approx(tvp(232) + tvp(72) + 25, abs=1e-4)
        assert got["best-overall"].winners == ("Ada",)
        assert found.formula == (
            "best overall = 1 x total TVP (after penalties) + 10 x painting votes + "
            "10 x sportsmanship votes + 5 x favourite-opponent votes"
        )
        # the organiser leaves TVP out: Dora 2 x 10 + 10 = 30, Ada 10 + 10 + 5 = 25,
        # Brin 10 + 2 x 5 = 20, Cato 10 (Dora's painting vote)
        set_weights(desk, {"tvp": 0})
        found = awards(desk.event())
        assert [(o.name, o.score) for o in found.overall] == [
            ("Dora", 30),
            ("Ada", 25),
            ("Brin", 20),
            ("Cato", 10),
        ]
        assert by_key(found)["best-overall"].winners == ("Dora",)
        assert found.formula.startswith("best overall = 10 x painting votes")


def test_a_vote_goes_to_another_player_and_an_opponent_vote_to_someone_played(event_target):
    with played(event_target) as desk:
        with pytest.raises(VoteRefused, match="cannot vote for themselves"):
            cast_vote(desk, "Ada", "painting", "Ada")
        with pytest.raises(VoteRefused, match="never paired against Dora"):
            cast_vote(desk, "Ada", "favourite-opponent", "Dora")
        with pytest.raises(VoteRefused, match="never paired against Dora"):
            cast_vote(desk, "Ada", "sportsmanship", "Dora")
        with pytest.raises(VoteRefused, match="no player 'Zed'"):
            cast_vote(desk, "Ada", "painting", "Zed")
        cast_vote(desk, "Ada", "painting", "Dora")  # painting: anyone else
        assert not [r for r in desk.event().records if r.kind == "vote" and r.data["for"] == "Ada"]


def test_the_desks_entry_replaces_a_players_vote(event_target):
    with played(event_target) as desk:
        cast_vote(desk, "Ada", "painting", "Dora")
        cast_vote(desk, "Ada", "painting", "Cato")
        assert awards(desk.event()).tallies["painting"] == {"Cato": 1}


def test_a_phone_votes_as_its_codes_player_once_per_category(event_target):
    with played(event_target) as desk:
        codes = issue_codes(desk)
        record = room_vote(desk, codes["Brin"].lower(), "painting", "Cato")
        assert (record.data["voter"], record.data["for"], record.data["by"]) == (
            "Brin",
            "Cato",
            "room",
        )
        assert record.who == "Brin, via the room"
        before = desk.event().revision
        with pytest.raises(RoomConflict, match="voted in painting already"):
            room_vote(desk, codes["Brin"], "painting", "Dora")
        with pytest.raises(NotYours):
            room_vote(desk, "ZZZZZZ", "painting", "Dora")
        assert desk.event().revision == before  # nothing recorded by a refusal
        assert awards(desk.event()).tallies["painting"] == {"Cato": 1}


def test_a_second_phone_vote_replaces_the_first_when_the_event_reads_so(event_target):
    with played(event_target, {"tournament.second-vote": "replaces"}) as desk:
        codes = issue_codes(desk)
        room_vote(desk, codes["Brin"], "painting", "Cato")
        room_vote(desk, codes["Brin"], "painting", "Dora")
        assert awards(desk.event()).tallies["painting"] == {"Dora": 1}


def test_weights_are_whole_numbers_the_organiser_sets(tmp_path):
    with played(tmp_path / "ev.db") as desk:
        with pytest.raises(DeskError, match="from 0 to 1000"):
            set_weights(desk, {"painting": -1})
        with pytest.raises(DeskError, match="'style'"):
            set_weights(desk, {"style": 3})
        assert set_weights(desk, {"painting": 3}).to_json() == {
            "tvp": 1,
            "painting": 3,
            "sportsmanship": 10,
            "favourite-opponent": 5,
        }


def test_a_vote_record_naming_a_player_never_entered_is_a_damaged_event(tmp_path):
    with played(tmp_path / "ev.db") as desk:
        bad = NewRecord(
            "vote", {"voter": "Ada", "category": "painting", "for": "Zed", "by": "desk"}
        )
        desk.store.append([bad], who="x", expected_revision=desk.store.revision())
        with pytest.raises(DamagedEvent, match="vote names 'Zed', who was never entered"):
            desk.event()


def test_votes_and_awards_from_the_command_line(tmp_path, capsys):
    ev = tmp_path / "ev.db"
    played(ev).close()
    assert main(["tournament", "vote", str(ev), "Ada", "painting", "Dora"]) == 0
    assert "Ada votes for Dora (painting)" in capsys.readouterr().out
    assert main(["tournament", "vote", str(ev), "Ada", "favourite-opponent", "Dora"]) == 2
    assert "never paired against Dora" in capsys.readouterr().err
    assert main(["tournament", "awards", str(ev), "--tvp", "0", "--painting", "7"]) == 0
    out = capsys.readouterr().out
    assert "best overall = 7 x painting votes + 10 x sportsmanship" in out
    assert "Best painted army: Dora (1 painting vote)" in out
    assert main(["tournament", "awards", str(ev), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["weights"]["painting"] == 7 and data["votes"]["painting"] == {"Dora": 1}
    best = next(a for a in data["awards"] if a["award"] == "best-overall")
    assert best["winners"] == ["Dora"]  # 7 points, the others 0


def test_phones_vote_through_the_served_pages_and_read_the_awards(tmp_path):
    ev = tmp_path / "ev.db"
    with played(ev) as desk:
        codes = issue_codes(desk)
    with serve(ev) as served:
        r = served.post_json(
            "/api/vote", {"code": codes["Ada"], "category": "painting", "for": "Dora"}
        )
        assert r.status == 200, r.text
        assert r.json() == {"voter": "Ada", "category": "painting", "for": "Dora"}
        again = served.post_json(
            "/api/vote", {"code": codes["Ada"], "category": "painting", "for": "Cato"}
        )
        assert again.status == 409
        self_vote = served.post_json(
            "/api/vote", {"code": codes["Ada"], "category": "painting", "for": "Ada"}
        )
        assert self_vote.status == 422 and "themselves" in self_vote.json()["error"]
        wrong = served.post_json(
            "/api/vote", {"code": "AAAAAA", "category": "painting", "for": "Ada"}
        )
        assert wrong.status == 403
        other_site = served.post_json(
            "/api/vote",
            {"code": codes["Brin"], "category": "painting", "for": "Ada"},
            {"Origin": "http://evil.example"},
        )
        assert other_site.status == 403
        # the form: a token from the page's cookie
        page = served.get("/vote")
        cookie = page.headers["set-cookie"].split(";")[0]
        token = cookie.split("=")[1]
        form = f"csrf={token}&category=favourite-opponent&for=Ada&code={codes['Cato']}"
        posted = served.request(
            "POST",
            "/vote",
            form.encode(),
            {"Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie},
        )
        assert posted.status == 200 and "Recorded: Cato votes for Ada" in posted.text
        no_token = served.request(
            "POST",
            "/vote",
            f"category=painting&for=Ada&code={codes['Dora']}".encode(),
            {"Content-Type": "application/x-www-form-urlencoded"},
        )
        assert no_token.status == 403
        data = served.get("/api/awards").json()
        assert data["votes"]["painting"] == {"Dora": 1}
        assert data["votes"]["favourite-opponent"] == {"Ada": 1}
        shown = served.get("/awards").text
        assert (
            "<b>Best overall</b> = 1 x total TVP (after penalties)" in shown
            and "Best painted army" in shown
        )
    with Desk.open(ev) as desk:
        votes = [r for r in desk.event().records if r.kind == "vote"]
    assert [(r.data["voter"], r.data["for"]) for r in votes] == [("Ada", "Dora"), ("Cato", "Ada")]


def test_every_name_on_the_awards_and_vote_pages_is_escaped(tmp_path):
    ev = tmp_path / "ev.db"
    desk = Desk.create(ev, name="<i>Cup</i>", seed=1, rounds=1, who="desk")
    for n in ('<b>Eve"&', "Ada"):
        desk.add_player(n, "ork")
    desk.pair()
    desk.record_result(1, 1, tanks(*desk.event().round(1).tables[0], 24, 0))
    cast_vote(desk, "Ada", "painting", '<b>Eve"&')
    desk.close()
    with serve(ev) as served:
        for path in ("/awards", "/vote"):
            text = served.get(path).text
            assert "<b>Eve" not in text and "&lt;b&gt;Eve&quot;&amp;" in text
            assert "<i>Cup" not in text


def test_the_standings_export_names_each_players_awards_and_the_formula(tmp_path):
    ev = tmp_path / "ev.db"
    with played(ev) as desk:
        cast_vote(desk, "Ada", "painting", "Dora")
    out = tmp_path / "standings.csv"
    argv = ["tournament", "export", str(ev), "--format", "csv", "-o", str(out)]
    assert main([*argv, "--table", "standings"]) == 0
    import csv

    with open(out, newline="", encoding="utf-8") as fh:
        rows = {r["name"]: r for r in csv.DictReader(fh)}
    assert rows["Ada"]["awards"] == "Best general; Best overall"
    assert rows["Dora"]["awards"] == "Best painted army"
    assert rows["Brin"]["awards"] == ""
    page = tmp_path / "wall.html"
    assert main(["tournament", "export", str(ev), "--format", "html", "-o", str(page)]) == 0
    text = page.read_text(encoding="utf-8")
    assert "<h2>Awards</h2>" in text and "best overall = 1 x total TVP" in text
