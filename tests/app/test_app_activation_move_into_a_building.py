"""A move's list of tiles says when moving into a building brings on its health check
(clause activation.fortification-health: "When a fortification has less health than the
total of the units inside, each make attacks until the total of pips is lower or equal to
the fortification's"; ruling activation.health-check-when, every-step: a move into a
building is checked too), so the referee sees it before choosing the tile, not only on the
last page once the move is made."""

from __future__ import annotations

from PySide6.QtCore import Qt
from test_app_activation_more_wizards import CARRIER_ARMIES, TO_BATTLE, sample_window
from test_app_activation_wizards import next_page, private_folders  # noqa: F401 (a fixture)


def move_list(qtbot, window, uid: str) -> list[str]:
    qtbot.mouseClick(window.game.panel.buttons["activate"], Qt.MouseButton.LeftButton)
    wizard = window.wizard_host.wizard
    wizard.unit.pick(uid)
    next_page(qtbot, wizard)
    rows = wizard.move_page.list
    return [rows.item(i).text() for i in range(rows.count())]


def row(rows: list[str], start: str) -> str:
    found = [r for r in rows if r.startswith(start)]
    assert len(found) == 1, rows
    return found[0]


def test_a_tank_moving_into_a_bunker_with_fewer_pips_than_its_h_is_warned(qtbot, tmp_path):
    # side 1's bunker on G14 has 4 pips; its battle tank (6 H) on H15 facing N goes forward
    # to H14, then turns left into G14 (2 tiles): 6 H inside against 4 pips, a health check
    window = sample_window(qtbot, tmp_path, 0, units=CARRIER_ARMIES, commands=TO_BATTLE)
    text = row(move_list(qtbot, window, "tank"), "G14 facing NW: costs 2")
    assert (
        " — bunker with 4 pips: the units inside would have 6 H, a health check follows "
        "(clause activation.fortification-health; ruling activation.health-check-when)"
    ) in text


def test_rifles_moving_into_the_bunker_within_its_pips_are_not_warned(qtbot, tmp_path):
    # the rifle squad on H14 has 3 H: 3 inside against 4 pips, no health check
    window = sample_window(qtbot, tmp_path, 0, units=CARRIER_ARMIES, commands=TO_BATTLE)
    assert "health check" not in row(move_list(qtbot, window, "rifles"), "G14: costs 1")


def test_under_the_after_damage_reading_a_move_brings_no_health_check(qtbot, tmp_path):
    window = sample_window(
        qtbot,
        tmp_path,
        0,
        units=CARRIER_ARMIES,
        commands=TO_BATTLE,
        readings={"activation.health-check-when": "after-damage"},
    )
    assert "health check" not in row(move_list(qtbot, window, "tank"), "G14 facing NW: costs 2")


def test_deploying_a_siege_tank_into_the_bunker_is_warned(qtbot, tmp_path):
    # side 1 deploys again after side 2's pass; its siege tank "extra" (8 H) may go on G14,
    # next to the rifles on H14, where its bunker stands with 4 pips: 8 H against 4 pips
    window = sample_window(qtbot, tmp_path, 0, units=CARRIER_ARMIES, commands=TO_BATTLE[:12])
    qtbot.mouseClick(window.game.panel.buttons["deploy"], Qt.MouseButton.LeftButton)
    wizard = window.wizard_host.wizard
    wizard.pieces.pick("extra")
    next_page(qtbot, wizard)
    rows = wizard.where.tiles
    text = row([rows.item(i).text() for i in range(rows.count())], "G14")
    assert " — bunker with 4 pips: the units inside would have 8 H, a health check" in text
