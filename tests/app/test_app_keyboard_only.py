"""The tournament desk and the army builder without a mouse: each job reached by its letter
or by Tab, Return where the job is finished (a correction's reason typed, a unit picked in
the catalogue), the report view's tool bar by keys."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget

from referee.app.army_builder.builder_window import ArmyBuilderWindow
from referee.app.tournament.window import TournamentWindow
from referee.tournament.desk import Desk


@pytest.fixture(autouse=True)
def private_folders(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_MATCHES", str(tmp_path / "matches"))
    monkeypatch.setenv("REFEREE_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path / "home"))


def desk_window(qtbot, tmp_path) -> TournamentWindow:
    w = TournamentWindow(Desk.create(str(tmp_path / "ev.db"), name="Keys Cup", seed=3, who="k"))
    w.ask = lambda title, text: True
    qtbot.addWidget(w)
    for name in ("Ada", "Brin", "Cato", "Dora"):
        w.players_tab.new_name.setText(name)
        w.players_tab.add_player()
    w.pairings_tab.pair()
    return w


def test_return_in_the_reason_box_makes_the_numbers_the_correction(qtbot, tmp_path):
    w = desk_window(qtbot, tmp_path)
    spins = w.entry.points
    spins[0]["surviving-ip"].setValue(12)
    spins[1]["destroyed-ip"].setValue(24)
    w.entry.record_button.click()
    spins[0]["surviving-ip"].setValue(6)
    qtbot.keyClicks(w.entry.why, "12 IP were 6")
    qtbot.keyClick(w.entry.why, Qt.Key.Key_Return)
    assert w.trail.rowCount() == 2 and w.trail.item(1, 7).text() == "12 IP were 6"
    assert w.entry.why.text() == ""  # taken: cleared for the next one
    # a reason not typed yet: Return says so, nothing is recorded
    qtbot.keyClick(w.entry.why, Qt.Key.Key_Return)
    assert w.trail.rowCount() == 2 and "needs a reason" in w.last_message


def builder(qtbot, tmp_path) -> ArmyBuilderWindow:
    window = ArmyBuilderWindow(folder=tmp_path)
    qtbot.addWidget(window)
    window.show()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    return window


def focused() -> QWidget | None:
    return QApplication.focusWidget()


def test_return_on_a_catalogue_unit_adds_it_to_the_army(qtbot, tmp_path):
    window = builder(qtbot, tmp_path)
    window.units.setFocus()
    qtbot.keyClick(window.units, Qt.Key.Key_Down)  # the catalogue's second unit
    second = window.units.unit_id(1)
    qtbot.keyClick(window.units, Qt.Key.Key_Return)
    qtbot.keyClick(window.units, Qt.Key.Key_Enter)
    assert [e.type for e in window.army.entries] == [second, second]
    assert focused() is window.units  # the keyboard stays for the next unit


def test_tab_goes_from_the_entries_to_each_entrys_bases_and_keeps_the_keyboard(qtbot, tmp_path):
    window = builder(qtbot, tmp_path)
    window.add_unit("hoplite-phalanx")
    window.add_unit("standard-tank")
    window.entries.setFocus()
    qtbot.keyClick(window.entries, Qt.Key.Key_Tab)
    first = window.entries.cellWidget(0, 1)
    assert focused() is first and window.entries.currentRow() == 0
    qtbot.keyClick(first, Qt.Key.Key_Up)  # two bases
    assert window.army.entries[0].count == 2
    assert focused() is window.entries.cellWidget(0, 1)  # still in the bases typed
    qtbot.keyClick(focused(), Qt.Key.Key_Tab)
    assert focused() is window.entries.cellWidget(1, 1)
    assert window.entries.currentRow() == 1  # the entry whose bases have the keyboard
    assert "Standard tank" in window.card.toPlainText()


def test_tab_and_space_tick_an_upgrade_and_keep_the_keyboard_on_it(qtbot, tmp_path):
    window = builder(qtbot, tmp_path)
    window.add_unit("hoplite-phalanx")
    panel = window.upgrades
    order = list(panel.editors)
    cannon = order.index("hand-cannon")
    panel.setFocus()
    for _ in range(cannon + 1):
        qtbot.keyClick(focused(), Qt.Key.Key_Tab)
    assert focused() is panel.editors["hand-cannon"]
    qtbot.keyClick(focused(), Qt.Key.Key_Space)
    assert window.army.entries[0].upgrades[0].id == "hand-cannon"
    assert focused() is panel.editors["hand-cannon"]  # the same box, for the next key
    assert panel.currentRow() == cannon


def test_the_report_views_tool_bar_is_worked_by_keys(qtbot, tmp_path, monkeypatch):
    from app_window import demo_window

    from referee.app.window import report_view
    from referee.rules.orders.commands import Advance

    window = demo_window(qtbot, tmp_path)
    window.report_action.trigger()
    view = window.report_view
    assert view is not None
    view.activateWindow()
    qtbot.waitUntil(view.isActiveWindow)
    window.run_step("Pass Gunnery 1", [Advance(skip="idle", unfired="pass")])
    before = view.browser.toPlainText()
    qtbot.keyClick(view.browser, Qt.Key.Key_F5)  # Again: the match as it is now
    assert view.browser.toPlainText() != before
    asked: list[str] = []
    monkeypatch.setattr(
        report_view, "ask_report_path", lambda _parent, _path, suffix: asked.append(suffix)
    )
    qtbot.keyClick(view.browser, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(view.browser, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)
    assert asked == [".html", ".pdf"]
    qtbot.keyClick(view.browser, Qt.Key.Key_W, Qt.KeyboardModifier.ControlModifier)
    assert not view.isVisible()


def test_the_desk_opens_typing_a_name_and_a_tabs_letter_takes_the_keyboard_there(qtbot, tmp_path):
    w = desk_window(qtbot, tmp_path)
    w.show()
    w.activateWindow()
    qtbot.waitUntil(w.isActiveWindow)
    assert focused() is w.players_tab.new_name  # not the clock's Start
    qtbot.keyClick(focused(), Qt.Key.Key_R, Qt.KeyboardModifier.AltModifier)  # &Results
    assert w.tabs.currentWidget() is w.entry
    assert focused() is w.entry.round  # the result form, its first number selected:
    assert w.entry.round.lineEdit().selectedText() == "1"  # typed over, as after Tab
    qtbot.keyClick(focused(), Qt.Key.Key_B, Qt.KeyboardModifier.AltModifier)  # Ta&ble
    assert focused() is w.entry.table
    qtbot.keyClicks(w.entry.table, "2")  # the table's number typed over the one shown
    assert w.entry.table.value() == 2
    assert tuple(n.text() for n in w.entry.names) == w.tournament.round(1).tables[1]
