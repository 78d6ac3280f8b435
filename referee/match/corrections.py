"""Corrections beyond a unit's fields: the referee mirrors the table, no rule applies.

``correct-hex`` sets the stack of one marker kind on one hex (``count`` 0 takes it off):
``{"kind": "correct-hex", "hex": "C4", "marker": "smoke", "count": 2}``; a cloud keeps its
``[N]`` (``strength``) and ``(n+)`` (``level``) unless given. ``correct-remove`` takes a unit
off the table with the damage still pending on it: ``{"kind": "correct-remove", "uid": "tank"}``.
Marker kinds and their strengths are the ruleset's (``hex_effects.toml``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.board.hexgrid import LabelError
from referee.dice.service import Dice
from referee.errors import RefereeError
from referee.match.events import Event
from referee.match.serial import hexes_json
from referee.match.state import MatchState
from referee.rules.hexes.markers import HexMarker


class CorrectionError(RefereeError):
    """A correction the match cannot take; the message names the field and the value."""


def _need(command: Mapping[str, Any], key: str) -> Any:
    if key not in command:
        raise CorrectionError(f"{command.get('kind')}: missing {key!r}")
    return command[key]


def correct_hex(state: MatchState, command: Mapping[str, Any], dice: Dice) -> Event:
    """Set the number of ``marker`` markers on ``hex`` as they are on the table."""
    from referee.rules.hexes.rules import hex_effect_rules

    label = str(_need(command, "hex"))
    try:
        h = state.battle_map.parse(label)
    except LabelError as exc:
        raise CorrectionError(f"correct-hex: {exc}") from None
    kinds = hex_effect_rules(state.rules).markers
    kind_id = str(_need(command, "marker"))
    kind = kinds.get(kind_id)
    if kind is None:
        raise CorrectionError(
            f"correct-hex {label}: no marker {kind_id!r} (markers: {', '.join(kinds)})"
        )
    count = _need(command, "count")
    if not isinstance(count, int) or isinstance(count, bool) or count < 0:
        raise CorrectionError(f"correct-hex {label}: count must be 0 or more, not {count!r}")
    old = state.hexes.get(h, kind_id)
    marker: HexMarker | None = None
    if count:
        strength = command.get("strength", old.strength if old else None)
        level = command.get("level", old.level if old else kind.level)
        if kind.strengths and strength not in kind.strengths:
            allowed = ", ".join(str(s) for s in kind.strengths)
            raise CorrectionError(
                f"correct-hex {label}: a {kind_id} needs a strength [N] of {allowed}, "
                f"not {strength!r}"
            )
        if not kind.strengths and strength is not None:
            raise CorrectionError(f"correct-hex {label}: a {kind_id} has no strength [N]")
        if level is not None and not (isinstance(level, int) and 1 <= level <= 6):
            raise CorrectionError(f"correct-hex {label}: a level (n+) is 1 to 6, not {level!r}")
        marker = HexMarker(kind_id, count, strength, level, old.side if old else None)
    hexes = state.hexes.with_stack(h, kind_id, marker)
    before = old.count if old else 0
    return Event(
        "correct-hex",
        dict(command),
        {"hexes": hexes_json(hexes)},
        f"referee's correction: {label} {kind.name.lower()} markers {before} -> {count}",
    )


def correct_remove(state: MatchState, command: Mapping[str, Any], dice: Dice) -> Event:
    """Take a unit off the table, and the damage still pending on it."""
    uid = str(_need(command, "uid"))
    if uid not in state.units:
        error = CorrectionError(f"correct-remove: no unit {uid!r} in this match "
                                f"(units: {', '.join(state.units)})")
        error.unit = uid
        raise error
    changes: dict[str, Any] = {"units": {uid: None}}
    if any(p["unit"] == uid for p in state.pending):
        changes["pending"] = [dict(p) for p in state.pending if p["unit"] != uid]
    return Event(
        "correct-remove",
        dict(command),
        changes,
        f"referee's correction: {uid} taken off the table",
    )
