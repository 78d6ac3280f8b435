"""A switch of games in the one window is whole or not at all: when the new match's game
cannot put its panels and wizards in, the window stays on the match open before (its
title, map, Turn dock, journal, undo), and a dialog says which file was not opened and
why (s9 trial, defect 2: the Turn dock showed the activation panel, the rest the main
game)."""

from __future__ import annotations

import pytest
from app_window import demo_window
from shiboken6 import invalidate

from referee.match.journal.journal_text import read_journal, replay_journal
from referee.paths import data_dir

JOURNAL = data_dir() / "journals" / "activation-crossroads.journal"


@pytest.fixture(autouse=True)
def private_folders(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_MATCHES", str(tmp_path / "matches"))
    monkeypatch.setenv("REFEREE_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path / "home"))


def test_a_game_that_cannot_attach_leaves_the_window_on_the_match_before(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    before = window.session
    assert before is not None
    title, steps = window.windowTitle(), window.journal.model.rowCount()
    crossroads = tmp_path / "crossroads.referee"
    replay_journal(read_journal(JOURNAL), crossroads).close()
    invalidate(window.menus["&Wizards"])  # the trial's state: Qt has the menu, Python lost it
    window.open_match(crossroads)
    assert window.session is before
    assert window.game is not None and window.game.SYSTEM == "orders"
    assert window.windowTitle() == title
    assert window.tracker_dock.widget() is window.tracker  # the main game's Turn dock
    assert window.journal.model.rowCount() == steps
    assert window.undo_group.activeStack() is before.undo_stack
    box = window.refused_open_dialog
    assert box is not None
    text = box.text()
    assert "crossroads.referee was not opened" in text
    assert "could not show its match: RuntimeError" in text
    assert "demo.referee, stays open as it was" in text
    window.next_in_game()  # the match before goes on: its next step's wizard opens
    assert window.wizard_host.wizard is not None
