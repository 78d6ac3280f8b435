"""A referee is never stuck in the window of the activation rules: its File menu makes and
opens matches as the main window's does (a match of written orders opens in the main window,
made and shown then if the program started on an activation match), Ctrl+Z undoes the last
step from a field with nothing typed to undo, closing the last window ends the program, the
command line stays put as the game's words change, and the tokens are readable at 1366x768."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from app_window import demo_window
from PySide6.QtCore import QPoint, QSettings, Qt, QUrl
from PySide6.QtGui import QKeySequence

from referee.app.activation.items import TEXT_SIZE
from referee.app.activation.window import ActivationWindow
from referee.app.app import waiting_window
from referee.app.main_window import MainWindow
from referee.match.journal.journal_text import read_journal, replay_journal
from referee.paths import data_dir

JOURNAL = data_dir() / "journals" / "activation-crossroads.journal"


@pytest.fixture(autouse=True)
def private_folders(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_MATCHES", str(tmp_path / "matches"))
    monkeypatch.setenv("REFEREE_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path / "home"))


def crossroads(tmp_path: Path, name: str = "crossroads.referee") -> Path:
    path = tmp_path / name
    replay_journal(read_journal(JOURNAL), path).close()
    return path


def file_menu_texts(window) -> list[str]:
    (file,) = [a.menu() for a in window.menuBar().actions() if a.text() == "&File"]
    return [a.text() for a in file.actions() if not a.isSeparator()]


def test_the_file_menu_is_the_main_windows_for_making_and_opening_matches(qtbot, tmp_path):
    main = demo_window(qtbot, tmp_path)
    window = ActivationWindow.open(crossroads(tmp_path), home=lambda: main)
    qtbot.addWidget(window)
    ours, theirs = file_menu_texts(window), file_menu_texts(main)
    shared = [
        "&New match…",
        "New &demo match",
        "New demo match, &first draft",
        "New match of the &activation rules…",
        "&Open…",
        "Open &Recent",
        "&Quit",
    ]
    assert [t for t in ours if t in shared] == [t for t in theirs if t in shared] == shared
    actions = window.file_actions
    assert actions["open"].shortcut() == QKeySequence(QKeySequence.StandardKey.Open)
    assert actions["new"].shortcut() == QKeySequence(QKeySequence.StandardKey.New)
    assert all(a.isEnabled() for a in actions.values())


def test_new_demo_from_an_activation_window_shows_the_main_window_it_waited_in(qtbot, tmp_path):
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    homes: list[MainWindow] = []

    def home() -> MainWindow:
        if not homes:
            homes.append(waiting_window(settings))
            qtbot.addWidget(homes[0])
        return homes[0]

    window = ActivationWindow.open(crossroads(tmp_path), home=home)
    qtbot.addWidget(window)
    window.show()
    assert not homes  # no main window until the menu needs one
    window.file_actions["demo"].trigger()
    (main,) = homes
    assert main.isVisible() and main.session is not None
    assert main.session.path.name.startswith("demo-")
    assert window.isVisible()  # the activation match stays open in its own window


def test_open_recent_opens_an_activation_match_in_a_window_of_its_own(qtbot, tmp_path):
    main = demo_window(qtbot, tmp_path)
    main.remembered = None
    other = crossroads(tmp_path, "other.referee")
    settings = QSettings()
    from referee.app.remembered import Remembered

    Remembered(settings).add_recent(other)
    window = ActivationWindow.open(crossroads(tmp_path), home=lambda: main)
    qtbot.addWidget(window)
    window.fill_recent()
    (first, *_) = window.recent_menu.actions()
    assert first.text().endswith("other.referee") and first.isEnabled()
    first.trigger()
    (opened,) = main.other_windows
    qtbot.addWidget(opened)
    assert isinstance(opened, ActivationWindow) and opened.match.path == other
    assert opened.parentWidget() is None  # a window of its own: not closed with the main one


def test_ctrl_z_in_an_empty_command_line_undoes_the_step_and_typing_first(qtbot, tmp_path):
    window = ActivationWindow.open(crossroads(tmp_path))
    qtbot.addWidget(window)
    with qtbot.waitActive(window):
        window.show()
        window.activateWindow()
    steps = len([s for s in window.match.steps() if not s.undone])
    window.command.setFocus()
    qtbot.keyClicks(window.command, "pass")
    qtbot.keyClick(window.command, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.command.text() == ""  # the typing was undone, not the step
    assert len([s for s in window.match.steps() if not s.undone]) == steps
    qtbot.keyClick(window.command, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert len([s for s in window.match.steps() if not s.undone]) == steps - 1
    qtbot.keyClick(window.dice, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert len([s for s in window.match.steps() if not s.undone]) == steps - 2
    qtbot.keyClick(  # the command line could redo its typing: it does, the steps stay
        window.command,
        Qt.Key.Key_Z,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    assert window.command.text() == "pass"
    assert len([s for s in window.match.steps() if not s.undone]) == steps - 2
    window.command.setText("")  # a text set anew: nothing to undo or redo
    qtbot.keyClick(
        window.command,
        Qt.Key.Key_Z,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    assert len([s for s in window.match.steps() if not s.undone]) == steps - 1


def test_the_command_line_stays_put_as_the_games_words_change(qtbot, tmp_path):
    window = ActivationWindow.open(crossroads(tmp_path))
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)

    def where() -> QPoint:
        return window.command.mapTo(window, QPoint(0, 0))

    before, asked = where(), window.asked.text()
    window.undo()  # another side's turn: other words
    window.asked.setText(asked + "\n" + "a much longer question " * 40)
    qtbot.wait(10)
    assert where() == before


def test_tokens_are_readable_at_1366x768(qtbot, tmp_path):
    window = ActivationWindow.open(crossroads(tmp_path))
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    window.place_docks(window.size())
    qtbot.wait(10)
    window.view.fit()
    on_screen = TEXT_SIZE * window.view.transform().m11()
    assert on_screen >= 8.5, f"a token's letters are {on_screen:.1f} px"


def test_closing_the_last_window_ends_the_program(tmp_path):
    """A real process started on an activation match: File > New demo match shows the main
    window; closing it leaves the activation window (the program goes on); closing that one
    ends the program."""
    path = crossroads(tmp_path)
    script = textwrap.dedent(
        """
        import sys
        from PySide6.QtCore import QTimer
        from PySide6.QtWidgets import QApplication
        from referee.app.app import ensure_app, run_app

        ensure_app()  # the timers below need the application first

        def windows():
            return {type(w).__name__: w for w in QApplication.topLevelWidgets()
                    if type(w).__name__ in ("MainWindow", "ActivationWindow")}

        def demo():
            windows()["ActivationWindow"].file_actions["demo"].trigger()
            QTimer.singleShot(300, close_main)

        def close_main():
            main = windows()["MainWindow"]
            print("main shown", main.isVisible(), flush=True)
            main.close()
            QTimer.singleShot(300, close_last)

        def close_last():
            print("still running", windows()["ActivationWindow"].isVisible(), flush=True)
            windows()["ActivationWindow"].close()

        QTimer.singleShot(500, demo)
        sys.exit(run_app(sys.argv[1]))
        """
    )
    root = str(Path(__file__).resolve().parents[2])  # this checkout's referee
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": root}
    done = subprocess.run(
        [sys.executable, "-c", script, str(path)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "main shown True" in done.stdout
    assert "still running True" in done.stdout


def test_the_line_of_sight_tool_answers_over_the_activation_map(qtbot, tmp_path):
    from app_window import view_point

    from referee.board.hexgrid import parse_label
    from referee.board.los import line_of_sight
    from referee.rules.activation.game import sight

    window = ActivationWindow.open(crossroads(tmp_path))
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    command = window.command.text()
    window.toggle_los()
    assert window.los_panel.mode == "los" and window.los_dock.isVisible()
    for label in ("F7", "J10"):
        qtbot.mouseClick(
            window.view.viewport(),
            Qt.MouseButton.LeftButton,
            pos=view_point(window, parse_label(label)),
        )
    assert window.command.text() == command  # the clicks were the tool's, not the command's
    shown = window.los_panel.sight
    assert shown is not None and (shown.start, shown.end) == (parse_label("F7"), parse_label("J10"))
    board = sight(window.match.game, window.match.state)
    assert shown == line_of_sight(board, shown.start, shown.end, None, None)
    assert "F7 to J10" in window.los_panel.prompt.text()
    assert "los.straight-line" in window.los_panel.result.toHtml()
    window.stop_tool()
    assert window.los_panel.mode == ""
    window.los_panel.result.anchorClicked.emit(QUrl("clause:los.straight-line"))
    assert window.rules_dock.isVisible()
    assert window.rules_browser.current == "clause:los.straight-line"
    assert "straight" in window.rules_browser.detail.toPlainText().lower()


def test_a_journal_rows_why_opens_in_the_rules_dock(qtbot, tmp_path):
    window = ActivationWindow.open(crossroads(tmp_path))
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    model = window.journal.table.model()
    why = next(
        model.index(row, column)
        for row in range(model.rowCount())
        for column in range(model.columnCount())
        if model.headerData(column, Qt.Orientation.Horizontal) == "Why"
        and "activation." in str(model.index(row, column).data())
    )
    window.journal.table.scrollTo(why)
    rect = window.journal.table.visualRect(why)
    qtbot.mouseClick(
        window.journal.table.viewport(),
        Qt.MouseButton.LeftButton,
        pos=rect.topLeft() + QPoint(6, rect.height() // 2),
    )
    assert window.rules_dock.isVisible()
    assert "activation." in window.rules_browser.detail.toPlainText()
