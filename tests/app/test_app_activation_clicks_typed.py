"""A click on a tile types its label into the command line only when the click is meant
for the line: the line had the keyboard until that very click. A click on the map's
background while typing takes the keyboard to the map, as any click there does: the tile
clicked after it is looked at (named in the status bar), not typed, and N is Next step."""

from __future__ import annotations

import test_app_activation_wizards as wizards_tests
from app_window import click_hex
from PySide6.QtCore import QPoint, Qt

from referee.board.hexgrid import parse_label

private_folders = wizards_tests.private_folders
window = wizards_tests.window  # the sample game played to its end: side 2's turn, main phase


def background_point(window) -> QPoint:
    """A point of the map's view with no tile under it."""
    view = window.view
    rect = view.viewport().rect()
    for x in range(rect.left() + 2, rect.right(), 8):
        for y in (rect.top() + 2, rect.bottom() - 2):
            point = QPoint(x, y)
            if view.map_scene.hex_at(view.mapToScene(point)) is None:
                return point
    raise AssertionError("no background in the view")


def typing(qtbot, window, words: str) -> None:
    with qtbot.waitActive(window):
        window.activateWindow()
    line = window.game.panel.command
    line.setFocus()
    qtbot.waitUntil(line.hasFocus)
    qtbot.keyClicks(line, words)


def test_a_tile_clicked_after_the_maps_background_is_not_typed(qtbot, window):
    line = window.game.panel.command
    typing(qtbot, window, "move uid=buggy path=")
    qtbot.mouseClick(
        window.view.viewport(), Qt.MouseButton.LeftButton, pos=background_point(window)
    )
    assert window.view.hasFocus() and not line.hasFocus()  # the map has the keyboard
    click_hex(qtbot, window, parse_label("H9"))
    assert line.text() == "move uid=buggy path="  # nothing typed: the click looked
    assert window.statusBar().currentMessage().startswith("H9")
    assert window.view.hasFocus()
    # back on the line, a click on a tile types its label again
    line.setFocus()
    qtbot.waitUntil(line.hasFocus)
    click_hex(qtbot, window, parse_label("H9"))
    assert line.text() == "move uid=buggy path=H9" and line.hasFocus()


def test_a_tile_clicked_after_a_right_click_on_the_map_is_not_typed(qtbot, window):
    line = window.game.panel.command
    typing(qtbot, window, "move uid=buggy path=")
    qtbot.mouseClick(
        window.view.viewport(), Qt.MouseButton.RightButton, pos=background_point(window)
    )
    assert not line.hasFocus()
    click_hex(qtbot, window, parse_label("H9"))
    assert line.text() == "move uid=buggy path="
