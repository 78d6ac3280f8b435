"""The orders step at the table: "no orders" for every unit still not written in one
action (clause ``orders.missing``), and one unit's whole turn of orders in the dock's
height, without scrolling to reach the gunnery order."""

from __future__ import annotations

from app_window import demo_window
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QWizard
from test_app_wizard_orders import open_orders, pick_unit, steps, type_into

from referee.app.wizards.orders.orders_page import Status
from referee.rules.orders.commands import Advance


def to_turn_2(window) -> None:
    """Turn 2's orders step: every unit has orders for turn 2 (the demo's), none for 3."""
    assert window.run_step(
        "To turn 2",
        [Advance(to="aftermath", unfired="pass"), Advance()],
    )
    assert window.session.state.turn == 2 and window.session.state.step == "orders"


def test_no_orders_for_every_unit_not_written_yet_in_one_action(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    to_turn_2(window)
    wizard = open_orders(qtbot, window)
    page = wizard.orders_page
    assert page.turn == 3
    # the hoplites' orders are written; the five others are left to the rule
    pick_unit(qtbot, wizard, "hoplites")
    type_into(qtbot, page.editor.fields["movement"], "F + - + -")
    assert page.all_missing_button.isEnabled()
    assert "each does nothing" in page.all_missing_button.text()  # the current edition's rule
    qtbot.mouseClick(page.all_missing_button, Qt.MouseButton.LeftButton)
    assert page.status["hoplites"] == Status.WRITTEN
    assert {uid for uid, s in page.status.items() if s == Status.MISSING} == {
        "tank",
        "companions",
        "wagon",
        "grunts",
        "boars",
    }
    assert not page.all_missing_button.isEnabled()  # none left to confirm
    qtbot.mouseClick(wizard.button(QWizard.WizardButton.FinishButton), Qt.MouseButton.LeftButton)
    last = [s for s in steps(window) if s.name.startswith("Orders for turn 3")][-1]
    missing = [
        e.command.to_json()["uid"]
        for e in last.events
        if e.command.to_json().get("missing") == "confirm"
    ]
    assert sorted(missing) == ["boars", "companions", "grunts", "tank", "wagon"]
    assert window.session.state.orders["hoplites"]["3"]["movement"] == "F + - + -"


def test_a_units_whole_turn_of_orders_shows_without_scrolling(qtbot, tmp_path):
    # 1366x768: the movement and the gunnery order of a unit, every step's buttons, in the
    # dock's height (it was a 250 px box to scroll, a turn's orders some 35 wheel clicks)
    window = demo_window(qtbot, tmp_path)
    wizard = open_orders(qtbot, window)
    page = wizard.orders_page
    qtbot.wait(100)
    viewport = page.editor_scroll.viewport()
    for uid in ("tank", "grunts", "boars"):
        pick_unit(qtbot, wizard, uid)
        qtbot.wait(100)  # the new buttons laid out
        editor = page.editor
        last = editor.buttons[("gunnery", 2)][-1]
        bottom = last.mapTo(viewport, QPoint(0, last.height())).y()
        assert 0 < bottom <= viewport.height(), (uid, bottom, viewport.height())
        assert page.editor_scroll.verticalScrollBar().value() == 0
