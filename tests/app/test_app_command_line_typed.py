"""Typed end to end in the window (issue 26): the activation rules' command line reads the
referee's line into the game's command value at the app's edge (the game system's
``parse_command``); a line it cannot read is refused naming the word that is wrong, and the
match file is not touched; the session runs command values only, never a table or a line."""

from __future__ import annotations

import pytest
from app_window import activation_window, demo_window
from PySide6.QtCore import Qt

from referee.match.journal.journal_file import MatchFileError
from referee.match.journal.journal_text import read_journal, replay_journal
from referee.paths import data_dir
from referee.rules.activation.commands import Shoot

JOURNAL = data_dir() / "journals" / "activation-crossroads.journal"


@pytest.fixture(autouse=True)
def private_folders(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_MATCHES", str(tmp_path / "matches"))
    monkeypatch.setenv("REFEREE_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path / "home"))


@pytest.fixture
def window(qtbot, tmp_path):
    path = tmp_path / "crossroads.referee"
    replay_journal(read_journal(JOURNAL), path).close()
    return activation_window(qtbot, path)


def play(qtbot, window, line: str, dice: str = "") -> None:
    qtbot.keyClicks(window.game.panel.command, line)
    if dice:
        qtbot.keyClicks(window.game.panel.dice, dice)
    qtbot.mouseClick(window.game.panel.play_button, Qt.MouseButton.LeftButton)


@pytest.mark.parametrize(
    ("line", "wrong"),
    [
        ("jump uid=buggy path=H9:S", "'jump' is not a command of the activation rules"),
        ("move uid=buggy pth=H9:S", "unknown key 'pth'"),
        ("move uid=buggy path=ZZ", "'ZZ' is not a hex label"),
        ("shoot uid=buggy shots=mg>tank now", "'now' is not KEY=VALUE"),
    ],
)
def test_a_line_that_cannot_be_read_names_the_wrong_word_and_writes_nothing(
    qtbot, window, line, wrong
):
    before = window.session.match.path.read_bytes()
    steps = window.session.undo_stack.count()
    play(qtbot, window, line)
    said = window.game.panel.outcome.text()
    assert said.startswith("Refused, nothing written") and wrong in said
    assert wrong in window.statusBar().currentMessage()
    assert window.game.panel.command.text() == line  # kept, to be corrected
    assert window.session.undo_stack.count() == steps
    assert window.session.match.path.read_bytes() == before


def test_the_line_reaches_the_session_as_the_games_command_value(qtbot, window, monkeypatch):
    handed: list[object] = []
    run_step = window.session.run_step

    def spy(name, commands, *args):
        handed.extend(commands)
        return run_step(name, commands, *args)

    monkeypatch.setattr(window.session, "run_step", spy)
    # side 2's buggy shoots its machine gun (d12) at the tank (armor 9): a typed 9 hits
    play(qtbot, window, "shoot uid=buggy shots=mg>tank", "9")
    assert [type(c) for c in handed] == [Shoot]
    assert handed[0].text() == "shoot uid=buggy shots=mg>tank"
    assert window.session.match.state.pieces["tank"].health == 4
    window.undo_group.undo()
    assert window.session.match.state.pieces["tank"].health == 5
    window.undo_group.redo()
    assert window.session.match.state.pieces["tank"].health == 4
    assert window.session.match.replay_check() == []


@pytest.mark.parametrize(
    "given",
    [{"kind": "correct", "uid": "grunts", "set": {"shaken": 1}}, "correct uid=grunts shaken=1"],
)
def test_the_session_runs_command_values_only(qtbot, tmp_path, given):
    window = demo_window(qtbot, tmp_path)
    before = window.session.match.path.read_bytes()
    steps = window.session.undo_stack.count()
    with pytest.raises(MatchFileError, match="command values, not"):
        window.session.run_step("Shaken", [given])
    assert window.session.undo_stack.count() == steps
    assert window.session.match.path.read_bytes() == before
