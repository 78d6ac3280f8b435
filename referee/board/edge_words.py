"""A map's edge in the words a referee uses: where it is on the screen and the printed map.

Map files and missions name an edge with a letter (``data/README.md``, "Zones"): a
rectangle's ``N`` is its top row and ``S`` its last, but a hexagon's six edges are named after
the axial directions, and the hexagon that flat-topped tiles make has its corners at top and
bottom, so its ``N`` edge is its upper right and its ``S`` edge its lower left. The letters stay
the files' (their meaning is unchanged: :func:`referee.board.maps.edge_depth`); what a user reads
is the place and the tiles at its two ends, "the lower-left edge (A12 to H15)", which a referee
finds on the board at once. The command line, the journal and the window all say it this way.
"""

from __future__ import annotations

from collections.abc import Mapping

from referee.board.hexgrid import Hex, hex_label
from referee.board.maps import BattleMap, edge_depth

HEXAGON_PLACES: Mapping[str, str] = {
    "N": "upper-right",
    "NE": "right",
    "SE": "lower-right",
    "S": "lower-left",
    "SW": "left",
    "NW": "upper-left",
}
"""A hexagon's edge letter -> where that edge is on the screen (corners at top and bottom)."""

RECTANGLE_PLACES: Mapping[str, str] = {"N": "top", "S": "bottom"}
"""A rectangle's edge letter -> where that edge is on the screen."""


def edge_place(shape: str, edge: str) -> str:
    """Where ``edge`` of a map of ``shape`` is on the screen: ``lower-left``, ``top`` ..."""
    places = HEXAGON_PLACES if shape == "hexagon" else RECTANGLE_PLACES
    if edge not in places:
        raise ValueError(f"a {shape} map has edges {', '.join(places)}, not {edge}")
    return places[edge]


def edge_ends(battle_map: BattleMap, edge: str) -> tuple[Hex, Hex]:
    """The tiles at the two ends of ``edge``, the leftmost column's first (A12 and H15 for
    the activation hexagon's ``S`` edge)."""
    row = sorted(h for h in battle_map.hexes if edge_depth(battle_map, h, edge) == 1)
    return row[0], row[-1]


def edge_words(battle_map: BattleMap, edge: str) -> str:
    """``edge`` of ``battle_map`` as a referee finds it on the board:
    "the lower-left edge (A12 to H15)"."""
    first, last = edge_ends(battle_map, edge)
    return (
        f"the {edge_place(battle_map.shape, edge)} edge ({hex_label(first)} to {hex_label(last)})"
    )


def sides_edges_words(battle_map: BattleMap, edges: Mapping[int, str]) -> str:
    """Each side's edge: "side 1 at the lower-left edge (A12 to H15), side 2 at the
    upper-right edge (H1 to O5)"."""
    return ", ".join(
        f"side {side} at {edge_words(battle_map, edge)}" for side, edge in sorted(edges.items())
    )
