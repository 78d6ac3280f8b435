"""Every menu of the main window gives each of its entries its own mnemonic (the underlined
letter Alt or the open menu picks): two entries with the same letter make the key pick the
first only. Checked on the menu bar and every menu and submenu, with a match of each game
system open (each adds its own entries)."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from app_window import activation_window, demo_window
from PySide6.QtWidgets import QMenu, QMenuBar, QWidget

from referee.match.journal.journal_text import read_journal, replay_journal
from referee.paths import data_dir

JOURNAL = data_dir() / "journals" / "activation-crossroads.journal"


@pytest.fixture(autouse=True)
def private_folders(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_MATCHES", str(tmp_path / "matches"))
    monkeypatch.setenv("REFEREE_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path / "home"))


def mnemonic(text: str) -> str | None:
    """The letter after a single ``&`` (``&&`` is a literal ampersand), lower case."""
    found = re.search(r"(?<!&)&([^&])", text.replace("&&", ""))
    return found.group(1).lower() if found else None


def clashes(widget: QWidget, where: str) -> list[str]:
    """Each letter two or more visible entries of ``widget`` (a menu bar or a menu) share,
    with theirs in the submenus."""
    shown = [a for a in widget.actions() if a.isVisible() and not a.isSeparator()]
    letters = Counter(m for a in shown if (m := mnemonic(a.text())) is not None)
    found = [
        f"{where}: '{letter}' in "
        + ", ".join(repr(a.text()) for a in shown if mnemonic(a.text()) == letter)
        for letter, n in letters.items()
        if n > 1
    ]
    for a in shown:
        sub = a.menu()
        if isinstance(sub, QMenu):
            found += clashes(sub, f"{where} > {a.text()}")
    return found


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
