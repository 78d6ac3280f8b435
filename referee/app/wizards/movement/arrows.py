"""A movement step on the map: its outcome as arrows (moves, assaults, units that stay) in
each unit's side colour or, while choices are open, dashed arrows to each hex a choice may
take a unit into."""

from __future__ import annotations

from referee.app.map.move_arrow_item import MoveArrow
from referee.board.hexgrid import Hex, hex_label
from referee.rules.movement_step.result import MovementStepResult, PendingChoice
from referee.rules.orders.state import MatchState


def result_arrows(state: MatchState, result: MovementStepResult) -> list[MoveArrow]:
    """The step's outcome as arrows, each in its unit's side colour: moves, assaults (to
    the hex fought over or tried) and units that tried to move and stay."""

    def side(uid: str) -> int | None:
        unit = state.units.get(uid)
        return unit.side if unit is not None else None

    arrows = [
        MoveArrow(m.frm, m.to, "move", f"{m.uid} moves {m.frm} -> {m.to}", side(m.uid))
        for m in result.moves
    ]
    for contest in result.contests:
        for p in contest.participants:
            if p.to is not None and p.to != p.at:
                arrows.append(
                    MoveArrow(p.at, p.to, "assault", f"{p.uid} assaults {contest.label()}", p.side)
                )
    arrows += [
        MoveArrow(s.at, s.target, "stay", f"{s.uid} stays: {s.reason} [{s.clause}]", side(s.uid))
        for s in result.stays
        if s.target is not None and s.target != s.at
    ]
    return arrows


def option_arrows(state: MatchState, pending: tuple[PendingChoice, ...]) -> list[MoveArrow]:
    """Dashed arrows from a unit to each hex a pending choice may take it into."""
    arrows = []
    for p in pending:
        if p.key not in state.units:
            continue
        at = state.units[p.key].hex
        arrows += [
            MoveArrow(at, o, "option", f"{p.key} may go to {hex_label(o)}")
            for o in p.options
            if isinstance(o, Hex) and o != at
        ]
    return arrows
