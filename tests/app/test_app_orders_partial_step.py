"""The orders wizard when only some units are written (clause orders.giving): Finish says it
writes only those and that the rest stay to write; Next step opens the wizard again on the first
unit still to write, not on a written one with nothing to finish; and the order of a unit whose
typed action is illegal at its speed is shown as the engine will carry it out (clause
orders.illegal: the stand-still tank's F + F + F does nothing), in the Unit dock and in the
speed note of the next turn's orders."""

from __future__ import annotations

from app_window import demo_window
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWizard

from referee.app.wizards.orders.wizard import Page
from referee.match.games.orders_file import MatchFile
from referee.rules.orders.carried import as_carried_out, start_speed
from referee.rules.orders.commands import Advance, Orders

OTHERS = "hoplites, companions, wagon, grunts, boars"


def at_turn_2_orders(qtbot, tmp_path):
    """The demo moved on to turn 2's orders step: every unit has turn 2's orders (the demo
    wrote them), none has turn 3's; the tank stands still ("- + - + -" in both turns)."""
    window = demo_window(qtbot, tmp_path)
    assert window.run_step("To turn 2", [Advance(to="orders", unfired="pass")]) is not None
    assert (window.session.state.turn, window.session.state.step) == (2, "orders")
    assert window.session.state.unit("tank").speed == "stand-still"
    return window


def open_orders(qtbot, window):
    qtbot.keyClick(window.view, Qt.Key.Key_N)  # Next step at the orders step
    wizard = window.turn_driver.wizard
    qtbot.waitExposed(wizard)
    assert wizard.currentId() == Page.UNITS
    assert wizard.units_page.chosen_turn() == 3
    qtbot.mouseClick(wizard.button(QWizard.WizardButton.NextButton), Qt.MouseButton.LeftButton)
    assert wizard.currentId() == Page.ORDERS
    return wizard


def test_finish_with_units_not_written_says_it_writes_only_those_written(qtbot, tmp_path):
    window = at_turn_2_orders(qtbot, tmp_path)
    wizard = open_orders(qtbot, window)
    page = wizard.orders_page
    assert page.current == "tank"  # nothing written yet: the first unit
    assert page.finish_note.text().startswith(f"Nothing to write yet: tank, {OTHERS} not")
    field = page.editor.fields["movement"]
    field.selectAll()
    qtbot.keyClicks(field, "F + F + F")
    assert wizard.button(QWizard.WizardButton.FinishButton).isEnabled()
    assert page.finish_note.isVisibleTo(wizard)
    assert page.finish_note.text() == (
        f"Finish writes only tank; {OTHERS} stay not written "
        "(Next step opens this wizard for them)."
    )
    wizard.reject()


def test_next_step_after_a_partial_orders_step_opens_on_a_unit_still_to_write(qtbot, tmp_path):
    window = at_turn_2_orders(qtbot, tmp_path)
    assert window.run_step(
        "Orders for turn 3", [Orders(uid="tank", turn=3, movement="F + F + F", gunnery="- + -")]
    )
    wizard = open_orders(qtbot, window)
    page = wizard.orders_page
    # on the hoplites, still to write, its radios live: not on the tank written before,
    # whose Finish would have nothing to write
    assert page.current == "hoplites"
    assert page.open_button.isEnabled() and page.open_button.isChecked()
    assert page.finish_note.text().startswith(f"Nothing to write yet: {OTHERS} not written.")
    # the tank's orders as written, and as the engine will carry them out (orders.illegal)
    assert page.list.item(0).text() == "tank: F + F + F · - + - (carried out: - + - + - · - + -)"
    wizard.reject()


def test_the_unit_dock_shows_an_illegal_order_as_it_will_be_carried_out(qtbot, tmp_path):
    window = at_turn_2_orders(qtbot, tmp_path)
    assert window.run_step(
        "Orders for turn 3", [Orders(uid="tank", turn=3, movement="F + F + F", gunnery="- + -")]
    )
    window.inspector.show_unit("tank")
    text = window.inspector.page.toPlainText()
    assert "movement: F + F + F" in text  # as written
    # the stand-still tank may not move forward: each F does nothing (orders.illegal)
    assert "carried out as movement: - + - + -; gunnery: - + -" in text
    assert "clause orders.illegal" in text


def test_an_illegal_order_is_judged_from_the_speed_the_unit_starts_the_turn_at(tmp_path):
    units = [
        {"uid": "tank", "unit": "standard-tank", "side": 1, "hex": "C2", "facing": 3},
        {"uid": "grunts", "unit": "ork-grunts", "side": 2, "hex": "E6"},
    ]
    with MatchFile.create(tmp_path / "m.referee", map_name="entrenched", units=units, seed=7) as m:
        assert m.state.unit("tank").speed == "stand-still"
        m.run("Orders", [Orders(uid="tank", turn=1, movement="F + F + F", gunnery="- + -")])
        check = as_carried_out(m.state, "tank", 1)
        assert check is not None and check.movement.done.text() == "- + - + -"
        assert start_speed(m.state, "tank", 2) == (
            "stand-still",
            " (after this turn's F + F + F, carried out as - + - + -)",
        )
        m.run("Legal orders", [Orders(uid="grunts", turn=1, movement="- + - + -")])
        check = as_carried_out(m.state, "grunts", 1)
        assert check is not None and check.movement.legal
