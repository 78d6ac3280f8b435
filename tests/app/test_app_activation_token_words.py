"""The activation map's tokens read at the window's opening zoom (1366x768, the map fitted):
a unit's uid whole (smaller, condensed, or on a second line; never "fight..." for the
fighter), its H never under a transport's "aboard" badge, and a building's pips over any
token on its tile, inside the tile."""

from __future__ import annotations

import math

import pytest
from PySide6.QtCore import QPointF
from test_app_activation_more_wizards import CARRIER_ARMIES, TO_BATTLE, sample_window
from test_app_activation_tokens_in_their_tile import inside_tile, unit_at
from test_app_activation_wizards import private_folders  # noqa: F401 (a fixture)

from referee.app.activation.items import (
    PIPS_BELOW,
    TOKEN_RADIUS,
    PieceItem,
    PipsItem,
    uid_lines,
)
from referee.app.map.fitted_text import text_width
from referee.app.map.geometry import HEX_SIZE, hex_centre
from referee.board.hexgrid import parse_label
from referee.rules.activation.pips import Pips
from referee.rules.activation.state import Fortification

READABLE_PX = 6
"""The smallest letters (screen pixels) a uid is written in at the opening zoom."""


@pytest.fixture
def carrier_window(qtbot, tmp_path):
    """Crossroads with the fighter on I2 and side 1's rifles aboard its carrier on G15."""
    return sample_window(
        qtbot,
        tmp_path,
        0,
        units=CARRIER_ARMIES,
        commands=[*TO_BATTLE, ("embark uid=rifles transport=carrier", [])],
    )


def opening_lod(window) -> float:
    return window.view.transform().m11()


def test_the_fighters_uid_is_whole_and_readable_at_the_opening_zoom(carrier_window):
    lod = opening_lod(carrier_window)
    room = 2 * TOKEN_RADIUS  # the token's width
    for uid in ("fighter", "carrier", "grunts", "buggy", "tank"):
        font, lines = uid_lines(uid, lod)
        assert "".join(lines) == uid, (uid, lines)  # nothing cut short
        assert font.pixelSize() * lod >= READABLE_PX, (uid, font.pixelSize() * lod)
        assert all(text_width(font, line, lod) <= room for line in lines), uid


def test_a_uid_too_long_for_one_line_goes_on_two_whole_halves():
    font, lines = uid_lines("heavy-weapons", 0.4)
    assert lines == ("heavy-", "weapons")
    assert font.pixelSize() * 0.4 >= READABLE_PX - 1


@pytest.mark.parametrize("zoom", [1.0, 0.6, 2.0])
def test_the_aboard_badge_leaves_the_h_whole(carrier_window, zoom):
    lod = opening_lod(carrier_window) * zoom
    carrier = carrier_window.game.piece_items["carrier"]
    assert carrier.badge() == "1"  # the rifles aboard
    badge, below = carrier.badge_rect(), carrier.health_rect()
    assert below.right() <= badge.left()
    # "4 H" (the carrier's health) fits left of the badge at the size it is shown
    assert carrier.health_text() == "4 H"
    assert text_width(carrier.health_font(lod), "4 H", lod) <= below.width()
    assert carrier.health_font(lod).pixelSize() * lod >= READABLE_PX - 1 or zoom < 1


@pytest.mark.parametrize("pips", [2, 4, 6, 8])
def test_a_buildings_pips_show_beside_a_unit_on_its_tile(qtbot, pips):
    centre = hex_centre(parse_label("H8"))
    token = PieceItem(unit_at(0), "Battle tank")
    token.setPos(centre)
    fort = Fortification(parse_label("H8"), "citadel", Pips(side1=1, neutral=pips - 1))
    dots = PipsItem(fort, "Citadel")
    dots.setPos(centre + QPointF(0, PIPS_BELOW))
    assert dots.zValue() > token.zValue()  # drawn over any token on the tile
    rim = token.rim_width() / 2
    body = token.mapRectToScene(token.body_rect().adjusted(-rim, -rim, rim, rim))
    assert len(dots.dots()) == pips
    for dot in dots.dots():
        square = dots.mapRectToScene(dot)
        assert not square.intersects(body)  # below a lone token's body
        corners = (square.bottomLeft(), square.bottomRight(), square.topLeft())
        assert all(inside_tile(p, centre) for p in corners), pips
        assert square.width() >= 0.05 * HEX_SIZE * (1 if pips <= 6 else math.sqrt(0.5))
