"""What the window looks like after a switch between the two games, and the activation
game's names in it (s9 trial, small ones): the Turn dock gives back the height the main
game had, the journal's Step column says a typed step in words, the Wizards menu and the
Turn dock's buttons name each wizard alike, and the activation wizards have their one-key
letters as the main game's have G, A, O and M."""

from __future__ import annotations

import pytest
from app_window import activation_window, demo_window

from referee.match.games.activation_file import ActivationMatch
from referee.match.journal.journal_text import read_journal, replay_journal
from referee.paths import data_dir

JOURNAL = data_dir() / "journals" / "activation-crossroads.journal"


@pytest.fixture(autouse=True)
def private_folders(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_MATCHES", str(tmp_path / "matches"))
    monkeypatch.setenv("REFEREE_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path / "home"))


def test_back_on_the_main_game_the_turn_dock_has_its_height_again(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    main = window.session.path
    turn, journal = window.tracker_dock.height(), window.journal_dock.height()
    crossroads = tmp_path / "crossroads.referee"
    replay_journal(read_journal(JOURNAL), crossroads).close()
    window.open_match(crossroads)
    qtbot.waitUntil(lambda: window.tracker_dock.height() > turn)  # the taller panel
    window.open_match(main)
    qtbot.waitUntil(lambda: window.tracker_dock.height() == turn)
    assert window.journal_dock.height() == journal


def test_a_step_typed_as_a_command_shows_in_words_in_the_journal(qtbot, tmp_path):
    journal = read_journal(JOURNAL)
    path = tmp_path / "typed.referee"
    ActivationMatch.create(path, units=journal.units, seed=journal.seed).close()
    window = activation_window(qtbot, path)
    panel = window.game.panel
    panel.command.setText("present")  # typed as the command line takes it
    panel.dice.setText("1")
    assert window.game.play() is not None
    panel.command.setText("ban side=1 mission=open-field")
    assert window.game.play() is not None
    steps = [(row.step, row.step_name) for row in window.journal.model.rows]
    # what each step decided (the main game's Step column says its steps in words too)
    assert steps[0] == (1, "both armies presented")
    assert steps[-1] == (2, "side 1 bans open-field")


def test_the_activation_wizards_have_one_name_and_a_key_each(qtbot, tmp_path):
    crossroads = tmp_path / "crossroads.referee"
    replay_journal(read_journal(JOURNAL), crossroads).close()
    window = activation_window(qtbot, crossroads)
    items = {
        a.text().replace("&", ""): a.shortcut().toString()
        for a in window.menus["&Wizards"].actions()
        if a.isVisible()
    }
    buttons = [b.text() for b in window.game.panel.buttons.values()]
    assert sorted(items) == sorted(buttons)  # the menu's names are the buttons' names
    assert items["Enter from the reserves…"] == "V"
    assert items["Activate…"] == "A"
    assert all(len(key) == 1 for key in items.values()), items
    taken = {"D", "F", "J", "L", "N"}  # the window's own one-key shortcuts
    assert len(set(items.values())) == len(items) and not taken & set(items.values())
