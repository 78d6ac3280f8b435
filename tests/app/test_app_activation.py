"""The app on a match of the activation rules: the window of the match (the mission's map,
a token per unit on it, each fortification's pips in their sides' colours, whose turn it
is, the journal), a step typed and played, undone and redone, a refusal that writes
nothing, a step written by another program shown, and File > New making one."""

from __future__ import annotations

import pytest
from app_window import activation_window, demo_window
from PySide6.QtCore import Qt

from referee.app.activation.items import PIP_COLOURS
from referee.app.widgets.style import SIDE_COLOURS
from referee.app.window.main_window import MainWindow
from referee.board.hexgrid import parse_label
from referee.match.games.activation_file import ActivationMatch
from referee.match.journal.journal_text import read_journal, replay_journal
from referee.paths import data_dir
from referee.rules.activation.commands import parse_command

JOURNAL = data_dir() / "journals" / "activation-crossroads.journal"


@pytest.fixture(autouse=True)
def private_folders(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_MATCHES", str(tmp_path / "matches"))
    monkeypatch.setenv("REFEREE_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path / "home"))


@pytest.fixture
def window(qtbot, tmp_path) -> MainWindow:
    path = tmp_path / "crossroads.referee"
    replay_journal(read_journal(JOURNAL), path).close()
    return activation_window(qtbot, path)


def test_the_window_draws_the_units_on_the_map_and_the_fortifications_pips(window):
    # on the map after the sample game: tank H10, rifles H11, buggy H8 (the aircraft met and
    # were destroyed; the bunker is a fortification, not a token)
    placed = {uid: item.pos() for uid, item in window.game.piece_items.items()}
    assert sorted(placed) == ["buggy", "rifles", "tank"]
    assert window.scene.hex_at(placed["tank"]) == parse_label("H10")
    # the citadel on H8: side 2 turned two neutral pips, one neutral was shot off: 2 + 3
    citadel = window.game.pip_items[parse_label("H8")]
    assert citadel.colours == [SIDE_COLOURS[2]] * 2 + [PIP_COLOURS["neutral"]] * 3
    # side 1's bunker on G14: its 4 pips in side 1's colour
    assert window.game.pip_items[parse_label("G14")].colours == [SIDE_COLOURS[1]] * 4
    assert window.scene.hex_items[parse_label("H8")].terrain == "building"
    assert "Whose turn: side 2" in window.game.panel.heading.text()
    assert window.journal.model.rowCount() == 25


def test_a_step_typed_is_played_undone_and_redone(qtbot, window):
    # side 2's buggy shoots its machine gun (d12) at the tank (armor 9): a typed 9 is a hit
    qtbot.keyClicks(window.game.panel.command, "shoot uid=buggy shots=mg>tank")
    qtbot.keyClicks(window.game.panel.dice, "9")
    qtbot.mouseClick(window.game.panel.play_button, Qt.MouseButton.LeftButton)
    assert window.session.match.state.pieces["tank"].health == 4  # 6, less the fighter's, less 1
    assert "Whose turn: side 1" in window.game.panel.heading.text()
    assert "tank loses 1 H" in window.game.panel.outcome.text()
    qtbot.mouseClick(window.game.panel.undo_button, Qt.MouseButton.LeftButton)
    assert window.session.match.state.pieces["tank"].health == 5
    assert "Undone: 26." in window.game.panel.outcome.text()
    qtbot.mouseClick(window.game.panel.redo_button, Qt.MouseButton.LeftButton)
    assert window.session.match.state.pieces["tank"].health == 4
    assert window.session.match.replay_check() == []


def test_a_refused_command_is_said_and_writes_nothing(qtbot, window):
    before = window.session.match.path.read_bytes()
    qtbot.keyClicks(window.game.panel.command, "move uid=tank path=H9:N")  # it is side 2's turn
    qtbot.mouseClick(window.game.panel.play_button, Qt.MouseButton.LeftButton)
    assert "Refused, nothing written" in window.game.panel.outcome.text()
    assert "side 2's turn" in window.game.panel.outcome.text()
    assert window.game.panel.command.text() == "move uid=tank path=H9:N"  # kept, to be corrected
    assert window.session.match.path.read_bytes() == before


def test_a_step_written_by_another_program_shows(window):
    with ActivationMatch.open(window.session.match.path) as other:
        other.run("The buggy passes", [parse_command("move uid=buggy path=H9:S")])
    window.session.sync()
    assert window.game.piece_items["buggy"].piece.hex == parse_label("H9")
    assert "Another program wrote" in window.statusBar().currentMessage()  # the one session's


def test_file_new_makes_a_match_of_the_activation_rules_and_opens_it_in_the_same_window(
    qtbot, tmp_path
):
    main = demo_window(qtbot, tmp_path)
    dialog = main.new_activation_match()
    target = tmp_path / "new-activation.referee"
    dialog.file.setText(str(target))
    dialog.mission_boxes["open-field"].setChecked(False)
    dialog.army_boxes[2].setPlainText("buggy scout-buggy\ngrunts no-such-card")
    dialog.accept()
    assert "no-such-card" in dialog.problem.text() and not target.exists()
    dialog.army_boxes[2].setPlainText("buggy scout-buggy\ngrunts rifle-squad")
    dialog.accept()
    assert target.exists()
    opened = main  # the same window, on the new match
    assert opened.session is not None and opened.session.system == "activation"
    state = opened.session.match.state
    assert state.missions_left == ("crossroads", "twin-towers", "last-stand")
    assert sorted(p.uid for p in state.of_side(2)) == ["buggy", "grunts"]
    assert "both players present their armies" in opened.game.panel.asked.text()


def test_clicking_tiles_types_their_labels_into_the_command(qtbot, window):
    from app_window import view_point

    with qtbot.waitActive(window):
        window.activateWindow()
    window.game.panel.command.setFocus()
    qtbot.keyClicks(window.game.panel.command, "move uid=buggy path=")
    for label in ("H9", "H10"):
        qtbot.mouseClick(
            window.view.viewport(),
            Qt.MouseButton.LeftButton,
            pos=view_point(window, parse_label(label)),
        )
        # the keyboard back on the line: the user goes on typing, Return plays it
        assert window.game.panel.command.hasFocus()
    assert window.game.panel.command.text() == "move uid=buggy path=H9,H10"


def test_a_click_on_a_tile_types_nothing_while_the_keyboard_is_on_the_map(qtbot, window):
    """Words left on the command line (a refused command, then a wizard or the map used)
    get no label from a click made to look at a tile: only typing takes labels. The
    keyboard stays on the map: N (Turn > Next step) opens the step's wizard."""
    from app_window import click_hex

    with qtbot.waitActive(window):
        window.activateWindow()
    window.view.setFocus()
    window.game.panel.command.setText("move uid=buggy path=")
    click_hex(qtbot, window, parse_label("H9"))
    assert window.game.panel.command.text() == "move uid=buggy path="  # nothing added
    assert window.statusBar().currentMessage().startswith("H9")
    assert not window.game.panel.command.hasFocus()
    assert window.view.hasFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_N)
    assert window.game.panel.command.text() == "move uid=buggy path="  # no "n" after it
    assert window.wizard_host.wizard is not None  # the activation's wizard opened


def test_a_click_on_a_tile_types_nothing_into_an_empty_command_line(qtbot, window):
    """A tile's label alone is no command (each starts with its verb): a click on the map
    with nothing typed leaves the line empty and names the tile in the status bar."""
    from app_window import click_hex

    click_hex(qtbot, window, parse_label("H9"))
    assert window.game.panel.command.text() == ""
    assert window.statusBar().currentMessage().startswith("H9")
    # a tile with a unit and a building: the status bar says what stands there
    click_hex(qtbot, window, parse_label("H8"))
    said = window.statusBar().currentMessage()
    buggy = window.session.match.state.pieces["buggy"]
    assert said.startswith("H8: buggy (Scout buggy, side 2, ")
    assert f"{buggy.health} H" in said and "Citadel" in said and "pips side 1 0" in said
    assert window.game.panel.command.text() == ""
    with qtbot.waitActive(window):
        window.activateWindow()
    window.game.panel.command.setFocus()  # typing: the line has the keyboard
    qtbot.keyClicks(window.game.panel.command, "capture uid=buggy hex=")
    click_hex(qtbot, window, parse_label("H8"))
    assert window.game.panel.command.text() == "capture uid=buggy hex=H8"


def test_a_rimmed_tile_says_what_its_rim_means(window):
    # the rims are the rows each side deploys in (ruling activation.deploy-depth: 3 rows
    # from its edge), the first deployment on the edge row itself (clause
    # activation.deployment); a tile of neither side's rows has no such words
    item = window.scene.hex_items
    assert "side 1 deploys within 3 rows of its edge" in item[parse_label("H14")].toolTip()
    assert "first deployment on the edge row" in item[parse_label("H14")].toolTip()
    assert "side 2 deploys within 3 rows" in item[parse_label("H2")].toolTip()
    assert "rimmed" not in item[parse_label("H8")].toolTip()
