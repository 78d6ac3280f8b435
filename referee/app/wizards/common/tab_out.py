"""Tab out of a wizard's page: from its last field the keyboard goes on to the wizard's own
buttons (Next while the page allows it, else Finish, else Cancel), not out of the wizard
dock to the map, where Return presses nothing. Qt makes a wizard's buttons before its
pages, so the window's chain runs from a page's last field past the wizard; an arrow key
on a push button is Qt's Tab too."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget, QWizard

GO_ON = (
    QWizard.WizardButton.NextButton,
    QWizard.WizardButton.FinishButton,
    QWizard.WizardButton.CancelButton,
)
"""The wizard's buttons the keyboard leaving a page's last field goes to, the first shown
and enabled."""


def takes_tab(widget: QWidget) -> bool:
    """Whether Tab can put the keyboard in ``widget`` now."""
    return (
        widget.isVisible()
        and widget.isEnabled()
        and bool(widget.focusPolicy() & Qt.FocusPolicy.TabFocus)
        and widget.focusProxy() is None
    )


def tab_out(page: QWidget, wizard: QWizard | None) -> QWidget | None:
    """The wizard button Tab goes to from the keyboard's field in ``page`` when the field
    is the page's last (the next field Tab would reach is outside the wizard); None when
    Tab stays in the wizard on its own."""
    start = QApplication.focusWidget()
    if wizard is None or start is None or not page.isAncestorOf(start):
        return None
    widget: QWidget | None = start.nextInFocusChain()
    for _ in range(10_000):  # the window's chain, at most once round
        if widget is None or widget is start:
            return None
        if takes_tab(widget):
            if wizard.isAncestorOf(widget):
                return None  # a field of the page or a wizard button: Qt's own Tab
            break
        widget = widget.nextInFocusChain()
    for which in GO_ON:
        button = wizard.button(which)
        if button is not None and button.isVisible() and button.isEnabled():
            return button
    return None


def tab_back(wizard: QWizard) -> QWidget | None:
    """The field Shift+Tab goes to from the wizard's first button the keyboard can reach:
    the last field of the page shown (the window's chain would leave the wizard, as its
    buttons come before its pages); None when Shift+Tab stays in the wizard on its own."""
    start = QApplication.focusWidget()
    page = wizard.currentPage()
    if start is None or page is None or not wizard.isAncestorOf(start):
        return None
    if page.isAncestorOf(start):
        return None
    widget: QWidget | None = start.previousInFocusChain()
    for _ in range(10_000):
        if widget is None or widget is start:
            return None
        if takes_tab(widget):
            if wizard.isAncestorOf(widget):
                return None
            break
        widget = widget.previousInFocusChain()
    last: QWidget | None = None
    widget = page.nextInFocusChain()
    for _ in range(10_000):  # the page's fields in the window's chain: the last one
        if widget is None or widget is page:
            break
        if page.isAncestorOf(widget) and takes_tab(widget):
            last = widget
        widget = widget.nextInFocusChain()
    return last
