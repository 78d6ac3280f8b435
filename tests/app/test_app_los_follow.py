"""Line of sight that follows the mouse: after the first hex, the line and its verdict follow
the pointer; the visibility shading follows the hovered hex until a click keeps it; the
board's engines are kept while terrain, smoke and rulings stay."""

from __future__ import annotations

from app_window import click_hex, demo_window, view_point
from PySide6.QtCore import QPoint, Qt

from referee.app.docks.sight_words import sight_roles
from referee.app.session.correction_menu import move_to as move_to_hex
from referee.board.hexgrid import Hex, parse_label
from referee.board.los import line_of_sight
from referee.board.visibility import Visibility
from referee.rules.orders.board_now import board_now
from referee.rules.orders.commands import CorrectHex


def move_to(qtbot, window, h: Hex) -> None:
    """The mouse comes to ``h`` from elsewhere: a move to where the cursor already rests
    (an earlier test may have left it on the same point) gives Qt no move to report."""
    viewport = window.view.viewport()
    qtbot.mouseMove(viewport, QPoint(1, 1))
    qtbot.mouseMove(viewport, view_point(window, h))


def line_roles(window, a: Hex, b: Hex) -> dict[Hex, str]:
    """What the line's overlay must show on the map, from the reference answer."""
    board = board_now(window.session.state)
    return {
        h: r for h, r in sight_roles(line_of_sight(board, a, b)).items() if h in board.battle_map
    }


def move_and_click(qtbot, window, h: Hex) -> None:
    move_to(qtbot, window, h)
    click_hex(qtbot, window, h)


def shading(window, source: Hex) -> dict[Hex, str]:
    """What the visibility overlay must show from ``source``, from the engine's answer."""
    board = board_now(window.session.state)
    visible, blind = Visibility(board).from_hex(source)
    roles = {}
    for h, v, b in zip(board.battle_map.hexes, visible, blind, strict=True):
        if h == source:
            roles[h] = "source"
        elif b:
            roles[h] = "blind"
        elif not v:
            roles[h] = "hidden"
    return roles


def test_after_the_first_hex_the_line_and_its_verdict_follow_the_mouse(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    qtbot.keyClick(window.view, Qt.Key.Key_L)
    a1, d9, g1 = parse_label("A1"), parse_label("D9"), parse_label("G1")
    move_and_click(qtbot, window, a1)
    for target in (d9, g1, d9):
        move_to(qtbot, window, target)
        assert window.scene.overlay_roles() == line_roles(window, a1, target), target
    # standard map: forests at A2, B2, C8 and D8 stand on the line A1-D9 at ground level
    assert "blocked by A2, B2, C8, D8" in window.los_panel.prompt.text()
    # the working in words follows once the mouse rests
    qtbot.waitUntil(lambda: "blocked by A2, B2, C8, D8" in window.los_panel.result.toPlainText())
    move_and_click(qtbot, window, d9)  # the second click keeps the line
    move_to(qtbot, window, g1)
    assert window.scene.overlay_roles() == line_roles(window, a1, d9)


def test_the_visibility_shading_follows_the_mouse_until_a_click_keeps_it(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    window.toggle_visibility()
    d2, c7 = parse_label("D2"), parse_label("C7")
    move_to(qtbot, window, d2)
    assert window.scene.overlay_roles() == shading(window, d2)
    move_to(qtbot, window, c7)
    assert window.scene.overlay_roles() == shading(window, c7)
    move_and_click(qtbot, window, d2)  # kept on D2: moving on changes nothing
    move_to(qtbot, window, c7)
    assert window.scene.overlay_roles() == shading(window, d2)
    move_and_click(qtbot, window, d2)  # D2 again: it follows the mouse again
    move_to(qtbot, window, c7)
    assert window.scene.overlay_roles() == shading(window, c7)


def test_the_engines_are_kept_until_terrain_smoke_or_a_ruling_changes(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    window.toggle_visibility()
    move_to(qtbot, window, parse_label("D2"))
    engines = window.los_panel.engines
    kept = engines.visibility
    assert kept is not None
    moved = move_to_hex("tank", parse_label("C6"))
    assert window.run_step(moved.name, moved.commands) is not None
    assert engines.visibility is kept  # a unit moved: the board is the same
    assert window.run_step("smoke", [CorrectHex(hex="D5", marker="smoke", count=1)]) is not None
    assert engines.visibility is not kept  # smoke stops lines: prepared again
    assert engines.visibility is not None and parse_label("D5") in engines.visibility.board.smoke
    assert window.scene.overlay_roles() == shading(window, parse_label("D2"))


def click_tab(qtbot, window, title: str) -> None:
    """Click the tab ``title`` of the docks tabbed together (as the referee does)."""
    from PySide6.QtWidgets import QTabBar

    bar, i = next(
        (bar, i)
        for bar in window.findChildren(QTabBar)
        if bar.isVisible()
        for i in range(bar.count())
        if bar.tabText(i) == title
    )
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(i).center())
    assert bar.currentIndex() == i


def test_a_line_following_the_mouse_goes_when_the_rules_tab_is_chosen(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    qtbot.keyClick(window.view, Qt.Key.Key_L)
    a1, d9, g1 = parse_label("A1"), parse_label("D9"), parse_label("G1")
    move_and_click(qtbot, window, a1)
    move_to(qtbot, window, d9)
    assert window.scene.overlay_line() is not None  # following the mouse, not kept
    click_tab(qtbot, window, "Rules")
    # nothing is left on the map that the hidden panel no longer explains, and the tool
    # has stopped: moving over the map draws no line
    assert window.scene.overlay_line() is None and window.scene.overlay_roles() == {}
    assert window.los_panel.mode == ""
    move_to(qtbot, window, g1)
    assert window.scene.overlay_line() is None and window.scene.overlay_roles() == {}


def test_a_kept_line_stays_when_the_rules_tab_is_chosen(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    qtbot.keyClick(window.view, Qt.Key.Key_L)
    a1, d9 = parse_label("A1"), parse_label("D9")
    move_and_click(qtbot, window, a1)
    move_and_click(qtbot, window, d9)  # the second click keeps the line
    click_tab(qtbot, window, "Rules")
    assert window.scene.overlay_line() is not None
    assert window.scene.overlay_roles() == line_roles(window, a1, d9)


def test_shading_following_the_mouse_goes_when_the_rules_tab_is_chosen(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    window.toggle_visibility()
    d2 = parse_label("D2")
    move_to(qtbot, window, d2)
    assert window.scene.overlay_roles() == shading(window, d2)
    click_tab(qtbot, window, "Rules")
    assert window.scene.overlay_roles() == {} and window.los_panel.mode == ""
