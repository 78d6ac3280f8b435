"""Embarking and disembarking (clause ``activation.embark``).

As a move action a unit may embark into a transport of its own side on its tile or one tile
away (``movement.toml`` ``costs.embark``), if the transport carries its type and has room
(its card's capacity, in units or in the cards' capacity points: ruling
``activation.transport-capacity``); or disembark onto a tile at most that far from its
transport's tile. Out of an enemy tile that tile may count double, leaving the action only
its own tile (ruling ``activation.embark-leaving``: :func:`reach_out_of`).
"""

from __future__ import annotations

from collections.abc import Sequence

from referee.board.hexgrid import Hex, distance, hex_label
from referee.rules.activation.cards import UnitCard
from referee.rules.activation.state import Piece


def reach_out_of(reach: int, enemy_tile: bool, leaving: str) -> int:
    """How many tiles an embark or a disembark reaches from a tile (``enemy_tile``: an enemy
    tile, clause ``activation.tiles``): ``reach``, or none beyond its own tile out of an
    enemy tile under ``double`` (its tile would cost 2, more than the action's; ruling
    ``activation.embark-leaving``)."""
    return 0 if enemy_tile and leaving == "double" else reach


def load(cards: Sequence[UnitCard], counts: str) -> int:
    """How much of a transport's capacity the units of ``cards`` use: 1 each (``units``) or
    their cards' capacity points (``points``; ruling ``activation.transport-capacity``)."""
    return len(cards) if counts == "units" else sum(c.capacity for c in cards)


def room_text(carrier: UnitCard, aboard: Sequence[UnitCard], counts: str) -> str:
    """How full a transport is, in words: ``aboard 1 of 2`` (units), ``2 of 2 capacity
    points aboard`` (points)."""
    used = load(aboard, counts)
    if counts == "units":
        return f"aboard {used} of {carrier.transport}"
    return f"{used} of {carrier.transport} capacity points aboard"


def embark_problem(
    unit: Piece,
    card: UnitCard,
    transport: Piece,
    carrier: UnitCard,
    aboard: Sequence[UnitCard],
    reach: int,
    counts: str = "units",
) -> str | None:
    """Why ``unit`` may not embark into ``transport``, with the units of ``aboard`` already
    in it, now (None: it may)."""
    if transport.uid == unit.uid:
        return "a unit cannot embark into itself"
    if transport.side != unit.side:
        return f"{transport.uid} is not a transport of side {unit.side}"
    if carrier.transport == 0:
        return f"{transport.uid} ({carrier.name}) carries no units"
    if card.type not in carrier.transport_types:
        return f"{carrier.name} carries {', '.join(carrier.transport_types)}, not {card.type}"
    if load(aboard, counts) + load([card], counts) > carrier.transport:
        need = "" if counts == "units" else f"; {unit.uid} takes {card.capacity}"
        return f"{transport.uid} has no room ({room_text(carrier, aboard, counts)}{need})"
    if not transport.on_map or unit.hex is None or transport.hex is None:
        return f"{transport.uid} is not on the map"
    if distance(unit.hex, transport.hex) > reach:
        return (
            f"{transport.uid} at {hex_label(transport.hex)} is more than {reach} tile "
            f"from {hex_label(unit.hex)}"
        )
    return None


def disembark_problem(carrier_hex: Hex, to: Hex, reach: int) -> str | None:
    """Why a unit aboard a transport on ``carrier_hex`` may not disembark onto ``to``."""
    if distance(carrier_hex, to) > reach:
        return (
            f"{hex_label(to)} is more than {reach} tile from the transport at "
            f"{hex_label(carrier_hex)}"
        )
    return None
