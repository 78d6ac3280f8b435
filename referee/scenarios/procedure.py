"""One entry to both setup procedures, by the scenario's ``setup.procedure``: start one,
say what it asks now, and the legal hexes of a unit waiting to be set up (what the app
highlights). Clauses ``setup.procedures``: the ``blind`` procedure is ``setup.blind``, the
``ordered`` one ``setup.order``.
"""

from __future__ import annotations

from collections.abc import Callable

from referee.scenarios import blind, ordered
from referee.scenarios.placement import LegalHexes
from referee.scenarios.progress import SetupProgress, Waiting
from referee.scenarios.setup_board import SetupBoard, SetupError

STARTS: dict[str, Callable[[SetupBoard, tuple[Waiting, ...]], SetupProgress]] = {
    "blind": lambda board, waiting: blind.start(waiting),
    "ordered": ordered.start,
}
ASKED: dict[str, Callable[[SetupBoard, SetupProgress, bool], str]] = {
    "blind": blind.asked,
    "ordered": ordered.asked,
}


def start_setup(board: SetupBoard, waiting: tuple[Waiting, ...]) -> SetupProgress:
    """The progress of a match whose ``waiting`` units are still to be set up."""
    return STARTS[board.scenario.setup.procedure](board, waiting)


def setup_asked(board: SetupBoard, progress: SetupProgress, hints: bool = True) -> str:
    """What the procedure asks of the referee now, in words; ``hints`` adds the command of
    ``referee match step`` that answers it."""
    return ASKED[progress.procedure](board, progress, hints)


def legal_now(board: SetupBoard, progress: SetupProgress, uid: str) -> LegalHexes:
    """Where ``uid`` may be set up now (its own side's placements entered blind count)."""
    waiting = progress.waiting_unit(uid)
    if waiting is None:
        raise SetupError(f"{uid} is not waiting to be set up")
    if progress.procedure == "blind":
        return blind.own_board(board, progress, waiting.side, uid).legal(waiting)
    step = ordered.current_step(board, progress)
    if step is None:
        return LegalHexes(uid, frozenset())
    rule, ruling = ordered.hex_rule(board, step)
    return board.legal(waiting, rule, ruling)


def may_place_now(board: SetupBoard, progress: SetupProgress) -> tuple[str, ...]:
    """The waiting units that may be set up by the next ``place`` command."""
    if progress.done:
        return ()
    if progress.procedure == "blind":
        return tuple(w.uid for w in progress.waiting)
    if progress.roll_needed or progress.on_turn is None:
        return ()
    return tuple(w.uid for w in ordered.placeable(board, progress, progress.on_turn))
