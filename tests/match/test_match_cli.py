"""``referee match`` and ``referee replay`` from the command line."""

from __future__ import annotations

import json
from pathlib import Path

from referee.cli.main import main

JOURNAL = Path(__file__).parent / "journals" / "tank-and-grunts.journal"
FIRE_ANY_STEP = "turn.fire-outside-gunnery=any-step"
"""These tests fire at the new match's first step, the orders step (see test_match_fire_step.py)."""


def test_replay_prints_the_state_as_json(capsys):
    assert main(["replay", str(JOURNAL)]) == 0
    state = json.loads(capsys.readouterr().out)
    assert state["turn"] == 2
    assert state["units"]["grunts"]["alive"] == 3  # one killed by the 6+1 = 7
    assert state["units"]["grunts"]["hex"] == "E5"
    assert state["units"]["tank"]["loaded"] == {"Main gun": 0, "Hull machine gun": 2}


def test_new_step_show_undo_report_check(tmp_path, capsys):
    f = str(tmp_path / "g.referee")
    assert main(["match", "new", f, "--from", str(JOURNAL), "--ruling", FIRE_ANY_STEP]) == 0
    assert (
        main(
            [
                "match",
                "step",
                f,
                "Gunnery 1",
                "-c",
                "fire shooter=tank target=grunts",
                "--dice",
                "5",
                "4",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    # 4 + 1 = 5 on the grunts' table: "5-6: Bruised"
    assert "rolled 5 against 3+: hit" in out and "Bruised" in out
    assert main(["match", "show", f, "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert len(shown["pending"]) == 1 and shown["steps"][0]["name"] == "Gunnery 1"
    assert main(["match", "undo", f]) == 0
    assert "undo: 1. Gunnery 1" in capsys.readouterr().out
    assert main(["match", "show", f, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["pending"] == []
    assert main(["match", "redo", f]) == 0
    assert main(["match", "check", f]) == 0
    assert main(["match", "report", f, "-o", str(tmp_path / "r.html")]) == 0
    html = (tmp_path / "r.html").read_text()
    assert "Gunnery 1" in html and "fire.roll" in html


def test_a_die_out_of_range_is_one_line(tmp_path, capsys):
    f = str(tmp_path / "g.referee")
    main(["match", "new", f, "--from", str(JOURNAL), "--ruling", FIRE_ANY_STEP])
    capsys.readouterr()
    assert (
        main(["match", "step", f, "x", "-c", "fire shooter=tank target=grunts", "--dice", "9"]) == 2
    )
    err = capsys.readouterr().err
    assert "d6 shows 1 to 6; 9 typed" in err and "Traceback" not in err


def test_opening_something_that_is_not_a_match(tmp_path, capsys):
    junk = tmp_path / "notes.txt"
    junk.write_text("hello")
    assert main(["match", "show", str(junk)]) == 2
    assert "not a match file" in capsys.readouterr().err
