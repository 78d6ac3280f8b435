"""What the app remembers between runs: the window's size and docks, the match of last time
(plain ``referee`` reopens it; a new demo only when there is none or its file is gone),
File > Open Recent, File > New demo match; and the window's own folding of its docks."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_window import demo_window
from PySide6.QtCore import QSettings, QSize, Qt

from referee.app.start.app import make_window
from referee.match.setup.demo import create_demo_match
from referee.rules.orders.commands import Correct


@pytest.fixture
def settings(tmp_path, monkeypatch) -> QSettings:
    monkeypatch.setenv("REFEREE_MATCHES", str(tmp_path / "matches"))  # where demos go
    return QSettings(str(tmp_path / "referee.ini"), QSettings.Format.IniFormat)


def window_on(qtbot, path: Path | None, settings: QSettings):
    window = make_window(path, settings)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def match(tmp_path: Path, name: str) -> Path:
    path = tmp_path / name
    create_demo_match(path).close()
    return path


def demos(tmp_path: Path) -> list[Path]:
    return sorted((tmp_path / "matches").glob("demo-*.referee"))


def test_plain_referee_reopens_the_match_of_last_time(qtbot, tmp_path, settings):
    first = window_on(qtbot, None, settings)  # nothing remembered yet: a new demo
    path = first.session.path
    assert demos(tmp_path) == [path]
    first.run_step("Correction", [Correct(uid="tank", set={"facing": 2})])
    first.close()
    again = window_on(qtbot, None, settings)
    assert again.session.path == path  # no second demo file
    assert demos(tmp_path) == [path]
    assert again.session.state.unit("tank").facing == 2


def test_a_new_demo_only_when_the_last_match_is_gone(qtbot, tmp_path, settings):
    last = match(tmp_path, "last-night.referee")
    window_on(qtbot, last, settings).close()
    last.unlink()
    window = window_on(qtbot, None, settings)
    assert window.session.path in demos(tmp_path)
    assert (
        f"The match of last time ({last.resolve()}) is gone" in window.statusBar().currentMessage()
    )


def test_the_window_size_and_its_docks_are_remembered(qtbot, tmp_path, settings):
    window = window_on(qtbot, match(tmp_path, "a.referee"), settings)
    window.resize(760, 580)  # within the offscreen screen (800x800)
    window.rules_dock.close()
    window.inspector_dock.setFloating(True)
    qtbot.waitUntil(lambda: window.size() == QSize(760, 580))
    window.close()
    again = window_on(qtbot, None, settings)
    assert again.size() == QSize(760, 580)
    assert not again.rules_dock.isVisible()
    assert again.inspector_dock.isFloating()
    assert again.docks_placed  # the layout of last time, not fitted anew


def test_open_recent_lists_the_matches_the_last_first(qtbot, tmp_path, settings):
    a, b = match(tmp_path, "a.referee"), match(tmp_path, "b.referee")
    window = window_on(qtbot, a, settings)
    window.open_match(b)
    window.fill_recent()
    actions = window.recent_menu.actions()
    assert [x.text() for x in actions] == ["&1 b.referee", "&2 a.referee"]
    actions[1].trigger()
    assert window.session.path == a
    window.fill_recent()
    assert [x.text() for x in window.recent_menu.actions()] == ["&1 a.referee", "&2 b.referee"]
    b.unlink()
    window.fill_recent()
    gone = window.recent_menu.actions()[1]
    assert gone.text() == "&2 b.referee (gone)" and not gone.isEnabled()


def test_new_demo_match_makes_a_new_one_and_it_becomes_the_last(qtbot, tmp_path, settings):
    window = window_on(qtbot, match(tmp_path, "a.referee"), settings)
    window.new_action.trigger()  # File > New demo match
    made = demos(tmp_path)
    assert len(made) == 1 and window.session.path == made[0]
    window.close()
    assert window_on(qtbot, None, settings).session.path == made[0]


def test_fold_the_docks_leaves_the_map_and_unfolds_them_again(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    open_before = [
        d
        for d in (window.tracker_dock, window.journal_dock, window.inspector_dock)
        if d.isVisible()
    ]
    width = window.view.width()
    qtbot.keyClick(window.view, Qt.Key.Key_D)
    assert not any(d.isVisible() for d in open_before)
    qtbot.waitUntil(lambda: window.view.width() > width)
    qtbot.keyClick(window.view, Qt.Key.Key_D)
    assert all(d.isVisible() for d in open_before)
    qtbot.waitUntil(lambda: not window.inspector_dock.visibleRegion().isEmpty())  # in front


def test_the_journal_ten_rows_tall_on_demand(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    table = window.journal.table
    row = table.verticalHeader().defaultSectionSize()
    window.resizeDocks([window.journal_dock], [5 * row], Qt.Orientation.Vertical)
    qtbot.waitUntil(lambda: table.viewport().height() < 10 * row)
    qtbot.keyClick(window.view, Qt.Key.Key_J)
    qtbot.waitUntil(lambda: table.viewport().height() >= 10 * row)


def test_a_match_of_the_activation_rules_is_in_open_recent_and_reopens_in_the_window(
    qtbot, tmp_path, settings
):
    from referee.match.journal.journal_text import read_journal, replay_journal
    from referee.paths import data_dir

    activation = tmp_path / "crossroads.referee"
    replay_journal(
        read_journal(data_dir() / "journals" / "activation-crossroads.journal"), activation
    ).close()
    window = window_on(qtbot, match(tmp_path, "a.referee"), settings)
    window.open_match(activation)
    assert window.session is not None and window.session.system == "activation"
    window.fill_recent()
    actions = window.recent_menu.actions()
    assert [x.text() for x in actions] == ["&1 crossroads.referee", "&2 a.referee"]
    actions[1].trigger()  # back to the match of written orders, in the same window
    assert window.session.system == "orders"
    window.fill_recent()
    window.recent_menu.actions()[1].trigger()
    assert window.session.system == "activation"
    assert window.session.match.path.resolve() == activation.resolve()
    window.close()
    # plain referee next time: the activation match of last time opens in the window, and
    # no new demo is written
    before = demos(tmp_path)
    again = window_on(qtbot, None, settings)
    assert again.session is not None and again.session.system == "activation"
    assert again.session.match.path.resolve() == activation.resolve()
    assert demos(tmp_path) == before
    assert "could not be opened" not in again.statusBar().currentMessage()


def test_an_activation_match_opened_by_name_is_the_match_of_last_time(qtbot, tmp_path):
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from referee.app.start.app import run_app
    from referee.app.window.main_window import MainWindow
    from referee.app.window.remembered import RECENT_KEY, Remembered
    from referee.match.journal.journal_text import read_journal, replay_journal
    from referee.paths import data_dir

    activation = tmp_path / "crossroads.referee"
    replay_journal(
        read_journal(data_dir() / "journals" / "activation-crossroads.journal"), activation
    ).close()
    user = QSettings()  # what `referee FILE` remembers: the user's own settings
    kept = user.value(RECENT_KEY, [])
    try:
        QTimer.singleShot(0, QApplication.quit)  # the window shown, then the app left
        assert run_app(activation) == 0
        assert Remembered(QSettings()).last_match() == activation.resolve()
    finally:
        user.setValue(RECENT_KEY, kept)
        for widget in QApplication.topLevelWidgets():
            if isinstance(widget, MainWindow):
                widget.close()
                widget.deleteLater()
