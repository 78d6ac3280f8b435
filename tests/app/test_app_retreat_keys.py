"""The assault's retreat by keyboard alone (clause assault.retreat): the page opens with
the keyboard on the loser's hex, visibly; Up and Down change the hex and, after Tab, the
facing; Return goes on, and the step written has what the keys chose."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QComboBox, QWizard
from test_app_wizard_assault import (
    DAMAGE,
    assault_window,
    next_page,
    steps,
    to_allocation,
    type_dice,
)

from referee.app.wizards.assault.wizard import Page


def focus():
    QApplication.processEvents()
    return QApplication.focusWidget()


def to_retreat(qtbot, tmp_path):
    window = assault_window(qtbot, tmp_path)
    with qtbot.waitActive(window):
        window.activateWindow()
    wizard = to_allocation(qtbot, window)
    next_page(qtbot, wizard)
    type_dice(qtbot, wizard.damage_page.dice, DAMAGE)
    next_page(qtbot, wizard)
    assert wizard.currentId() == Page.RETREAT
    return window, wizard, wizard.retreat_page


def test_the_retreat_page_opens_with_the_keyboard_on_the_losers_hex(qtbot, tmp_path):
    _window, wizard, page = to_retreat(qtbot, tmp_path)
    into = page.table.cellWidget(0, 2)
    qtbot.waitUntil(lambda: focus() is into)
    assert not page.table.focusPolicy() & Qt.FocusPolicy.TabFocus  # no hidden cell cursor
    from referee.app.wizards.common.face_box import FOCUS_FRAME

    edge = into.grab().toImage().pixelColor(0, into.height() // 2)
    assert edge.name() == FOCUS_FRAME  # the keyboard's place, seen at once
    wizard.reject()


def test_arrow_keys_choose_the_retreat_facing_and_return_goes_on(qtbot, tmp_path):
    # the grunts lose, retreat into C5 facing N; Tab to the facing, Down twice: NE, then S
    # (turned about, the drafts' "may turn left, right or about")
    window, wizard, page = to_retreat(qtbot, tmp_path)
    into = page.table.cellWidget(0, 2)
    qtbot.waitUntil(lambda: focus() is into)
    qtbot.keyClick(focus(), Qt.Key.Key_Down)  # one hex only (C5): stays
    assert into.currentText() == "C5"
    qtbot.keyClick(focus(), Qt.Key.Key_Tab)
    facing = page.table.cellWidget(0, 3)
    assert isinstance(facing, QComboBox) and focus() is facing
    qtbot.keyClick(focus(), Qt.Key.Key_Down)
    qtbot.keyClick(focus(), Qt.Key.Key_Down)
    assert facing.currentText() == "S (turned about)"
    qtbot.keyClick(focus(), Qt.Key.Key_Return)
    assert wizard.currentId() == Page.OUTCOME
    wizard.button(QWizard.WizardButton.FinishButton).click()
    assert steps(window)[-1].events[0].command.to_json()["retreats"] == {
        "grunts": {"hex": "C5", "facing": 3}
    }
