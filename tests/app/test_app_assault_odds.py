"""The allocation page's odds of each damage roll count the rolls above it on the same base
(clause ``damage.sequence``; ruling ``damage.pending-tokens``)."""

from __future__ import annotations

from test_app_wizard_assault import assault_window, to_allocation


def odds_column(editor) -> list[str]:
    col = editor.rolls.columnCount() - 1
    return [editor.rolls.item(r, col).text() for r in range(editor.rolls.rowCount())]


def test_the_second_roll_on_the_grunts_counts_the_token_the_first_may_leave(qtbot, tmp_path):
    # The tank's two damaging hits on the grunts, d6-1, no armor (5 Bruised, 7 one killed).
    # Row 1: a 6 gives 5, Bruised (1/6); else nothing (5/6).
    # Row 2: after Bruised (1/6) d6-1+1: 5-6 Bruised (1/3); else only a 6 (1/6).
    # Bruised 1/6*1/3 + 5/6*1/6 = 7/36 (19%), nothing 29/36 (81%).
    window = assault_window(qtbot, tmp_path)
    editor = to_allocation(qtbot, window).allocation_page.editors[1]
    assert odds_column(editor) == ["83% nothing, 17% Bruised", "81% nothing, 19% Bruised"]


def test_at_apply_each_roll_has_the_odds_of_the_roll_alone(qtbot, tmp_path):
    # Ruling damage.pending-tokens = at-apply: row 2 rolls on the step's starting tokens.
    window = assault_window(qtbot, tmp_path, readings={"damage.pending-tokens": "at-apply"})
    editor = to_allocation(qtbot, window).allocation_page.editors[1]
    assert odds_column(editor) == ["83% nothing, 17% Bruised"] * 2
