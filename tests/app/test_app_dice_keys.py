"""Typed dice with the keyboard alone, in the one dice widget every wizard shares: choosing
"Type the dice rolled at the table" (Down from "The app rolls the dice") puts the cursor in
die 1, Tab walks from the choice to die 1 and on die by die, and Backspace in a die not
typed yet goes back to the die before, its value selected so the next digit replaces it (a
second Backspace clears it), as a one-time-code field does."""

from __future__ import annotations

from app_window import demo_window
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWizard
from test_app_gunnery_wizard import to_roll_page


def roll_dice(qtbot, tmp_path):
    """The demo's tank firing its main gun at the wagon: the gunnery wizard's dice page,
    the app rolling, the keyboard on "The app rolls the dice"."""
    window = demo_window(qtbot, tmp_path)
    wizard = to_roll_page(qtbot, window)
    dice = wizard.roll_page.dice
    assert not dice.is_typed()
    dice.digital.setFocus(Qt.FocusReason.TabFocusReason)
    QApplication.processEvents()
    return wizard, dice


def focus():
    QApplication.processEvents()  # the keys' effects done, as before the referee's next key
    return QApplication.focusWidget()


def test_down_to_type_the_dice_puts_the_cursor_in_die_1(qtbot, tmp_path):
    wizard, dice = roll_dice(qtbot, tmp_path)
    qtbot.keyClick(dice.digital, Qt.Key.Key_Down)
    assert dice.is_typed()
    assert focus() is dice.box(0)
    qtbot.keyClicks(focus(), "5")  # to hit: needs 5+, the tank's 5 is kept
    assert dice.values()[:1] == (5,)
    assert focus() is dice.box(1)  # typing moves on
    wizard.reject()


def test_tab_from_the_choice_reaches_die_1_then_die_2(qtbot, tmp_path):
    wizard, dice = roll_dice(qtbot, tmp_path)
    dice.set_typed(True)
    assert focus() is dice.box(0)
    dice.typed.setFocus(Qt.FocusReason.BacktabFocusReason)  # Shift+Tab back to the choice
    assert focus() is dice.typed
    qtbot.keyClick(dice.typed, Qt.Key.Key_Tab)
    assert focus() is dice.box(0)
    qtbot.keyClicks(focus(), "6")  # a 6 to hit: its open-ended die follows as die 2
    dice.box(0).setFocus(Qt.FocusReason.BacktabFocusReason)
    qtbot.keyClick(dice.box(0), Qt.Key.Key_Tab)
    assert focus() is dice.box(1)
    wizard.reject()


def test_backspace_in_an_empty_die_goes_back_to_the_die_before(qtbot, tmp_path):
    wizard, dice = roll_dice(qtbot, tmp_path)
    qtbot.keyClick(dice.digital, Qt.Key.Key_Down)
    qtbot.keyClicks(focus(), "6")  # die 1: the to-hit die, a 6 (open-ended: die 2 follows)
    assert focus() is dice.box(1) and dice.box(1).typed() is None
    qtbot.keyClick(focus(), Qt.Key.Key_Backspace)
    assert focus() is dice.box(0)
    assert dice.box(0).value() == 6  # nothing lost to a stray key
    assert dice.box(0).lineEdit().selectedText() == "6"  # the next digit replaces it
    qtbot.keyClicks(focus(), "5")  # the table shows a 5 after all
    assert dice.values()[:1] == (5,)
    assert focus() is dice.box(1)
    wizard.reject()


def test_a_second_backspace_clears_the_die_gone_back_to(qtbot, tmp_path):
    wizard, dice = roll_dice(qtbot, tmp_path)
    qtbot.keyClick(dice.digital, Qt.Key.Key_Down)
    qtbot.keyClicks(focus(), "5")
    qtbot.keyClick(focus(), Qt.Key.Key_Backspace)  # back to die 1, its 5 selected
    qtbot.keyClick(focus(), Qt.Key.Key_Backspace)  # the 5 cleared
    assert focus() is dice.box(0)
    assert dice.box(0).typed() is None and 1 in dice.missing()
    qtbot.keyClick(focus(), Qt.Key.Key_Backspace)  # die 1 has no die before it: stays
    assert focus() is dice.box(0)
    wizard.reject()


def test_tab_on_the_assault_pools_reaches_the_choice_of_dice(qtbot, tmp_path):
    # the pools' table is read only: Tab passes it (no walk from cell to cell) on to "The
    # app rolls the dice", where Down types the dice
    from test_app_wizard_assault import assault_window, open_wizard

    window = assault_window(qtbot, tmp_path)
    with qtbot.waitActive(window):
        window.activateWindow()
    wizard = open_wizard(qtbot, window)
    qtbot.keyClick(focus(), Qt.Key.Key_Return)  # the contest
    page = wizard.roll_page
    page.pools.setFocus(Qt.FocusReason.OtherFocusReason)  # were it ever there
    start = focus()
    for _ in range(4):
        qtbot.keyClick(focus(), Qt.Key.Key_Tab)
        if focus() is page.dice.digital:
            break
    assert focus() is page.dice.digital, (start, focus())
    qtbot.keyClick(focus(), Qt.Key.Key_Down)
    assert focus() is page.dice.box(0)
    wizard.reject()


def test_the_same_face_typed_again_after_backspace_moves_on(qtbot, tmp_path):
    # Backspace back to die 1 (its 6 selected), the table's 6 confirmed by typing it again:
    # the cursor goes on to the die to type next, and the next digit is that die's
    wizard, dice = roll_dice(qtbot, tmp_path)
    qtbot.keyClick(dice.digital, Qt.Key.Key_Down)
    qtbot.keyClicks(focus(), "6")
    qtbot.keyClick(focus(), Qt.Key.Key_Backspace)
    assert focus() is dice.box(0)
    qtbot.keyClicks(focus(), "6")
    assert focus() is dice.box(1)
    qtbot.keyClicks(focus(), "2")  # the open-ended die of the 6
    assert dice.values()[:2] == (6, 2)
    wizard.reject()


def test_tab_right_after_choosing_typed_dice_stays_in_die_1(qtbot, tmp_path):
    # Down chose the table's dice and put the cursor in die 1: the referee's habitual Tab
    # "to the dice" is that same move, it stays there (it went on to Cancel, and the 6
    # typed next was lost)
    wizard, dice = roll_dice(qtbot, tmp_path)
    qtbot.keyClick(dice.digital, Qt.Key.Key_Down)
    assert focus() is dice.box(0)
    qtbot.keyClick(focus(), Qt.Key.Key_Tab)
    assert focus() is dice.box(0)
    qtbot.keyClicks(focus(), "6")  # a 6 to hit: its open-ended die follows as die 2
    assert dice.values()[:1] == (6,)
    assert focus() is dice.box(1)
    qtbot.keyClick(focus(), Qt.Key.Key_Tab)  # moved on by the 6: the Tab is that move too
    qtbot.keyClicks(focus(), "2")
    assert dice.values()[:2] == (6, 2)
    wizard.reject()


def test_a_second_tab_after_the_choice_leaves_the_dice(qtbot, tmp_path):
    # only the one Tab is taken as the cursor's move: the next goes on as Tab does
    wizard, dice = roll_dice(qtbot, tmp_path)
    qtbot.keyClick(dice.digital, Qt.Key.Key_Down)
    qtbot.keyClick(focus(), Qt.Key.Key_Tab)
    qtbot.keyClick(focus(), Qt.Key.Key_Tab)
    assert focus() is not dice.box(0)
    wizard.reject()


def test_the_die_with_the_keyboard_is_framed(qtbot, tmp_path):
    # the box the keyboard is in is drawn with a frame of its own, seen at a glance
    from referee.app.wizards.common.face_box import FOCUS_FRAME

    wizard, dice = roll_dice(qtbot, tmp_path)
    qtbot.keyClick(dice.digital, Qt.Key.Key_Down)
    box = dice.box(0)
    assert focus() is box
    image = box.grab().toImage()
    assert image.pixelColor(1, box.height() // 2).name() == FOCUS_FRAME
    dice.typed.setFocus(Qt.FocusReason.BacktabFocusReason)
    assert focus() is dice.typed
    image = box.grab().toImage()
    assert image.pixelColor(1, box.height() // 2).name() != FOCUS_FRAME
    wizard.reject()


def assault_roll_page(qtbot, tmp_path):
    from test_app_wizard_assault import assault_window, open_wizard

    window = assault_window(qtbot, tmp_path)
    with qtbot.waitActive(window):
        window.activateWindow()
    wizard = open_wizard(qtbot, window)
    qtbot.keyClick(focus(), Qt.Key.Key_Return)  # the contest
    qtbot.waitUntil(lambda: focus() is not None and wizard.isAncestorOf(focus()))
    return wizard, wizard.roll_page.dice


def test_the_assault_pools_page_opens_with_the_keyboard_on_the_choice_of_dice(qtbot, tmp_path):
    # "Pools and the roll": the keyboard on "The app rolls the dice" (not on Roll, where
    # Down did nothing); Down chooses the table's dice and Up the app's again
    wizard, dice = assault_roll_page(qtbot, tmp_path)
    qtbot.waitUntil(lambda: focus() is dice.digital)
    qtbot.keyClick(focus(), Qt.Key.Key_Down)
    assert dice.is_typed() and focus() is dice.box(0)
    dice.typed.setFocus(Qt.FocusReason.BacktabFocusReason)
    qtbot.keyClick(focus(), Qt.Key.Key_Up)
    assert not dice.is_typed() and focus() is dice.digital
    wizard.reject()


def test_space_on_the_assaults_typed_choice_then_tab_types_die_1(qtbot, tmp_path):
    # Space chose the table's dice and put the cursor in die 1 by itself; the usual Tab
    # then wrote the first die (5) into die 2 while die 1 stayed "?": it stays in die 1
    wizard, dice = assault_roll_page(qtbot, tmp_path)
    dice.typed.setFocus(Qt.FocusReason.BacktabFocusReason)
    qtbot.keyClick(focus(), Qt.Key.Key_Space)
    assert dice.is_typed() and focus() is dice.box(0)
    qtbot.keyClick(focus(), Qt.Key.Key_Tab)
    qtbot.keyClicks(focus(), "5")
    assert dice.box(0).typed() == 5 and dice.box(1).typed() is None
    assert focus() is dice.box(1)
    wizard.reject()


def test_return_on_the_choice_of_the_apps_dice_rolls_them(qtbot, tmp_path):
    # the keyboard on "The app rolls the dice": Return is Next, which reads Roll here
    wizard, dice = assault_roll_page(qtbot, tmp_path)
    qtbot.waitUntil(lambda: focus() is dice.digital)
    assert dice.awaits_roll()
    qtbot.keyClick(focus(), Qt.Key.Key_Return)
    assert not dice.awaits_roll() and dice.shown
    wizard.reject()


def test_a_die_typed_on_the_wizards_buttons_goes_to_the_die_asked_next(qtbot, tmp_path):
    # two Tabs took the keyboard to Cancel: the 6 the table shows is not lost, it is die 1
    wizard, dice = roll_dice(qtbot, tmp_path)
    qtbot.keyClick(dice.digital, Qt.Key.Key_Down)
    qtbot.keyClick(focus(), Qt.Key.Key_Tab)
    qtbot.keyClick(focus(), Qt.Key.Key_Tab)
    assert focus() is wizard.button(QWizard.WizardButton.CancelButton)
    qtbot.keyClicks(focus(), "6")
    assert dice.values()[:1] == (6,)
    assert focus() is dice.box(1)
    wizard.reject()


def test_a_die_typed_on_the_choice_of_typed_dice_goes_to_the_die_asked_next(qtbot, tmp_path):
    wizard, dice = roll_dice(qtbot, tmp_path)
    qtbot.keyClick(dice.digital, Qt.Key.Key_Down)
    assert focus() is dice.box(0)
    dice.typed.setFocus(Qt.FocusReason.BacktabFocusReason)  # Shift+Tab back to the choice
    assert focus() is dice.typed
    qtbot.keyClicks(focus(), "4")
    assert dice.values()[:1] == (4,) and dice.box(0).typed() == 4
    wizard.reject()


def test_the_choice_of_dice_with_the_keyboard_is_framed(qtbot, tmp_path):
    # "The app rolls the dice" with the keyboard: framed, so Down's effect is expected
    from referee.app.wizards.common.face_box import FOCUS_FRAME

    wizard, dice = roll_dice(qtbot, tmp_path)
    assert focus() is dice.digital
    edge = dice.digital.grab().toImage().pixelColor(0, dice.digital.height() // 2)
    assert edge.name() == FOCUS_FRAME
    edge = dice.typed.grab().toImage().pixelColor(0, dice.typed.height() // 2)
    assert edge.name() != FOCUS_FRAME
    wizard.reject()
