"""A map's edge in words a referee can match with the board (referee/board/edge_words.py).

The activation hexagon is made of flat-topped tiles, so it has a corner at the top (H1) and at
the bottom (H15) and no top or bottom edge: its six edges face right (0 degrees), upper right
(60), upper left (120), left (180), lower left (240) and lower right (300). The files name them
after the axial directions, so the letter ``S`` is the lower-left edge, H15 to A12 (data/README.md,
"Zones", and the map on screen), and ``N`` the upper-right edge, H1 to O5.
"""

from __future__ import annotations

import math

import pytest
from conftest import map_path

from referee.board.edge_words import edge_place, edge_words, sides_edges_words
from referee.board.hexgrid import centre, parse_label
from referee.board.maps import EDGES, edge_depth, load_map

# where each place word points, in degrees on the screen (x right, y up)
FACING = {
    "right": 0,
    "upper-right": 60,
    "upper-left": 120,
    "left": 180,
    "lower-left": 240,
    "lower-right": 300,
}


@pytest.fixture(scope="module")
def hexagon():
    return load_map(map_path("activation"))


@pytest.mark.parametrize("edge", EDGES)
def test_a_hexagon_edges_words_point_where_its_tiles_are_on_screen(hexagon, edge):
    tiles = [h for h in hexagon.hexes if edge_depth(hexagon, h, edge) == 1]
    middle = centre(parse_label("H8"))
    x = sum(centre(h).x for h in tiles) / len(tiles) - middle.x
    y = sum(centre(h).y for h in tiles) / len(tiles) - middle.y
    seen = math.degrees(math.atan2(-y, x)) % 360  # the screen's y grows downwards
    assert seen == pytest.approx(FACING[edge_place("hexagon", edge)], abs=1e-6)


def test_the_activation_edges_are_named_by_place_and_end_tiles(hexagon):
    # the screenshot and data/README.md's table: S runs H15-A12 at the lower left, N H1-O5
    assert edge_words(hexagon, "S") == "the lower-left edge (A12 to H15)"
    assert edge_words(hexagon, "N") == "the upper-right edge (H1 to O5)"
    assert edge_words(hexagon, "NE") == "the right edge (O5 to O12)"
    assert edge_words(hexagon, "SW") == "the left edge (A5 to A12)"
    assert sides_edges_words(hexagon, {2: "N", 1: "S"}) == (
        "side 1 at the lower-left edge (A12 to H15), side 2 at the upper-right edge (H1 to O5)"
    )


def test_a_rectangles_n_and_s_are_its_top_and_bottom(tmp_path):
    path = tmp_path / "map.toml"
    path.write_text('name = "t"\nshape = "rectangle"\ncolumns = 7\nrows = 9\n', encoding="utf-8")
    rect = load_map(path)
    assert edge_words(rect, "N") == "the top edge (A1 to G1)"
    assert edge_words(rect, "S") == "the bottom edge (A9 to G9)"
    with pytest.raises(ValueError, match="edges N, S"):
        edge_place("rectangle", "NE")
