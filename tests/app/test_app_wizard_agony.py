"""The agony wizard: the step's effects in the edition's order, one roll per die, typed or
rolled, with the outcome previewed before one ``agony`` step is written."""

from __future__ import annotations

from app_window import demo_window
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QWizard

from referee.app.wizards.agony.wizard import Page
from referee.match.games.orders_file import MatchFile
from referee.rules.orders.commands import Advance, Correct


def steps(window):
    with MatchFile.open(window.session.path) as m:
        return m.steps()


def click(qtbot, widget) -> None:
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)


def burning_and_poisoned(qtbot, tmp_path, step: str = "agony-3"):
    """The demo with two fire tokens on the tank and poison d6, d4 on the grunts, at
    ``step`` (the first draft burns and poisons in Agony 3)."""
    window = demo_window(qtbot, tmp_path, "first-draft")
    commands = [
        Correct(uid="tank", set={"fire": 2}),
        Correct(uid="grunts", set={"poison": [6, 4]}),
        Advance(to=step, unfired="pass"),
    ]
    assert window.run_step("Fire and poison", commands) is not None, window.last_error
    qtbot.keyClick(window.view, Qt.Key.Key_N)
    wizard = window.turn_driver.wizard
    qtbot.waitExposed(wizard)
    assert wizard.currentId() == Page.EFFECTS
    return window, wizard


def type_dice(qtbot, wizard, values) -> None:
    dice = wizard.rolls_page.dice
    radio = dice.typed
    if not radio.isChecked():
        qtbot.mouseClick(radio, Qt.MouseButton.LeftButton, pos=QPoint(8, radio.height() // 2))
    for i, value in enumerate(values):
        box = dice.box(i)
        box.setFocus()
        box.selectAll()
        qtbot.keyClicks(box, str(value))


def purposes(wizard) -> list[str]:
    return [s.request.purpose for s in wizard.rolls_page.dice.slots]


def test_the_effects_come_in_the_editions_order_one_die_each(qtbot, tmp_path):
    _window, wizard = burning_and_poisoned(qtbot, tmp_path)
    text = wizard.effects_page.text.toPlainText()
    # first draft, Agony 3: fire, then poison (agony.toml's schedule)
    assert text.index("fire") < text.index("poison")
    assert "tank: one d6: fire 1 (d6) on tank" in text
    click(qtbot, wizard.button(QWizard.WizardButton.NextButton))
    assert wizard.currentId() == Page.ROLLS
    # a die per fire token, a die per poison instance (d6, then d4), listed before any
    # is typed
    type_dice(qtbot, wizard, [])
    assert purposes(wizard) == [
        "fire 1 (d6) on tank",
        "fire 2 (d6) on tank",
        "poison 1 (d6) on grunts",
        "poison 2 (d4) on grunts",
    ]
    assert [s.sides for s in wizard.rolls_page.dice.slots] == [6, 6, 6, 4]
    wizard.reject()


def test_typed_dice_show_their_outcome_and_reach_the_journal(qtbot, tmp_path):
    window, wizard = burning_and_poisoned(qtbot, tmp_path)
    click(qtbot, wizard.button(QWizard.WizardButton.NextButton))
    type_dice(qtbot, wizard, [2, 5, 1, 3])
    click(qtbot, wizard.button(QWizard.WizardButton.NextButton))
    assert wizard.currentId() == Page.OUTCOME
    outcome = wizard.outcome_page.text.toPlainText()
    # first draft: a fire goes when its die (minus fire resistance, 0) is 2 or less
    assert "rolled 2, then stops" in outcome
    assert "agony.fire" in outcome
    # changed at once (agony damage is not pending): the 5 gave a token, one fire is left
    assert "tank: +1 to future damage (was +0); fire 2 -> 1" in outcome
    click(qtbot, wizard.button(QWizard.WizardButton.FinishButton))
    agony, advance = steps(window)[-2:]
    assert agony.name == "Agony 3: fire, poison"
    assert [(r.sides, r.value, r.typed) for r in agony.events[0].dice] == [
        (6, 2, True),
        (6, 5, True),
        (6, 1, True),
        (4, 3, True),
    ]
    assert advance.events[0].kind == "advance"
    state = window.session.state
    # two fire tokens: the 2 puts one out, the 5 leaves the other burning
    assert state.unit("tank").fire == 1
    # nothing bleeds or burns on a hex (Agony 4), nothing to remove (the aftermath): the
    # clock passes them and stops at turn 2's orders step, turn 3's orders missing
    assert advance.name == "Agony 4 to Aftermath: nothing to do in 2 steps"
    assert (state.turn, state.step) == (2, "orders")


def test_a_die_the_table_cannot_show_and_a_missing_die_are_refused(qtbot, tmp_path):
    window, wizard = burning_and_poisoned(qtbot, tmp_path)
    before = steps(window)
    click(qtbot, wizard.button(QWizard.WizardButton.NextButton))
    type_dice(qtbot, wizard, [2, 5, 1])
    dice = wizard.rolls_page.dice
    assert dice.problem() == "type die 4 (d4, poison 2 (d4) on grunts)"
    assert not wizard.button(QWizard.WizardButton.NextButton).isEnabled()
    box = dice.box(3)  # the poison d4: a 5 is refused at the keystroke
    box.setFocus()
    qtbot.keyClicks(box, "5")
    assert box.typed() is None
    assert "a d4 shows 1 to 4: 5 typed for die 4" in dice.refusal.text()
    assert not wizard.button(QWizard.WizardButton.NextButton).isEnabled()
    assert wizard.isVisible()
    click(qtbot, wizard.button(QWizard.WizardButton.CancelButton))
    assert steps(window) == before


def test_the_app_rolls_when_nothing_is_typed(qtbot, tmp_path):
    window, wizard = burning_and_poisoned(qtbot, tmp_path)
    click(qtbot, wizard.button(QWizard.WizardButton.NextButton))
    dice = wizard.rolls_page.dice
    # the app's dice are drawn when the step is written, never shown before (nothing
    # peeked): the four dice the step needs are listed, their values not
    assert dice.asked() == () and len(dice.slots) == 4
    assert all(dice.box(i).text() == "?" for i in range(4))
    click(qtbot, wizard.button(QWizard.WizardButton.NextButton))
    assert "The app rolls when the step is written" in wizard.outcome_page.text.toPlainText()
    click(qtbot, wizard.button(QWizard.WizardButton.FinishButton))
    agony = steps(window)[-2]
    rolled = agony.events[0].dice
    assert len(rolled) == 4 and not any(r.typed for r in rolled)
    # once written, the dice and what they did show beside the map
    written = window.wizard_host.written
    assert written is not None and written.isVisible()
    assert f"Step {agony.number}: {agony.name}" in written.toPlainText()


def test_steps_with_nothing_scheduled_open_no_dialog_and_pass_as_one_entry(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path, "first-draft")
    commands = [
        Correct(uid="tank", set={"fire": 2}),
        Advance(to="agony-0", unfired="pass"),
    ]
    assert window.run_step("Fire", commands) is not None, window.last_error
    qtbot.keyClick(window.view, Qt.Key.Key_N)
    # the first draft schedules nothing in Agony 0; Agony 1 (acid wear, minor acid) and
    # Agony 2 (acid) find nothing on the table; fire burns in Agony 3
    assert window.turn_driver.wizard is None
    last = steps(window)[-1]
    assert last.name == "Agony 1 to Agony 2: nothing to do in 2 steps"
    assert last.events[0].detail["passed"] == ["agony-1", "agony-2"]
    assert window.session.state.step == "agony-3"


def test_a_step_with_nothing_scheduled_is_written_from_its_first_page(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path, "first-draft")
    assert window.run_step("To agony 0", [Advance(to="agony-0", unfired="pass")]) is not None
    wizard = window.turn_driver.open_agony()  # Wizards > Agony: opened by hand
    qtbot.waitExposed(wizard)
    # the first draft schedules nothing in Agony 0
    assert "schedules nothing" in wizard.effects_page.text.toPlainText()
    assert wizard.button(QWizard.WizardButton.FinishButton).isVisible()
    click(qtbot, wizard.button(QWizard.WizardButton.FinishButton))
    assert [s.name for s in steps(window)[-1:]] == [
        "Agony 0: nothing is scheduled in the first draft"  # the turn's label (turn.toml)
    ]
    assert window.session.state.step == "agony-0"  # opened by hand: the clock stays


def test_tab_from_the_last_die_goes_on_to_the_wizard_not_to_the_map(qtbot, tmp_path):
    # the keyboard alone: Down to "Type the dice" puts the cursor in die 1; Tab from the
    # last die goes on to Cancel while Next waits for the dice, then to Next once typed,
    # never out of the wizard dock to the map (where Return pressed nothing)
    from PySide6.QtWidgets import QApplication

    window, wizard = burning_and_poisoned(qtbot, tmp_path)
    with qtbot.waitActive(window):
        window.activateWindow()
    click(qtbot, wizard.button(QWizard.WizardButton.NextButton))
    dice = wizard.rolls_page.dice
    dice.digital.setFocus()
    qtbot.keyClick(dice.digital, Qt.Key.Key_Down)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is dice.box(0))
    last = dice.box(len(dice.slots) - 1)
    last.setFocus()
    qtbot.keyClick(last, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is wizard.button(QWizard.WizardButton.CancelButton)
    type_dice(qtbot, wizard, [1, 1, 1, 1])
    last = dice.box(len(dice.slots) - 1)
    last.setFocus()
    qtbot.keyClick(last, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is wizard.button(QWizard.WizardButton.NextButton)
    wizard.reject()


def test_an_agony_step_has_one_name_the_turns_label_in_wizard_and_journal(qtbot, tmp_path):
    # current edition, turn.toml: agony-1 is "Agony 1: minor acid" (agony.toml schedules
    # the effect "minor-acid" there); the turn list, the wizard and the journal say it alike
    window = demo_window(qtbot, tmp_path)
    commands = [
        Correct(uid="grunts", set={"minor_acid": 1}),
        Advance(to="agony-1", unfired="pass"),
    ]
    assert window.run_step("Minor acid", commands) is not None, window.last_error
    wizard = window.turn_driver.open_agony()
    qtbot.waitExposed(wizard)
    assert wizard.windowTitle() == "Agony 1: minor acid"
    assert wizard.effects_page.title() == "Agony 1: minor acid"
    while wizard.currentId() != Page.OUTCOME:
        click(qtbot, wizard.button(QWizard.WizardButton.NextButton))
    click(qtbot, wizard.button(QWizard.WizardButton.FinishButton))
    names = [s.name for s in steps(window)]
    assert "Agony 1: minor acid" in names
    assert not any("minor-acid" in n for n in names)
