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
from app_window import activation_window, demo_window
from PySide6.QtCore import QPoint, QSettings, Qt, QUrl
from PySide6.QtGui import QKeySequence

from referee.app.activation.items import TEXT_SIZE
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


def menu_texts(window) -> dict[str, list[str]]:
    return {
        a.text(): [x.text() for x in a.menu().actions() if not x.isSeparator() and x.isVisible()]
        for a in window.menuBar().actions()
    }


def test_the_menus_are_the_same_for_a_match_of_either_game(qtbot, tmp_path):
    main = demo_window(qtbot, tmp_path)
    orders = menu_texts(main)
    main.open_match(crossroads(tmp_path))
    assert main.session is not None and main.session.system == "activation"
    activation = menu_texts(main)
    assert list(activation) == list(orders)  # the same menus, in the same order
    for title in orders:  # the Wizards menu lists the game's own wizards
        if title == "&Edit":  # Undo and Redo are named after the match's own steps
            assert [t.split()[0] for t in activation[title]] == ["&Undo", "&Redo"]
        elif title != "&Wizards":
            assert activation[title] == orders[title], title
    shared = [
        "&New match…",
        "New &demo match",
        "New demo match, &first draft",
        "New match of the &activation rules…",
        "&Open…",
        "Open &Recent",
        "&Quit",
    ]
    assert [t for t in activation["&File"] if t in shared] == shared
    assert "&Deploy…" in activation["&Wizards"] and "&Deploy…" not in orders["&Wizards"]
    assert "&Gunnery: one fire action…" not in activation["&Wizards"]
    assert main.new_match_action.shortcut() == QKeySequence(QKeySequence.StandardKey.New)
    assert main.open_action.shortcut() == QKeySequence(QKeySequence.StandardKey.Open)


def test_the_setup_dock_is_greyed_and_the_unit_dock_shows_the_activation_units(qtbot, tmp_path):
    """The Setup dock shows a match of written orders: in an activation match its View
    menu item stays (the menus are the same) but is greyed, so the referee never opens an
    empty dock. The Unit dock shows each game's own inspector (issue 26: View > Unit works
    in the activation game too); back on a match of written orders both work as before."""
    main = demo_window(qtbot, tmp_path)
    unit = main.inspector_dock.toggleViewAction()
    setup = main.setup_dock.toggleViewAction()
    orders_inspector = main.inspector_dock.widget()
    assert unit.isEnabled() and setup.isEnabled()
    demo = main.session.match.path
    main.open_match(crossroads(tmp_path))
    assert main.session is not None and main.session.system == "activation"
    assert unit.isEnabled() and not setup.isEnabled()
    assert main.inspector_dock.widget() is main.game.inspector
    assert "&Unit" in menu_texts(main)["&View"]
    main.open_match(demo)
    assert main.session.system == "orders"
    assert unit.isEnabled() and setup.isEnabled()
    assert not main.inspector_dock.isHidden()
    assert main.inspector_dock.widget() is orders_inspector
    started = activation_window(qtbot, crossroads(tmp_path, "other.referee"))
    assert started.inspector_dock.toggleViewAction().isEnabled()
    assert not started.setup_dock.toggleViewAction().isEnabled()


def test_new_demo_from_an_activation_match_opens_in_the_same_window(qtbot, tmp_path):
    window = activation_window(qtbot, crossroads(tmp_path))
    window.new_action.trigger()
    assert window.session is not None and window.session.system == "orders"
    assert window.session.path.name.startswith("demo-")
    assert window.game is not None and window.game.SYSTEM == "orders"
    assert window.tracker_dock.widget() is window.tracker  # the orders game's Turn panel


def test_open_recent_opens_an_activation_match_in_the_same_window(qtbot, tmp_path):
    main = demo_window(qtbot, tmp_path)
    main.remembered = None
    other = crossroads(tmp_path, "other.referee")
    settings = QSettings()
    from referee.app.window.remembered import Remembered, fill_recent_menu

    fill_recent_menu(main.recent_menu, Remembered(settings).recent() or [other], main.open_match)
    (first, *_) = main.recent_menu.actions()
    assert first.text().endswith("other.referee") and first.isEnabled()
    assert "Standard battlefield" in main.where.text()  # the demo's map, in the status bar
    first.trigger()
    assert main.session is not None and main.session.match.path == other
    assert main.session.system == "activation"
    # the status bar names the match now open, not the one before
    assert main.where.text().startswith("Activation rules")
    assert "Standard battlefield" not in main.where.text()


def test_ctrl_z_in_an_empty_command_line_undoes_the_step_and_typing_first(qtbot, tmp_path):
    window = activation_window(qtbot, crossroads(tmp_path))
    with qtbot.waitActive(window):
        window.activateWindow()
    steps = len([s for s in window.session.match.steps() if not s.undone])
    window.game.panel.command.setFocus()
    qtbot.keyClicks(window.game.panel.command, "pass")
    qtbot.keyClick(window.game.panel.command, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.game.panel.command.text() == ""  # the typing was undone, not the step
    assert len([s for s in window.session.match.steps() if not s.undone]) == steps
    qtbot.keyClick(window.game.panel.command, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert len([s for s in window.session.match.steps() if not s.undone]) == steps - 1
    window.game.panel.dice.setFocus()  # the keys go to the field with the cursor
    qtbot.keyClick(window.game.panel.dice, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert len([s for s in window.session.match.steps() if not s.undone]) == steps - 2
    window.game.panel.command.setFocus()
    qtbot.keyClick(  # the command line could redo its typing: it does, the steps stay
        window.game.panel.command,
        Qt.Key.Key_Z,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    assert window.game.panel.command.text() == "pass"
    assert len([s for s in window.session.match.steps() if not s.undone]) == steps - 2
    window.game.panel.command.setText("")  # a text set anew: nothing to undo or redo
    qtbot.keyClick(
        window.game.panel.command,
        Qt.Key.Key_Z,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    assert len([s for s in window.session.match.steps() if not s.undone]) == steps - 1


def test_the_command_line_stays_put_as_the_games_words_change(qtbot, tmp_path):
    window = activation_window(qtbot, crossroads(tmp_path))
    qtbot.waitExposed(window)

    def where() -> QPoint:
        return window.game.panel.command.mapTo(window, QPoint(0, 0))

    before, asked = where(), window.game.panel.asked.text()
    window.undo_group.undo()  # another side's turn: other words
    window.game.panel.asked.setText(asked + "\n" + "a much longer question " * 40)
    qtbot.wait(10)
    assert where() == before


def test_tokens_are_readable_at_1366x768(qtbot, tmp_path):
    window = activation_window(qtbot, crossroads(tmp_path))
    qtbot.waitExposed(window)
    window.fit_docks()
    qtbot.wait(10)
    window.view.fit()
    on_screen = TEXT_SIZE * window.view.transform().m11()
    assert on_screen >= 8.5, f"a token's letters are {on_screen:.1f} px"


def test_closing_the_window_ends_the_program(tmp_path):
    """A real process started on an activation match: it opens in the main window; File >
    New demo match opens there too (no second window); closing the window ends the
    program."""
    path = crossroads(tmp_path)
    script = textwrap.dedent(
        """
        import sys
        from PySide6.QtCore import QTimer
        from PySide6.QtWidgets import QApplication
        from referee.app.start.app import ensure_app, run_app

        ensure_app()  # the timers below need the application first

        def windows():
            return [w for w in QApplication.topLevelWidgets()
                    if type(w).__name__ == "MainWindow" and w.isVisible()]

        def demo():
            (main,) = windows()
            print("started on", main.session.system, flush=True)
            main.new_action.trigger()
            QTimer.singleShot(300, close_main)

        def close_main():
            (main,) = windows()
            print("now on", main.session.system, flush=True)
            main.close()

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
    assert "started on activation" in done.stdout
    assert "now on orders" in done.stdout


def test_the_line_of_sight_tool_answers_over_the_activation_map(qtbot, tmp_path):
    from app_window import view_point

    from referee.board.hexgrid import parse_label
    from referee.board.los import line_of_sight
    from referee.rules.activation.game import sight

    window = activation_window(qtbot, crossroads(tmp_path))
    qtbot.waitExposed(window)
    command = window.game.panel.command.text()
    window.toggle_los()
    assert window.los_panel.mode == "los" and window.los_dock.isVisible()
    for label in ("F7", "J10"):
        qtbot.mouseClick(
            window.view.viewport(),
            Qt.MouseButton.LeftButton,
            pos=view_point(window, parse_label(label)),
        )
    assert (
        window.game.panel.command.text() == command
    )  # the clicks were the tool's, not the command's
    shown = window.los_panel.sight
    assert shown is not None and (shown.start, shown.end) == (parse_label("F7"), parse_label("J10"))
    board = sight(window.session.match.game, window.session.match.state)
    assert shown == line_of_sight(board, shown.start, shown.end, None, None)
    assert "F7 to J10" in window.los_panel.prompt.text()
    assert "los.straight-line" in window.los_panel.result.toHtml()
    window.cancel_tool()
    assert window.los_panel.mode == ""
    window.los_panel.result.anchorClicked.emit(QUrl("clause:los.straight-line"))
    assert window.rules_dock.isVisible()
    assert window.rules_browser.current == "clause:los.straight-line"
    assert "straight" in window.rules_browser.detail.toPlainText().lower()


def test_a_journal_rows_why_opens_in_the_rules_dock(qtbot, tmp_path):
    window = activation_window(qtbot, crossroads(tmp_path))
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
