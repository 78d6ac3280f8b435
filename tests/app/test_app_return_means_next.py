"""Return in a wizard means Next: a button of the page the referee already pressed ("Use
the proposal") is never pressed again by Return."""

from __future__ import annotations

from PySide6.QtCore import Qt
from test_app_wizard_assault import assault_window, click, to_allocation

from referee.app.wizards.assault.wizard import Page


def test_return_after_use_the_proposal_goes_to_the_next_page(qtbot, tmp_path):
    window = assault_window(qtbot, tmp_path)
    wizard = to_allocation(qtbot, window)
    editor = wizard.allocation_page.editors[1]
    proposal = [(r.source, r.target) for r in editor.allocation().rolls]
    click(qtbot, editor.remove_button)  # one roll less, then the proposal back
    click(qtbot, editor.proposal_button)
    assert [(r.source, r.target) for r in editor.allocation().rolls] == proposal
    qtbot.keyClick(editor.proposal_button, Qt.Key.Key_Return)  # the key on the button used
    # Next, not the proposal again: the damage rolls' page
    assert wizard.currentId() == Page.DAMAGE
    wizard.reject()


def test_return_on_a_page_field_is_next_too(qtbot, tmp_path):
    window = assault_window(qtbot, tmp_path)
    wizard = to_allocation(qtbot, window)
    editor = wizard.allocation_page.editors[1]
    click(qtbot, editor.add_button)  # a third damaging hit: refused, Next is disabled
    click(qtbot, editor.proposal_button)
    qtbot.keyClick(editor.add_button, Qt.Key.Key_Return)  # the keyboard on another button
    assert wizard.currentId() == Page.DAMAGE
    assert len(editor.allocation().rolls) == 2  # Return pressed no button of the page
    wizard.reject()
