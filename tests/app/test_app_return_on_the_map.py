"""Return on the map while a wizard is open is the wizard's Return: its Next (or Finish on
the last page) when the page is answered, as Return anywhere in the wizard; a page still
waiting for its answer gets the keyboard instead (said in the status bar), so the next keys
answer it. The map has no keyboard cursor, so Return never picks the hex the mouse was left
over (close6_noticed, s7-wiz: Return on the map did nothing). With no wizard open it does
nothing (N is Next step)."""

from __future__ import annotations

from app_window import demo_window
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from test_app_activation_more_wizards import CARRIER_ARMIES, TO_BATTLE, sample_window
from test_app_activation_wizards import (
    click_tile,
    private_folders,  # noqa: F401 (a fixture)
)
from test_app_gunnery_wizard import to_odds_page

from referee.app.wizards.gunnery.page import Page
from referee.rules.activation.commands import parse_command


def return_on_the_map(qtbot, window) -> None:
    window.view.setFocus(Qt.FocusReason.MouseFocusReason)
    assert QApplication.focusWidget() is window.view
    qtbot.keyClick(window.view, Qt.Key.Key_Return)


def keyboard_in(wizard) -> bool:
    focus = QApplication.focusWidget()
    return focus is not None and wizard.isAncestorOf(focus)


def test_return_on_the_map_goes_on_in_the_gunnery_wizard_when_its_page_is_answered(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    wizard = to_odds_page(qtbot, window)  # the odds page: nothing to answer
    return_on_the_map(qtbot, window)
    assert wizard.currentId() == Page.ROLL
    assert keyboard_in(wizard)  # the next keys go to the wizard, not the map
    wizard.reject()


def test_return_on_the_map_with_no_wizard_open_does_nothing(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    steps = len(window.session.steps())
    return_on_the_map(qtbot, window)
    assert window.wizard_host.wizard is None
    assert len(window.session.steps()) == steps
    assert QApplication.focusWidget() is window.view


def test_return_on_the_map_after_a_refused_tile_goes_on_in_the_activation_wizard(qtbot, tmp_path):
    window = sample_window(qtbot, tmp_path, 0, units=CARRIER_ARMIES, commands=TO_BATTLE)
    with qtbot.waitActive(window):
        window.activateWindow()
    qtbot.mouseClick(window.game.panel.buttons["embark"], Qt.MouseButton.LeftButton)
    wizard = window.wizard_host.wizard
    click_tile(qtbot, window, "H14")  # the rifles' tile picks them: the page is answered
    assert wizard.unit.uid() == "rifles"
    click_tile(qtbot, window, "H15")  # the tank's tile: refused, the keyboard on the map
    assert "not one of the open wizard's choices" in window.statusBar().currentMessage()
    assert QApplication.focusWidget() is window.view
    qtbot.keyClick(window.view, Qt.Key.Key_Return)
    assert wizard.currentPage() is wizard.transport  # Next: the transport's page
    assert keyboard_in(wizard)
    wizard.reject()


def test_return_on_the_map_puts_the_keyboard_on_a_page_still_waiting_for_its_answer(
    qtbot, tmp_path
):
    window = sample_window(qtbot, tmp_path, 0, units=CARRIER_ARMIES, commands=TO_BATTLE)
    with qtbot.waitActive(window):
        window.activateWindow()
    window.run_step("embark", [parse_command("embark uid=rifles transport=carrier")])
    window.run_step("the buggy moves", [parse_command("move uid=buggy path=H4:S")])
    qtbot.mouseClick(window.game.panel.buttons["embark"], Qt.MouseButton.LeftButton)
    wizard = window.wizard_host.wizard
    wizard.unit.pick("rifles")  # aboard the carrier: it disembarks
    return_on_the_map(qtbot, window)
    page = wizard.tile_page
    assert wizard.currentPage() is page  # the tile it disembarks onto
    assert not page.isComplete()  # no tile picked yet
    return_on_the_map(qtbot, window)
    assert wizard.currentPage() is page  # nothing pressed
    assert keyboard_in(wizard) and page.isAncestorOf(QApplication.focusWidget())
    assert window.statusBar().currentMessage() == (
        "Return: the wizard's page waits for its answer (the keyboard is on it)"
    )
    click_tile(qtbot, window, "F14")  # answered on the map
    assert page.isComplete()
    return_on_the_map(qtbot, window)
    assert wizard.currentPage() is not page  # Next
    wizard.reject()
