"""The board as one unit sees it during a movement step: its mover record for the terrain
tables, the other units as occupants, directions between neighbouring hexes, and whether two
units keep each other out of a hex (clauses ``move.stacking``, ``move.flying``)."""

from __future__ import annotations

from collections.abc import Mapping

from referee.board.hexgrid import DIRECTIONS, Hex, hex_label
from referee.board.movement import Mover
from referee.board.stacking import Occupant, enemy_blocks
from referee.rules.movement_step.contest import Layer
from referee.rules.state import UnitState
from referee.ruleset import Ruleset


def mover_of(state: UnitState) -> Mover:
    """The terrain-table record of ``state``: its type tags (``flying`` is a state, not a
    tag), its size and whether it is flying now."""
    return Mover(state.unit.tags - {"flying"}, state.unit.size, state.flying)


def layer_of(state: UnitState) -> Layer:
    """Flying units stack and fight apart from the units on the ground (``move.stacking``)."""
    return "flying" if state.flying else "ground"


def occupant_of(state: UnitState, viewer_side: int) -> Occupant:
    return Occupant(state.unit.size, state.flying, state.side != viewer_side, state.uid)


def occupancy(
    units: Mapping[str, UnitState], viewer: UnitState, positions: Mapping[str, Hex]
) -> dict[Hex, list[Occupant]]:
    """Every unit other than ``viewer`` as an occupant of the hex ``positions`` gives it."""
    out: dict[Hex, list[Occupant]] = {}
    for uid, state in units.items():
        if uid != viewer.uid:
            out.setdefault(positions[uid], []).append(occupant_of(state, viewer.side))
    return out


def direction(a: Hex, b: Hex) -> int:
    """The facing index pointing from ``a`` to its neighbour ``b``."""
    d = b - a
    if d not in DIRECTIONS:
        raise ValueError(f"{hex_label(a)} and {hex_label(b)} are not neighbours")
    return DIRECTIONS.index(d)


def turn_distance(facing: int, towards: int) -> int:
    """Hex sides between two directions: 0 ahead, 1 front-side, 2 back-side, 3 behind."""
    d = (towards - facing) % 6
    return min(d, 6 - d)


def keep_apart(rules: Ruleset, a: UnitState, b: UnitState) -> bool:
    """Whether enemies ``a`` and ``b`` may not share a hex, so that meeting in one is an
    assault: both on the ground, or both flying unless ruling ``move.flying-enemy`` lets
    flying enemies share (clause ``move.stacking``)."""
    if a.side == b.side:
        return False
    return enemy_blocks(rules, mover_of(a), [occupant_of(b, a.side)])
