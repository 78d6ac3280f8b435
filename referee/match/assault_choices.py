"""The referee's assault choices as journal data, read back into the assault engine's values.

``deflection``: ``{"cancelled": {"1": {"POOL": N}, "2": {...}}}`` — how many successes of
each side's pools are deflected (clause ``assault.deflection``), chosen by the side with the
advantage. ``allocation``: ``{"1": {"rolls": [{"source": S, "target": T, "support": {S: N}}],
"light": [{"source": S, "target": T}], "tokens": [{"source": S, "target": T, "kind": K}]},
"2": ...}`` — where a side's hits go (clause ``assault.allocation``); a side left out takes
the engine's proposal. The engine checks both and names every violation.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.rules.assault.dealing import LightRoll, SideAllocation, TokenPlan, roll_plan
from referee.rules.assault.deflection import DeflectionChoice, choice


class AssaultChoiceError(ValueError):
    """An assault choice in a command that cannot be read; the message names the key."""


def _count_map(raw: object, where: str) -> dict[str, int]:
    if not isinstance(raw, Mapping):
        raise AssaultChoiceError(f"{where}: expected {{pool: count}}")
    out: dict[str, int] = {}
    for k, v in raw.items():
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise AssaultChoiceError(f"{where}.{k}: a count is a whole number >= 0, not {v!r}")
        out[str(k)] = v
    return out


def _side(key: object, where: str) -> int:
    try:
        side = int(str(key))
    except ValueError:
        side = 0
    if side not in (1, 2):
        raise AssaultChoiceError(f"{where}: side {key!r} is not 1 or 2")
    return side


def deflection_choice(raw: Mapping[str, Any], by: int) -> DeflectionChoice:
    """A deflection choice made by side ``by`` (the side with the advantage)."""
    cancelled = raw.get("cancelled")
    if not isinstance(cancelled, Mapping):
        raise AssaultChoiceError("deflection.cancelled: expected {side: {pool: count}}")
    return choice(by, {
        _side(s, f"deflection.cancelled.{s}"): _count_map(m, f"deflection.cancelled.{s}")
        for s, m in cancelled.items()
    })


def _pair(raw: object, where: str) -> tuple[str, str]:
    if not isinstance(raw, Mapping) or not isinstance(raw.get("source"), str) \
            or not isinstance(raw.get("target"), str):
        raise AssaultChoiceError(f"{where}: expected source and target unit ids")
    return raw["source"], raw["target"]


def side_allocation(raw: object, side: int, proposal: SideAllocation) -> SideAllocation:
    """Side ``side``'s hits as the referee dealt them (``by`` as the proposal has it)."""
    where = f"allocation.{side}"
    if not isinstance(raw, Mapping):
        raise AssaultChoiceError(f"{where}: expected rolls, light and tokens")
    unknown = sorted(set(raw) - {"rolls", "light", "tokens"})
    if unknown:
        raise AssaultChoiceError(f"{where}: unknown key {', '.join(unknown)}")
    rolls = []
    for i, r in enumerate(raw.get("rolls", [])):
        source, target = _pair(r, f"{where}.rolls[{i}]")
        rolls.append(roll_plan(source, target,
                               _count_map(r.get("support", {}), f"{where}.rolls[{i}].support")))
    light = [LightRoll(*_pair(x, f"{where}.light[{i}]"))
             for i, x in enumerate(raw.get("light", []))]
    tokens = []
    for i, t in enumerate(raw.get("tokens", [])):
        source, target = _pair(t, f"{where}.tokens[{i}]")
        kind = t.get("kind")
        if kind not in ("acid", "minor-acid", "poison"):
            raise AssaultChoiceError(f"{where}.tokens[{i}].kind: acid, minor-acid or poison")
        tokens.append(TokenPlan(source, target, kind))
    return SideAllocation(side, proposal.by, tuple(rolls), tuple(light), tuple(tokens))


def allocation_json(allocation: SideAllocation) -> dict[str, Any]:
    """The inverse of :func:`side_allocation` (for a wizard's proposal)."""
    data = allocation.to_json()
    return {"rolls": data["rolls"], "light": data["light"], "tokens": data["tokens"]}
