"""A tile where other units stand, offered by a wizard, says which rule lets the unit in.

The draft (002, "Tiles"): a tile may hold "ally or enemy units in any combination" (clause
activation.tiles); only a vehicle's slots keep it out of a tile (clause activation.slots;
ruling activation.slots: infantry and hover take no slots, vehicles share a tile when
their slots do not overlap), and aircraft fly above the ground (ruling
activation.aircraft-layer, "air"). So the engine is right to let a carrier move onto the
tile of its own rifles, and a unit from the reserves enter on the edge tile of a friendly
aircraft; the wizard now says why, beside the tile.

The carrier game (test_app_activation_more_wizards.TO_BATTLE): side 1's rifles on H14, its
tank on H15, its carrier (class L) on G15 facing N; side 2's fighter on I2, its grunts in
the reserves."""

from __future__ import annotations

from PySide6.QtCore import Qt
from test_app_activation_more_wizards import CARRIER_ARMIES, TO_BATTLE, items, sample_window
from test_app_activation_wizards import (  # noqa: F401 (private_folders: a fixture)
    click_tile,
    finish,
    last_step,
    next_page,
    private_folders,
)


def test_the_carriers_move_onto_its_rifles_tile_cites_the_tiles_and_the_slots(qtbot, tmp_path):
    window = sample_window(qtbot, tmp_path, 0, units=CARRIER_ARMIES, commands=TO_BATTLE)
    qtbot.mouseClick(window.game.panel.buttons["activate"], Qt.MouseButton.LeftButton)
    wizard = window.wizard_host.wizard
    wizard.unit.pick("carrier")
    next_page(qtbot, wizard)
    rows = items(wizard.move_page.list)
    onto = [r for r in rows if r.startswith("H14 ")]
    assert onto, rows  # infantry take no slots: the carrier may share their tile
    for row in onto:
        assert row.endswith(
            " — shared with rifles (side 1): clause activation.tiles; ruling activation.slots"
        )
    assert not any("shared" in r for r in rows if r.startswith(("F14 ", "G14 ")))  # no unit


def test_a_unit_entering_on_its_aircrafts_tile_cites_the_aircraft_layer(qtbot, tmp_path):
    window = sample_window(
        qtbot,
        tmp_path,
        0,
        units=CARRIER_ARMIES,
        commands=[*TO_BATTLE, ("move uid=rifles path=H13", [])],  # side 2's turn next
    )
    qtbot.mouseClick(window.game.panel.buttons["enter"], Qt.MouseButton.LeftButton)
    wizard = window.wizard_host.wizard
    wizard.unit.pick("grunts")
    next_page(qtbot, wizard)
    rows = items(wizard.where.tiles)
    (i2,) = [r for r in rows if r.startswith("I2")]
    assert i2 == (
        "I2 — shared with fighter (side 2): clause activation.tiles; "
        "ruling activation.aircraft-layer"
    )
    assert "J2" in rows  # an empty tile of the edge: its label alone
    click_tile(qtbot, window, "I2")
    next_page(qtbot, wizard)
    finish(qtbot, wizard)
    assert last_step(window)[0] == "enter uid=grunts hex=I2 facing=S ammunition=6"
    state = window.session.match.state
    assert {p.uid for p in state.at(state.pieces["fighter"].hex)} == {"fighter", "grunts"}
