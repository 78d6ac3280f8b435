"""One colour per side, the same everywhere: the zone's rim, the token's rim and id band, and
the words of the wizards and the inspector (side 1 blue, side 2 red); the nation's colour
fills the token and never reads as a side's."""

from __future__ import annotations

from collections import Counter

from app_window import demo_window
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem

from referee.app.map.unit_item import BAND_HEIGHT, BODY, R
from referee.app.widgets.style import (
    NATION_COLOURS,
    SIDE_COLOUR_NAMES,
    SIDE_COLOURS,
    side_name,
)
from referee.app.wizards.assault.contest_page import contest_text
from referee.app.wizards.orders.wizard import OrdersWizard
from referee.board.hexgrid import parse_label


def hue_gap(a: QColor, b: QColor) -> int:
    gap = abs(a.hue() - b.hue()) % 360
    return min(gap, 360 - gap)


def drawn(item: QGraphicsItem) -> tuple[QImage, QPointF]:
    """``item`` painted alone on a white image; the image and where the item's origin is."""
    rect = item.boundingRect()
    image = QImage(int(rect.width()) + 2, int(rect.height()) + 2, QImage.Format.Format_RGB32)
    image.fill(QColor("#ffffff"))
    painter = QPainter(image)
    origin = QPointF(-rect.left() + 1, -rect.top() + 1)
    painter.translate(origin)
    item.paint(painter, QStyleOptionGraphicsItem(), None)
    painter.end()
    return image, origin


def commonest(image: QImage, at: QPointF, rect: QRectF) -> QColor:
    """The colour most pixels of ``rect`` (item coordinates) have: the fill under any text."""
    area = rect.translated(at).toRect()
    seen = Counter(
        image.pixel(x, y)
        for x in range(area.left(), area.right())
        for y in range(area.top(), area.bottom())
    )
    return QColor.fromRgb(seen.most_common(1)[0][0])


def test_each_side_colour_is_the_colour_its_words_name():
    for side in (1, 2):
        named = QColor(SIDE_COLOUR_NAMES[side])  # Qt's "blue" and "red"
        assert hue_gap(QColor(SIDE_COLOURS[side]), named) <= 30, side
    assert (side_name(1), side_name(2, capital=True)) == ("side 1 (blue)", "Side 2 (red)")


def test_no_nation_colour_reads_as_a_side():
    for nation, spec in NATION_COLOURS.items():
        for side in (1, 2):
            assert hue_gap(QColor(spec), QColor(SIDE_COLOURS[side])) >= 25, (nation, side)


def test_the_zone_the_token_and_the_words_agree(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    scene = window.scene
    # the demo: Spartans (side 1) in the bottom zone, Orks (side 2) in the top one
    for uid, zone_hex, side in (("hoplites", "A8", 1), ("grunts", "A2", 2)):
        token, at = drawn(scene.unit_items[uid])
        top = BODY.top() + 0.06 * R
        band = commonest(
            token,
            at,
            QRectF(BODY.left() + 0.1 * R, top, BODY.width() - 0.2 * R, BAND_HEIGHT * R - 0.1 * R),
        )
        inside = commonest(
            token,
            at,
            QRectF(
                BODY.left() + 0.1 * R, BODY.bottom() - 0.3 * R, BODY.width() - 0.2 * R, 0.22 * R
            ),
        )
        unit = window.session.state.unit(uid)
        assert band == QColor(SIDE_COLOURS[side]), (uid, band.name())
        assert inside == QColor(NATION_COLOURS[unit.nation]), (uid, inside.name())
        hex_item = scene.hex_items[parse_label(zone_hex)]
        assert hex_item.zone == f"side{side}"
        image, at = drawn(hex_item)
        # the rim runs along the inner hexagon (0.9 of a corner): half-way along its side
        rim_point = (hex_item._inner.at(1) + hex_item._inner.at(2)) / 2
        rim = image.pixelColor((at + rim_point).toPoint())
        assert hue_gap(rim, QColor(SIDE_COLOURS[side])) <= 20, (zone_hex, rim.name())
        assert side_name(side) in scene.unit_items[uid].toolTip()
    window.select_unit("hoplites")
    assert "spartan, side 1 (blue)" in window.inspector.page.toPlainText()
    orders = OrdersWizard(window.session.state)
    qtbot.addWidget(orders)
    sides = [orders.units_page.side.itemText(i) for i in range(orders.units_page.side.count())]
    assert sides == ["Every unit", "Side 1 (blue): spartan", "Side 2 (red): ork"]
    raw = {
        "hexes": ["C4"],
        "participants": [{"uid": "tank", "side": 1}, {"uid": "grunts", "side": 2}],
    }
    assert contest_text(raw) == "assault over C4: side 1 (blue) tank against side 2 (red) grunts"
