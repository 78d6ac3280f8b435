"""Placing an effect on a hex (clauses ``hex.markers`` and ``hex.not-cumulative``).

"When placing Clouds, smoke or fire on a hex for the first time, place two markers of the
given type. Otherwise, place only one." Each marker kind keeps one stack per hex; a cloud
placed on a cloud of its kind merges with it by the kind's ``merge`` rule (the first draft:
``[8](4+) + [4](5+) = [8](3+)``, ruling ``hex.cloud-merge``).
"""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from referee.board.hexgrid import Hex
from referee.errors import RefereeError
from referee.rules.hexes.markers import HexEffects, HexMarker, Placement, Strength
from referee.rules.hexes.rules import HexEffectRules, MarkerKind, Merge


class PlacementError(RefereeError):
    """A placement the ruleset's hex effects refuse: the message names the effect and value."""


class MarkerChange(msgspec.Struct, frozen=True):
    """One stack of one hex before and after a change."""

    hex: Hex
    kind: str
    before: HexMarker | None
    after: HexMarker | None
    clause: str
    ruling: str | None = None

    def text(self) -> str:
        def show(m: HexMarker | None) -> str:
            return "none" if m is None else f"{m.notation()} x{m.count}".strip()

        return f"{self.kind} at {self.hex}: {show(self.before)} -> {show(self.after)}"


class PlaceResult(msgspec.Struct, frozen=True):
    """The board after a placement, and what changed on it."""

    hexes: HexEffects
    placement: Placement
    changes: tuple[MarkerChange, ...]

    def explain(self) -> str:
        lines = [f"place {self.placement.text()}"]
        for c in self.changes:
            why = f" (ruling {c.ruling})" if c.ruling else ""
            lines.append(f"  {c.text()} [{c.clause}]{why}")
        return "\n".join(lines)


def merge_strength(kind: MarkerKind, rule: Merge, old: Strength, new: Strength) -> Strength:
    """The ``[N]`` of two merged clouds: the larger, or one step above the larger."""
    top = max(kind.rank(old), kind.rank(new))
    if rule.strength == "step-up":
        top = min(top + 1, len(kind.strengths) - 1)
    return kind.strengths[top]


def merge_level(rule: Merge, old: int, new: int) -> int:
    """The ``(n+)`` of two merged clouds: the better (lower), the higher, or one step better."""
    if rule.level == "min":
        return min(old, new)
    if rule.level == "max":
        return max(old, new)
    return max(1, min(old, new) - 1)


def _placed(
    rules: HexEffectRules,
    kind: MarkerKind,
    old: HexMarker | None,
    p: Placement,
    strength: Strength | None,
) -> tuple[HexMarker, str, str | None]:
    """The new stack, the clause that decided it and the ruling, if any."""
    level = (p.level if p.level is not None else kind.level) if kind.level else None
    if old is None:
        return HexMarker(kind.id, rules.first, strength, level, p.side), rules.placing_clause, None
    side = old.side if old.side == p.side else None
    count = old.count + rules.again
    if kind.merge is None or strength is None or old.strength is None:
        return HexMarker(kind.id, count, old.strength, old.level, side), rules.placing_clause, None
    merged_level = (
        merge_level(kind.merge, old.level, level)
        if old.level is not None and level is not None
        else old.level
    )
    merged = HexMarker(
        kind.id,
        count,
        merge_strength(kind, kind.merge, old.strength, strength),
        merged_level,
        side,
    )
    return merged, "hex.not-cumulative", kind.merge.ruling


def place(rules: HexEffectRules, hexes: HexEffects, placement: Placement) -> PlaceResult:
    """Place ``placement`` on the board; :class:`PlacementError` if the ruleset refuses it."""
    problems = rules.placement_problems(placement.effect, placement.strengths, placement.level)
    if problems:
        raise PlacementError(f"cannot place {placement.text()}: {'; '.join(problems)}")
    values = iter(placement.strengths)
    changes: list[MarkerChange] = []
    board = hexes
    for kind in rules.parts(placement.effect):
        strength = next(values) if kind.strengths else None
        old = board.get(placement.hex, kind.id)
        new, clause, ruling = _placed(rules, kind, old, placement, strength)
        board = board.with_stack(placement.hex, kind.id, new)
        changes.append(MarkerChange(placement.hex, kind.id, old, new, clause, ruling))
    return PlaceResult(board, placement, tuple(changes))


def place_all(
    rules: HexEffectRules, hexes: HexEffects, placements: Iterable[Placement]
) -> tuple[HexEffects, tuple[PlaceResult, ...]]:
    """Place several effects in order; the board after all of them and each result."""
    results: list[PlaceResult] = []
    for p in placements:
        res = place(rules, hexes, p)
        hexes = res.hexes
        results.append(res)
    return hexes, tuple(results)
