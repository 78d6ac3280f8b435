"""Tokens sharing a tile never touch, whichever way each faces: a token's facing tick
(clause activation.vehicle-classes: a vehicle's slots lie along its facing, so the referee
reads the facing off the token) reaches out of its body, and in a stack it must not reach
into a neighbour's body or meet a neighbour's tick. Checked on the painted geometry of real
items with shapely: each token's body with its rim, and its tick as a line of the tick's
width with round caps, in scene units; for every stack size and every pair of facings."""

from __future__ import annotations

import itertools

import pytest
from shapely.geometry import LineString, box
from shapely.ops import unary_union
from test_app_activation_tokens_in_their_tile import unit_at

from referee.app.activation.items import PieceItem, stack_layout
from referee.app.map.geometry import hex_centre
from referee.board.hexgrid import parse_label


def painted(item: PieceItem):
    """The token as painted, in scene units: its body grown by half its rim's width, and
    its facing tick with its round caps."""
    rim = item.rim_width() / 2
    body = item.mapRectToScene(item.body_rect().adjusted(-rim, -rim, rim, rim))
    start, end = (item.mapToScene(p) for p in item.tick())
    tick = LineString([(start.x(), start.y()), (end.x(), end.y())])
    cap = item.tick_width() * item.scale() / 2
    return unary_union(
        [box(body.left(), body.top(), body.right(), body.bottom()), tick.buffer(cap)]
    )


@pytest.mark.parametrize("n", range(2, 7))
def test_a_facing_tick_in_a_stack_never_touches_a_neighbour(qtbot, n):
    scale, offsets = stack_layout(n)
    centre = hex_centre(parse_label("H8"))
    shapes = []
    for offset in offsets:
        facings = []
        for facing in range(6):
            item = PieceItem(unit_at(facing), "Battle tank")
            item.setScale(scale)
            item.setPos(centre + offset)
            facings.append(painted(item))
        shapes.append(facings)
    for (i, a), (j, b) in itertools.combinations(enumerate(shapes), 2):
        for fa, fb in itertools.product(range(6), repeat=2):
            assert not a[fa].intersects(b[fb]), (n, i, fa, j, fb)


def test_two_tanks_facing_each_other_in_a_stack_keep_their_ticks_apart(qtbot):
    """Hand case: two tokens in one column, the upper facing S (down), the lower N (up):
    their ticks point at each other along the same line."""
    scale, (upper, lower) = stack_layout(2)
    centre = hex_centre(parse_label("H8"))
    items = []
    for offset, facing in ((upper, 3), (lower, 0)):
        item = PieceItem(unit_at(facing), "Battle tank")
        item.setScale(scale)
        item.setPos(centre + offset)
        items.append(item)
    a, b = (painted(item) for item in items)
    assert a.distance(b) > 0
