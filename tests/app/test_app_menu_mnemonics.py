"""Every menu of the main window gives each of its entries its own mnemonic (the underlined
letter Alt or the open menu picks): two entries with the same letter make the key pick the
first only. Checked on the menu bar and every menu and submenu, with a match of each game
system open (each adds its own entries)."""

from __future__ import annotations

import pytest
from app_window import activation_window, demo_window
from mnemonics import clashes, mnemonic
from PySide6.QtWidgets import QMenuBar

from referee.match.journal.journal_text import read_journal, replay_journal
from referee.paths import data_dir

JOURNAL = data_dir() / "journals" / "activation-crossroads.journal"


@pytest.fixture(autouse=True)
def private_folders(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_MATCHES", str(tmp_path / "matches"))
    monkeypatch.setenv("REFEREE_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path / "home"))


def menu_bar(window) -> QMenuBar:
    return window.menuBar()


def test_no_two_entries_of_a_menu_share_a_mnemonic_in_the_written_orders_game(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    assert clashes(menu_bar(window), "menu bar") == []


def test_no_two_entries_of_a_menu_share_a_mnemonic_in_the_activation_game(qtbot, tmp_path):
    path = tmp_path / "crossroads.referee"
    replay_journal(read_journal(JOURNAL), path).close()
    window = activation_window(qtbot, path)
    assert clashes(menu_bar(window), "menu bar") == []


def test_the_mnemonic_letter_is_read_as_qt_reads_it():
    assert mnemonic("New match of the &activation rules…") == "a"
    assert mnemonic("Fish && &chips") == "c"
    assert mnemonic("Undo") is None


def test_no_two_entries_of_a_menu_share_a_mnemonic_in_the_map_editor(qtbot, tmp_path):
    from referee.app.map_editor.window import MapEditorWindow

    window = demo_window(qtbot, tmp_path)
    window.map_editor_action.trigger()
    editor = window.findChild(MapEditorWindow)
    assert editor is not None
    assert clashes(editor.menuBar(), "map editor") == []


def test_no_two_keys_of_the_main_window_share_a_letter_in_either_game(qtbot, tmp_path):
    """Its menus, buttons, labels of a field, boxes' titles and tabs (the docks' too), each
    page of a tab shown in turn: one letter, one entry (the same rule as the desk's)."""
    from mnemonics import shown_ampersands

    window = demo_window(qtbot, tmp_path)
    assert clashes(window, "written orders") == [] and shown_ampersands(window) == []
    path = tmp_path / "crossroads.referee"
    replay_journal(read_journal(JOURNAL), path).close()
    window = activation_window(qtbot, path)
    assert clashes(window, "activation") == [] and shown_ampersands(window) == []


def test_every_entry_of_the_main_window_s_menus_has_a_letter_in_either_game(qtbot, tmp_path):
    """Alt, the menu's letter, the entry's letter: every entry, the docks' too (View), but
    an empty list's placeholder (Undo and Redo: see the next test)."""
    from mnemonics import unlettered

    dynamic = ("Open &Recent: '(no match",)
    window = demo_window(qtbot, tmp_path)
    found = unlettered(menu_bar(window), "written orders")
    assert [f for f in found if not any(d in f for d in dynamic)] == []
    path = tmp_path / "crossroads.referee"
    replay_journal(read_journal(JOURNAL), path).close()
    window = activation_window(qtbot, path)
    found = unlettered(menu_bar(window), "activation")
    assert [f for f in found if not any(d in f for d in dynamic)] == []


def test_undo_and_redo_keep_their_letter_whatever_the_step_is_called_in_either_game(
    qtbot, tmp_path
):
    """s7 (close6_noticed): Edit > Undo and Redo are named by their step; the letter is the
    first word's (U, R) with a step or without, and an ``&`` of the step's name is shown as
    written (doubled), never taken for the entry's letter."""
    from test_app_activation_more_wizards import CARRIER_ARMIES, TO_BATTLE, sample_window

    from referee.rules.activation.commands import parse_command

    window = demo_window(qtbot, tmp_path)
    assert window.redo_action.text() == "&Redo"  # nothing to redo: the word alone
    window.next_step(unfired="pass")
    assert mnemonic(window.undo_action.text()) == "u"
    window.undo_action.trigger()
    assert window.redo_action.text() == "&Redo Gunnery 1: nothing to do in 1 step"
    assert clashes(menu_bar(window), "menu bar") == []

    (tmp_path / "act").mkdir()
    window = sample_window(qtbot, tmp_path / "act", 0, units=CARRIER_ARMIES, commands=TO_BATTLE)
    window.run_step("Rifles & buggy: H13", [parse_command("move uid=rifles path=H13")])
    assert window.undo_action.text() == "&Undo Rifles && buggy: H13"
    assert mnemonic(window.undo_action.text()) == "u"
    window.undo_action.trigger()
    assert window.redo_action.text() == "&Redo Rifles && buggy: H13"
    assert mnemonic(window.redo_action.text()) == "r"
    assert clashes(menu_bar(window), "menu bar") == []


def test_the_map_editor_s_undo_and_redo_have_their_letter(qtbot, tmp_path):
    from referee.app.map_editor.window import MapEditorWindow

    window = demo_window(qtbot, tmp_path)
    window.map_editor_action.trigger()
    editor = window.findChild(MapEditorWindow)
    assert editor is not None
    qtbot.keyClicks(editor.side.name, "x")  # a rename: one step
    assert editor.undo_action.text() == "&Undo Rename"
    editor.undo_action.trigger()
    assert editor.redo_action.text() == "&Redo Rename"
    assert editor.undo_action.text() == "&Undo"
