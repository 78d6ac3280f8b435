"""A window too small for the docks beside a usable map (the map under
:data:`USABLE_MAP_CHARS` characters with the docks at their least widths: about 190 px and no
hex labels at 800x620) folds the docks away by itself, says so once in the status bar, and
unfolds them when the window has the room again; docks the referee folded (D) stay his."""

from __future__ import annotations

import pytest
from app_window import demo_window

from referee.app.window.docks_give_way import FOLDED_MESSAGE, FOLDED_TIP, USABLE_MAP_CHARS


@pytest.fixture(autouse=True)
def private_folders(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_MATCHES", str(tmp_path / "matches"))
    monkeypatch.setenv("REFEREE_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path / "home"))


def resized(qtbot, window, width: int, height: int) -> None:
    window.resize(width, height)
    qtbot.waitUntil(lambda: window.width() == width and window.height() == height)
    qtbot.wait(50)  # the docks laid out again, the fold (queued)


def test_a_window_too_small_for_the_docks_folds_them_and_says_so(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    assert window.tracker_dock.isVisible() and window.inspector_dock.isVisible()
    resized(qtbot, window, 800, 620)
    char = window.fontMetrics().averageCharWidth()
    assert not window.tracker_dock.isVisible() and not window.journal_dock.isVisible()
    assert not window.inspector_dock.isVisible()
    qtbot.waitUntil(lambda: window.view.width() >= USABLE_MAP_CHARS * char)  # not ~190 px
    assert window.statusBar().currentMessage() == FOLDED_MESSAGE
    assert window.statusBar().toolTip() == FOLDED_TIP  # the whole, where the bar cuts it
    room = window.statusBar().width() - window.where.sizeHint().width()
    assert window.statusBar().fontMetrics().horizontalAdvance(FOLDED_MESSAGE) < room
    assert window.fold_action.isChecked()  # D unfolds them


def test_the_docks_come_back_when_the_window_has_the_room(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    resized(qtbot, window, 800, 620)
    window.statusBar().clearMessage()
    resized(qtbot, window, 780, 600)  # smaller still: said once, not at every resize
    assert window.statusBar().currentMessage() == ""
    resized(qtbot, window, 1366, 768)
    assert window.tracker_dock.isVisible() and window.inspector_dock.isVisible()
    char = window.fontMetrics().averageCharWidth()
    qtbot.waitUntil(lambda: window.view.width() >= USABLE_MAP_CHARS * char)
    assert not window.fold_action.isChecked()


def test_docks_the_referee_folded_stay_folded_and_unfolded_stay_his(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    window.fold_docks()  # D
    resized(qtbot, window, 800, 620)
    resized(qtbot, window, 1366, 768)
    assert not window.tracker_dock.isVisible()  # folded by the referee: his to unfold
    window.fold_docks()
    assert window.tracker_dock.isVisible()


def test_the_message_goes_when_the_docks_come_back(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    resized(qtbot, window, 800, 620)
    assert window.statusBar().currentMessage() == FOLDED_MESSAGE
    resized(qtbot, window, 1300, 720)
    assert window.tracker_dock.isVisible()
    assert window.statusBar().currentMessage() != FOLDED_MESSAGE


def test_a_window_that_opens_too_small_folds_its_docks_before_the_map_is_shown(qtbot, tmp_path):
    """A netbook's screen (the offscreen one is 800 px wide): the app's start opens the window
    at the screen's size, too small for the docks beside a usable map, and folds them at once,
    not at the first resize (which may never come): the first frame of the match has the map."""
    from PySide6.QtCore import QSettings

    from referee.app.start.app import begin_window

    settings = QSettings(str(tmp_path / "referee.ini"), QSettings.Format.IniFormat)
    window, finish = begin_window(None, settings)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    char = window.fontMetrics().averageCharWidth()
    wanted = (60 + 52 + USABLE_MAP_CHARS) * char  # the docks' first widths beside a usable map
    assert window.width() < wanted, "this test needs a screen too small for the docks"
    finish()
    assert not window.tracker_dock.isVisible() and not window.inspector_dock.isVisible()
    assert window.fold_action.isChecked()  # at once, not at a resize
    qtbot.waitUntil(lambda: window.view.width() >= USABLE_MAP_CHARS * char)
    assert window.fold_action.isChecked()  # D unfolds them
    window.fold_docks()
    assert window.tracker_dock.isVisible()  # the referee's now


def shown_at(qtbot, path, width: int, height: int, settings=None):
    """A main window on the match at ``path``, made and shown at ``width`` x ``height`` (not
    through the app's start), kept in ``settings`` when given."""
    from referee.app.window.main_window import MainWindow

    window = MainWindow() if settings is None else MainWindow(settings=settings)
    qtbot.addWidget(window)
    window.resize(width, height)
    window.open_match(path)
    window.show()
    qtbot.waitExposed(window)
    return window


def demo_file(tmp_path):
    from referee.match.setup.demo import create_demo_match

    path = tmp_path / "demo.referee"
    create_demo_match(path).close()
    return path


def test_a_window_shown_too_small_folds_its_docks(qtbot, tmp_path):
    """A window made and shown at a small size (not through the app's start) folds too."""
    window = shown_at(qtbot, demo_file(tmp_path), 780, 600)
    qtbot.waitUntil(lambda: not window.tracker_dock.isVisible())
    assert window.statusBar().currentMessage() == FOLDED_MESSAGE
    char = window.fontMetrics().averageCharWidth()
    qtbot.waitUntil(lambda: window.view.width() >= USABLE_MAP_CHARS * char)


def test_docks_folded_at_quit_come_back_at_the_next_start(qtbot, tmp_path):
    """The fold is the moment's (a window too small): the layout kept for the next start
    has the docks, so a window started on a larger screen shows them."""
    from PySide6.QtCore import QSettings

    from referee.app.window.main_window import MainWindow

    settings = QSettings(str(tmp_path / "referee.ini"), QSettings.Format.IniFormat)
    path = demo_file(tmp_path)
    window = shown_at(qtbot, path, 780, 600, settings)
    qtbot.waitUntil(lambda: not window.tracker_dock.isVisible())
    window.close()

    again = MainWindow(settings=settings)
    qtbot.addWidget(again)
    assert again.remembered is not None and again.remembered.restore_window(again)
    again.resize(1366, 768)
    again.open_match(path)
    again.show()
    qtbot.waitExposed(again)
    assert again.tracker_dock.isVisible() and again.inspector_dock.isVisible()
    assert not again.fold_action.isChecked()
