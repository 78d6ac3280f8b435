"""After each step of the turn the Turn dock says what it did, as MegaMek's phase report
follows each phase: each unit's line, the damage waiting for the 'apply damage' step, and the
steps the clock then passed with nothing in them."""

from __future__ import annotations

from app_window import demo_window
from PySide6.QtCore import Qt

from referee.match.reports.phase_report import phase_report
from referee.rules.orders.commands import Advance, Fire, Movement


def shown(window) -> str:
    return window.tracker.report.toPlainText()


def test_the_turn_dock_says_what_the_gunnery_step_did_once_the_clock_moves_on(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    # the demo's one step wrote the orders and moved the clock to Gunnery 1
    assert "What Turn 1, Orders did" in shown(window)
    # Gunnery 1 of the demo: the tank's Main gun at the boars, typed: to hit 5 (3+ needed),
    # damage 4 + 1 = 5 on the boars' table: gored (+1 to future damage), pending
    assert window.run_step(
        "tank fires",
        [Fire(shooter="tank", target="boars", weapon="Main gun")],
        [5, 4],
    )
    assert "Gunnery 1" not in shown(window).split("did")[0]  # the clock has not moved yet
    qtbot.keyClick(window.view, Qt.Key.Key_N, Qt.KeyboardModifier.ShiftModifier)  # move on
    # the wagon was ordered to fire too: the referee is asked, and passes it
    qtbot.mouseClick(window.unfired_question.pass_button, Qt.MouseButton.LeftButton)
    text = shown(window)
    assert "What Turn 1, Gunnery 1 did" in text
    # the fire (step 2) did it; Next step (step 3) moved the clock on
    assert "What Turn 1, Gunnery 1 did (journal step 2; the clock moved on at step 3)" in text
    assert "tank: fired Main gun at boars: 1 hit" in text
    assert (
        "wagon: held its fire in Gunnery 1: ordered to fire, it did not; passed by the referee"
        in text
    )
    assert (
        "tank, Main gun → boars: Boar gored: +1 to future damage (regular table, 5), waiting "
        "for the 'apply damage' step" in text
    )
    # undone, the report is of the step before again
    window.undo_action.trigger()
    assert "What Turn 1, Orders did" in shown(window)


def test_the_report_says_which_empty_steps_the_clock_passed(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    assert window.run_step("To movement 1", [Advance(to="movement-1", unfired="pass")])
    assert window.run_step("Movement 1", [Movement(step=1)])
    qtbot.keyClick(window.view, Qt.Key.Key_N, Qt.KeyboardModifier.ShiftModifier)
    text = shown(window)
    assert "What Turn 1, Movement 1 did" in text
    assert "hoplites: movement 1: E7 → E6" in text and "boars: movement 1: E3 → E4" in text
    assert "the clock then passed Movement 1 (3 steps) and Assault 1" in text


def test_a_hidden_unit_stays_out_of_the_report(tmp_path):
    from referee.match.setup.demo import create_demo_match

    with create_demo_match(tmp_path / "d.referee") as m:
        m.run(
            "fire",
            [Fire(shooter="tank", target="boars", weapon="Main gun")],
            typed=[5, 4],
        )
        m.run("on", [Advance(skip="idle", unfired="pass")])
        told = phase_report(m.initial_state(), m.steps())
        hidden = phase_report(m.initial_state(), m.steps(), concealed={"boars"})
    assert told is not None and any("boars" in line for line in told.lines)
    assert hidden is not None and not any("boars" in line for line in hidden.lines)


def test_the_turn_dock_says_what_the_aftermath_took_off_the_hexes(qtbot, tmp_path):
    """Clause aftermath.markers: one smoke marker off each hex; the Turn dock tells the
    hexes the aftermath changed (it did something), not 'nothing happened'."""
    from referee.rules.orders.commands import Aftermath
    from referee.rules.orders.correction_commands import CorrectHex

    window = demo_window(qtbot, tmp_path)
    assert window.run_step("smoke", [CorrectHex(hex="C2", marker="smoke", count=2)])
    assert window.run_step("to the aftermath", [Advance(to="aftermath", unfired="pass")])
    assert window.run_step("Aftermath", [Aftermath()])
    qtbot.keyClick(window.view, Qt.Key.Key_N, Qt.KeyboardModifier.ShiftModifier)
    text = shown(window)
    assert "What Turn 1, Aftermath did" in text
    assert "C2: aftermath: smoke 2 → 1" in text and "nothing happened" not in text
