"""The menu bar's titles are all there, in their places, from the window's first frame (s7-user
defect 10: View seemed to come seconds later and push Turn, Tools... to the right): the panels,
the menus' actions and a match of either game system come after it and fill the menus, never
add, hide or move a title."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings

from referee.app.start.app import begin_window
from referee.match.journal.journal_text import read_journal, replay_journal
from referee.paths import data_dir

TITLES = ["&File", "&Edit", "&View", "&Turn", "T&ools", "&Wizards", "&Help"]


@pytest.fixture(autouse=True)
def private_folders(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_MATCHES", str(tmp_path / "matches"))
    monkeypatch.setenv("REFEREE_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path / "home"))


def titles(window) -> list[tuple[str, int, int]]:
    """Each title shown on the bar, with where it starts and its width."""
    bar = window.menuBar()
    shown = []
    for action in bar.actions():
        place = bar.actionGeometry(action)
        if action.isVisible() and not place.isEmpty():
            shown.append((action.text(), place.x(), place.width()))
    return shown


def test_every_menu_title_is_in_its_place_at_the_first_frame_and_stays(qtbot, tmp_path):
    settings = QSettings(str(tmp_path / "referee.ini"), QSettings.Format.IniFormat)
    window, finish = begin_window(None, settings)
    qtbot.addWidget(window)
    window.resize(1024, 600)
    window.show()
    qtbot.waitExposed(window)
    assert not window.panels_built  # the first frame: the engine not loaded yet
    first = titles(window)
    assert [t for t, _, _ in first] == TITLES
    finish()  # the panels, the menus' actions, the demo match
    qtbot.wait(1)
    assert window.session is not None and window.menus["&View"].actions()
    assert titles(window) == first
    activation = tmp_path / "crossroads.referee"
    journal = data_dir() / "journals" / "activation-crossroads.journal"
    replay_journal(read_journal(journal), activation).close()
    window.open_match(activation)  # the other game's menus, the same titles
    qtbot.wait(1)
    assert window.session is not None and window.session.system == "activation"
    assert titles(window) == first
