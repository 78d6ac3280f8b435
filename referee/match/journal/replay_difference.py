"""What differs between an event of a match file and the same command run again (``match
check``, the check when a window opens a match): the die a hand changed, or else the first
line of the working that differs, so the referee is told which die to look at on the table,
not only that a step "replays differently".

A die the referee typed is fed again to the replay as recorded, so the replay cannot differ
on it; what differs is the outcome the file keeps for it. The die is found by trying each of
the event's typed dice at each other face: the one face that makes the event replay exactly
as recorded names the die a hand changed (a die of ``n`` dice, at most ``n x faces``
replays of one event). A die the app rolled is rolled again from the step's seed, so the
replay gives its own value: the first die whose value differs is named.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any, cast

from referee.dice.service import Roll
from referee.rules.events import Event

TryFace = Callable[[int, int], Event | None]
"""Run the event again with its die ``k`` (counted from 0 among the event's dice) showing
``face``: the event, or None when the engine refuses it."""


def _die(k: int, roll: Roll) -> str:
    return f"die {k + 1} ({roll.purpose or f'd{roll.sides}'})"


def _quoted(line: str) -> str:
    return f'"{line}"' if line else "nothing"


def first_line_apart(recorded: str, again: str) -> tuple[str, str] | None:
    """The first line of the working (``text``) where the file and the replay part, or
    None when the texts are the same."""
    mine, theirs = recorded.splitlines(), again.splitlines()
    for i in range(max(len(mine), len(theirs))):
        a = mine[i] if i < len(mine) else ""
        b = theirs[i] if i < len(theirs) else ""
        if a.strip() != b.strip():
            return a.strip(), b.strip()
    return None


def _working(recorded: Mapping[str, object], again: Event) -> str:
    apart = first_line_apart(str(recorded.get("text", "")), again.text)
    if apart is None:
        return ""
    mine, theirs = apart
    return f"; the replay gives {_quoted(theirs)} where the file says {_quoted(mine)}"


def _plain(event: Event) -> dict[str, Any]:
    """The event as the JSON value the file would hold."""
    return cast("dict[str, Any]", json.loads(json.dumps(event.to_row())))


def changed_typed_die(
    recorded: Mapping[str, object], dice: Sequence[Roll], try_face: TryFace
) -> tuple[int, int] | None:
    """The typed die (its index among ``dice``) and the face that make the event replay
    exactly as recorded but for that die's value, when exactly one die does; else None."""
    found: list[tuple[int, int]] = []
    for k, roll in enumerate(dice):
        if not roll.typed:
            continue
        for face in range(1, roll.sides + 1):
            if face == roll.value:
                continue
            again = try_face(k, face)
            if again is None:
                continue
            row = _plain(again)
            rolled = row["dice"]
            if k < len(rolled) and rolled[k]["value"] == face:
                rolled[k]["value"] = roll.value
                if row == json.loads(json.dumps(recorded)):
                    found.append((k, face))
                    break
    return found[0] if len(found) == 1 else None


def describe(
    recorded: Mapping[str, object],
    dice: Sequence[Roll],
    again: Event,
    try_face: TryFace,
) -> str:
    """How the event of the file (its JSON ``recorded``, its ``dice``) differs from
    ``again``, the same command run again with the recorded dice (module docstring)."""
    changed = changed_typed_die(recorded, dice, try_face)
    if changed is not None:
        k, face = changed
        roll = dice[k]
        return (
            f"{_die(k, roll)}, typed: recorded {roll.value}, but the outcome recorded is that of "
            f"a {face}" + _working(recorded, again)
        )
    for k, (mine, theirs) in enumerate(zip(dice, again.dice, strict=False)):
        if mine.value != theirs.value and not mine.typed:
            return (
                f"{_die(k, mine)}: recorded {mine.value}, the step's seed rolls "
                f"{theirs.value}" + _working(recorded, again)
            )
    if len(dice) != len(again.dice):
        said = _working(recorded, again)
        return f"{len(dice)} dice recorded, the replay rolls {len(again.dice)}" + said
    said = _working(recorded, again)
    if said:
        return said.removeprefix("; ")
    fresh = _plain(again)
    keys = [k for k in fresh if k in recorded and recorded[k] != fresh[k]]
    keys += [k for k in recorded if k not in fresh]
    return f"its {', '.join(keys) or 'record'} differ from the replay's"
