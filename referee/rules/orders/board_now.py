"""The board as line of sight sees it at one moment of a match: the map with its terrain
changes (a burnt forest) and the hexes holding a smoke marker (clause ``terrain.smoke``).

The same board the ``fire`` command judges a shot on; the app's line-of-sight tool and
shot previews use it so that they answer exactly as the journal will.
"""

from __future__ import annotations

from referee.board.los import LosBoard, los_board
from referee.rules.orders.state import MatchState


def board_now(state: MatchState) -> LosBoard:
    """The line-of-sight board of ``state`` (see the module docstring)."""
    return los_board(state.board_map, state.rules, state.smoke)
