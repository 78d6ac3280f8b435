"""A wizard is built on the match as it was when it opened; when the match changes under it
(a correction from the map's menu, an undo, another match opened) it closes without
writing anything and says why, so no step is ever built on a match that is gone. Esc
cancels the open wizard, or stops the map tool first when the keyboard is on the map."""

from __future__ import annotations

from app_window import demo_window
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from test_app_gunnery_wizard import next_page, pick

from referee.app.wizards.gunnery.page import Page as GunneryPage
from referee.app.wizards.gunnery.wizard import GunneryWizard
from referee.board.hexgrid import parse_label
from referee.match.games.orders_file import MatchFile
from referee.match.setup.demo import create_demo_match
from referee.rules.orders.agenda import match_agenda
from referee.rules.orders.commands import Correct


def written(window) -> list[str]:
    """Every step in the match file, undone ones too."""
    with MatchFile.open(window.session.path) as m:
        return [s.name for s in m.steps(include_undone=True)]


def gunnery_at_the_target(qtbot, window) -> GunneryWizard:
    """Next step at Gunnery 1: the tank's wizard, its Main gun aimed at the grunts."""
    qtbot.keyClick(window.view, Qt.Key.Key_N)
    wizard = window.wizard_host.wizard
    assert isinstance(wizard, GunneryWizard)
    qtbot.waitExposed(wizard)
    assert wizard.shooter_page.uid() == "tank"
    next_page(qtbot, wizard)
    pick(qtbot, wizard.weapon_page.list, "Main gun")
    next_page(qtbot, wizard)
    pick(qtbot, wizard.target_page.list, "grunts")
    next_page(qtbot, wizard)
    assert wizard.currentId() == GunneryPage.ODDS
    return wizard


def test_a_correction_from_the_map_closes_the_open_wizard_which_writes_nothing(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    gunnery_at_the_target(qtbot, window)
    # the odds were worked out on 4 grunts; the referee takes one off at the table
    menu = window.context_menu_for(parse_label("B3"))
    qtbot.addWidget(menu)
    menu.trigger("Take off one model (4 -> 3)")
    host = window.wizard_host
    assert host.wizard is None and window.scene.drawings.shot_item is None
    assert "Gunnery: one fire action wizard was closed without writing anything" in host.idle.text()
    assert "Correction" in host.idle.text()
    assert written(window) == [
        "Orders for turns 1 and 2",
        "Correction: grunts one model taken off (4 -> 3)",
    ]
    qtbot.waitUntil(lambda: "was closed" in window.statusBar().currentMessage())
    # the tank has not held fire: Next step opens its wizard again, on 3 grunts
    qtbot.keyClick(window.view, Qt.Key.Key_N)
    again = window.wizard_host.wizard
    assert isinstance(again, GunneryWizard)
    assert again.shooter_page.uid() == "tank"
    assert again.state.unit("grunts").alive == 3
    assert host.idle.isHidden()
    again.reject()
    assert host.idle.text().startswith("No wizard is open")  # the old message is gone


def test_an_undo_closes_the_open_wizard(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    window.run_step("Correction", [Correct(uid="grunts", set={"shaken": 1})])
    wizard = window.turn_driver.open_orders()
    qtbot.waitExposed(wizard)
    window.undo_action.trigger()  # Edit > Undo, Ctrl+Z
    assert window.wizard_host.wizard is None
    assert "(a step was undone)" in window.wizard_host.idle.text()
    assert written(window) == ["Orders for turns 1 and 2", "Correction"]
    assert window.session.state.unit("grunts").shaken == 0


def test_opening_another_match_closes_the_open_wizard(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    other = tmp_path / "other.referee"
    create_demo_match(other).close()
    wizard = window.open_gunnery_wizard()
    qtbot.waitExposed(wizard)
    window.open_match(other)
    assert window.wizard_host.wizard is None
    assert "other.referee was opened" in window.wizard_host.idle.text()


def test_esc_with_the_keyboard_in_the_wizard_cancels_it_and_writes_nothing(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    wizard = gunnery_at_the_target(qtbot, window)
    next_page(qtbot, wizard)
    dice = wizard.roll_page.dice
    dice.set_typed(True)
    dice.focus_next()
    box = QApplication.focusWidget()
    assert box is not None and wizard.isAncestorOf(box)
    qtbot.keyClicks(box, "5")
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Escape)
    assert window.wizard_host.wizard is None and not wizard.isVisible()
    assert written(window) == ["Orders for turns 1 and 2"]
    # cancelled by the referee: nothing written, the tank is still ordered to fire (ruling
    # turn.unfired-fire-order: the clock waits for it)
    assert "tank has not fired" in window.statusBar().currentMessage()
    assert "tank" in match_agenda(window.session.state).fire_pending


def test_esc_on_the_map_stops_the_tool_first_then_cancels_the_wizard(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    wizard = window.turn_driver.open_orders()
    qtbot.waitExposed(wizard)
    window.toggle_los()
    assert window.los_panel.mode == "los"
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_Escape)
    assert window.los_panel.mode == "" and window.wizard_host.wizard is wizard
    qtbot.keyClick(window.view, Qt.Key.Key_Escape)
    assert window.wizard_host.wizard is None
    assert written(window) == ["Orders for turns 1 and 2"]


def test_a_step_written_by_another_program_closes_the_open_wizard(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    wizard = gunnery_at_the_target(qtbot, window)
    session = window.session
    with MatchFile.open(session.path) as other:  # the command line, in a terminal
        other.run("From the terminal", [Correct(uid="grunts", set={"alive": 3})])
    with qtbot.waitSignal(session.notice, timeout=5000):
        pass  # the session's timer looks at the file
    assert window.wizard_host.wizard is None and not wizard.isVisible()
    assert "(another program wrote to the match file)" in window.wizard_host.idle.text()
    assert written(window) == ["Orders for turns 1 and 2", "From the terminal"]
    # the tank has not held fire: its wizard opens again, on the grunts as they are now
    qtbot.keyClick(window.view, Qt.Key.Key_N)
    again = window.wizard_host.wizard
    assert isinstance(again, GunneryWizard) and again.state.unit("grunts").alive == 3
    again.reject()


def test_a_wizard_finished_before_the_window_noticed_another_program_writes_nothing(
    qtbot, tmp_path
):
    window = demo_window(qtbot, tmp_path)
    session = window.session
    session.timer.stop()  # the other program writes between two looks at the file
    wizard = gunnery_at_the_target(qtbot, window)
    next_page(qtbot, wizard)
    with MatchFile.open(session.path) as other:
        other.run("From the terminal", [Correct(uid="grunts", set={"alive": 3})])
    next_page(qtbot, wizard)  # the outcome, worked out on 4 grunts
    assert wizard.currentId() == GunneryPage.OUTCOME
    qtbot.mouseClick(wizard.button(wizard.WizardButton.FinishButton), Qt.MouseButton.LeftButton)
    assert written(window) == ["Orders for turns 1 and 2", "From the terminal"]
    assert "another program wrote" in window.last_error
    assert window.session.state.unit("grunts").alive == 3  # the window caught up


def test_a_wizard_opened_again_does_not_keep_the_closed_ones_message(qtbot, tmp_path):
    """The status bar's "was closed without writing" is about the wizard the match changed
    under; the wizard opened again on the match as it is now starts without it."""
    window = demo_window(qtbot, tmp_path)
    gunnery_at_the_target(qtbot, window)
    menu = window.context_menu_for(parse_label("B3"))
    qtbot.addWidget(menu)
    menu.trigger("Take off one model (4 -> 3)")
    bar = window.statusBar()
    qtbot.waitUntil(lambda: "was closed" in bar.currentMessage())
    qtbot.keyClick(window.view, Qt.Key.Key_N)  # the tank's wizard again
    assert isinstance(window.wizard_host.wizard, GunneryWizard)
    assert "was closed" not in bar.currentMessage()


def test_a_wizard_opened_before_the_closed_ones_message_shows_keeps_it_away(qtbot, tmp_path):
    """The closed wizard's message is said once the step's own is; a wizard opened at once
    (before the event loop turns) is not followed by it."""
    window = demo_window(qtbot, tmp_path)
    gunnery_at_the_target(qtbot, window)
    menu = window.context_menu_for(parse_label("B3"))
    qtbot.addWidget(menu)
    menu.trigger("Take off one model (4 -> 3)")
    window.next_in_game()  # at once: the tank's wizard again
    assert isinstance(window.wizard_host.wizard, GunneryWizard)
    qtbot.wait(50)
    assert "was closed" not in window.statusBar().currentMessage()
