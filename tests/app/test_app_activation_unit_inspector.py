"""The Unit dock of a match of the activation rules: View > Unit works there as in a match
of written orders, and a click on a unit's tile shows the unit: its card's values, its H
and ammunition now, where it is, and for a transport who is aboard and how full it is
(clause activation.embark, ruling activation.transport-capacity: units by default).

Expected values come from the sample cards (data/rulesets/activation/units.toml): the
battle tank is a class M vehicle, movement 4, 6 H, armor 9, ammunition 5, its cannon R 6;
the armoured carrier carries 2 infantry; the sample deploys the tank with 3 ammunition."""

from __future__ import annotations

from PySide6.QtCore import Qt
from test_app_activation_more_wizards import CARRIER_ARMIES, TO_BATTLE, sample_window
from test_app_activation_wizards import (  # noqa: F401 (private_folders: a fixture)
    click_tile,
    private_folders,
)

from referee.match.games.activation_file import ActivationMatch


def page_text(window) -> str:
    return window.inspector_dock.widget().page.toPlainText()


def test_view_unit_works_and_a_click_on_the_tanks_tile_shows_its_card_and_state(qtbot, tmp_path):
    window = sample_window(qtbot, tmp_path, 13)  # deployed: the tank on H15 with 3 ammunition
    unit = window.inspector_dock.toggleViewAction()
    assert unit.isEnabled()
    click_tile(qtbot, window, "H15")
    assert not window.inspector_dock.isHidden()
    text = page_text(window)
    assert text.startswith("tank")
    assert "Battle tank (vehicle, class M), side 1" in text
    assert "on H15, facing N" in text
    flat = " ".join(text.split())
    assert "H 6 of 6" in flat
    assert "ammunition 3 of 5" in flat
    assert "movement 4" in flat and "armor 9" in flat
    assert "R 6" in flat  # its cannon
    assert window.game.panel.command.text() == ""  # a click on an empty line types nothing


def test_a_transport_shows_who_is_aboard_and_the_room_left(qtbot, tmp_path):
    window = sample_window(
        qtbot,
        tmp_path,
        0,
        units=CARRIER_ARMIES,
        commands=[*TO_BATTLE, ("embark uid=rifles transport=carrier", [])],
    )
    click_tile(qtbot, window, "G15")
    flat = " ".join(page_text(window).split())
    assert flat.startswith("carrier")
    assert "Carries infantry: aboard 1 of 2." in flat
    assert "rifles: Rifle squad, 3 H" in flat
    window.inspector_dock.widget().show_piece("rifles")
    flat = " ".join(page_text(window).split())
    assert "aboard carrier (on G15)" in flat


def test_a_unit_in_a_building_shows_the_building_and_its_pips(qtbot, tmp_path):
    # the sample after the tank's shots: the buggy inside the citadel on H8, its 6 pips
    # neutral less the one the mg took (a citadel has 6, Crossroads' are neutral)
    window = sample_window(qtbot, tmp_path, 23)
    click_tile(qtbot, window, "H8")
    flat = " ".join(page_text(window).split())
    assert flat.startswith("buggy")
    assert "On H8 too" in flat and "Citadel (the mission's), pips" in flat


def test_a_second_click_on_a_tile_of_two_units_shows_the_other(qtbot, tmp_path):
    # the rifles (infantry: no slots, ruling activation.slots) step onto the tank's tile
    window = sample_window(
        qtbot,
        tmp_path,
        0,
        units=CARRIER_ARMIES,
        commands=[*TO_BATTLE, ("move uid=rifles path=H15", [])],
    )
    click_tile(qtbot, window, "H15")
    assert page_text(window).startswith("rifles")
    assert "tank: Battle tank, side 1, 6 H" in " ".join(page_text(window).split())
    click_tile(qtbot, window, "H15")
    assert page_text(window).startswith("tank")
    click_tile(qtbot, window, "H15")
    assert page_text(window).startswith("rifles")


def test_the_inspector_follows_undo(qtbot, tmp_path):
    window = sample_window(qtbot, tmp_path, 19)  # before the fighter strafes the tank
    click_tile(qtbot, window, "H10")
    assert "H 6 of 6" in " ".join(page_text(window).split())
    window.game.panel.command.setText("move uid=fighter path=I8:S shots=guns>tank")
    window.game.panel.dice.setText("10")
    qtbot.mouseClick(window.game.panel.play_button, Qt.MouseButton.LeftButton)
    assert "H 5 of 6" in " ".join(page_text(window).split())
    qtbot.mouseClick(window.game.panel.undo_button, Qt.MouseButton.LeftButton)
    assert "H 6 of 6" in " ".join(page_text(window).split())
    assert isinstance(window.session.match, ActivationMatch)
