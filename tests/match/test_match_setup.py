"""The setup procedures in the match journal and through `referee match step` (clauses
setup.blind, setup.order, setup.advantage): each placement a step of a real match file,
undone like any other; the turn waits until every unit is set up; the victory condition
chosen at the start is kept in the file and shown by `match show --json`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.cli.main import main
from referee.match.games.orders_file import MatchFile
from referee.match.journal.journal_text import read_journal, replay_journal

JOURNALS = Path(__file__).parent / "journals"
UNITS = [
    "--unit",
    "tank standard-tank side=1",
    "--unit",
    "peltasts peltast-skirmishers side=1",
    "--unit",
    "grunts ork-grunts side=2",
    "--unit",
    "boars boar-riders side=2",
]


def show(capsys, path: str) -> dict:
    capsys.readouterr()
    assert main(["match", "show", path, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def step(path: str, *commands: str, dice: tuple[int, ...] = ()) -> int:
    args = ["match", "step", path, "Setup"]
    for c in commands:
        args += ["-c", c]
    if dice:
        args += ["--dice", *map(str, dice)]
    return main(args)


def test_a_blind_setup_through_match_step(tmp_path, capsys):
    f = str(tmp_path / "e.referee")
    assert (
        main(
            [
                "match",
                "new",
                f,
                "--scenario",
                "entrenched",
                "--victory",
                "fixed-time",
                "--minutes",
                "90",
                "--seed",
                "3",
                *UNITS,
            ]
        )
        == 0
    )
    data = show(capsys, f)
    assert data["victory"] == {
        "condition": "fixed-time",
        "minutes": 90,
        "clause": "victory.fixed-time",
        "name": "Tournament style: fixed time",
        "eliminated": [],  # nobody, while the setup goes on
    }
    assert data["units"] == {} and data["scenario"] == "entrenched"
    assert data["setup"]["may_place"]["tank"][:3] == ["A7", "A8", "A9"]

    assert step(f, "place uid=tank hex=C9 facing=N speed=stand-still") == 0
    assert step(f, "place uid=grunts hex=C2 facing=S speed=fast") == 0
    assert show(capsys, f)["units"] == {}  # behind the screen until the reveal
    # the turn waits for the setup
    assert step(f, "advance") == 2
    assert "the setup is not finished" in capsys.readouterr().err
    assert step(f, "reveal") == 2
    assert "not entered: peltasts (side 1), boars (side 2)" in capsys.readouterr().err
    assert (
        step(
            f, "place uid=peltasts hex=D6 speed=slow", "place uid=boars hex=E3 speed=fast", "reveal"
        )
        == 0
    )
    units = show(capsys, f)["units"]
    assert {u: (v["hex"], v["speed"], v["facing"]) for u, v in units.items()} == {
        "tank": ("C9", "stand-still", 0),
        "grunts": ("C2", "fast", 3),
        "peltasts": ("D6", "slow", 0),
        "boars": ("E3", "fast", 3),
    }
    assert units["tank"]["loaded"] == {"Main gun": 1, "Hull machine gun": 2}  # setup.loaded

    assert (
        main(["match", "undo", f]) == 0
    )  # takes back the last step: both placements and the reveal
    data = show(capsys, f)
    assert data["units"] == {} and sorted(data["setup"]["entered"]) == ["grunts", "tank"]
    assert main(["match", "check", f]) == 0


def test_a_placement_outside_the_zone_changes_nothing(tmp_path, capsys):
    f = str(tmp_path / "e.referee")
    assert main(["match", "new", f, "--scenario", "entrenched", *UNITS]) == 0
    assert step(f, "place uid=tank hex=C5 speed=slow") == 2
    assert "C5 is not in side 1's zone (board.sides)" in capsys.readouterr().err
    assert show(capsys, f)["steps"] == []


def test_the_first_drafts_steps_through_match_step_with_typed_rolls(tmp_path, capsys):
    f = str(tmp_path / "s.referee")
    assert (
        main(
            [
                "match",
                "new",
                f,
                "--scenario",
                "standard-battle",
                "--seed",
                "2",
                "--unit",
                "tank standard-tank side=1",
                "--unit",
                "hoplites hoplite-phalanx side=1",
                "--unit",
                "grunts ork-grunts side=2",
                "--unit",
                "boars boar-riders side=2",
            ]
        )
        == 0
    )
    assert "roll for the setup advantage" in show(capsys, f)["setup"]["asked"]
    assert step(f, "place uid=tank hex=E8 speed=slow") == 2
    assert (
        "roll for the setup advantage of step 4 (All other units) first" in capsys.readouterr().err
    )
    assert step(f, "setup-roll", dice=(2, 5)) == 0  # side 2 wins: side 1 places one first
    data = show(capsys, f)["setup"]
    assert (data["winner"], data["on_turn"], data["left"]) == (2, 1, 1)
    assert sorted(data["may_place"]) == ["hoplites", "tank"]
    assert step(f, "place uid=tank hex=E8 speed=slow") == 0
    assert show(capsys, f)["setup"]["on_turn"] == 2
    assert step(f, "place uid=grunts hex=C2 speed=slow", "place uid=boars hex=E3 speed=fast") == 0
    assert step(f, "place uid=hoplites hex=C9 speed=slow") == 0
    data = show(capsys, f)
    assert data["setup"]["done"] and len(data["units"]) == 4
    assert step(f, "advance missing=confirm") == 0  # the turn may begin: its orders step
    assert main(["match", "check", f]) == 0


@pytest.mark.parametrize("name", ["setup-entrenched", "setup-first-draft"])
def test_the_setup_journals_replay_exactly(tmp_path, name):
    journal = read_journal(JOURNALS / f"{name}.journal")
    match = replay_journal(journal, tmp_path / "j.referee")
    try:
        assert match.state.setup is not None and match.state.setup.done
        assert match.replay_check() == []
    finally:
        match.close()


def test_the_first_draft_journal_leaves_a_hidden_token_and_rolls_a_tie_again(tmp_path):
    match = replay_journal(
        read_journal(JOURNALS / "setup-first-draft.journal"), tmp_path / "j.referee"
    )
    try:
        assert match.state.units["pathfinders"].hidden
        tie = next(s for s in match.steps() if "all other units: the roll" in s.name)
        assert [r.value for r in tie.events[0].dice] == [3, 3, 2, 5]
        assert "setup.advantage-tie" in tie.events[0].rulings
    finally:
        match.close()


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--victory", "fixed-time", "--minutes", "0"], "minutes must be a whole number"),
        (["--victory", "friendly", "--minutes", "60"], "has no time limit"),
        (
            ["--victory", "sudden-death"],
            "'sudden-death' is not a victory condition of the "
            "scenario ENTRENCHED! (friendly, fixed-time)",
        ),
        (["--minutes", "60"], "--minutes goes with --victory fixed-time"),
    ],
)
def test_a_bad_victory_condition_is_refused_and_no_file_is_written(
    tmp_path, capsys, extra, message
):
    f = tmp_path / "v.referee"
    assert main(["match", "new", str(f), "--scenario", "entrenched", *UNITS, *extra]) == 2
    assert message in capsys.readouterr().err
    assert not f.exists()


def test_the_first_draft_offers_a_fixed_time_match_only_under_its_ruling(tmp_path, capsys):
    units = ["--unit", "tank standard-tank side=1", "--unit", "grunts ork-grunts side=2"]
    f = tmp_path / "v.referee"
    args = [
        "match",
        "new",
        str(f),
        "--scenario",
        "standard-battle",
        *units,
        "--victory",
        "fixed-time",
    ]
    assert main(args) == 2
    assert "(friendly)" in capsys.readouterr().err
    assert main([*args, "--ruling", "victory.first-draft=both-styles"]) == 0
    with MatchFile.open(f) as m:
        assert m.victory is not None and m.victory["minutes"] == 120


def test_a_map_that_breaks_the_scenario_is_refused(tmp_path, capsys):
    f = tmp_path / "v.referee"
    assert (
        main(["match", "new", str(f), "--scenario", "entrenched", "--map", "standard", *UNITS]) == 2
    )
    assert "scenario entrenched: edition:" in capsys.readouterr().err
    assert not f.exists()


def test_a_unit_without_a_hex_needs_a_scenario(tmp_path, capsys):
    f = tmp_path / "v.referee"
    assert main(["match", "new", str(f), "--map", "entrenched", *UNITS]) == 2
    assert "units[0] (tank): no hex" in capsys.readouterr().err


def test_army_files_with_a_scenario_wait_for_its_setup(tmp_path, capsys):
    one, two = tmp_path / "one.toml", tmp_path / "two.toml"
    one.write_text(
        'name = "Vanguard"\nnation = "spartan"\ngame = "standard"\n'
        '[[unit]]\ntype = "hoplite-phalanx"\ncount = 2\n',
        encoding="utf-8",
    )
    two.write_text(
        'name = "Waaagh"\nnation = "ork"\ngame = "standard"\n[[unit]]\ntype = "ork-grunts"\n',
        encoding="utf-8",
    )
    f = str(tmp_path / "a.referee")
    assert (
        main(
            [
                "match",
                "new",
                f,
                "--scenario",
                "entrenched",
                "--army",
                f"1={one}",
                "--army",
                f"2={two}",
            ]
        )
        == 0
    )
    data = show(capsys, f)
    assert data["units"] == {}
    assert [(w["uid"], w["side"]) for w in data["setup"]["waiting"]] == [
        ("hoplite-phalanx", 1),
        ("hoplite-phalanx-2", 1),
        ("ork-grunts", 2),
    ]


def test_a_friendly_match_names_the_side_eliminated(tmp_path, capsys):
    f = str(tmp_path / "f.referee")
    assert (
        main(
            [
                "match",
                "new",
                f,
                "--scenario",
                "entrenched",
                "--victory",
                "friendly",
                "--unit",
                "tank standard-tank side=1 hex=C8",
                "--unit",
                "grunts ork-grunts side=2 hex=C2",
            ]
        )
        == 0
    )
    assert show(capsys, f)["victory"]["eliminated"] == []
    assert step(f, "correct-remove uid=grunts") == 0  # the last Ork leaves the table
    assert show(capsys, f)["victory"]["eliminated"] == [2]
    capsys.readouterr()
    assert main(["match", "show", f]) == 0
    assert "victory: Friendly match; side 2 is eliminated" in capsys.readouterr().out
