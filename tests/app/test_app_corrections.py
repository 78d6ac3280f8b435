"""Corrections from the right-click menu: each one a journal step that undo takes back."""

from __future__ import annotations

from app_window import click_hex, demo_window

from referee.board.hexgrid import parse_label
from referee.match.games.orders_file import MatchFile


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
    assert window.undo_action.text() == "&Undo Correction: tank moved to C6"


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
    menu = window.context_menu_for(parse_label("E3"))
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


def menu_of(qtbot, window, label: str):
    menu = window.context_menu_for(parse_label(label))
    qtbot.addWidget(menu)
    return menu


def last_step_name(window) -> str:
    with MatchFile.open(window.session.path) as m:
        return m.steps()[-1].name


def test_taking_off_one_model_is_one_click(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    # the grunts at B3: an Ork grunts base of 4 models
    menu_of(qtbot, window, "B3").trigger("Take off one model (4 -> 3)")
    assert window.session.state.unit("grunts").alive == 3
    assert last_step_name(window) == "Correction: grunts one model taken off (4 -> 3)"
    assert "3/4" in window.scene.unit_items["grunts"].toolTip()
    menu_of(qtbot, window, "B3").trigger("1 of 4")  # Models alive
    assert window.session.state.unit("grunts").alive == 1
    window.undo_action.trigger()
    window.undo_action.trigger()
    assert window.session.state.unit("grunts").alive == 4


def test_speed_and_load_tokens_and_ammo_left_from_the_menu(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    tank = menu_of(qtbot, window, "C7")
    assert [t for t in tank.action_texts() if t.split()[0] in ("stand-still", "slow", "fast")] == [
        "stand-still  (now)",
        "slow",
        "fast",
    ]  # the standard tank's speeds
    tank.trigger("fast")
    assert window.session.state.unit("tank").speed == "fast"
    menu_of(qtbot, window, "C7").trigger("Main gun: 3 loaded")
    tank_now = window.session.state.unit("tank")
    assert tank_now.ammo("Main gun") == 3 and tank_now.ammo("Hull machine gun") == 2
    # the battle wagon's Gas lobba carries Limited Ammo (3): one left means two fired
    menu_of(qtbot, window, "D2").trigger("Gas lobba: 1 of 3 left")
    assert window.session.state.unit("wagon").shots_fired("Gas lobba") == 2
    assert last_step_name(window) == "Correction: wagon Gas lobba ammo left 1 of 3"


def test_each_condition_with_its_strength_from_the_menu(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    for text in ("fire 2", "acid 1", "minor acid 3", "Add Poison[8]", "Add Bleeding[6]"):
        menu_of(qtbot, window, "B3").trigger(text)
    menu_of(qtbot, window, "B3").trigger("Add Poison[4]")
    grunts = window.session.state.unit("grunts")
    assert (grunts.fire, grunts.acid, grunts.minor_acid) == (2, 1, 3)
    assert (grunts.poison, grunts.bleeding) == ((8, 4), (6,))
    menu_of(qtbot, window, "B3").trigger("Take off Poison[8]")
    assert window.session.state.unit("grunts").poison == (4,)
    tip = window.scene.unit_items["grunts"].toolTip()
    assert "on fire (2)" in tip and "poison (d4)" in tip and "bleeding (d6)" in tip


def test_an_acid_cloud_and_a_hex_on_fire_from_the_menu(qtbot, tmp_path):
    """Clause hex.markers: a cloud placed the first time is two markers; an acid cloud is
    minor or major (hex_effects.toml). A hex on fire is fire and smoke (clause hex.on-fire),
    one correction, one journal step, one undo."""
    window = demo_window(qtbot, tmp_path)
    d5 = parse_label("D5")
    menu = menu_of(qtbot, window, "D5")
    assert "Acid cloud [minor]: 2 markers" in menu.action_texts()
    menu.trigger("Acid cloud [minor]: 2 markers")
    cloud = window.session.state.hexes.get(d5, "acid-cloud")
    assert (cloud.count, cloud.strength) == (2, "minor")
    menu = menu_of(qtbot, window, "D5")
    menu.trigger("Hex on fire: fire and smoke markers (0 -> 2)")
    hexes = window.session.state.hexes
    assert (hexes.count(d5, "fire"), hexes.count(d5, "smoke")) == (2, 2)
    assert window.undo_action.text() == "&Undo Correction: hex on fire on D5: 2"
    window.undo_action.trigger()
    assert window.session.state.hexes.count(d5, "fire") == 0
    assert window.session.state.hexes.get(d5, "acid-cloud") is not None
