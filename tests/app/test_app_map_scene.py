"""The map scene: every hex drawn once, every token on its hex's centre (hexgrid geometry)."""

from __future__ import annotations

import math
from dataclasses import replace

from app_window import demo_window
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage, QPainter

from referee.app.map.geometry import HEX_SIZE, hex_polygon
from referee.app.map.hex_item import HexItem
from referee.app.map.unit_item import BODY, UnitItem, token_names
from referee.board.hexgrid import SQRT3, parse_label
from referee.rules.orders.commands import CorrectHex


def test_the_map_has_one_item_per_hex(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    hexes = [i for i in window.scene.items() if isinstance(i, HexItem)]
    # the standard map: 7 columns of 9 hexes
    assert len(hexes) == 7 * 9
    assert {i.hex for i in hexes} == set(window.session.state.battle_map.hexes)


def test_each_unit_has_one_token_at_its_hex_centre(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    tokens = [i for i in window.scene.items() if isinstance(i, UnitItem)]
    units = window.session.state.units
    assert sorted(t.uid for t in tokens) == sorted(units)
    for token in tokens:
        label = str(units[token.uid].hex)
        col, row = "ABCDEFG".index(label[0]), int(label[1:]) - 1
        # odd-q, flat-topped, unit circumradius: x = 1.5 col, y = sqrt3 (row + (col odd) / 2)
        x = 1.5 * col * HEX_SIZE
        y = SQRT3 * (row + 0.5 * (col % 2)) * HEX_SIZE
        assert math.isclose(token.pos().x(), x, abs_tol=1e-6), token.uid
        assert math.isclose(token.pos().y(), y, abs_tol=1e-6), token.uid


def test_a_token_shows_the_terrain_and_zone_of_its_hex(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    d2 = window.scene.hex_items[parse_label("D2")]
    # data/maps/standard.toml: D2 is a hill in side 2's rows 1-3
    assert d2.terrain == "hill"
    assert d2.zone == "side2"
    assert "level-1 blocking" in d2.toolTip()


def test_a_smoke_marker_appears_on_its_hex_and_goes_with_undo(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    d5 = parse_label("D5")
    window.run_step("smoke", [CorrectHex(hex="D5", marker="smoke", count=2)])
    assert window.scene.marker_items[d5].markers[0].count == 2
    window.undo_action.trigger()
    assert d5 not in window.scene.marker_items


def _dark_pixels(px: float) -> int:
    """A clear hex drawn with its circumradius ``px`` screen pixels: how many pixels of its
    middle band are dark (the label's letters; the outline is outside the band)."""
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QColor, QImage, QPainter
    from PySide6.QtWidgets import QGraphicsScene

    from referee.app.map.hex_item import R
    from referee.board.hexgrid import Hex

    scene = QGraphicsScene()
    scene.addItem(HexItem(Hex(0, 0)))
    size = int(2 * px) + 4
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    scene.render(
        painter,
        QRectF(0, 0, size, size),
        QRectF(-R - 2 * R / px, -R - 2 * R / px, 2 * R + 4 * R / px, 2 * R + 4 * R / px),
    )
    painter.end()
    band = [
        image.pixelColor(x, y)
        for x in range(int(size * 0.3), int(size * 0.7))
        for y in range(int(size * 0.4), int(size * 0.6))
    ]
    return sum(1 for c in band if c.lightness() < 100)


def test_a_hex_too_small_for_its_top_label_still_names_itself_in_the_middle(qtbot):
    # a whole map fitted to a window (the activation rules' 169 tiles: about 15 px a hex)
    assert _dark_pixels(15) > 5
    assert _dark_pixels(8) == 0  # far too small to read: the flat colour only
    assert _dark_pixels(40) == 0  # large: the label is at the top, the middle is clear


def test_a_token_name_is_the_shortest_ending_of_its_id_that_names_no_other_unit():
    names = token_names(
        ["standard-tank", "standard-tank-2", "battle-wagon", "heavy-tank", "hoplites", "ork-grunts"]
    )
    assert names == {
        "standard-tank": "standard-tank",  # 'tank' would also end heavy-tank
        "standard-tank-2": "tank-2",  # a number alone keeps its word
        "battle-wagon": "wagon",
        "heavy-tank": "heavy-tank",
        "hoplites": "hoplites",
        "ork-grunts": "grunts",
    }
    # an id that is another's ending keeps the other one whole
    assert token_names(["tank", "a-tank"]) == {"tank": "tank", "a-tank": "a-tank"}
    assert len(set(token_names(["a-b-c", "b-c", "x-c", "c-2", "b-c-2"]).values())) == 5


def test_a_long_id_shows_its_short_name_on_the_token_and_the_whole_id_in_its_tip(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    tank = window.session.state.units["tank"]
    long_ids = {"standard-tank": "tank", "battle-wagon": "wagon", "hoplite-phalanx": "phalanx"}
    window.scene.tokens.place_units({uid: replace(tank, uid=uid) for uid in long_ids}, {})
    image = QImage(200, 200, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    width = 1.1 * HEX_SIZE  # the band, less its margins
    for uid, short in long_ids.items():
        item = window.scene.unit_items[uid]
        assert item.short_name == short
        assert item.band_name(painter, width) == short  # the whole id does not fit
        assert item.toolTip().startswith(f"{uid}: ")
    demo = window.scene.unit_items  # a short id that fits is shown whole
    window.scene.tokens.place_units({"hoplites": replace(tank, uid="hoplites")}, {})
    assert demo["hoplites"].band_name(painter, width) == "hoplites"
    painter.end()


def test_two_units_sharing_a_hex_are_side_by_side_inside_it(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    units = window.session.state.units
    tank = units["tank"]
    both = {"tank": tank, "hoplites": replace(units["hoplites"], hex=tank.hex)}
    window.scene.tokens.place_units(both, {})
    bodies = [window.scene.unit_items[uid].mapRectToScene(BODY) for uid in both]
    assert not bodies[0].intersects(bodies[1])  # neither name hidden under the other
    hexagon = hex_polygon(tank.hex, local=False)
    for body in bodies:
        for corner in (body.topLeft(), body.topRight(), body.bottomLeft(), body.bottomRight()):
            assert hexagon.containsPoint(corner, Qt.FillRule.OddEvenFill)
