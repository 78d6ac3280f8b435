"""``referee match undo`` / ``redo`` and a blind setup's screen (clause setup.blind, ruling
setup.blind-undo, reading ``screen-side``): the command line shows no screen and cannot know who
looks at it, so taking back or bringing back a step that holds a blind entry is refused,
saying whose entry it would show and naming neither the step, the unit nor the hex, unless the
user names the side at the screen (``--view SIDE``: its own entries only, as the window's
Edit > Undo) or says that only the referee reads it (``--referee``). Nothing is changed by a
refusal."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.cli.main import main
from referee.match.games.orders_file import MatchFile
from referee.rules.orders.commands import Place


def blind_match(tmp_path: Path, readings: dict[str, str] | None = None) -> Path:
    path = tmp_path / "e.referee"
    with MatchFile.create(
        path,
        map_name="",
        scenario="entrenched",
        seed=3,
        units=[
            {"uid": "tank", "unit": "standard-tank", "side": 1},
            {"uid": "grunts", "unit": "ork-grunts", "side": 2},
        ],
        readings=readings,
    ) as m:
        m.run("tank at C9", [Place(uid="tank", hex="C9", facing=0, speed="stand-still")])
        m.run("grunts at D2", [Place(uid="grunts", hex="D2", facing=3, speed="stand-still")])
    return path


def undone(path: Path) -> list[bool]:
    with MatchFile.open(path) as m:
        return [s.undone for s in m.steps(include_undone=True)]


def refused(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    capsys.readouterr()
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    return captured.err


def test_undo_of_a_blind_entry_is_refused_saying_whose_entry_it_would_show(tmp_path, capsys):
    path = blind_match(tmp_path)
    before = path.read_bytes()
    err = refused(capsys, ["match", "undo", str(path)])
    assert "side 2's blind entry" in err and "setup.blind-undo" in err
    assert "--view SIDE" in err and "--referee" in err
    for secret in ("grunts", "D2", "tank", "C9"):  # no step, unit or hex named
        assert secret not in err
    assert path.read_bytes() == before
    assert undone(path) == [False, False]


def test_the_side_at_the_screen_undoes_its_own_entry_not_the_other_sides(tmp_path, capsys):
    path = blind_match(tmp_path)
    err = refused(capsys, ["match", "undo", str(path), "--view", "1"])  # side 2's entry last
    assert "side 2's entry is behind the screen" in err and "grunts" not in err
    assert undone(path) == [False, False]
    assert main(["match", "undo", str(path), "--view", "2"]) == 0
    assert "undo: 2. grunts at D2" in capsys.readouterr().out
    assert undone(path) == [False, True]
    # redo brings side 2's entry back: refused to side 1 at the screen, and without a side
    refused(capsys, ["match", "redo", str(path), "--view", "1"])
    err = refused(capsys, ["match", "redo", str(path)])
    assert "redo would bring back side 2's blind entry" in err
    assert undone(path) == [False, True]
    assert main(["match", "redo", str(path), "--view", "2"]) == 0
    assert undone(path) == [False, False]


def test_the_referee_alone_at_the_screen_undoes_any_entry(tmp_path, capsys):
    path = blind_match(tmp_path)
    assert main(["match", "undo", str(path), "--referee"]) == 0
    assert main(["match", "undo", str(path), "--referee"]) == 0
    assert undone(path) == [True, True]


def test_under_the_referee_reading_undo_is_never_refused(tmp_path, capsys):
    path = blind_match(tmp_path, {"setup.blind-undo": "referee"})
    assert main(["match", "undo", str(path)]) == 0
    assert undone(path) == [False, True]


def test_once_the_setup_is_revealed_undo_needs_no_side(tmp_path, capsys):
    path = blind_match(tmp_path)
    assert main(["match", "step", str(path), "Reveal", "-c", "reveal"]) == 0
    assert main(["match", "undo", str(path)]) == 0  # the reveal itself
    assert undone(path) == [False, False, True]


def test_under_the_referee_reading_the_side_at_the_screen_reads_no_other_sides_entry(
    tmp_path, capsys
):
    # the reading lets any entry go, but the step's name is printed as side 2 sees it
    path = blind_match(tmp_path, {"setup.blind-undo": "referee"})
    assert main(["match", "undo", str(path)]) == 0
    capsys.readouterr()
    assert main(["match", "undo", str(path), "--view", "2"]) == 0  # side 1's tank at C9
    out = capsys.readouterr().out
    assert out.startswith("undo: 1. Setup: side 1 ") and "tank" not in out and "C9" not in out
    assert main(["match", "redo", str(path), "--view", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("redo: 1. Setup: side 1 ") and "tank" not in out and "C9" not in out
