"""The aftermath wizard: what the aftermath removes is shown before it is removed; finishing
writes one ``aftermath`` step and the next turn begins."""

from __future__ import annotations

from app_window import demo_window
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWizard

from referee.app.wizards.aftermath.wizard import Page
from referee.board.hexgrid import parse_label
from referee.match.games.orders_file import MatchFile
from referee.rules.orders.commands import Advance, Correct, CorrectHex


def steps(window):
    with MatchFile.open(window.session.path) as m:
        return m.steps()


def at_the_aftermath(qtbot, tmp_path, commands=()):
    window = demo_window(qtbot, tmp_path)
    step = window.run_step("Setup", [*commands, Advance(to="aftermath", unfired="pass")])
    assert step is not None, window.last_error
    qtbot.keyClick(window.view, Qt.Key.Key_N)
    wizard = window.turn_driver.wizard
    qtbot.waitExposed(wizard)
    assert wizard.currentId() == Page.REMOVALS
    return window, wizard


SMOKE_AND_SHAKEN = (
    CorrectHex(hex="D5", marker="smoke", count=2),
    Correct(uid="grunts", set={"shaken": 2}),
)


def test_the_removals_are_shown_before_they_are_applied(qtbot, tmp_path):
    window, wizard = at_the_aftermath(qtbot, tmp_path, SMOKE_AND_SHAKEN)
    text = wizard.removals_page.text.toPlainText()
    # "Remove one Cloud or smoke in each hex", "Remove one shaken token from each unit base"
    assert "D5" in text and "one smoke marker removed (2 -> 1)" in text
    assert "grunts" in text and "shaken tokens 2 -> 1" in text
    assert "aftermath.markers" in text and "aftermath.shaken" in text
    state = window.session.state  # nothing removed yet
    assert state.hexes.count(parse_label("D5"), "smoke") == 2
    assert state.unit("grunts").shaken == 2
    qtbot.mouseClick(wizard.button(QWizard.WizardButton.FinishButton), Qt.MouseButton.LeftButton)
    aftermath, advance = steps(window)[-2:]
    assert aftermath.name == "Aftermath of turn 1"
    assert [e.kind for e in aftermath.events] == ["aftermath"]
    state = window.session.state
    assert state.hexes.count(parse_label("D5"), "smoke") == 1
    assert state.unit("grunts").shaken == 1
    # past the aftermath the next turn begins at its orders step, where the clock waits for
    # turn 3's orders (the demo wrote turns 1 and 2)
    assert (state.turn, state.step) == (2, "orders")
    assert advance.name == "Next step: Turn 2, Orders: the orders for the next turn are written"


def test_an_aftermath_with_nothing_to_remove_opens_no_dialog(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    assert window.run_step("Setup", [Advance(to="aftermath", unfired="pass")]) is not None
    qtbot.keyClick(window.view, Qt.Key.Key_N)
    assert window.turn_driver.wizard is None
    last = steps(window)[-1]
    assert last.name == "Next step: Turn 2, Orders: the orders for the next turn are written"
    assert [e.kind for e in last.events] == ["advance"]
    assert (window.session.state.turn, window.session.state.step) == (2, "orders")


def test_the_aftermath_wizard_from_the_menu_says_when_nothing_goes(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    assert window.run_step("Setup", [Advance(to="aftermath", unfired="pass")]) is not None
    wizard = window.turn_driver.open_aftermath()
    qtbot.waitExposed(wizard)
    assert "Nothing to remove" in wizard.removals_page.text.toPlainText()
    wizard.reject()


def test_leaving_the_aftermath_wizard_writes_nothing(qtbot, tmp_path):
    window, wizard = at_the_aftermath(qtbot, tmp_path, SMOKE_AND_SHAKEN)
    before = steps(window)
    qtbot.mouseClick(wizard.button(QWizard.WizardButton.CancelButton), Qt.MouseButton.LeftButton)
    assert steps(window) == before
    assert window.session.state.step == "aftermath"
