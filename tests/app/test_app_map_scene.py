"""The map scene: every hex drawn once, every token on its hex's centre (hexgrid geometry)."""

from __future__ import annotations

import math

from app_window import demo_window

from referee.app.geometry import HEX_SIZE
from referee.app.hex_item import HexItem
from referee.app.unit_item import UnitItem
from referee.board.hexgrid import SQRT3, parse_label


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
    window.run_step("smoke", [{"kind": "correct-hex", "hex": "D5", "marker": "smoke", "count": 2}])
    assert window.scene.marker_items[d5].markers[0].count == 2
    window.undo_action.trigger()
    assert d5 not in window.scene.marker_items


def _dark_pixels(px: float) -> int:
    """A clear hex drawn with its circumradius ``px`` screen pixels: how many pixels of its
    middle band are dark (the label's letters; the outline is outside the band)."""
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QColor, QImage, QPainter
    from PySide6.QtWidgets import QGraphicsScene

    from referee.app.hex_item import R
    from referee.board.hexgrid import Hex

    scene = QGraphicsScene()
    scene.addItem(HexItem(Hex(0, 0)))
    size = int(2 * px) + 4
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    scene.render(painter, QRectF(0, 0, size, size), QRectF(-R - 2 * R / px, -R - 2 * R / px,
                                                           2 * R + 4 * R / px,
                                                           2 * R + 4 * R / px))
    painter.end()
    band = [image.pixelColor(x, y) for x in range(int(size * 0.3), int(size * 0.7))
            for y in range(int(size * 0.4), int(size * 0.6))]
    return sum(1 for c in band if c.lightness() < 100)


def test_a_hex_too_small_for_its_top_label_still_names_itself_in_the_middle(qtbot):
    # a whole map fitted to a window (the activation rules' 169 tiles: about 15 px a hex)
    assert _dark_pixels(15) > 5
    assert _dark_pixels(8) == 0  # far too small to read: the flat colour only
    assert _dark_pixels(40) == 0  # large: the label is at the top, the middle is clear
