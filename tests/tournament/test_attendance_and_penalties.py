"""The organiser's toolkit (issue 28): attendance at the door (a no-show is dropped before
pairing, with who, why and when) and penalties (a warning or points deducted, in the
standings' deciding numbers and in the trail)."""

from __future__ import annotations

import json

import pytest

from referee.cli.main import main
from referee.tournament.desk import Desk, DeskError
from referee.tournament.scoring import MatchResult, PlayerResult, Points


def tanks(a: str, b: str, a_kept: int, b_kept: int) -> MatchResult:
    """Tanks only: each side brings 24 IP and keeps ``*_kept`` of them."""
    return MatchResult(
        (
            PlayerResult(a, Points(ip=a_kept), Points(ip=24 - a_kept)),
            PlayerResult(b, Points(ip=b_kept), Points(ip=24 - b_kept)),
        )
    )


def event(tmp_path, names=("Ada", "Brin", "Cato", "Dora", "Emil", "Fay")) -> Desk:
    desk = Desk.create(tmp_path / "ev.db", name="Cup", seed=1, rounds=3, who="desk-1")
    for n in names:
        desk.add_player(n, "ork")
    return desk


# --- attendance ------------------------------------------------------------------------------


def test_a_no_show_is_dropped_before_the_round_is_paired_with_who_why_and_when(tmp_path):
    with event(tmp_path) as desk:
        assert desk.mark_attendance("Brin", present=False, why="phoned: ill") == 1
        other = Desk.open(tmp_path / "ev.db", who="desk-2")
        pairing = other.pair()
        other.close()
        seated = {n for pair in pairing.tables for n in pair} | {pairing.bye}
        assert "Brin" not in seated and len(seated - {None}) == 5
        ev = desk.event()
        assert ev.players["Brin"].dropped_after == 0 and not ev.players["Brin"].plays_in(1)
        kinds = [r.kind for r in ev.records]
        drop = next(r for r in ev.records if r.kind == "drop")
        assert kinds.index("drop") < kinds.index("pairing")  # dropped before the pairing
        assert drop.data == {"name": "Brin", "after": 0, "no_show": 1}
        mark = next(r for r in ev.records if r.kind == "attendance")
        assert drop.who == "desk-2"  # the desk that paired; the marking desk in the reason
        assert f"marked by desk-1 at {mark.at}" in drop.why and "phoned: ill" in drop.why


def test_a_player_marked_present_again_before_the_pairing_plays(tmp_path):
    with event(tmp_path) as desk:
        desk.mark_attendance("Brin", present=False)
        desk.mark_attendance("Brin", present=True, why="arrived late")
        pairing = desk.pair()
        assert "Brin" in {n for pair in pairing.tables for n in pair} | {pairing.bye}
        assert not [r for r in desk.event().records if r.kind == "drop"]


def test_a_no_show_in_a_later_round_keeps_the_rounds_played(tmp_path):
    with event(tmp_path, ("Ada", "Brin", "Cato", "Dora")) as desk:
        desk.pair()
        for t, (a, b) in enumerate(desk.event().round(1).tables, 1):
            desk.record_result(1, t, tanks(a, b, 14, 12))
        desk.mark_attendance("Ada", present=False)
        pairing = desk.pair()
        ev = desk.event()
        assert ev.players["Ada"].dropped_after == 1 and ev.absent(2) == []  # dropped now
        assert pairing.bye is not None and "Ada" not in {n for p in pairing.tables for n in p}
        assert desk.standings().standings[0].played == 1  # round 1 still counts for everyone


def test_the_door_is_refused_for_a_player_who_does_not_play_the_next_round(tmp_path):
    with event(tmp_path) as desk:
        desk.drop("Ada")
        with pytest.raises(DeskError, match="Ada does not play round 1"):
            desk.mark_attendance("Ada", present=True)
        with pytest.raises(DeskError, match="no player 'Zed'"):
            desk.mark_attendance("Zed", present=False)


def test_present_and_absent_from_the_command_line(tmp_path, capsys):
    ev = str(tmp_path / "ev.db")
    with event(tmp_path):
        pass
    assert main(["tournament", "absent", ev, "Cato", "Dora", "--why", "no army"]) == 0
    assert main(["tournament", "present", ev, "Dora"]) == 0
    capsys.readouterr()
    assert main(["tournament", "players", ev, "--json"]) == 0
    rows = {r["name"]: r for r in json.loads(capsys.readouterr().out)}
    assert rows["Cato"]["present"] is False and rows["Dora"]["present"] is True
    assert rows["Ada"]["present"] is None
    assert main(["tournament", "pair", ev, "--json"]) == 0
    capsys.readouterr()
    assert main(["tournament", "trail", ev]) == 0
    trail = capsys.readouterr().out
    assert "Cato absent at the door for round 1: no army" in trail
    assert "dropped Cato, a no-show for round 1" in trail


# --- penalties -------------------------------------------------------------------------------


def test_points_deducted_change_the_places_and_say_so(tmp_path):
    """Ada keeps 14 tanks and destroys 12: 42 + 72 + 16 = 130 MVP, 130^0.75 = 38.50 TVP;
    Brin keeps 12 and destroys 10: 36 + 60 = 96 MVP, 96^0.75 = 30.67 TVP. Eight TVP
    deducted leave Ada 30.50: Brin goes ahead."""
    with event(tmp_path, ("Ada", "Brin")) as desk:
        desk.pair()
        desk.record_result(1, 1, tanks("Ada", "Brin", 14, 12))  # seated by name
        assert [s.name for s in desk.standings().standings] == ["Ada", "Brin"]
        desk.penalise("Ada", "slow play, warned twice", points=8)
        first, second = desk.standings().standings
        assert (first.name, second.name) == ("Brin", "Ada")
        assert second.tvp == pytest.approx(130**0.75 - 8) and second.mvp == 130
        assert second.penalty_text() == "-8 TVP" and second.deducted("tvp") == 8
        (p,) = second.penalties
        assert p["why"] == "slow play, warned twice" and p["who"] == "desk-1" and p["round"] == 1
        desk.penalise("Brin", "dice off the table", points=40, of="mvp")
        brin = next(s for s in desk.standings().standings if s.name == "Brin")
        assert brin.mvp == 96 - 40 and brin.tvp == pytest.approx(96**0.75)


def test_a_warning_deducts_nothing_and_is_listed(tmp_path):
    with event(tmp_path, ("Ada", "Brin")) as desk:
        desk.penalise("Brin", "late to the table")
        (brin,) = [s for s in desk.standings().standings if s.name == "Brin"]
        assert brin.tvp == 0 and brin.mvp == 0 and brin.penalty_text() == "1 warning"
        with pytest.raises(DeskError, match="needs a reason"):
            desk.penalise("Brin", "  ")
        with pytest.raises(DeskError, match="no player 'Zed'"):
            desk.penalise("Zed", "x")


@pytest.mark.parametrize(
    ("reading", "expected"), [("results", 130**0.75), ("after-deductions", 130**0.75 - 8)]
)
def test_an_opponents_penalty_in_strength_of_schedule_follows_the_ruling(
    tmp_path, reading, expected
):
    """Ruling tournament.penalty-schedule: Brin's only opponent is Ada (38.50 TVP scored,
    8 deducted)."""
    desk = Desk.create(
        tmp_path / "ev.db",
        name="Cup",
        seed=1,
        who="desk-1",
        readings={"tournament.penalty-schedule": reading},
    )
    with desk:
        desk.add_player("Ada")
        desk.add_player("Brin")
        desk.pair()
        desk.record_result(1, 1, tanks("Ada", "Brin", 14, 12))
        desk.penalise("Ada", "slow play", points=8)
        brin = next(s for s in desk.standings().standings if s.name == "Brin")
        assert brin.tiebreakers["sos"] == pytest.approx(expected, abs=1e-4)


def test_a_penalty_from_the_command_line_is_in_the_standings_and_the_trail(tmp_path, capsys):
    ev = str(tmp_path / "ev.db")
    with event(tmp_path, ("Ada", "Brin")):
        pass
    argv = ["tournament", "penalty", ev, "Ada", "--points", "3", "--why", "slow play"]
    assert main([*argv, "--who", "judge"]) == 0
    assert main(["tournament", "penalty", ev, "Brin", "--why", "rude"]) == 0
    capsys.readouterr()
    assert main(["tournament", "standings", ev, "--json"]) == 0
    rows = {r["name"]: r for r in json.loads(capsys.readouterr().out)["standings"]}
    assert rows["Ada"]["tvp"] == -3
    assert rows["Ada"]["penalties"][0] | {"at": ""} == {
        "id": rows["Ada"]["penalties"][0]["id"],
        "round": 0,
        "penalty": "points",
        "points": 3,
        "of": "tvp",
        "why": "slow play",
        "who": "judge",
        "at": "",
    }
    assert main(["tournament", "standings", ev]) == 0
    out = capsys.readouterr().out
    assert "penalty: -3 TVP" in out and "penalty: 1 warning" in out
    assert main(["tournament", "trail", ev]) == 0
    trail = capsys.readouterr().out
    assert "judge: penalty for Ada: 3 TVP deducted: slow play" in trail
    assert "penalty for Brin: a warning: rude" in trail


# --- a round's results -----------------------------------------------------------------------


def test_scores_lists_a_rounds_results_and_its_bye(tmp_path, capsys):
    """The bye: 16 MVP, 16^0.75 = 8 TVP (ruling tournament.bye)."""
    ev = str(tmp_path / "ev.db")
    with event(tmp_path, ("Ada", "Brin", "Cato")) as desk:
        pairing = desk.pair()
        a, b = pairing.tables[0]
        desk.record_result(1, 1, tanks(a, b, 14, 12))
    capsys.readouterr()
    assert main(["tournament", "scores", ev, "--round", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["round"] == 1 and data["missing"] == [] and len(data["tables"]) == 1
    (table,) = data["tables"]
    assert table["players"] == [a, b] and not table["result"]["corrected"]
    bye = data["bye"]
    assert bye["mvp"] == 16 and bye["tvp"] == 8.0 and "tournament.bye" in data["rulings"]
    assert main(["tournament", "scores", ev, "--round", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Round 1 results\n  table  1: ") and f"bye: {bye['name']} 16 MVP" in out
    assert main(["tournament", "scores", ev, "--round", "2"]) == 2
    assert "round 2 is not paired (rounds 1 to 1 paired)" in capsys.readouterr().err


def test_scores_of_ada_and_brin_are_the_hand_calculation(tmp_path, capsys):
    ev = str(tmp_path / "ev.db")
    with event(tmp_path, ("Ada", "Brin")) as desk:
        desk.pair()
        desk.record_result(1, 1, tanks("Ada", "Brin", 14, 12))
    capsys.readouterr()
    assert main(["tournament", "scores", ev, "--round", "1", "--json"]) == 0
    scores = {
        s["name"]: s for s in json.loads(capsys.readouterr().out)["tables"][0]["result"]["scores"]
    }
    assert scores["Ada"]["mvp"] == 130 and scores["Ada"]["tvp"] == pytest.approx(38.4997, abs=1e-4)
    assert scores["Brin"]["mvp"] == 96 and scores["Brin"]["tvp"] == pytest.approx(30.6693, abs=1e-4)
