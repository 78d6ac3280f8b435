"""The movement wizard: the moves drawn on the map, the choices asked in the nations' order
(from a list or a click on the map), swamp rolls typed or rolled, the assaults a step starts,
and one ``movement`` step written."""

from __future__ import annotations

from app_window import click_hex, demo_window
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWizard

from referee.app.wizards.movement.page import Page
from referee.board.hexgrid import parse_label
from referee.match.games.orders_file import MatchFile
from referee.rules.orders.commands import Advance, Correct, Movement, Orders


def steps(window):
    with MatchFile.open(window.session.path) as m:
        return m.steps()


def click(qtbot, widget) -> None:
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)


def setup(window, name: str, commands) -> None:
    assert window.run_step(name, commands) is not None, window.last_error


def to_movement(window, number: int = 1) -> None:
    setup(
        window,
        f"To movement {number}",
        [Advance(to=f"movement-{number}", unfired="pass")],
    )


def arrows(window) -> set[str]:
    return {item.arrow.text() for item in window.scene.drawings.arrow_items}


def open_with_n(qtbot, window):
    qtbot.keyClick(window.view, Qt.Key.Key_N)
    wizard = window.turn_driver.wizard
    qtbot.waitExposed(wizard)
    assert wizard.currentId() == Page.PLAN
    return wizard


def test_the_planned_moves_are_arrows_on_the_map_and_finishing_moves_the_clock_on(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path, "first-draft")
    to_movement(window)
    wizard = open_with_n(qtbot, window)
    # demo orders, movement 1: F for the hoplites, companions (side 1, facing N) and the
    # grunts, boars (side 2, facing S); the tank and the wagon stand still
    assert arrows(window) == {"E7->E6 (move)", "G8->G7 (move)", "B3->B4 (move)", "E3->E4 (move)"}
    click(qtbot, wizard.button(QWizard.WizardButton.NextButton))
    assert wizard.currentId() == Page.RESULT  # nothing to choose, no die
    assert "hoplites E7 → E6" in wizard.result_page.text.toPlainText()
    click(qtbot, wizard.button(QWizard.WizardButton.FinishButton))
    written = steps(window)
    # no assault, no hex effect, no ability: the clock passes the rest of Movement 1 and
    # all of Assault 1 (the first draft applies no damage there) in one journal step
    assert [s.name for s in written[-2:]] == [
        "Movement 1",
        "Movement 1 to Assault 1: nothing to do in 6 steps",
    ]
    assert window.session.state.step == "movement-2"
    assert written[-2].events[0].command.to_json() == {"kind": "movement", "step": 1}
    assert str(window.session.state.unit("hoplites").hex) == "E6"
    assert window.scene.drawings.arrow_items == []


def test_choices_are_asked_in_the_nations_order_from_a_list_or_the_map(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    setup(
        window,
        "Orders with choices",
        [
            # the boars one hex east of the demo's E3: at F3 their chase may go to E4 or F4
            Correct(uid="boars", set={"hex": "F3"}),
            Orders(uid="hoplites", turn=1, movement="360 + F + -"),
            Orders(uid="grunts", turn=1, movement="Flee + F + -"),
            Orders(uid="boars", turn=1, movement="Chase + F + F"),
        ],
    )
    to_movement(window)
    qtbot.keyClick(window.view, Qt.Key.Key_M)
    wizard = window.turn_driver.wizard
    qtbot.waitExposed(wizard)
    click(qtbot, wizard.button(QWizard.WizardButton.NextButton))
    assert wizard.currentId() == Page.CHOICES
    page = wizard.choices_page
    # nations.toml [choice] lists the spartans first (highest) and the orks last: the
    # highest rank chooses last, so the orks' two choices come before the spartans' one
    assert [(r.choice.key, r.choice.kind) for r in page.rows] == [
        ("boars", "chase"),
        ("grunts", "flee"),
        ("hoplites", "facing"),
    ]
    # the hexes each open choice may lead to are dashed arrows on the map
    assert {"F3->E4 (option)", "F3->F4 (option)", "B3->A3 (option)"} <= arrows(window)
    assert not wizard.button(QWizard.WizardButton.NextButton).isEnabled()
    boars, grunts, hoplites = page.rows
    # the keyboard starts on the first choice: Down picks its first option, as in a list
    assert QApplication.focusWidget() is boars.combo
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Down)
    assert boars.combo.currentText() == "E4"
    click(qtbot, boars.pick)
    click_hex(qtbot, window, parse_label("F4"))
    assert boars.combo.currentText() == "F4"
    qtbot.keyClick(grunts.combo, Qt.Key.Key_Down)  # the first option, A3
    for _ in range(3):  # N, NE, SE
        qtbot.keyClick(hoplites.combo, Qt.Key.Key_Down)
    assert hoplites.combo.currentText() == "SE"  # words, not the engine's facing number
    assert wizard.button(QWizard.WizardButton.NextButton).isEnabled()
    click(qtbot, wizard.button(QWizard.WizardButton.NextButton))
    assert wizard.currentId() == Page.RESULT
    assert {"F3->F4 (move)", "B3->A3 (move)"} <= arrows(window)
    click(qtbot, wizard.button(QWizard.WizardButton.FinishButton))
    movement = steps(window)[-1]  # opened from the menu (M): the clock stays
    assert window.session.state.step == "movement-1"
    assert movement.name == "Movement 1 (boars to F4, grunts to A3, hoplites faces SE)"
    assert movement.events[0].command.to_json()["choices"] == {
        "boars": "F4",
        "grunts": "A3",
        "hoplites": 2,
    }
    state = window.session.state
    assert str(state.unit("boars").hex) == "F4" and str(state.unit("grunts").hex) == "A3"
    assert state.unit("hoplites").facing == 2


def test_a_swamp_stuck_roll_typed_at_the_table_keeps_the_tank_in_the_swamp(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    setup(
        window,
        "The tank in the swamp",
        [
            Correct(uid="tank", set={"hex": "A9", "speed": "slow"}),
            Orders(uid="tank", turn=1, movement="F + - + -"),
        ],
    )
    to_movement(window)
    wizard = open_with_n(qtbot, window)
    click(qtbot, wizard.button(QWizard.WizardButton.NextButton))
    assert wizard.currentId() == Page.DICE
    dice = wizard.dice_page.dice
    dice.typed.click()  # as a click on its label does
    assert dice.is_typed()
    # the one stuck roll, listed with what it is for before it is typed
    assert [(s.sides, s.request.purpose) for s in dice.slots] == [
        (6, "tank: stuck in swamp on 2 or less")
    ]
    box = dice.box(0)
    box.setFocus()
    qtbot.keyClicks(box, "7")
    # a d6 cannot show 7: the box refuses it, and the step cannot go on
    assert box.typed() is None and "a d6 shows 1 to 6: 7 typed for die 1" in dice.refusal.text()
    assert not wizard.button(QWizard.WizardButton.NextButton).isEnabled()
    box.selectAll()
    qtbot.keyClicks(box, "2")
    # the terrain table: tracked movers are stuck on 2 or less
    click(qtbot, wizard.button(QWizard.WizardButton.NextButton))
    assert "tank stays in A9 (tried A8): stuck in the swamp" in (
        wizard.result_page.text.toPlainText()
    )
    assert "A9->A8 (stay)" in arrows(window)
    click(qtbot, wizard.button(QWizard.WizardButton.FinishButton))
    movement = steps(window)[-2]
    roll = movement.events[0].dice[0]
    assert (roll.sides, roll.value, roll.typed) == (6, 2, True)
    assert str(window.session.state.unit("tank").hex) == "A9"


def test_the_assault_a_step_starts_is_shown_before_it_is_written(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    # the demo's boars (E3, F + F) and hoplites (E7, F + F) enter E5 in the same movement
    # step
    to_movement(window)
    setup(window, "Movement 1", [Movement(step=1)])
    to_movement(window, 2)
    wizard = open_with_n(qtbot, window)
    assert {"E6->E5 (assault)", "E4->E5 (assault)"} <= arrows(window)
    click(qtbot, wizard.button(QWizard.WizardButton.NextButton))
    text = wizard.result_page.text.toPlainText()
    assert "Assaults this step starts" in text and "assault over E5" in text
    click(qtbot, wizard.button(QWizard.WizardButton.FinishButton))
    contests = window.session.state.contests
    assert [c["hexes"] for c in contests] == [["E5"]]


def test_three_friends_entering_one_hex_stay_with_the_reason_and_are_shaken(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    # the hoplites (E7, facing N), the companions (D6, facing NE) and the tank (F6, facing
    # NW) all step forward into E6: three ground units where at most two may stand
    setup(
        window,
        "Three units towards E6",
        [
            Correct(uid="companions", set={"hex": "D6", "facing": 1}),
            Correct(uid="tank", set={"hex": "F6", "facing": 5, "speed": "slow"}),
            Orders(uid="tank", turn=1, movement="F + - + -"),
        ],
    )
    to_movement(window)
    wizard = open_with_n(qtbot, window)
    assert {"E7->E6 (stay)", "D6->E6 (stay)", "F6->E6 (stay)"} <= arrows(window)
    click(qtbot, wizard.button(QWizard.WizardButton.NextButton))
    text = wizard.result_page.text.toPlainText()
    stays, shaken = text.index("Stay where they are"), text.index("Shaken")
    for uid in ("companions", "hoplites", "tank"):
        assert text.index(f"{uid} stays in", stays) < shaken
        assert text.index(uid, shaken) > shaken
    assert "over the stacking limit" in text and "move.stacking.overcrowding" in text
    click(qtbot, wizard.button(QWizard.WizardButton.FinishButton))
    state = window.session.state
    assert str(state.unit("hoplites").hex) == "E7" and state.unit("hoplites").is_shaken


def test_leaving_the_movement_wizard_writes_nothing_and_clears_the_map(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    to_movement(window)
    before = steps(window)
    wizard = open_with_n(qtbot, window)
    assert window.scene.drawings.arrow_items
    click(qtbot, wizard.button(QWizard.WizardButton.CancelButton))
    assert steps(window) == before
    assert window.scene.drawings.arrow_items == []
    assert window.session.state.step == "movement-1"


def test_the_head_on_hex_is_chosen_with_the_keyboard_alone(qtbot, tmp_path):
    # clause move.head-on: the boars (E5, facing S) and the hoplites (E6, facing N) both go
    # forward, head-on; side 1 chooses the hex fought over among E5, E6. The keyboard is on
    # that choice as the page shows; its list opens on its first option, Down chooses it
    # as in a list, and Return then goes on
    window = demo_window(qtbot, tmp_path)
    setup(
        window,
        "Head-on",
        [
            Correct(uid="boars", set={"hex": "E5", "facing": 3}),
            Correct(uid="hoplites", set={"hex": "E6", "facing": 0}),
        ],
    )
    to_movement(window)
    wizard = open_with_n(qtbot, window)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    assert wizard.currentId() == Page.CHOICES
    (row,) = wizard.choices_page.rows
    assert row.choice.key.startswith("head-on")
    qtbot.waitUntil(lambda: QApplication.focusWidget() is row.combo)
    assert "Down in a list chooses its first option" in wizard.choices_page.status.text()
    row.combo.showPopup()
    assert row.combo.view().currentIndex().row() == 0 and row.combo.currentIndex() == -1
    row.combo.hidePopup()
    qtbot.keyClick(row.combo, Qt.Key.Key_Down)
    assert row.combo.currentText() == "E5"
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    assert wizard.currentId() in (Page.DICE, Page.RESULT)
    wizard.reject()
