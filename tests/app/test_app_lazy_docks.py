"""The docks a start does not show are built when first seen: the line of sight and the rules
(tabbed behind the unit inspector) and the Setup dock (hidden) have no panel until their tab
is clicked, the View menu shows them, or a tool or a link needs them; each then shows the
match open, and works as if it had been there from the start."""

from __future__ import annotations

import pytest
from app_window import demo_window, view_point
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QTabBar

from referee.app.docks.los_panel import LosPanel
from referee.app.docks.rules_browser import RulesBrowser
from referee.app.setup.panel import SetupPanel
from referee.board.hexgrid import parse_label


@pytest.fixture(autouse=True)
def private_folders(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path / "home"))


def click_tab(qtbot, window, title: str) -> None:
    """Click the dock tab named ``title``, as the referee would (on the tab bar of the dock's
    group: Qt may keep an older bar of fewer tabs it no longer shows in the layout)."""
    bars = [
        (bar, i)
        for bar in window.findChildren(QTabBar)
        if bar.isVisible()
        for i in range(bar.count())
        if bar.tabText(i) == title
    ]
    assert bars, f"no tab {title!r}"
    bar, i = max(bars, key=lambda found: found[0].count())
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(i).center())
    qtbot.wait(20)  # the tab's dock shown, then its panel built in the next turn


def test_the_docks_behind_tabs_and_the_hidden_setup_have_no_panel_until_seen(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    assert window.los_dock.widget() is None
    assert window.rules_dock.widget() is None
    assert window.setup_dock.widget() is None
    # the panels the start shows are there
    assert window.tracker_dock.widget() is window.tracker
    assert window.inspector_dock.widget() is window.inspector


def test_a_dock_built_late_shows_the_open_match_when_its_tab_is_clicked(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    assert window.session is not None
    click_tab(qtbot, window, "Rules")
    browser = window.rules_dock.widget()
    assert isinstance(browser, RulesBrowser) and browser.isVisible()
    assert browser.rules is window.session.match.rules
    click_tab(qtbot, window, "Line of sight")
    panel = window.los_dock.widget()
    assert isinstance(panel, LosPanel) and panel.isVisible()
    assert panel.state is not None and set(panel.state.units) == set(window.session.state.units)


def test_the_line_of_sight_key_builds_the_tool_and_it_answers_at_once(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    window.los_action.trigger()  # L, its dock behind the inspector's tab, never clicked
    panel = window.los_panel
    assert window.los_dock.widget() is panel and panel.mode == "los"
    window.on_hex_clicked(parse_label("C7"))  # the tank's hex (the demo's)
    qtbot.mouseMove(window.view.viewport(), view_point(window, parse_label("D2")))
    qtbot.waitUntil(lambda: panel.sight is not None and panel.sight.end == parse_label("D2"))
    assert panel.sight.start == parse_label("C7")
    window.cancel_action.trigger()  # Esc stops it, as for a tool built at the start
    assert panel.mode == ""


def test_every_dock_of_the_view_menu_opens_with_its_panel(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    view = window.menus["&View"]
    by_dock = {a.text().replace("&", ""): a for a in view.actions()}  # less its letter
    for title, kind in (
        ("Setup", SetupPanel),
        ("Rules", RulesBrowser),
        ("Line of sight", LosPanel),
    ):
        dock = next(
            d
            for d in (window.setup_dock, window.rules_dock, window.los_dock)
            if d.windowTitle() == title
        )
        action = by_dock[title]
        if action.isChecked():  # shown (behind a tab): put away, then back as the menu does
            action.trigger()
        action.trigger()
        QApplication.processEvents()
        assert dock.isVisible(), title
        click_tab(qtbot, window, title)  # shown as a tab of its group: its tab clicked
        assert isinstance(dock.widget(), kind) and dock.widget().isVisible(), title
    setup = window.setup_panel
    assert not setup.active  # the demo has no scenario: its setup panel says so
    assert "finished" in setup.asked.text() or setup.asked.text() == ""


def test_a_rule_link_opens_in_a_rules_browser_built_for_it(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    assert window.rules_dock.widget() is None
    window.show_rule("clause:los.straight-line")
    browser = window.rules_dock.widget()
    assert isinstance(browser, RulesBrowser) and window.rules_dock.isVisible()
    assert browser.current == "clause:los.straight-line"
    assert "los.ground-level" in browser.detail.toHtml()


def test_a_first_start_builds_no_dock_behind_a_tab_and_its_tab_shows_it(
    qtbot, tmp_path, monkeypatch
):
    from PySide6.QtCore import QSettings

    from referee.app.start.app import begin_window

    monkeypatch.setenv("REFEREE_MATCHES", str(tmp_path / "matches"))
    settings = QSettings(str(tmp_path / "referee.ini"), QSettings.Format.IniFormat)
    window, finish = begin_window(None, settings)  # a first start: the demo, maximised
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    finish()  # the panels, the demo written and opened (the docks shown as its game attaches)
    QApplication.processEvents()
    if window.folded is not None:  # the offscreen screen (800x600) folds them: D unfolds
        window.fold_docks()
    assert window.session is not None
    assert [d.widget() for d in (window.los_dock, window.rules_dock, window.setup_dock)] == [
        None,
        None,
        None,
    ]
    click_tab(qtbot, window, "Line of sight")
    assert isinstance(window.los_dock.widget(), LosPanel) and window.los_dock.widget().isVisible()
    assert window.rules_dock.widget() is None  # still behind its tab


def test_the_rules_tab_clicked_takes_what_is_typed_next_as_a_search(qtbot, tmp_path):
    """Typed after a click on the Rules tab, "blind hex" is a search: its D does not fold
    the docks, nor its other letters run the window's one-key shortcuts."""
    window = demo_window(qtbot, tmp_path)
    window.activateWindow()
    click_tab(qtbot, window, "Rules")
    browser = window.rules_dock.widget()
    assert isinstance(browser, RulesBrowser)
    qtbot.waitUntil(lambda: browser.search.hasFocus())
    qtbot.keyClicks(QApplication.focusWidget(), "blind hex")
    assert browser.search.text() == "blind hex"
    assert window.tracker_dock.isVisible() and window.journal_dock.isVisible()


def _rules_search_has_the_keyboard(qtbot, window) -> RulesBrowser:
    browser = window.rules_dock.widget()
    assert isinstance(browser, RulesBrowser)
    qtbot.waitUntil(lambda: browser.search.hasFocus())
    return browser


@pytest.mark.parametrize("way", ["view menu", "ctrl+f", "rule link"])
def test_every_way_of_showing_the_rules_dock_puts_the_cursor_in_its_search(qtbot, tmp_path, way):
    """The View menu's Rules (the dock's own entry), Ctrl+F / F1 and a clause link each show
    the Rules dock with the cursor in its search box: "blind hex" typed next is a search,
    its D does not fold the docks (nor N, F or J run their one-key shortcuts)."""
    window = demo_window(qtbot, tmp_path)
    window.activateWindow()
    entry = window.rules_dock.toggleViewAction()
    if way == "view menu":
        if entry.isChecked():  # shown behind the inspector's tab: put away first
            entry.trigger()
            QApplication.processEvents()
        window.view.setFocus()
        entry.trigger()
    elif way == "ctrl+f":
        window.view.setFocus()
        qtbot.keyClick(window.view, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    else:
        window.show_rule("clause:los.straight-line")
    browser = _rules_search_has_the_keyboard(qtbot, window)
    assert window.rules_dock.isVisible() and not window.rules_dock.visibleRegion().isEmpty()
    steps = window.session.match.step_count()
    qtbot.keyClicks(QApplication.focusWidget(), "blind hex")
    assert browser.search.text() == "blind hex"
    assert window.tracker_dock.isVisible() and window.journal_dock.isVisible()  # no D
    assert window.session.match.step_count() == steps  # no N
