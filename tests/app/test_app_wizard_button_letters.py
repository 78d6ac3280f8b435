"""The wizards' own buttons (Next, Finish, Back, Cancel) have key letters, and no key of
the window takes the same letter at once: not a field of the page shown, not the menus, not
the docks (Alt and a letter two keys share reaches the first only). Each wizard of both
games is opened from the Wizards menu where the match allows it and walked page by page
with Next as far as its first choices take it, checked on every page (the same helper as
every window's letters: ``mnemonics.clashes``)."""

from __future__ import annotations

import pytest
from app_window import activation_window, demo_window
from mnemonics import clashes, mnemonic
from PySide6.QtWidgets import QApplication, QWizard
from test_app_activation_more_wizards import sample_window
from test_app_activation_wizards import (  # noqa: F401 (private_folders: a fixture)
    JOURNAL,
    private_folders,
)
from test_app_wizard_agony import burning_and_poisoned
from test_app_wizard_assault import assault_window

from referee.match.journal.journal_text import read_journal, replay_journal

OWN = (
    QWizard.WizardButton.NextButton,
    QWizard.WizardButton.FinishButton,
    QWizard.WizardButton.BackButton,
    QWizard.WizardButton.CancelButton,
)


def page_clashes(window, wizard, where: str) -> list[str]:
    """The clashes of the window with the page shown, and each own button without letter."""
    QApplication.processEvents()
    found = clashes(window, where)
    for which in OWN:
        button = wizard.button(which)
        if button.isVisible() and mnemonic(button.text()) is None:
            found.append(f"{where}: {button.text()!r} has no letter")
    return found


def walk_every_wizard(qtbot, window, where: str, pages: int = 8) -> tuple[list[str], int]:
    """Each wizard the Wizards menu opens, walked with Next: the clashes, and how many
    pages were checked."""
    found: list[str] = []
    checked = 0
    for action in window.menus["&Wizards"].actions():
        if action.isSeparator() or not action.isEnabled() or action.menu() is not None:
            continue
        action.trigger()
        wizard = window.wizard_host.wizard
        if wizard is None:
            continue
        for _ in range(pages):
            name = f"{where}, {wizard.windowTitle()}, page {wizard.currentId()}"
            found += page_clashes(window, wizard, name)
            checked += 1
            next_button = wizard.button(QWizard.WizardButton.NextButton)
            if not (next_button.isVisible() and next_button.isEnabled()):
                break
            before = wizard.currentId()
            next_button.click()  # on a page whose app dice wait, Roll: they show there
            if wizard.currentId() == before and next_button.isEnabled():
                found += page_clashes(window, wizard, f"{name}, rolled")
                next_button.click()
            if wizard.currentId() == before:  # a page that waits for a choice
                break
        window.wizard_host.cancel()
        assert window.wizard_host.wizard is None
    return found, checked


def at_agony(qtbot, tmp_path):
    window, _wizard = burning_and_poisoned(qtbot, tmp_path)
    window.wizard_host.cancel()
    return window


@pytest.mark.parametrize(
    ("where", "make"),
    [
        ("the demo's orders and gunnery", demo_window),
        ("an assault in Movement 1", assault_window),
        ("the fire and poison of Agony 3", at_agony),
    ],
)
def test_no_key_of_a_written_orders_wizard_page_shares_its_letter(qtbot, tmp_path, where, make):
    window = make(qtbot, tmp_path)
    found, checked = walk_every_wizard(qtbot, window, where)
    assert checked >= 2
    assert found == []


@pytest.mark.parametrize("steps", [0, 1, 6, 14, None])
def test_no_key_of_an_activation_wizard_page_shares_its_letter(qtbot, tmp_path, steps):
    if steps is None:  # the sample played to its end: the main phase
        path = tmp_path / "crossroads.referee"
        replay_journal(read_journal(JOURNAL), path).close()
        window = activation_window(qtbot, path)
    else:
        window = sample_window(qtbot, tmp_path, steps)
    found, checked = walk_every_wizard(qtbot, window, f"activation after {steps} steps")
    assert checked >= 1
    assert found == []


def test_a_wizard_button_leaves_a_letter_its_page_takes_and_alt_presses_it(qtbot, tmp_path):
    """A page with its own "&Next target" and "&Cancel the order": the wizard's Next and
    Cancel take other letters of their words; Alt and Cancel's letter cancels the wizard."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QCheckBox, QPushButton, QVBoxLayout, QWizardPage

    window = demo_window(qtbot, tmp_path)
    wizard = QWizard()
    for _ in range(2):
        page = QWizardPage()
        box = QVBoxLayout(page)
        box.addWidget(QPushButton("&Next target"))
        box.addWidget(QCheckBox("&Cancel the order"))
        wizard.addPage(page)
    assert window.wizard_host.open(wizard)
    QApplication.processEvents()
    next_text = wizard.button(QWizard.WizardButton.NextButton).text()
    cancel_text = wizard.button(QWizard.WizardButton.CancelButton).text()
    assert next_text.replace("&", "") == "Next >" and mnemonic(next_text) not in ("n", None)
    assert cancel_text.replace("&", "") == "Cancel" and mnemonic(cancel_text) not in ("c", None)
    assert page_clashes(window, wizard, "own page") == []
    wizard.button(QWizard.WizardButton.NextButton).click()  # the second page: the same
    QApplication.processEvents()
    assert page_clashes(window, wizard, "own page 2") == []
    letter = mnemonic(cancel_text)
    assert letter is not None
    key = getattr(Qt.Key, f"Key_{letter.upper()}")
    qtbot.keyClick(QApplication.focusWidget(), key, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: window.wizard_host.wizard is None)  # cancelled (an animated click)
