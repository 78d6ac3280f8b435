"""A refusal of the activation game is said the way the main game says one (one path, the
window's): "Refused: ..." in the status bar until the next action (Next step, a wizard
opened, a step, Undo or Redo) and, in the Turn dock, why nothing was written, gone with it;
a wizard asked for while the match file no longer reads is refused in the dialog that
names the file, before it opens, as the main game's wizards are."""

from __future__ import annotations

import sqlite3

import pytest
import test_app_activation_wizards as wizards_tests
from PySide6.QtCore import Qt

private_folders = wizards_tests.private_folders
window = wizards_tests.window  # the sample game played to its end: side 2's turn, main phase


def play(qtbot, window, line: str, dice: str = "") -> None:
    panel = window.game.panel
    panel.command.clear()
    qtbot.keyClicks(panel.command, line)
    panel.dice.setText(dice)
    qtbot.mouseClick(panel.play_button, Qt.MouseButton.LeftButton)


def status(window) -> str:
    return window.statusBar().currentMessage()


def test_a_line_that_cannot_be_read_is_refused_until_the_next_action(qtbot, window):
    wrong = "'jump' is not a command of the activation rules"
    play(qtbot, window, "jump uid=buggy path=H9")
    assert status(window).startswith(f"Refused: {wrong}")
    assert window.last_error.startswith(wrong)
    assert wrong in window.game.panel.outcome.text()
    window.next_in_game()  # N: the activation wizard opens
    assert window.wizard_host.wizard is not None
    assert "jump" not in status(window)
    assert "jump" not in window.game.panel.outcome.text()  # no stale "Refused" left
    assert window.game.panel.command.text() == "jump uid=buggy path=H9"  # kept to correct


def test_a_step_the_engine_refuses_is_refused_until_undo(qtbot, window):
    # side 2's turn: side 1's tank may not act (clause activation.turn)
    play(qtbot, window, "shoot uid=tank shots=gun>buggy", "9")
    said = status(window)
    assert said.startswith("Refused: ") and "side 2's turn" in said
    assert "Refused, nothing written" in window.game.panel.outcome.text()
    window.undo_action.trigger()
    assert "side 2's turn" not in status(window)
    assert status(window).startswith("Undone: step 25,")


@pytest.mark.parametrize(
    ("line", "dice", "said"),
    [
        ("", "", "type a command first"),
        ("shoot uid=buggy shots=mg>tank", "nine", "dice are whole numbers: 'nine'"),
    ],
)
def test_an_empty_line_and_dice_not_numbers_are_refusals_like_the_others(
    qtbot, window, line, dice, said
):
    before = window.session.match.path.read_bytes()
    play(qtbot, window, line, dice)
    assert status(window).startswith(f"Refused: {said}"), status(window)
    assert said in window.game.panel.outcome.text()
    assert window.session.match.path.read_bytes() == before
    window.next_in_game()
    assert said not in status(window)


def test_a_wizard_of_another_phase_is_refused_in_the_status_bar_until_the_next_action(
    qtbot, window
):
    qtbot.mouseClick(window.game.panel.buttons["deploy"], Qt.MouseButton.LeftButton)
    assert window.wizard_host.wizard is None
    said = status(window)
    assert said.startswith("Refused: not now: the game asks ") and "activates a unit" in said
    qtbot.mouseClick(window.game.panel.buttons["activate"], Qt.MouseButton.LeftButton)
    assert window.wizard_host.wizard is not None
    assert "not now" not in status(window)
    assert "not now" not in window.game.panel.outcome.text()


def test_a_wizard_asked_for_on_a_damaged_file_is_refused_in_the_dialog(qtbot, window):
    path = window.session.path
    good = path.read_bytes()
    qtbot.mouseClick(window.game.panel.buttons["deploy"], Qt.MouseButton.LeftButton)
    assert "not now" in window.game.panel.outcome.text()  # a refusal before: replaced
    conn = sqlite3.connect(path)
    with conn:  # another program cuts the last journal row short
        conn.execute(
            "UPDATE events SET data = substr(data, 1, 30) WHERE id = (SELECT MAX(id) FROM events)"
        )
    conn.close()
    before = path.read_bytes()
    for key in ("activate", "capture"):
        qtbot.mouseClick(window.game.panel.buttons[key], Qt.MouseButton.LeftButton)
        assert window.wizard_host.wizard is None  # not opened: it would be refused at its end
        box = window.refused_open_dialog
        assert box is not None and box.isVisible()
        assert str(path) in box.text() and "event" in box.text()
        box.close()
        said = window.game.panel.outcome.text()  # the Turn dock says why, as the status bar
        assert said.startswith("Refused, nothing written: ") and str(path) in said
        assert status(window).startswith(f"Refused: {path}")
    window.game.actions[0].trigger()  # Wizards > Start of the game: the same
    assert window.wizard_host.wizard is None and window.refused_open_dialog is not None
    assert path.read_bytes() == before
    window.refused_open_dialog.close()
    path.write_bytes(good)  # put right from a copy: the next action clears the refusal
    window.next_in_game()
    assert window.wizard_host.wizard is not None
    assert str(path) not in status(window) and str(path) not in window.game.panel.outcome.text()
