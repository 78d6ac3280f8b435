"""Tab and Shift+Tab never take the keyboard out of an open wizard to the map, where Return
presses nothing: from a page's last field Tab goes on to the wizard's buttons, and from its
buttons Shift+Tab back to the page, in every wizard (the dock's rule, not each wizard's)."""

from __future__ import annotations

from app_window import demo_window
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLineEdit


def walk(qtbot, wizard, key, presses: int = 25) -> list[str]:
    """Where the keyboard went outside ``wizard`` while ``key`` was pressed ``presses`` times."""
    out = []
    for _ in range(presses):
        qtbot.keyClick(QApplication.focusWidget(), key)
        now = QApplication.focusWidget()
        if now is None or not wizard.isAncestorOf(now):
            out.append(type(now).__name__)
    return out


def test_tab_stays_in_the_gunnery_wizard(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    wizard = window.open_gunnery_wizard()
    assert wizard is not None
    qtbot.waitExposed(wizard)
    page = wizard.currentPage()
    page.setFocus()
    page.focusNextChild()
    assert wizard.isAncestorOf(QApplication.focusWidget())
    assert walk(qtbot, wizard, Qt.Key.Key_Tab) == []
    assert walk(qtbot, wizard, Qt.Key.Key_Backtab) == []
    wizard.reject()


def test_tab_and_shift_tab_stay_in_the_orders_wizard_and_change_no_order(qtbot, tmp_path):
    # Qt moves the keyboard and the dock puts it back (tab_out): the fields it passes
    # through are left as they were
    window = demo_window(qtbot, tmp_path)
    wizard = window.turn_driver.open_orders()
    assert wizard is not None
    qtbot.waitExposed(wizard)
    page = wizard.currentPage()
    page.setFocus()
    page.focusNextChild()
    texts = [w.text() for w in page.findChildren(QLineEdit)]
    assert walk(qtbot, wizard, Qt.Key.Key_Tab) == []
    assert walk(qtbot, wizard, Qt.Key.Key_Backtab) == []
    assert [w.text() for w in page.findChildren(QLineEdit)] == texts
    wizard.reject()
