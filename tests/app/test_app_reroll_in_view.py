"""The Reroll Assault page on a 1366x768 screen (clause abilities.reroll-assault): Next waits
until no reroll is on offer, so the button that takes the rerolls is always in view, the page
says at its top why Next waits, and after each batch (a click or a key) the keyboard rests
where Return goes on: Reroll again while a new offer stands, else Next."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QWidget, QWizard
from test_app_wizard_assault import choose_typed, type_dice
from test_app_wizard_keyboard import reroll_window

from referee.app.window.main_window import MainWindow
from referee.app.wizards.assault.page import Page
from referee.match.setup.demo import create_demo_match
from referee.rules.orders.commands import Advance, Movement

DEMO_POOLS = (6, 6, 2, 2, 4, 1, 6, 3, 2, 1, 3, 1, 1, 5, 6, 1)
"""The demo's assault over E5 as the table rolled it (as seen in the app's turn 1): the
hoplites' 8 assault dice with two 6s, their 4 deflection dice, the boars' 4 assault dice with
one 6. Both bases hold Reroll Assault: two offers, the longest page of the demo."""


def in_view(widget: QWidget) -> bool:
    """Whether the whole of ``widget`` shows (no scroll area hides any part of it)."""
    return widget.isVisible() and widget.visibleRegion().boundingRect() == widget.rect()


def demo_reroll_page(qtbot, tmp_path, ruleset: str | None):
    """The demo (``ruleset``: its edition) at turn 1's assault over E5, hoplites against
    boars, in the window at 1366x768; the wizard at the Reroll Assault page, the pools typed
    as :data:`DEMO_POOLS`."""
    path = tmp_path / "demo.referee"
    match = create_demo_match(path) if ruleset is None else create_demo_match(path, ruleset)
    with match:
        match.run(
            "Movement 1",
            [
                Advance(to="movement-1", unfired="pass"),
                Movement(step=1),
                Advance(to="movement-2", unfired="pass"),
                Movement(step=2),
                Advance(to="assault-2"),  # the assault at its own step
            ],
        )
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.open_match(path)
    with qtbot.waitActive(window):
        window.show()
        window.activateWindow()
    wizard = window.open_assault_wizard()
    assert wizard is not None
    qtbot.waitExposed(wizard)
    qtbot.mouseClick(wizard.button(QWizard.WizardButton.NextButton), Qt.MouseButton.LeftButton)
    choose_typed(qtbot, wizard.roll_page.dice)
    type_dice(qtbot, wizard.roll_page.dice, DEMO_POOLS)
    qtbot.mouseClick(wizard.button(QWizard.WizardButton.NextButton), Qt.MouseButton.LeftButton)
    assert wizard.currentId() == Page.REROLL
    QApplication.processEvents()
    return window, wizard


@pytest.mark.parametrize("ruleset", [None, "first-draft"])
def test_reroll_button_shows_without_scrolling_at_1366x768(qtbot, tmp_path, ruleset):
    window, wizard = demo_reroll_page(qtbot, tmp_path, ruleset)
    page = wizard.reroll_page
    assert page.rolled is not None and len(page.rolled.offers) == 2  # hoplites and boars
    assert not page.isComplete()
    assert window.height() <= 768
    page.dice.type_values([1] * len(page.dice.slots))  # the dice the proposal rerolls
    assert page.apply_button.isEnabled() and in_view(page.apply_button)
    wizard.reject()


def test_reroll_page_says_at_its_top_why_next_waits(qtbot, tmp_path):
    _window, wizard = demo_reroll_page(qtbot, tmp_path, None)
    page = wizard.reroll_page
    said = page.todo.text()
    assert in_view(page.todo)
    assert "Reroll" in said and "Next" in said and "Decline" in said
    top = page.todo.mapTo(page, QPoint(0, 0)).y()  # above the dice and the choices
    assert top < page.faces.mapTo(page, QPoint(0, 0)).y()
    page.dice.type_values([1] * len(page.dice.slots))  # no 6: nothing more on offer
    qtbot.mouseClick(page.apply_button, Qt.MouseButton.LeftButton)
    assert page.isComplete()
    assert "Next" in page.todo.text() and "Reroll" not in page.todo.text()
    wizard.reject()


def test_reroll_clicked_then_return_takes_the_next_round_then_goes_on(qtbot, tmp_path):
    # seed 2: the die rerolled shows a 6 again, a second offer; the referee clicks Reroll
    # with the mouse, then goes on with Return alone
    wizard = reroll_window(qtbot, tmp_path)
    page = wizard.reroll_page
    qtbot.mouseClick(page.apply_button, Qt.MouseButton.LeftButton)
    assert len(page.batches) == 1 and not page.isComplete()
    QApplication.processEvents()
    focus = QApplication.focusWidget()
    assert focus is page.apply_button and focus.isEnabled()
    qtbot.keyClick(focus, Qt.Key.Key_Return)
    assert len(page.batches) == 2 and page.isComplete()
    QApplication.processEvents()
    focus = QApplication.focusWidget()
    next_button = wizard.button(QWizard.WizardButton.NextButton)
    assert focus is next_button and next_button.isEnabled()
    qtbot.keyClick(focus, Qt.Key.Key_Return)
    assert wizard.currentId() == Page.ADVANTAGE
    wizard.reject()


def test_after_the_last_batch_the_dice_now_show_from_the_top(qtbot, tmp_path):
    # the rerolled dice typed at the bottom of the page scrolled it down; once no offer is
    # left, the page shows the dice as they now stand, from its first line
    _window, wizard = demo_reroll_page(qtbot, tmp_path, None)
    page = wizard.reroll_page
    page.dice.focus_next()
    for _ in range(len(page.dice.slots)):
        qtbot.keyClicks(focus_now(), "1")  # no 6: nothing more on offer
    qtbot.keyClick(focus_now(), Qt.Key.Key_Return)
    assert page.isComplete()
    QApplication.processEvents()
    assert in_view(page.faces)
    wizard.reject()


def focus_now() -> QWidget:
    QApplication.processEvents()
    widget = QApplication.focusWidget()
    assert widget is not None
    return widget


def test_tab_from_reroll_stays_in_the_wizard(qtbot, tmp_path):
    # the keyboard leaving the page's last button goes to the wizard's own buttons (Next
    # while it may go on, else Cancel), never to the map, where Return presses nothing
    wizard = reroll_window(qtbot, tmp_path)
    page = wizard.reroll_page
    page.apply_button.setFocus(Qt.FocusReason.OtherFocusReason)
    qtbot.keyClick(page.apply_button, Qt.Key.Key_Tab)
    assert focus_now() in (page.restart_button, wizard.button(QWizard.WizardButton.CancelButton))
    page.apply_button.setFocus(Qt.FocusReason.OtherFocusReason)
    qtbot.keyClick(page.apply_button, Qt.Key.Key_Down)  # an arrow on a button: Qt's Tab
    assert wizard.isAncestorOf(focus_now())
    wizard.reject()


def test_shift_tab_from_cancel_goes_back_to_the_page(qtbot, tmp_path):
    wizard = reroll_window(qtbot, tmp_path)
    page = wizard.reroll_page
    cancel = wizard.button(QWizard.WizardButton.CancelButton)
    cancel.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.keyClick(cancel, Qt.Key.Key_Backtab, Qt.KeyboardModifier.ShiftModifier)
    assert page.isAncestorOf(focus_now())
    qtbot.keyClick(focus_now(), Qt.Key.Key_Return)  # Reroll, the page's default, takes it
    assert len(page.batches) == 1
    wizard.reject()
