"""Players' names as a desk reads them (``tournament.player_names``): spaces tidied, case
aside. One name is one player whether it is entered, withdrawn, dropped or looked up, at the
command line or in the window; an event written before that, with a name entered twice, still
opens and is reported, never rewritten."""

from __future__ import annotations

import pytest

from referee.cli.main import main
from referee.tournament.desk import Desk, DeskError
from referee.tournament.player_names import name_key, same_names, tidy_name
from referee.tournament.store import NewRecord


def new_event(path, *names: str) -> Desk:
    desk = Desk.create(path, name="Names Cup", rounds=3, seed=1, who="desk")
    for n in names:
        desk.add_player(n)
    return desk


def test_a_name_is_kept_with_its_spaces_tidied_and_compared_case_aside():
    assert tidy_name("  Alice \t  Ames ") == "Alice Ames"
    assert name_key(" alice  ames ") == name_key("ALICE AMES") == "alice ames"
    assert name_key("Alice Amès") != name_key("Alice Ames")  # another letter: another name


def test_a_player_entered_again_with_other_spaces_or_case_is_refused(tmp_path):
    with new_event(tmp_path / "ev.tournament", "Alice Ames") as desk:
        for again in (" alice ames ", "ALICE   AMES", "Alice Ames"):
            with pytest.raises(DeskError, match="already entered"):
                desk.add_player(again)
        desk.add_player("  Bob   Brown ")
        desk.add_player("Alice Amès")  # an accent makes another name
        assert list(desk.event().players) == ["Alice Ames", "Bob Brown", "Alice Amès"]


def test_withdraw_drop_penalty_and_seeding_find_the_player_by_the_name_a_desk_reads(tmp_path):
    with new_event(tmp_path / "ev.tournament", "Alice Ames", "Bob Brown", "Cara Cole") as desk:
        desk.penalise(" bob  BROWN", "late", 0)
        desk.seed_players(["cara cole", " alice ames", "BOB BROWN"])
        desk.withdraw(" alice ames ", "entered by mistake")
        event = desk.event()
        assert list(event.players) == ["Bob Brown", "Cara Cole"]
        written = {r.kind: r.data for r in event.records}
        assert written["withdraw"]["name"] == "Alice Ames"  # the record names the player
        assert written["penalty"]["name"] == "Bob Brown"
        assert written["seeding"]["order"] == ["Cara Cole", "Alice Ames", "Bob Brown"]


def test_an_event_with_a_name_entered_twice_still_opens_and_is_reported(tmp_path, capsys):
    # written before names were compared so: two players, "Bob Brown" and "bob brown"
    path = tmp_path / "old.tournament"
    with new_event(path, "Bob Brown") as desk:
        rev = desk.event().revision
        desk.store.append(
            [NewRecord("player", {"name": "bob brown", "nation": "", "entered": 1})],
            who="old desk",
            expected_revision=rev,
        )
    with Desk.open(path) as desk:
        event = desk.event()
        assert list(event.players) == ["Bob Brown", "bob brown"]  # both kept as written
        assert same_names(event.players) == [("Bob Brown", "bob brown")]
        with pytest.raises(DeskError, match="reads as 2 players"):
            desk.withdraw("BOB BROWN")
    assert main(["tournament", "players", str(path)]) == 0
    err = capsys.readouterr().err
    assert "entered twice under one name" in err and "'Bob Brown' and 'bob brown'" in err
    # the name given exactly as entered takes the entry made by mistake back
    assert main(["tournament", "withdraw", str(path), "bob brown"]) == 0
    with Desk.open(path) as desk:
        assert list(desk.event().players) == ["Bob Brown"]


def test_the_command_line_refuses_a_name_entered_twice_and_withdraws_by_the_name_read(
    tmp_path, capsys
):
    ev = str(tmp_path / "ev.tournament")
    new_event(ev, "Alice Ames").close()
    assert main(["tournament", "add-player", ev, " alice ames "]) == 2
    assert "'alice ames' is already entered as 'Alice Ames'" in capsys.readouterr().err
    assert main(["tournament", "withdraw", ev, " alice ames "]) == 0
    assert capsys.readouterr().out.startswith("Alice Ames withdrawn")
    with Desk.open(ev) as desk:
        assert not desk.event().players


def test_a_result_naming_the_players_with_other_spaces_or_case_is_the_tables(tmp_path):
    from referee.tournament.scoring import MatchResult, PlayerResult, Points

    with new_event(tmp_path / "ev.tournament", "Alice Ames", "Bob Brown") as desk:
        desk.pair()
        a, b = desk.event().round(1).tables[0]
        won = Points.from_mapping({"ip": 12})
        lost = Points.from_mapping({"ip": 6})
        typed = MatchResult(
            (PlayerResult(f" {b.upper()} ", won, lost), PlayerResult(a.lower(), lost, won))
        )
        taken = desk.record_result(1, 1, typed)
        assert [p.name for p in taken.result.players] == [a, b]  # as entered, table order
