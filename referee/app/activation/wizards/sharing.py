"""Why a wizard offers a tile where other units stand: a tile may hold units of both sides
in any combination (clause ``activation.tiles``); only a vehicle's slots keep it out of a
tile (ruling ``activation.slots``: infantry and hover units take none, vehicles share a tile
when their slots do not overlap), and aircraft fly above the ground units (ruling
``activation.aircraft-layer``, ``air``). The engine decides; these words say which rule let
the unit in, beside each such tile of a wizard's list."""

from __future__ import annotations

from referee.board.hexgrid import Hex
from referee.rules.activation.game import ActivationGame
from referee.rules.activation.state import ActivationState, Piece


def sharing_words(game: ActivationGame, state: ActivationState, piece: Piece, h: Hex) -> str:
    """`` — shared with U, V (clause activation.tiles; ruling ...)`` when units other than
    ``piece`` stand on ``h`` (and what it carries), else ``""``."""
    others = [
        p
        for p in state.at(h)
        if p.uid != piece.uid
        and not (game.is_aircraft(piece) and game.is_aircraft(p))  # a collision: said apart
    ]
    if not others:
        return ""
    layer = game.rules.movement.layer
    rulings: list[str] = []
    for other in others:
        flying = game.is_aircraft(piece) or game.is_aircraft(other)
        ruling = "activation.aircraft-layer" if flying and layer == "air" else "activation.slots"
        if ruling not in rulings:
            rulings.append(ruling)
    names = ", ".join(f"{p.uid} (side {p.side})" for p in others)
    return f" — shared with {names}: clause activation.tiles; ruling {', '.join(rulings)}"
