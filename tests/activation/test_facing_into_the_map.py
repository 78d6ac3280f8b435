"""The facing a unit set down on its player's edge starts with in the deploy and enter
wizards (clauses activation.deployment and activation.reserves; ruling
activation.reserves-entry: "facing as the player chooses"): a side of its tile that faces
away from the edge, into the map.

Checked with the screen's geometry (referee.board.hexgrid.centre), not the edge letters:
the direction into the map is from the edge's tiles towards the map's centre. A rectangle's
N and S edges are rows of flat-topped tiles, so a side faces straight into the map. The
activation hexagon of flat-topped tiles has its corners at top and bottom (its edges face 0,
60 ... 300 degrees: tests/board/test_edge_words.py), while a tile's sides face 90, 30, -30 ...:
no side of a tile is square to an edge, the two nearest are 30 degrees off either hand, and
the facing is one of those two."""

from __future__ import annotations

import math

import pytest
from conftest import map_path

from referee.board.hexgrid import Hex, centre
from referee.board.maps import EDGES, BattleMap, edge_depth, load_map
from referee.rules.activation.deployment import facing_into_map


def into_the_map(battle_map: BattleMap, edge: str) -> tuple[float, float]:
    tiles = [h for h in battle_map.hexes if edge_depth(battle_map, h, edge) == 1]
    x = sum(centre(h).x for h in battle_map.hexes) / len(battle_map.hexes)
    y = sum(centre(h).y for h in battle_map.hexes) / len(battle_map.hexes)
    x -= sum(centre(h).x for h in tiles) / len(tiles)
    y -= sum(centre(h).y for h in tiles) / len(tiles)
    return x, y


def degrees_off(battle_map: BattleMap, edge: str, facing: int) -> float:
    """The angle between ``facing`` and the direction straight into the map from ``edge``."""
    a, b = centre(Hex(0, 0)), centre(Hex(0, 0).neighbour(facing))
    fx, fy = b.x - a.x, b.y - a.y
    ix, iy = into_the_map(battle_map, edge)
    cos = (fx * ix + fy * iy) / math.hypot(fx, fy) / math.hypot(ix, iy)
    return math.degrees(math.acos(max(-1.0, min(1.0, cos))))


@pytest.fixture(scope="module")
def hexagon() -> BattleMap:
    return load_map(map_path("activation"))


@pytest.mark.parametrize("edge", EDGES)
def test_on_the_hexagon_a_unit_faces_one_of_the_two_sides_nearest_into_the_map(hexagon, edge):
    offs = sorted(degrees_off(hexagon, edge, f) for f in range(6))
    assert offs[:2] == pytest.approx([30, 30], abs=1e-6)  # no side square to the edge
    assert degrees_off(hexagon, edge, facing_into_map(hexagon, edge)) == pytest.approx(30)


def test_from_the_lower_left_edge_a_unit_faces_n_and_from_the_upper_right_s(hexagon):
    # the sample missions: side 1 at S (lower left, A12 to H15), side 2 at N (H1 to O5)
    assert (facing_into_map(hexagon, "S"), facing_into_map(hexagon, "N")) == (0, 3)


@pytest.mark.parametrize("edge", ["N", "S"])
def test_on_a_rectangle_a_unit_faces_straight_into_the_map(tmp_path, edge):
    path = tmp_path / "map.toml"
    path.write_text('name = "t"\nshape = "rectangle"\ncolumns = 7\nrows = 9\n', encoding="utf-8")
    rect = load_map(path)
    assert degrees_off(rect, edge, facing_into_map(rect, edge)) == pytest.approx(0, abs=1e-6)
