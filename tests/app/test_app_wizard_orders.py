"""The orders wizard: code buttons allowed by the speed at each step, typed notation with its
errors where they are, the engine's check of each step, one ``orders`` step for the units."""

from __future__ import annotations

from app_window import demo_window
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWizard

from referee.app.wizards.orders.wizard import Page
from referee.match.games.orders_file import MatchFile
from referee.rules.orders.commands import Advance, Orders


def steps(window):
    with MatchFile.open(window.session.path) as m:
        return m.steps()


def click(qtbot, widget) -> None:
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)


def next_page(qtbot, wizard) -> None:
    click(qtbot, wizard.button(QWizard.WizardButton.NextButton))


def open_orders(qtbot, window, downs: int = 0):
    """Wizards > Orders (O); ``downs`` presses of Down in the units combo (1: side 1)."""
    qtbot.keyClick(window.view, Qt.Key.Key_O)
    wizard = window.turn_driver.wizard
    qtbot.waitExposed(wizard)
    assert wizard.currentId() == Page.UNITS
    for _ in range(downs):
        qtbot.keyClick(wizard.units_page.side, Qt.Key.Key_Down)
    next_page(qtbot, wizard)
    assert wizard.currentId() == Page.ORDERS
    return wizard


def pick_unit(qtbot, wizard, uid: str) -> None:
    items = wizard.orders_page.list
    for row in range(items.count()):
        if items.item(row).data(Qt.ItemDataRole.UserRole) == uid:
            pos = items.visualItemRect(items.item(row)).center()
            qtbot.mouseClick(items.viewport(), Qt.MouseButton.LeftButton, pos=pos)
            return
    raise AssertionError(f"no unit {uid}")


def type_into(qtbot, field, text: str) -> None:
    field.selectAll()
    qtbot.keyClicks(field, text)


def test_the_next_turn_is_offered_once_this_one_has_orders(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    qtbot.keyClick(window.view, Qt.Key.Key_O)
    wizard = window.turn_driver.wizard
    # the demo gave every unit orders for turn 1: only turn 2 can be written
    combo = wizard.units_page.turn
    assert [combo.itemText(i) for i in range(combo.count())] == ["Turn 2 (next turn)"]
    wizard.reject()


def test_buttons_offer_only_the_codes_the_speed_allows_at_each_step(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    wizard = open_orders(qtbot, window, downs=1)
    pick_unit(qtbot, wizard, "tank")
    editor = wizard.orders_page.editor
    # the tank stands still all of turn 1 (- + - + -): turn 2 starts at stand-still, whose
    # card row allows L, R, A and - (orders.speed-restrictions)
    assert editor.step_buttons("movement", 1) == ["L", "R", "A", "-"]
    assert "Load" in editor.step_buttons("gunnery", 1)
    click(qtbot, editor.button("movement", 1, "A"))
    assert editor.text("movement") == "A + - + -"
    # A moves the speed one up the card (stand-still -> slow) from the next step on
    # (orders.speed): movement 2 offers the slow row, which has F and B
    assert editor.step_buttons("movement", 2) == ["F", "L", "R", "A", "B", "Rev", "Road", "-"]
    click(qtbot, editor.button("movement", 2, "F"))
    assert editor.text("movement") == "A + F + -"
    # gunnery 2 is judged at the speed after movement 3 (slow): the slow row has no Load
    assert "Load" not in editor.step_buttons("gunnery", 2)
    assert "Speed at the end of movement 3: <b>slow</b>" in editor.check_text.text()


def test_a_step_illegal_at_its_speed_says_what_it_becomes_and_why(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    wizard = open_orders(qtbot, window, downs=1)
    pick_unit(qtbot, wizard, "tank")
    editor = wizard.orders_page.editor
    type_into(qtbot, editor.fields["movement"], "F + - + -")
    # F is not on the tank's stand-still row; the first draft replaces an illegal step by
    # the speed's default, which at stand-still is '-'
    check = editor.check_text.text()
    assert "movement 1 (stand-still): F -&gt; -" in check
    assert "orders.speed-restrictions" in check and "orders.illegal" in check


def test_a_notation_that_stops_making_sense_is_shown_where_it_stops(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    wizard = open_orders(qtbot, window, downs=1)
    pick_unit(qtbot, wizard, "hoplites")
    editor = wizard.orders_page.editor
    type_into(qtbot, editor.fields["movement"], "F + X + -")
    error = editor.errors["movement"].text()
    # "F + X + -": the X is character 4 (from 0); the caret stands under it
    assert "&nbsp;&nbsp;&nbsp;&nbsp;^" in error
    assert "'X' is not a movement code" in error
    assert not wizard.button(QWizard.WizardButton.FinishButton).isEnabled()
    assert "hoplites, movement" in wizard.orders_page.problem.text()


def test_finishing_writes_one_orders_step_for_the_units_written(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    wizard = open_orders(qtbot, window, downs=2)  # side 2: wagon, grunts, boars
    pick_unit(qtbot, wizard, "grunts")
    editor = wizard.orders_page.editor
    type_into(qtbot, editor.fields["movement"], "f+f+360")
    type_into(qtbot, editor.fields["gunnery"], "aim + fire")
    click(qtbot, wizard.button(QWizard.WizardButton.FinishButton))
    last = steps(window)[-1]
    assert last.name == "Orders for turn 2 (side 2)"
    # the demo wrote turn 2's orders: only the grunts' were rewritten
    assert [e.command.to_json()["uid"] for e in last.events] == ["grunts"]
    assert all(e.kind == "orders" and e.command.to_json()["turn"] == 2 for e in last.events)
    # the notation is written back in the vocabulary's spelling
    assert window.session.state.orders["grunts"]["2"] == {
        "movement": "F + F + 360",
        "gunnery": "Aim + Fire",
    }
    assert window.session.state.orders["wagon"]["2"]["movement"] == "- + - + -"  # as before
    assert window.undo_action.text() == "&Undo Orders for turn 2 (side 2)"


def test_leaving_the_orders_wizard_writes_nothing(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    before = steps(window)
    wizard = open_orders(qtbot, window)
    type_into(qtbot, wizard.orders_page.editor.fields["movement"], "F + F + F")
    click(qtbot, wizard.button(QWizard.WizardButton.CancelButton))
    assert steps(window) == before


def test_typing_an_order_keeps_the_keyboard_in_the_field(qtbot, tmp_path):
    # each key makes the page tell the wizard whether it can finish; the wizard hides its
    # page while it updates its buttons, which sent the focus to the map after one key
    from PySide6.QtWidgets import QApplication

    window = demo_window(qtbot, tmp_path)
    wizard = open_orders(qtbot, window, downs=1)
    pick_unit(qtbot, wizard, "tank")
    field = wizard.orders_page.editor.fields["movement"]
    field.setFocus()
    field.selectAll()
    for key in "A + F + F":
        qtbot.keyClicks(QApplication.focusWidget(), key)  # wherever the keyboard is now
    assert QApplication.focusWidget() is field
    assert field.text() == "A + F + F"


def test_a_unit_confirmed_without_orders_shows_so_when_the_wizard_opens_again(qtbot, tmp_path):
    from referee.app.wizards.orders.orders_page import Status

    window = demo_window(qtbot, tmp_path, "first-draft")
    assert (
        window.run_step(
            "To turn 2",
            [Advance(to="aftermath", unfired="pass"), Advance()],
        )
        is not None
    )
    assert (
        window.run_step("No orders", [Orders(uid="grunts", turn=3, missing="confirm")]) is not None
    )
    wizard = open_orders(qtbot, window)
    page = wizard.orders_page
    assert page.turn == 3
    assert page.status["grunts"] == Status.MISSING and page.status["tank"] == Status.OPEN
    pick_unit(qtbot, wizard, "grunts")
    assert "none, the missing-order rule (default)" in page.list.currentItem().text()
    assert not page.open_button.isEnabled()  # it is written: nothing to take back here


def test_a_gunnery_order_that_does_not_read_keeps_the_movement_buttons_in_place(qtbot, tmp_path):
    # the movement order still reads: its steps' codes (orders.speed-restrictions) stay
    # offered where they were; the gunnery steps keep their rows, off until the order reads
    window = demo_window(qtbot, tmp_path)
    wizard = open_orders(qtbot, window, downs=1)
    pick_unit(qtbot, wizard, "tank")
    editor = wizard.orders_page.editor
    before = editor.step_buttons("movement", 1)
    place = editor.button("movement", 3, "L").mapTo(editor, editor.rect().topLeft())
    field = editor.fields["gunnery"].mapTo(editor, editor.rect().topLeft())
    offered = editor.step_buttons("gunnery", 1)
    type_into(qtbot, editor.fields["gunnery"], "- - -")
    assert editor.errors["gunnery"].isVisible()
    assert editor.step_buttons("movement", 1) == before == ["L", "R", "A", "-"]
    assert editor.button("movement", 3, "L").mapTo(editor, editor.rect().topLeft()) == place
    assert editor.fields["gunnery"].mapTo(editor, editor.rect().topLeft()) == field
    assert editor.button("movement", 1, "A").isEnabled()
    assert editor.step_buttons("gunnery", 1) == offered
    assert not editor.button("gunnery", 1, "Load").isEnabled()
    type_into(qtbot, editor.fields["gunnery"], "Load + -")
    assert editor.button("gunnery", 1, "Load").isEnabled()
    assert editor.button("gunnery", 1, "Load").isChecked()
    wizard.reject()


def test_a_movement_order_that_does_not_read_keeps_every_steps_buttons_in_place_off(
    qtbot, tmp_path
):
    # the speeds of the steps follow from the movement order: while it does not read the
    # buttons stay where they were, off (a press could not rewrite the order)
    window = demo_window(qtbot, tmp_path)
    wizard = open_orders(qtbot, window, downs=1)
    pick_unit(qtbot, wizard, "tank")
    editor = wizard.orders_page.editor
    type_into(qtbot, editor.fields["movement"], "- + X + -")
    assert editor.errors["movement"].isVisible()
    assert editor.step_buttons("movement", 2) == ["L", "R", "A", "-"]
    assert not editor.button("movement", 2, "L").isEnabled()
    assert not editor.button("gunnery", 2, "Load").isEnabled()
    type_into(qtbot, editor.fields["movement"], "A + - + -")
    assert editor.button("movement", 2, "F").isEnabled()  # slow from step 2 (orders.speed)
    assert "Load" not in editor.step_buttons("gunnery", 2)  # slow has no Load: rebuilt
    wizard.reject()
