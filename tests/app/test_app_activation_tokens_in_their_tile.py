"""The activation map's tokens sit in their own tile, as the written-orders game's do: a
lone token is centred on its tile, and every part of it (its body with its rim, its facing
tick, whichever way it faces) lies inside the tile's hexagon, so it covers nothing of a
neighbour's (a flat-topped hexagon of circumradius 1: |y| <= sqrt(3)/2 and
|x| + |y|/sqrt(3) <= 1). Units sharing a tile (clause activation.tiles: infantry with a
vehicle, an aircraft above) stack inside it without covering each other (nor their facing
ticks: test_app_activation_stack_ticks_apart.py), and large enough to read: two at more than
half a lone token's size (0.59: the tile's height holds two tokens, each with room for
a tick above and below it)."""

from __future__ import annotations

import math

import pytest
from PySide6.QtCore import QPointF, QRectF
from test_app_activation_more_wizards import CARRIER_ARMIES, TO_BATTLE, sample_window
from test_app_activation_wizards import private_folders  # noqa: F401 (a fixture)

from referee.app.activation.items import PieceItem, stack_layout
from referee.app.map.geometry import HEX_SIZE, hex_centre
from referee.board.hexgrid import parse_label
from referee.rules.activation.commands import parse_command
from referee.rules.activation.state import Piece


def inside_tile(point: QPointF, centre: QPointF) -> bool:
    x = abs(point.x() - centre.x()) / HEX_SIZE
    y = abs(point.y() - centre.y()) / HEX_SIZE
    return y <= math.sqrt(3) / 2 + 1e-9 and x + y / math.sqrt(3) <= 1 + 1e-9


def painted_points(item: PieceItem) -> list[QPointF]:
    """The corners of the token's body, its rim's width outside it, and both ends of its
    facing tick with the tick's round cap, in scene units."""
    rim = item.rim_width() / 2
    body = item.body_rect().adjusted(-rim, -rim, rim, rim)
    start, end = item.tick()
    cap = item.tick_width() / 2
    ends = [
        p + QPointF(cap * math.cos(a * math.pi / 8), cap * math.sin(a * math.pi / 8))
        for p in (start, end)
        for a in range(16)
    ]
    return [
        item.mapToScene(p)
        for p in (body.topLeft(), body.topRight(), body.bottomLeft(), body.bottomRight(), *ends)
    ]


def unit_at(facing: int) -> Piece:
    return Piece("tank", "battle-tank", 1, "unit", "deployed", parse_label("H8"), facing, 6, 5)


@pytest.mark.parametrize("facing", range(6))
def test_a_lone_token_is_centred_and_stays_in_its_tile(qtbot, facing):
    item = PieceItem(unit_at(facing), "Battle tank")
    scale, offsets = stack_layout(1)
    assert (scale, offsets) == (1.0, [QPointF(0, 0)])
    centre = hex_centre(parse_label("H8"))
    item.setPos(centre)
    assert item.mapToScene(item.body_rect().center()) == centre
    assert all(inside_tile(p, centre) for p in painted_points(item))


@pytest.mark.parametrize("n", range(2, 7))
def test_tokens_sharing_a_tile_stay_in_it_and_apart(qtbot, n):
    scale, offsets = stack_layout(n)
    assert scale >= {2: 0.58, 3: 0.45, 4: 0.45}.get(n, 0.37)
    centre = hex_centre(parse_label("H8"))
    bodies: list[QRectF] = []
    for i, offset in enumerate(offsets):
        for facing in range(6):
            item = PieceItem(unit_at(facing), "Battle tank")
            item.setScale(scale)
            item.setPos(centre + offset)
            assert all(inside_tile(p, centre) for p in painted_points(item)), (n, i, facing)
        bodies.append(item.mapRectToScene(item.body_rect()))
    for i, a in enumerate(bodies):
        assert not any(a.intersects(b) for b in bodies[i + 1 :]), (n, i)


def test_the_units_on_one_tile_of_the_map_share_it(qtbot, tmp_path):
    """The grunts enter I2, under side 2's fighter (ruling activation.aircraft-layer): both
    tokens drawn inside I2, apart, each more than half a lone token's size; the
    buggy alone on H3 is centred there."""
    window = sample_window(
        qtbot,
        tmp_path,
        0,
        units=CARRIER_ARMIES,
        commands=[*TO_BATTLE, ("move uid=rifles path=H13", [])],
    )
    window.run_step("in", [parse_command("enter uid=grunts hex=I2 facing=S ammunition=6")])
    items = window.game.piece_items
    i2 = hex_centre(parse_label("I2"))
    fighter, grunts = items["fighter"], items["grunts"]
    for item in (fighter, grunts):
        assert item.scale() >= 0.58
        assert all(inside_tile(p, i2) for p in painted_points(item))
    assert not fighter.mapRectToScene(fighter.body_rect()).intersects(
        grunts.mapRectToScene(grunts.body_rect())
    )
    assert items["buggy"].pos() == hex_centre(parse_label("H3"))
    assert items["buggy"].scale() == 1.0
