"""The keyboard in the open wizard of the wizard dock (:mod:`referee.app.docks.wizard_host`):
Return means Next (or Finish) wherever the keyboard is in the wizard, and the keyboard stays
where the referee types; the wizard's own buttons have key letters no other key of the
window takes (:func:`letter_buttons`, on every page).

A button of a page the referee has pressed ("Use the proposal", a code of an order) never
becomes the button Return presses again (:class:`ReturnMeansNext`: no button of a page is
an auto-default button, as Qt makes every button inside a dialog), unless the page made it
its default button while Next waits for it (Reroll, round after round of rerolls): then
Return presses that button. A QWizard hides its pages
for a moment whenever a page says whether it is complete (which pages do on every edit), and
a hidden field loses the focus to the next widget of the window, the map; the
:class:`FocusKeeper` gives it back as the page shows again.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING, Protocol, cast

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtWidgets import QApplication, QPushButton, QWidget
from shiboken6 import isValid

from referee.app.widgets.key_letters import letter_of, lettered

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWizard


class OpenWizard(Protocol):
    """The wizard dock as its keyboard sees it."""

    wizard: QWizard | None

    def go_on(self) -> bool:
        """Next, or Finish on the last page, when the page allows it."""
        ...


class ReturnMeansNext(QObject):
    """While a wizard is open: a push button of its page taking the keyboard is made no
    auto-default button (Qt makes every button inside a dialog one, so that the last button
    clicked took Return for itself), and Return on such a button goes to the wizard as
    Next, or Finish on the last page; a button the page made its default (``setDefault``,
    while Next waits for it) takes Return itself (see the module docstring)."""

    def __init__(self, host: OpenWizard, parent: QObject) -> None:
        super().__init__(parent)
        self.host = host

    def _page_button(self, watched: QObject) -> QPushButton | None:
        wizard = self.host.wizard
        page = wizard.currentPage() if wizard is not None else None
        if (
            page is not None
            and isinstance(watched, QPushButton)
            and isValid(watched)
            and page.isAncestorOf(watched)
        ):
            return watched
        return None

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind == QEvent.Type.FocusIn:
            button = self._page_button(watched)
            if button is not None and button.autoDefault():
                button.setAutoDefault(False)
        elif kind == QEvent.Type.KeyPress and self._page_button(watched) is not None:
            if cast(QPushButton, watched).isDefault():
                return False  # the page's own default: the button clicks
            from PySide6.QtGui import QKeyEvent  # named when a key first reaches a page

            if (
                isinstance(event, QKeyEvent)
                and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
                and not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
            ):
                self.host.go_on()
                return True
        return False


class FocusKeeper(QObject):
    """Where the keyboard goes in the open wizard's page (see the module docstring); a
    child of the dock (``parent``): the application's focus signal goes with it."""

    def __init__(self, host: OpenWizard, parent: QObject) -> None:
        super().__init__(parent)
        self.host = host
        self.lost_focus: QWidget | None = None
        """The field the wizard's hidden page took the keyboard from, to give it back."""

    def focus_page(self) -> None:
        """The keyboard on the page shown, unless it is there already: the next die to
        type when the page takes typed dice, the choice of the app's dice or the table's while the
        app's wait, else the page's first field or list (so keys
        and Return reach the wizard, not the map or a button that went disabled)."""
        wizard = self.host.wizard
        page = wizard.currentPage() if wizard is not None else None
        if wizard is None or page is None or not page.isVisible():
            return
        from referee.app.docks.wizard_fit import INPUTS, KEPT
        from referee.app.wizards.common.dice_entry import DiceEntry  # with the first wizard

        focus = QApplication.focusWidget()
        for entry in page.findChildren(DiceEntry):
            if entry.isVisible() and entry.is_typed() and entry.missing():
                if focus not in entry.boxes.values():
                    entry.focus_next()
                return
        if (
            focus is not None
            and page.isAncestorOf(focus)
            and focus.isVisible()
            and isinstance(focus, KEPT)
        ):
            return  # the referee's own choice of field (a scroll area is no such choice)
        for entry in page.findChildren(DiceEntry):
            if entry.isVisible() and entry.awaits_choice():  # Down/Up: the app's or the table's
                entry.digital.setFocus(Qt.FocusReason.OtherFocusReason)
                return
        for field in page.findChildren(QWidget):
            if (
                isinstance(field, INPUTS)
                and field.isVisible()
                and field.isEnabled()
                and field.focusPolicy() & Qt.FocusPolicy.TabFocus
            ):
                field.setFocus(Qt.FocusReason.OtherFocusReason)
                return
        wizard.setFocus(Qt.FocusReason.OtherFocusReason)

    def focus_moved(self, old: QWidget | None, new: QWidget | None) -> None:
        """The keyboard left a field of the open wizard: if only because the wizard hid its
        page to update its buttons (the page hidden, the wizard not), remember the field to
        give it the keyboard back once the page shows again."""
        wizard = self.host.wizard
        if wizard is None or old is None or not wizard.isAncestorOf(old):
            return
        if new is not None and wizard.isAncestorOf(new):
            return
        page = wizard.currentPage()
        if page is None or page.isVisible() or not wizard.isVisible():
            return  # the referee moved on (a click elsewhere, another window)
        self.lost_focus = old
        QTimer.singleShot(0, self.give_focus_back)  # in case no page shows it again

    def give_focus_back(self) -> None:
        field, self.lost_focus = self.lost_focus, None
        wizard = self.host.wizard
        if field is None or wizard is None or not isValid(field) or not field.isVisible():
            return
        focus = QApplication.focusWidget()
        if focus is None or not wizard.isAncestorOf(focus):
            field.setFocus(Qt.FocusReason.OtherFocusReason)


def window_letters(window: QWidget, leave_out: Collection[QWidget] = ()) -> set[str]:
    """The key letters ``window`` answers to now, but those of ``leave_out``: its menu bar's
    titles, and its shown buttons, labels of a field, boxes' titles and tabs (Alt and a
    letter two of them share would reach the first only)."""
    from PySide6.QtWidgets import QAbstractButton, QGroupBox, QLabel, QMenuBar, QTabBar

    texts: list[str] = []
    for child in window.findChildren(QWidget):
        if child in leave_out or child.window() is not window or not child.isVisibleTo(window):
            continue
        if isinstance(child, QMenuBar):
            texts += [a.text() for a in child.actions() if a.isVisible() and not a.isSeparator()]
        elif isinstance(child, QAbstractButton) or (
            isinstance(child, QLabel) and child.buddy() is not None
        ):
            texts.append(child.text())
        elif isinstance(child, QGroupBox):
            texts.append(child.title())
        elif isinstance(child, QTabBar):
            texts += [child.tabText(i) for i in range(child.count()) if child.isTabVisible(i)]
    return {letter for text in texts if (letter := letter_of(text)) is not None}


BUTTON_WORDS: tuple[tuple[str, str], ...] = (
    ("NextButton", "Next >"),
    ("FinishButton", "Finish"),
    ("BackButton", "< Back"),
    ("CancelButton", "Cancel"),
    ("CommitButton", "Commit"),
)
"""The wizard's own buttons by name, with their words, in the order they get a letter."""


def letter_buttons(wizard: QWizard) -> None:
    """Give the wizard's own buttons (Next, Finish, Back, Cancel) letters that no other key
    of the window it is in takes (its page's fields, the menus, the docks): the first free
    letter of each button's words, in that order, so Alt and the letter presses it. A
    page's own words for a button (Next reading "Roll the dice") keep their letter unless
    another key takes it."""
    from PySide6.QtWidgets import QWizard  # loaded with the wizard, not at start

    buttons = [(getattr(QWizard.WizardButton, name), words) for name, words in BUTTON_WORDS]
    page = wizard.currentPage()
    own = [b for which, _words in buttons if (b := wizard.button(which)) is not None]
    taken = window_letters(wizard.window(), own)
    for which, words in buttons:
        text = lettered([words], taken)[0]
        if wizard.buttonText(which) != text:
            wizard.setButtonText(which, text)
        button = wizard.button(which)
        shown = button.text() if button is not None else text
        own_words = shown != text and page is not None  # the page's words for the button
        if own_words and page is not None:  # its own letter kept while no other key takes it
            kept, shown = shown, lettered([shown], taken)[0]
            if shown != kept:
                page.setButtonText(which, shown)
        taken.add(letter_of(shown) or "")
