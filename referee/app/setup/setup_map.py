"""What the Setup dock draws on the map: the legal hexes of the unit picked, tinted green, and
a blind setup's placements of the side being entered, as pale tokens until the reveal (clause
``setup.blind``)."""

from __future__ import annotations

from collections.abc import Iterable

from referee.app.map.map_scene import MapScene
from referee.board.hexgrid import Hex
from referee.rules.state import UnitState
from referee.scenarios import blind
from referee.scenarios.progress import SetupProgress
from referee.scenarios.setup_board import SetupBoard

LEGAL_COLOUR = "#2e7d32"


def blind_placements(board: SetupBoard, progress: SetupProgress, side: int) -> list[UnitState]:
    """``side``'s placements entered so far in a blind setup, as units on the map."""
    units = []
    for uid in progress.entered:
        p = blind.placement_of(board, progress, uid)
        if p.side == side:
            card = board.cards[p.unit]
            units.append(UnitState(uid, card, p.side, p.hex, facing=p.facing, speed=p.speed))
    return units


def draw_setup(scene: MapScene, legal: Iterable[Hex], pending: list[UnitState]) -> None:
    """The ``legal`` hexes tinted, the ``pending`` placements pale (none: the map clear)."""
    scene.clear_highlight()
    if legal:
        scene.highlight_hexes(legal, LEGAL_COLOUR, "a legal hex for this unit")
    scene.show_pending(pending)
