"""What moving into a building brings on, said beside its tile in a move's list (and in the
lists of the tiles a unit is deployed, entered or disembarked onto): when the units inside
would have more H than the fortification has pips, its health check follows (clause
``activation.fortification-health``), and under ruling ``activation.health-check-when``'s
reading ``every-step`` a move or deployment into a building is checked too. The engine
makes the check when the step is played; these words let the referee see it before
choosing the tile."""

from __future__ import annotations

from referee.board.hexgrid import Hex
from referee.rules.activation.game import ActivationGame, garrison
from referee.rules.activation.state import ActivationState, Piece


def health_check_words(game: ActivationGame, state: ActivationState, piece: Piece, h: Hex) -> str:
    """`` — bunker with 4 pips: the units inside would have 6 H, a health check follows
    (...)`` when ``piece`` moving into ``h`` would bring on the fortification's health
    check, else ``""`` (an aircraft is never inside: ruling ``activation.aircraft-layer``)."""
    fort = state.fortifications.get(h)
    if fort is None or game.is_aircraft(piece) or game.rules.fortifications.when != "every-step":
        return ""
    inside = sum(p.health for p in garrison(game, state, h) if p.uid != piece.uid)
    total = inside + piece.health
    if total <= fort.pips.total:
        return ""
    return (
        f" — {fort.structure} with {fort.pips.total} pips: the units inside would have "
        f"{total} H, a health check follows (clause activation.fortification-health; "
        "ruling activation.health-check-when)"
    )
