"""ENTRENCHED!'s blind setup (clause ``setup.blind``): behind a screen, each side sets up all
its units in its own zone at the same time, giving each the speed it wants; the referee
enters each side's placements apart (a unit may be entered again to change it), and they
are revealed together when every unit has its place. Two sides in one hex at the reveal
(Forward Position) is ruling ``setup.forward-clash``.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from msgspec.structs import replace

from referee.board.hexgrid import hex_label
from referee.scenarios.placement import Standing
from referee.scenarios.progress import Entered, SetupProgress, Waiting
from referee.scenarios.setup_board import (
    Placement,
    SetupBoard,
    SetupError,
    SetupOutcome,
    check_placement,
)


def start(waiting: tuple[Waiting, ...]) -> SetupProgress:
    return SetupProgress("blind", waiting)


def placement_of(board: SetupBoard, progress: SetupProgress, uid: str) -> Placement:
    """The placement entered for ``uid``, as it will stand when revealed."""
    waiting = progress.waiting_unit(uid)
    entered = progress.entered[uid]
    assert waiting is not None
    card = board.cards[waiting.unit]
    return Placement(
        uid,
        waiting.side,
        waiting.unit,
        entered.hex,
        entered.facing,
        entered.speed,
        "hidden" in card.types,
    )


def entered_standing(board: SetupBoard, progress: SetupProgress, side: int) -> tuple[Standing, ...]:
    """The placements ``side`` has entered, as units standing (for its own stacking)."""
    out = []
    for uid in progress.entered:
        p = placement_of(board, progress, uid)
        if p.side == side:
            card = board.cards[p.unit]
            out.append(Standing(uid, side, p.hex, card.size, "scout" in card.types, p.hidden))
    return tuple(out)


def own_board(board: SetupBoard, progress: SetupProgress, side: int, uid: str = "") -> SetupBoard:
    """The board ``side`` sets up on behind the screen: the units on the table and its own
    entered placements (other than ``uid``'s), never the other side's."""
    mine = tuple(s for s in entered_standing(board, progress, side) if s.uid != uid)
    return replace(board, standing=(*board.standing, *mine))


def enter(
    board: SetupBoard, progress: SetupProgress, command: Mapping[str, object]
) -> SetupOutcome:
    """One placement entered for its side (hidden from the other until the reveal)."""
    if progress.done:
        raise SetupError("place: the setup is finished")
    uid = str(command.get("uid", ""))
    waiting = progress.waiting_unit(uid)
    side = waiting.side if waiting is not None else 1
    placement, rulings = check_placement(own_board(board, progress, side, uid), progress, command)
    again = uid in progress.entered
    entered = {
        **progress.entered,
        uid: Entered(uid, placement.hex, placement.facing, placement.speed),
    }
    after = replace(progress, entered=MappingProxyType(entered))
    left = [w.uid for w in after.waiting_of(side) if w.uid not in entered]
    rest = (
        f"side {side} has {len(left)} unit(s) left to enter: {', '.join(left)}"
        if left
        else f"side {side} has entered all its units"
    )
    verb = "moves" if again else "sets up"
    text = f"blind setup: side {side} {verb} {placement.text()} (hidden until the reveal)\n{rest}"
    return SetupOutcome(after, text, clauses=("setup.blind",), rulings=tuple(rulings))


def missing(progress: SetupProgress) -> tuple[Waiting, ...]:
    """The units with no placement entered yet."""
    return tuple(w for w in progress.waiting if w.uid not in progress.entered)


def reveal(board: SetupBoard, progress: SetupProgress) -> SetupOutcome:
    """Both sides' placements put on the table together."""
    if progress.done:
        raise SetupError("reveal: the setup is finished")
    left = missing(progress)
    if left:
        names = ", ".join(f"{w.uid} (side {w.side})" for w in left)
        raise SetupError(f"reveal: every unit needs its place first; not entered: {names}")
    placements = tuple(placement_of(board, progress, uid) for uid in progress.entered)
    sides_at: dict[str, set[int]] = {}
    for p in placements:
        sides_at.setdefault(hex_label(p.hex), set()).add(p.side)
    clashes = sorted(label for label, sides in sides_at.items() if len(sides) > 1)
    if clashes:
        who = "; ".join(
            f"{label}: {', '.join(p.uid for p in placements if hex_label(p.hex) == label)}"
            for label in clashes
        )
        raise SetupError(
            f"reveal: both sides set up in {', '.join(clashes)} ({who}); the "
            "players place those units again (ruling setup.forward-clash)"
        )
    after = replace(progress, waiting=(), entered=MappingProxyType({}), done=True)
    lines = ["blind setup revealed:"]
    for side in (1, 2):
        mine = [p.text() for p in placements if p.side == side]
        if mine:
            lines.append(f"side {side}: " + "; ".join(mine))
    return SetupOutcome(after, "\n".join(lines), placements, clauses=("setup.blind",))


def asked(board: SetupBoard, progress: SetupProgress, hints: bool = True) -> str:
    """What the blind setup asks now, in words; ``hints`` adds the command to give."""
    if progress.done:
        return "setup finished"
    parts = []
    for side in (1, 2):
        left = [w.uid for w in missing(progress) if w.side == side]
        total = len(progress.waiting_of(side))
        if total:
            parts.append(f"side {side} has entered {total - len(left)} of {total}")
    if not missing(progress):
        return f"blind setup: {'; '.join(parts)}: reveal both sides" + (
            " (reveal)" if hints else ""
        )
    return f"blind setup: {'; '.join(parts)}" + (
        " (place uid=.. hex=.. facing=.. speed=..)" if hints else ""
    )
