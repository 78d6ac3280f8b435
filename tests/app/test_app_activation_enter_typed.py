"""An ``enter`` typed on the Turn dock's command line without ``ammunition=`` while ruling
``activation.reserves-ammunition`` reads ``choose`` is refused as every refusal is (the
status bar until the next action, the Turn dock), naming the ruling and the range, the
line kept to be corrected, nothing written: the player chooses the ammunition the unit
enters with (the Enter wizard always asks it)."""

from __future__ import annotations

import test_app_activation_more_wizards as more
from PySide6.QtCore import Qt

private_folders = more.private_folders
carrier_game = more.carrier_game  # side 1's turn, its siege tank (4 rounds) in the reserves


def play(qtbot, window, line: str) -> None:
    panel = window.game.panel
    panel.command.clear()
    qtbot.keyClicks(panel.command, line)
    qtbot.mouseClick(panel.play_button, Qt.MouseButton.LeftButton)


def test_an_enter_typed_without_ammunition_is_refused_naming_the_ruling(qtbot, carrier_game):
    window = carrier_game
    session = window.session
    path = session.path
    before, count = path.read_bytes(), len(session.steps())
    play(qtbot, window, "enter uid=extra hex=F14 facing=N")
    said = window.statusBar().currentMessage()
    assert said.startswith("Refused: ") and "ammunition=" in said, said
    assert "activation.reserves-ammunition" in said and "0 to 4" in said
    assert "Refused, nothing written" in window.game.panel.outcome.text()
    assert window.game.panel.command.text() == "enter uid=extra hex=F14 facing=N"  # to correct
    assert path.read_bytes() == before and len(session.steps()) == count
    play(qtbot, window, "enter uid=extra hex=F14 facing=N ammunition=2")
    assert window.session.match.state.pieces["extra"].ammunition == 2
    assert "ammunition=" not in window.statusBar().currentMessage()
