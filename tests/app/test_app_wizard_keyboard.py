"""The keyboard stays where the referee types in every wizard of the dock: a QWizard hides
its pages for a moment whenever a page says whether it is complete (it does so on every
edit), which sent the focus out of the field being typed into, to the map."""

from __future__ import annotations

from app_window import demo_window
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from test_app_gunnery_wizard import next_page, pick, to_roll_page
from test_app_wizard_assault import assault_window, to_allocation

from referee.app.wizards.gunnery.page import Page


def test_typing_a_support_hit_keeps_the_keyboard_in_its_spin_box(qtbot, tmp_path):
    window = assault_window(qtbot, tmp_path)
    with qtbot.waitActive(window):
        window.activateWindow()
    wizard = to_allocation(qtbot, window)
    editor = wizard.allocation_page.editors[1]
    spin = editor.rolls.cellWidget(0, 2)  # support from the tank on the first damaging hit
    spin.setFocus()
    spin.selectAll()
    assert QApplication.focusWidget() is spin
    for key in (Qt.Key.Key_1, Qt.Key.Key_Backspace, Qt.Key.Key_0):
        qtbot.keyClick(QApplication.focusWidget(), key)  # wherever the keyboard is now
        assert QApplication.focusWidget() is spin
    assert spin.value() == 0
    wizard.reject()


def test_after_the_last_typed_die_return_goes_on_to_the_outcome(qtbot, tmp_path):
    # the last die makes the page complete: the wizard updates its Next button, and the
    # keyboard must still be in the wizard for Return to press it
    window = demo_window(qtbot, tmp_path)
    wizard = to_roll_page(qtbot, window)
    assert wizard.currentId() == Page.ROLL
    dice = wizard.roll_page.dice
    dice.set_typed(True)
    dice.focus_next()
    # to hit 5 (needs 3), armor 6 and 3, damage 4: four dice, none of them a follow-up
    for value in (5, 6, 3, 4):
        box = QApplication.focusWidget()
        assert box is not None and wizard.isAncestorOf(box)
        qtbot.keyClicks(box, str(value))
    assert not dice.missing()
    focus = QApplication.focusWidget()
    assert focus is not None and wizard.isAncestorOf(focus)
    qtbot.keyClick(focus, Qt.Key.Key_Return)
    assert wizard.currentId() == Page.OUTCOME
    wizard.reject()


def test_a_page_that_takes_typed_dice_opens_with_the_keyboard_on_its_first_die(qtbot, tmp_path):
    # the roll page's dice were typed: the damage page asks its dice typed too; after Next
    # (a click: the button had the keyboard, then went disabled) the keys go to die 1
    from test_app_wizard_assault import DAMAGE, Page

    window = assault_window(qtbot, tmp_path)
    with qtbot.waitActive(window):
        window.activateWindow()
    wizard = to_allocation(qtbot, window)
    next_button = wizard.button(wizard.WizardButton.NextButton)
    next_button.setFocus()
    qtbot.mouseClick(next_button, Qt.MouseButton.LeftButton)
    assert wizard.currentId() == Page.DAMAGE
    dice = wizard.damage_page.dice
    assert dice.is_typed()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is dice.box(0))
    for value in DAMAGE:
        qtbot.keyClicks(QApplication.focusWidget(), str(value))
    assert not dice.missing() and wizard.damage_page.isComplete()
    wizard.reject()


def test_the_target_the_keyboard_is_on_is_the_one_picked_and_drawn(qtbot, tmp_path):
    # after Next the keyboard lands in the list of targets, which makes its first legal
    # target current: that target is the one picked (selected, its line on the map), not
    # a current item the page shows as not picked while Next would fire at it
    window = demo_window(qtbot, tmp_path)
    wizard = window.open_gunnery_wizard()
    qtbot.waitExposed(wizard)
    pick(qtbot, wizard.shooter_page.list, "tank")
    next_page(qtbot, wizard)
    pick(qtbot, wizard.weapon_page.list, "Main gun")
    next_page(qtbot, wizard)
    targets = wizard.target_page.list
    targets.setFocus(Qt.FocusReason.TabFocusReason)
    uid = wizard.target_page.uid()
    assert uid and targets.currentItem().isSelected()
    where = str(window.session.state.unit(uid).hex)
    assert window.wizard_host.overlay.drawn()[0].startswith(f"shot C7->{where}:")
    wizard.reject()


def test_return_on_the_reroll_page_rerolls_then_goes_on(qtbot, tmp_path):
    # clause abilities.reroll-assault: the hoplites' one 6 offers one reroll; Next waits
    # until it is taken, so Return takes it (the proposal, with the die typed), then goes on
    from test_app_wizard_assault import UNITS, choose_typed, open_wizard, type_dice
    from test_app_wizard_assault import next_page as next_assault_page

    from referee.app.wizards.assault.page import Page as AssaultPage

    hoplites = {**UNITS[0], "uid": "hoplites", "unit": "hoplite-phalanx"}
    window = assault_window(qtbot, tmp_path, units=[hoplites, UNITS[1]])
    with qtbot.waitActive(window):
        window.activateWindow()
    wizard = open_wizard(qtbot, window)
    next_assault_page(qtbot, wizard)
    choose_typed(qtbot, wizard.roll_page.dice)
    type_dice(qtbot, wizard.roll_page.dice, (6, *[2] * 15))
    next_assault_page(qtbot, wizard)
    page = wizard.reroll_page
    assert wizard.currentId() == AssaultPage.REROLL and not page.isComplete()
    page.dice.focus_next()
    qtbot.keyClicks(QApplication.focusWidget(), "2")  # the rerolled die shows a 2
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    assert page.isComplete() and "hoplites#2" in page.done.text()
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    assert wizard.currentId() == AssaultPage.ADVANTAGE
    wizard.reject()


def test_return_takes_the_rerolls_the_app_rolls_wherever_the_keyboard_is_on_the_page(
    qtbot, tmp_path
):
    # the app rolls every die: the keyboard rests on the page's first choice (a radio
    # button), and Return still takes each batch until no offer is left, then goes on
    from test_app_wizard_assault import UNITS, open_wizard

    from referee.app.wizards.assault.page import Page as AssaultPage

    hoplites = {**UNITS[0], "uid": "hoplites", "unit": "hoplite-phalanx"}
    window = assault_window(qtbot, tmp_path, units=[hoplites, UNITS[1]])
    with qtbot.waitActive(window):
        window.activateWindow()
    wizard = open_wizard(qtbot, window)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)  # the contest
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)  # Roll: the pools show
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)  # the pools, rolled
    page = wizard.reroll_page
    assert wizard.currentId() == AssaultPage.REROLL and not page.isComplete()
    for _ in range(6):  # each batch rerolls at most the sixes' worth: a few batches
        if page.isComplete():
            break
        focus = QApplication.focusWidget()
        assert focus is not None and page.isAncestorOf(focus)
        qtbot.keyClick(focus, Qt.Key.Key_Return)
    assert page.isComplete() and page.done.text().startswith("Rerolled:")
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    assert wizard.currentId() == AssaultPage.ADVANTAGE
    wizard.reject()


def reroll_window(qtbot, tmp_path):
    """The hoplites (Reroll Assault 1) against the grunts, with the match's seed 2: the app's
    dice give the hoplites a 6, and the die they reroll shows a 6 again, so the page offers
    a second round of rerolls (Reroll enabled, Next disabled)."""
    from test_app_wizard_assault import UNITS, open_wizard

    hoplites = {**UNITS[0], "uid": "hoplites", "unit": "hoplite-phalanx"}
    window = assault_window(qtbot, tmp_path, units=[hoplites, UNITS[1]], seed=2)
    with qtbot.waitActive(window):
        window.activateWindow()
    wizard = open_wizard(qtbot, window)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)  # the contest
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)  # Roll: the pools show
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)  # the pools, rolled
    QApplication.processEvents()  # the page shown, as it is before the referee's next key
    return wizard


def test_return_takes_every_round_of_rerolls_then_goes_on(qtbot, tmp_path):
    # clause abilities.reroll-assault: a 6 on a rerolled die makes a new offer; after the
    # first Reroll the keyboard is on Reroll, and Return must press it again (not ask the
    # wizard for Next, which waits for the rerolls)
    from referee.app.wizards.assault.page import Page as AssaultPage

    wizard = reroll_window(qtbot, tmp_path)
    page = wizard.reroll_page
    assert wizard.currentId() == AssaultPage.REROLL and not page.isComplete()
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    assert len(page.batches) == 1 and not page.isComplete()  # the second round is offered
    assert page.apply_button.isEnabled()
    QApplication.processEvents()
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    assert len(page.batches) == 2 and page.isComplete()
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    assert wizard.currentId() == AssaultPage.ADVANTAGE
    wizard.reject()


def test_alt_r_rerolls_in_every_round(qtbot, tmp_path):
    # the Reroll button has a mnemonic: Alt+R takes the batch wherever the keyboard is
    wizard = reroll_window(qtbot, tmp_path)
    page = wizard.reroll_page
    assert "&R" in page.apply_button.text()
    for taken in (1, 2):
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_R, Qt.KeyboardModifier.AltModifier)
        qtbot.waitUntil(lambda n=taken: len(page.batches) == n)  # a mnemonic clicks as it shows
    assert page.isComplete()
    wizard.reject()
