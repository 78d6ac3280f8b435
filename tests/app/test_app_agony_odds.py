"""The agony wizard's first page gives each unit's exact odds for the step (clause
``agony.fire``), before any die is rolled."""

from __future__ import annotations

from app_window import demo_window
from PySide6.QtCore import Qt

from referee.app.wizards.agony.wizard import Page
from referee.rules.orders.commands import Advance, Correct


def test_fire_two_with_a_token_shows_the_grunts_odds(qtbot, tmp_path):
    # Current edition, Agony 2: two fire tokens, one previous-damage token on the grunts
    # (tests/agony/test_agony_odds.py works it by hand): one model killed 13/36 (36.1%),
    # Bruised read at least once 20/36 (55.6%).
    window = demo_window(qtbot, tmp_path, "current")
    commands = [
        Correct(uid="grunts", set={"fire": 2, "damage_tokens": 1}),
        Advance(to="agony-2", unfired="pass"),
    ]
    assert window.run_step("Fire", commands) is not None, window.last_error
    qtbot.keyClick(window.view, Qt.Key.Key_N)
    wizard = window.turn_driver.wizard
    qtbot.waitExposed(wizard)
    assert wizard.currentId() == Page.EFFECTS
    text = wizard.effects_page.text.toPlainText()
    assert "Odds for each unit, exactly" in text
    assert "grunts: 36.1% 1 model killed" in text
    assert "55.6% Bruised" in text
    wizard.reject()
