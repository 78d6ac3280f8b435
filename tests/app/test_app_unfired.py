"""An ordered fire never vanishes in the window (ruling turn.unfired-fire-order): at the demo's
Gunnery 1 the tank (Main gun) and the wagon (Gas lobba, Wagon shootas) are ordered to fire and
have targets. Esc in a gunnery wizard writes nothing and the unit stays ordered to fire; Next
step and Shift+N ask once, naming the units, before the clock passes them; passed, they hold
their fire and the step's text names each. A unit ordered to fire with nothing loaded opens
no wizard: one sentence says why."""

from __future__ import annotations

from app_window import demo_window
from PySide6.QtCore import Qt

from referee.match.games.orders_file import MatchFile
from referee.rules.orders.agenda import match_agenda
from referee.rules.orders.commands import Correct


def written(window) -> list[str]:
    with MatchFile.open(window.session.path) as m:
        return [s.name for s in m.steps()]


def test_shift_n_asks_once_naming_the_units_and_stay_writes_nothing(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    before = written(window)
    assert match_agenda(window.session.state).fire_pending == ("tank", "wagon")
    qtbot.keyClick(window.view, Qt.Key.Key_N, Qt.KeyboardModifier.ShiftModifier)
    question = window.unfired_question
    assert question is not None and question.box is not None
    box = question.box
    assert box.text() == (
        "tank and wagon are ordered to fire in Gunnery 1, with something to fire at, and "
        "have not fired."
    )
    # asked once: Shift+N again brings the same question forward
    window.next_step()
    assert question.box is box
    qtbot.mouseClick(question.stay_button, Qt.MouseButton.LeftButton)
    assert question.box is None
    assert window.session.state.step == "gunnery-1"
    assert written(window) == before  # nothing written


def test_passed_units_hold_their_fire_and_the_step_names_each(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    qtbot.keyClick(window.view, Qt.Key.Key_N, Qt.KeyboardModifier.ShiftModifier)
    qtbot.mouseClick(window.unfired_question.pass_button, Qt.MouseButton.LeftButton)
    assert window.session.state.step == "movement-1"
    with MatchFile.open(window.session.path) as m:
        (event,) = m.steps()[-1].events
        assert event.command.to_json() == {"kind": "advance", "skip": "idle", "unfired": "pass"}
    for uid in ("tank", "wagon"):
        assert (
            f"{uid} held its fire in Gunnery 1: ordered to fire, it did not; passed by the "
            "referee (clause fire.decline)" in event.text
        )


def test_esc_in_the_gunnery_wizard_leaves_the_unit_ordered_to_fire(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    before = written(window)
    qtbot.keyClick(window.view, Qt.Key.Key_N)
    wizard = window.turn_driver.wizard
    assert wizard is not None and wizard.shooter_page.uid() == "tank"
    qtbot.waitExposed(wizard)
    qtbot.keyClick(wizard, Qt.Key.Key_Escape)
    assert window.wizard_host.wizard is None
    assert written(window) == before
    assert match_agenda(window.session.state).fire_pending == ("tank", "wagon")
    assert "tank has not fired" in window.statusBar().currentMessage()
    # N goes on to the wagon; Esc again; then N asks before the clock passes them both
    qtbot.keyClick(window.view, Qt.Key.Key_N)
    wizard = window.turn_driver.wizard
    assert wizard is not None and wizard.shooter_page.uid() == "wagon"
    qtbot.waitExposed(wizard)
    qtbot.keyClick(wizard, Qt.Key.Key_Escape)
    qtbot.keyClick(window.view, Qt.Key.Key_N)
    question = window.unfired_question
    assert question is not None and question.box is not None
    assert question.box.text().startswith("tank and wagon are ordered to fire in Gunnery 1")
    # staying at the step: N opens the tank's wizard again
    qtbot.mouseClick(question.stay_button, Qt.MouseButton.LeftButton)
    qtbot.keyClick(window.view, Qt.Key.Key_N)
    wizard = window.turn_driver.wizard
    assert wizard is not None and wizard.shooter_page.uid() == "tank"
    wizard.reject()
    assert written(window) == before


def test_a_fire_order_with_nothing_loaded_opens_no_wizard_and_says_why(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    unload = [Correct(uid="tank", set={"loaded": {"Main gun": 0, "Hull machine gun": 0}})]
    assert window.run_step("Correction: the tank has nothing loaded", unload) is not None
    agenda = match_agenda(window.session.state)
    assert agenda.fire_pending == ("wagon",)
    why = (
        "tank is ordered to fire but nothing is loaded: Main gun is not loaded (clause "
        "fire.load); Hull machine gun is Burst(2): it needs 2 ammo loaded, has 0 (clause "
        "fire.burst)."
    )
    assert agenda.fire_unable == (("tank", why),)
    # the Turn dock says it in words, not a greyed dead end
    assert "tank: cannot fire: nothing is loaded: Main gun is not loaded" in (
        window.tracker.agenda.toPlainText()
    )
    qtbot.keyClick(window.view, Qt.Key.Key_N)
    wizard = window.turn_driver.wizard
    assert wizard is not None and wizard.shooter_page.uid() == "wagon"  # not the tank's
    assert why in window.statusBar().currentMessage()
    wizard.reject()
