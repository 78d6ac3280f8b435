"""The line-of-sight tool driven by clicks on the map: it shows the engine's answer."""

from __future__ import annotations

from app_window import click_hex, demo_window
from PySide6.QtCore import Qt

from referee.board.hexgrid import parse_label
from referee.board.los import line_of_sight
from referee.rules.orders.board_now import board_now


def test_two_clicks_show_the_crossed_and_blocking_hexes_of_line_of_sight(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    qtbot.keyClick(window.view, Qt.Key.Key_L)
    assert window.los_panel.mode == "los"
    a1, d9 = parse_label("A1"), parse_label("D9")
    click_hex(qtbot, window, a1)
    click_hex(qtbot, window, d9)
    sight = line_of_sight(board_now(window.session.state), a1, d9)
    roles = window.scene.overlay_roles()
    # standard map: forests at A2, B2, C8, D8 lie on the line and block it at ground level
    assert {h for h, r in roles.items() if r == "blocked"} == set(sight.blocked_by)
    assert set(sight.blocked_by) == {parse_label(x) for x in ("A2", "B2", "C8", "D8")}
    tinted = {h for h, r in roles.items() if r in ("crossed", "blocked")}
    assert tinted == set(sight.line.crossed)
    assert roles[a1] == "start" and roles[d9] == "end"
    assert "blocked by A2, B2, C8, D8" in window.los_panel.result.toPlainText()


def test_a_blind_hex_is_shown_blind_with_the_working(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    window.toggle_los()
    d2, d9 = parse_label("D2"), parse_label("D9")
    click_hex(qtbot, window, d2)
    click_hex(qtbot, window, d9)
    sight = line_of_sight(board_now(window.session.state), d2, d9)
    # the wagon's hill D2 is level 1; the forest D8 makes 2 hexes behind it blind (los.level-1-to-0)
    assert sight.blind
    assert window.scene.overlay_roles()[parse_label("D8")] == "blind"
    text = window.los_panel.result.toPlainText()
    for line in sight.working:
        assert line in text
    # a unit at the first hex: its weapons' range bands (range 7: Gas lobba 5 -> long)
    assert "Gas lobba (range 5): long" in text


def test_the_visibility_overlay_shades_what_a_hex_cannot_see(qtbot, tmp_path):
    from referee.board.visibility import Visibility

    window = demo_window(qtbot, tmp_path)
    window.toggle_visibility()
    d2 = parse_label("D2")
    click_hex(qtbot, window, d2)
    board = board_now(window.session.state)
    visible, blind = Visibility(board).from_hex(d2)
    roles = window.scene.overlay_roles()
    for h, v, b in zip(board.battle_map.hexes, visible, blind, strict=True):
        if h == d2:
            assert roles[h] == "source"
        elif b:
            assert roles[h] == "blind", h
        elif not v:
            assert roles[h] == "hidden", h
        else:
            assert h not in roles, h


def test_escape_stops_the_tool(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    window.toggle_los()
    qtbot.keyClick(window.view, Qt.Key.Key_Escape)
    assert window.los_panel.mode == ""
