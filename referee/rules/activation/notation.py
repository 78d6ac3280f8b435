"""A vehicle's steps written as a player says them: ``F``, ``FR``, ``LF``, ``B``, ``R``.

One code per step: ``F`` a tile forward, ``B`` a tile backwards, ``L``/``R`` a turn of one
hex side left (anticlockwise) or right (clockwise), ``L2``/``R2``/``R3`` more sides (where
ruling ``activation.turn-size`` allows it). The turn comes before the tile (``LF``: turn,
then forward) or after it (``FL``: forward, then turn); ``L`` or ``R`` alone turns in place.
:func:`steps_to_path` turns the codes into the poses of a path (:mod:`movement` judges it);
:func:`path_to_steps` writes a path back as codes (a pair).

Clauses ``activation.vehicle-classes``, ``activation.turn-in-place``, ``activation.backwards``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from referee.errors import RefereeError
from referee.rules.activation.slots import Pose

_CODE = re.compile(r"^(?:([LR])([1-3])?)?([FB])?(?:([LR])([1-3])?)?$")


class StepCodeError(RefereeError):
    """A step code that is not one of the forms above; the message quotes it."""


def _turn(letter: str | None, count: str | None) -> int:
    if letter is None:
        return 0
    n = int(count or 1)
    return n if letter == "R" else -n


def steps_to_path(start: Pose, codes: Sequence[str]) -> tuple[Pose, ...]:
    """The poses after each step of ``codes`` from ``start``."""
    at = start
    out: list[Pose] = []
    for i, raw in enumerate(codes, 1):
        code = raw.strip().upper()
        m = _CODE.match(code)
        if not code or m is None or (m.group(1) and m.group(4)):
            raise StepCodeError(
                f"step {i}: {raw!r} is not a step: write F or B for a tile forward or back, "
                "with L or R before it (turn first) or after it (turn after), or L or R alone "
                "to turn in place (L2, R2 for two sides)"
            )
        before, move, after = (
            _turn(m.group(1), m.group(2)),
            m.group(3),
            _turn(m.group(4), m.group(5)),
        )
        if move is None and not (before or after):
            raise StepCodeError(f"step {i}: {raw!r} neither moves nor turns")
        facing = (at.facing + before) % 6
        tile = at.hex
        if move == "F":
            tile = Pose(tile, facing).ahead()
        elif move == "B":
            tile = Pose(tile, (facing + 3) % 6).ahead()
        facing = (facing + after) % 6
        at = Pose(tile, facing)
        out.append(at)
    return tuple(out)


def path_to_steps(start: Pose, path: Sequence[Pose]) -> tuple[str, ...]:
    """The codes of a path of single steps (``?`` for a pose no code reaches)."""
    out: list[str] = []
    at = start
    for pose in path:
        diff = (pose.facing - at.facing) % 6
        turn = diff if diff <= 3 else diff - 6
        word = (
            ""
            if turn == 0
            else ("R" if turn > 0 else "L") + ("" if abs(turn) == 1 else str(abs(turn)))
        )
        code = "?"
        if pose.hex == at.hex and turn:
            code = word
        elif pose.hex == at.ahead():
            code = "F" + word
        elif pose.hex == Pose(at.hex, pose.facing).ahead():
            code = word + "F"
        elif pose.hex == Pose(at.hex, (at.facing + 3) % 6).ahead():
            code = "B" + word
        elif pose.hex == Pose(at.hex, (pose.facing + 3) % 6).ahead():
            code = word + "B"
        out.append(code)
        at = pose
    return tuple(out)
