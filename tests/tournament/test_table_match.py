"""From table to desk: a table's match file with both frozen armies, the event's scenario
and setup procedure, the round's time limit as a fixed-time victory, and where it comes from;
its result goes back only to its own event, round and table."""

from __future__ import annotations

import pytest
from army_fixture import write_armies

from referee.cli.main import main
from referee.match.games.orders_file import MatchFile
from referee.tournament.desk import Desk
from referee.tournament.table_match import TableOrigin, event_id


def run(capsys, *args: str) -> str:
    assert main(list(args)) == 0, capsys.readouterr().err
    return capsys.readouterr().out


@pytest.fixture
def event(tmp_path, capsys, event_target):
    """Ada v Brin at table 1 and Cato v Dora at table 2 of round 1 (seeded), armies in; in a
    file, then on a server."""
    armies = write_armies(tmp_path / "armies")
    ev = event_target
    run(
        capsys,
        "tournament",
        "new",
        ev,
        "--name",
        "Table Cup",
        "--seed",
        "3",
        "--round-minutes",
        "90",
    )
    for name in ("Ada", "Brin", "Cato", "Dora"):
        run(capsys, "tournament", "add-player", ev, name, "--army", str(armies[name]))
    run(capsys, "tournament", "seed", ev, "Ada", "Cato", "Brin", "Dora")
    run(capsys, "tournament", "pair", ev)
    return ev, armies


def test_the_match_file_has_both_armies_the_scenario_and_the_rounds_time(tmp_path, capsys, event):
    ev, _ = event
    out_file = tmp_path / "t1.referee"
    out = run(
        capsys, "tournament", "match", ev, "--round", "1", "--table", "1", "-o", str(out_file)
    )
    assert "Ada (side 1) v Brin (side 2)" in out
    assert "Ada: Brin's army has huge units: Talos, the bronze giant" in out
    with MatchFile.open(out_file) as m:
        # the round's clock was not started: the event's 90 minutes
        assert m.meta["victory"] == {"condition": "fixed-time", "minutes": 90}
        assert m.victory["name"] == "Tournament style: fixed time"
        assert m.scenario is not None and m.scenario.id == "entrenched"
        assert m.rules.id == "current"
        # the units wait for ENTRENCHED!'s blind setup
        assert m.state.setup is not None and m.state.setup.procedure == "blind"
        roster = {(u["uid"], u["side"]) for u in m.meta["setup_roster"]}
        assert roster == {
            ("standard-tank", 1),
            ("standard-tank-2", 1),
            ("hoplite-phalanx", 1),
            ("hoplite-phalanx-2", 1),
            ("peltast-skirmishers", 1),
            ("companion-cavalry", 1),
            ("talos", 2),
            ("standard-tank-3", 2),
            ("standard-tank-4", 2),
            ("hoplite-phalanx-3", 2),
            ("hoplite-phalanx-4", 2),
        }
        settings = m.meta["settings"]
        assert (settings["player-1"], settings["player-2"]) == ("Ada", "Brin")
        with Desk.open(ev) as desk:
            origin = TableOrigin.from_settings(settings)
            assert origin is not None and origin.event_id == event_id(desk.event())
        assert (origin.event, origin.round, origin.table) == ("Table Cup", 1, 1)
        assert origin.minutes == 90 and origin.round_started is None
        # where a laptop at the table finds the event: the file's whole path, or the URL
        assert origin.store == (ev if "://" in ev else str((tmp_path / "ev.db").resolve()))


def test_the_round_clocks_minutes_and_start_go_into_the_match(tmp_path, capsys, event):
    ev, _ = event
    run(capsys, "tournament", "clock", ev, "start", "--minutes", "75")
    run(
        capsys,
        "tournament",
        "match",
        ev,
        "--round",
        "1",
        "--table",
        "2",
        "-o",
        str(tmp_path / "t2.referee"),
    )
    with MatchFile.open(tmp_path / "t2.referee") as m:
        assert m.meta["victory"]["minutes"] == 75
        origin = TableOrigin.from_settings(m.meta["settings"])
    with Desk.open(ev) as desk:
        started = desk.clock().started
    assert origin is not None and origin.round_started == started
    assert origin.players == ("Cato", "Dora")


def test_an_existing_file_is_replaced_only_with_force(tmp_path, capsys, event):
    ev, _ = event
    out_file = tmp_path / "t1.referee"
    run(capsys, "tournament", "match", ev, "--round", "1", "--table", "1", "-o", str(out_file))
    before = out_file.read_bytes()
    assert (
        main(["tournament", "match", ev, "--round", "1", "--table", "2", "-o", str(out_file)]) == 2
    )
    assert "--force" in capsys.readouterr().err and out_file.read_bytes() == before
    run(
        capsys,
        "tournament",
        "match",
        ev,
        "--round",
        "1",
        "--table",
        "2",
        "-o",
        str(out_file),
        "--force",
    )
    with MatchFile.open(out_file) as m:
        assert m.meta["settings"]["player-1"] == "Cato"


def test_a_failed_match_file_leaves_the_old_one_as_it_was(tmp_path, capsys, event):
    ev, _ = event
    out_file = tmp_path / "t1.referee"
    out_file.write_text("keep me", encoding="utf-8")
    assert (
        main(
            [
                "tournament",
                "match",
                ev,
                "--round",
                "1",
                "--table",
                "9",
                "-o",
                str(out_file),
                "--force",
            ]
        )
        == 2
    )
    assert "tables 1 to 2" in capsys.readouterr().err
    assert out_file.read_text(encoding="utf-8") == "keep me"
    assert not list(tmp_path.glob(".t1.referee*"))


def test_a_player_without_an_army_gets_no_match_file(tmp_path, capsys):
    ev = str(tmp_path / "ev.db")
    run(capsys, "tournament", "new", ev, "--name", "Cup", "--seed", "3")
    run(capsys, "tournament", "add-player", ev, "Ada")
    run(capsys, "tournament", "add-player", ev, "Brin")
    run(capsys, "tournament", "pair", ev)
    assert (
        main(
            [
                "tournament",
                "match",
                ev,
                "--round",
                "1",
                "--table",
                "1",
                "-o",
                str(tmp_path / "m.referee"),
            ]
        )
        == 2
    )
    err = capsys.readouterr().err
    assert "no army checked in for" in err and "Ada" in err and "Brin" in err


def test_a_match_goes_back_only_to_its_own_round_and_table(tmp_path, capsys, event):
    ev, _ = event
    m1 = str(tmp_path / "t1.referee")
    run(capsys, "tournament", "match", ev, "--round", "1", "--table", "1", "-o", m1)
    assert main(["tournament", "result", ev, "--round", "1", "--table", "2", "--match", m1]) == 2
    assert "made for round 1, table 1 (Ada v Brin), not round 1, table 2" in (
        capsys.readouterr().err
    )
    # Nothing played yet: every unit waits for the setup, so each keeps its own army.
    # Ada 12 IP x3 + (14 MP + 4 CP + 6 XP) = 60; Brin 24 IP x3 + (8 + 6 + 2) = 88, +16 = 104.
    out = run(capsys, "tournament", "result", ev, "--round", "1", "--table", "1", "--match", m1)
    assert "Ada 60 MVP" in out and "Brin 104 MVP" in out


def test_a_match_of_another_event_is_refused(tmp_path, capsys, event):
    ev, armies = event
    other = str(tmp_path / "other.db")
    run(capsys, "tournament", "new", other, "--name", "Other Cup", "--seed", "3")
    for name in ("Ada", "Brin", "Cato", "Dora"):
        run(capsys, "tournament", "add-player", other, name, "--army", str(armies[name]))
    run(capsys, "tournament", "seed", other, "Ada", "Cato", "Brin", "Dora")
    run(capsys, "tournament", "pair", other)
    m = str(tmp_path / "other.referee")
    run(capsys, "tournament", "match", other, "--round", "1", "--table", "1", "-o", m)
    assert main(["tournament", "result", ev, "--round", "1", "--table", "1", "--match", m]) == 2
    assert "made for the event 'Other Cup'" in capsys.readouterr().err


def test_an_event_plays_the_scenario_it_was_made_with(tmp_path, capsys):
    # The first draft offers no fixed-time victory unless ruling victory.first-draft says so.
    ev = str(tmp_path / "ev.db")
    assert (
        main(["tournament", "new", ev, "--name", "Old Cup", "--scenario", "standard-battle"]) == 2
    )
    assert "fixed-time" in capsys.readouterr().err
    assert not (tmp_path / "ev.db").exists()
    assert main(["tournament", "new", ev, "--name", "Cup", "--scenario", "nowhere"]) == 2
    assert "no scenario 'nowhere'" in capsys.readouterr().err


def test_a_first_draft_event_plays_the_standard_battle_with_its_six_step_setup(tmp_path, capsys):
    armies = write_armies(tmp_path / "armies")
    ev = str(tmp_path / "ev.db")
    run(
        capsys,
        "tournament",
        "new",
        ev,
        "--name",
        "Old Cup",
        "--scenario",
        "standard-battle",
        "--ruling",
        "victory.first-draft=both-styles",
        "--seed",
        "1",
    )
    for name in ("Ada", "Brin"):
        run(capsys, "tournament", "add-player", ev, name, "--army", str(armies[name]))
    run(capsys, "tournament", "pair", ev)
    run(
        capsys,
        "tournament",
        "match",
        ev,
        "--round",
        "1",
        "--table",
        "1",
        "-o",
        str(tmp_path / "m.referee"),
    )
    with MatchFile.open(tmp_path / "m.referee") as m:
        assert m.rules.id == "first-draft" and m.scenario.id == "standard-battle"
        assert m.state.setup.procedure == "ordered"
        assert m.meta["readings"]["victory.first-draft"] == "both-styles"
        assert m.meta["victory"] == {"condition": "fixed-time", "minutes": 120}
