"""Tab out of a wizard's page: from its last field the keyboard goes on to the wizard's own
buttons (Next while the page allows it, else Finish, else Cancel), not out of the wizard
dock to the map, where Return presses nothing; and Shift+Tab from the wizard's buttons back
to the page's last field. Qt makes a wizard's buttons before its pages, so the window's chain
runs from a page's last field past the wizard; an arrow key on a push button is Qt's Tab too.

Qt moves the keyboard along the window's chain itself (``step``: the widget's own
``focusNextPrevChild``), and the keyboard is put back in the wizard when that move left it.
The chain is never read from Python: PySide records each widget ``nextInFocusChain()`` or
``previousInFocusChain()`` returns as a child of the widget asked, so deleting a wizard's
page then made every widget of the window met on the way (the window, its menus) "already
deleted" for Python (s9 trial, defect 2).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget, QWizard

GO_ON = (
    QWizard.WizardButton.NextButton,
    QWizard.WizardButton.FinishButton,
    QWizard.WizardButton.CancelButton,
)
"""The wizard's buttons the keyboard leaving a page's last field goes to, the first shown
and enabled."""
ROUND = 10_000
"""At most this many moves looking for a page's last field (a window's chain, once round)."""


def go_on_button(wizard: QWizard) -> QWidget | None:
    """The button Tab from a page's last field goes to (:data:`GO_ON`)."""
    for which in GO_ON:
        button = wizard.button(which)
        if button is not None and button.isVisible() and button.isEnabled():
            return button
    return None


def keep_in_wizard(wizard: QWizard | None, next: bool, step: Callable[[bool], bool]) -> bool | None:
    """Tab (``next``) or Shift+Tab with the keyboard in ``wizard``: Qt's own move (``step``),
    then the keyboard back in the wizard when it left it, from a page's field to the
    wizard's button (:func:`go_on_button`), from the wizard's buttons to the page's last
    field. Whether the keyboard moved; None when the keyboard is not in ``wizard`` (nothing
    moved: the caller's own Tab)."""
    start = QApplication.focusWidget()
    if wizard is None or start is None or not wizard.isAncestorOf(start):
        return None
    page = wizard.currentPage()
    moved = step(next)
    now = QApplication.focusWidget()
    if page is None or (now is not None and wizard.isAncestorOf(now)):
        return moved
    if next and page.isAncestorOf(start):
        to = go_on_button(wizard)
        if to is not None:
            to.setFocus(Qt.FocusReason.TabFocusReason)
            return True
    elif not next and not page.isAncestorOf(start):
        last = _last_field(page, step)
        back = last if last is not None else now
        if back is not None:
            back.setFocus(Qt.FocusReason.BacktabFocusReason)
            return True
    return moved


def _last_field(page: QWidget, step: Callable[[bool], bool]) -> QWidget | None:
    """The page's last field in the window's chain: Qt's Tab from where the keyboard is
    (before the wizard) on through the page until it leaves it."""
    last: QWidget | None = None
    first = QApplication.focusWidget()
    for _ in range(ROUND):
        if not step(True):
            break
        now = QApplication.focusWidget()
        if now is None or now is first:
            break
        if page.isAncestorOf(now):
            last = now
        elif last is not None:
            break  # past the page
    return last
