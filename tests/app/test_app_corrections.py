"""Corrections from the right-click menu: each one a journal step that undo takes back."""

from __future__ import annotations

from app_window import click_hex, demo_window

from referee.board.hexgrid import parse_label
from referee.match.store import MatchFile


def test_rotating_a_unit_from_its_menu_is_a_journal_step(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    menu = window.context_menu_for(parse_label("C7"))
    qtbot.addWidget(menu)
    # the tank faces N (0); one hexside to the right is NE (1)
    menu.trigger("Rotate right (to NE)")
    assert window.session.state.unit("tank").facing == 1
    with MatchFile.open(window.session.path) as m:
        last = m.steps()[-1]
    assert last.name == "Correction: tank turned to face NE"
    assert last.events[0].kind == "correct"
    assert window.journal.model.rows[-1].step_name == last.name
    window.undo_action.trigger()
    assert window.session.state.unit("tank").facing == 0


def test_moving_a_unit_takes_the_next_clicked_hex(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    menu = window.context_menu_for(parse_label("C7"))
    qtbot.addWidget(menu)
    menu.trigger("Move tank to a hex…")
    assert window.moving_uid == "tank"
    click_hex(qtbot, window, parse_label("C6"))
    assert str(window.session.state.unit("tank").hex) == "C6"
    assert window.scene.unit_items["tank"].pos() == window.scene.hex_items[parse_label("C6")].pos()
    assert window.undo_action.text() == "Undo Correction: tank moved to C6"


def test_shaken_tokens_and_smoke_from_the_menu(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    b3 = parse_label("B3")
    menu = window.context_menu_for(b3)
    qtbot.addWidget(menu)
    assert "Add a smoke marker (0 -> 1)" in menu.action_texts()
    menu.trigger("2")  # the first "2" is in Shaken tokens
    assert window.session.state.unit("grunts").shaken == 2
    window.context_menu_for(b3).trigger("Add a smoke marker (0 -> 1)")
    assert window.session.state.hexes.count(b3, "smoke") == 1
    menu = window.context_menu_for(b3)
    qtbot.addWidget(menu)
    menu.trigger("Take off a smoke marker (1 -> 0)")
    assert window.session.state.hexes.count(b3, "smoke") == 0


def test_removing_a_unit_takes_its_token_off_the_map(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    menu = window.context_menu_for(parse_label("F3"))
    qtbot.addWidget(menu)
    menu.trigger("Remove boars from the table")
    assert "boars" not in window.session.state.units
    assert "boars" not in window.scene.unit_items
    window.undo_action.trigger()
    assert "boars" in window.scene.unit_items


def test_clicking_a_token_shows_its_unit_in_the_inspector(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    click_hex(qtbot, window, parse_label("B3"))
    assert window.inspector.uid == "grunts"
    assert window.scene.unit_items["grunts"].selected
    assert "Ork grunts" in window.inspector.page.toPlainText()
    assert "turn 1" in window.inspector.page.toPlainText()
