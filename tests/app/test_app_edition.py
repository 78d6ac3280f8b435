"""The demo and a new match are on the current edition (draft 004) unless the referee
chooses otherwise, and the window's title says which edition the open match follows."""

from __future__ import annotations

from app_window import demo_window

from referee.app.wizards.new_match.wizard import NewMatchWizard


def test_the_demo_is_on_the_current_edition_and_the_title_says_so(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    assert window.session.state.rules.id == "current"
    assert window.windowTitle() == "demo.referee — Current edition (draft 004)"


def test_a_first_draft_match_says_so_in_the_title(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path, "first-draft")
    assert window.windowTitle().endswith(" — First draft (draft 000)")


def test_the_new_match_wizard_starts_on_the_current_edition(qtbot):
    wizard = NewMatchWizard()
    qtbot.addWidget(wizard)
    assert wizard.edition() == "current"
