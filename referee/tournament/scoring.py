"""Match and Tournament Victory Points of one match (clauses ``victory.mvp``,
``victory.destroyed`` and ``victory.tvp``).

A result says, for each of the two players, the points of their own army that survived and
that were destroyed or fled. Each player scores 3 per surviving IP and 1 per surviving MP, CP
and XP of their own army, 6 per IP and 2 per MP, CP and XP of the enemy's that was destroyed;
the one with more points adds 16 (a draw: neither). TVP = |MVP|^0.75 with the sign of MVP
(0 for 0). Every score carries its calculation in words.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, cast

import msgspec

KINDS: tuple[str, ...] = ("ip", "mp", "cp", "xp")
"""The cost kinds that score (command points do not: ruling ``victory.command-points``)."""

SURVIVING_RATE = {"ip": 3, "mp": 1, "cp": 1, "xp": 1}
DESTROYED_RATE = {"ip": 6, "mp": 2, "cp": 2, "xp": 2}
WINNER_BONUS = 16


class Points(msgspec.Struct, frozen=True):
    """Points of an army per cost kind."""

    ip: int = 0
    mp: int = 0
    cp: int = 0
    xp: int = 0

    @classmethod
    def from_mapping(cls, data: Mapping[str, int]) -> Points:
        return cls(**{k: int(data.get(k, 0)) for k in KINDS})

    def get(self, kind: str) -> int:
        value: int = getattr(self, kind)
        return value

    def to_json(self) -> dict[str, int]:
        return {k: self.get(k) for k in KINDS}

    def __add__(self, other: Points) -> Points:
        return Points(*(self.get(k) + other.get(k) for k in KINDS))


class PlayerResult(msgspec.Struct, frozen=True):
    """One player's side of a match: their own army's points that survived, and that were
    destroyed or fled (clause ``victory.destroyed``)."""

    name: str
    surviving: Points
    destroyed: Points

    def to_json(self) -> dict[str, object]:
        return {
            "name": self.name,
            "surviving": self.surviving.to_json(),
            "destroyed": self.destroyed.to_json(),
        }


@dataclass(frozen=True, slots=True)
class MatchResult:
    """Both players' sides of one match; a match file's names the rulings its points took
    (``rulings``, with the match's ``readings``): kept out of its JSON, which a tournament
    records."""

    players: tuple[PlayerResult, PlayerResult]
    rulings: tuple[str, ...] = field(default=(), compare=False)
    readings: Mapping[str, str] = field(default_factory=dict, compare=False)

    def to_json(self) -> dict[str, object]:
        return {"players": [p.to_json() for p in self.players]}

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> MatchResult:
        raw = cast(list[dict[str, Any]], data["players"])
        a, b = (
            PlayerResult(
                str(p["name"]),
                Points.from_mapping(p["surviving"]),
                Points.from_mapping(p["destroyed"]),
            )
            for p in raw
        )
        return cls((a, b))

    def named(self, first: str, second: str) -> MatchResult:
        """The same result with the players renamed (side 1, side 2 of a match file)."""
        a, b = self.players
        return MatchResult(
            (
                PlayerResult(first, a.surviving, a.destroyed),
                PlayerResult(second, b.surviving, b.destroyed),
            )
        )


class Score(msgspec.Struct, frozen=True):
    """One player's score of one match: MVP, TVP, the MVP earned by destroying enemy units
    (a tie-breaker), and the calculation in words."""

    name: str
    mvp: int
    tvp: float
    destroyed_enemy: int
    lines: tuple[str, ...]

    def to_json(self) -> dict[str, object]:
        return {
            "name": self.name,
            "mvp": self.mvp,
            "tvp": round(self.tvp, 4),
            "destroyed_enemy": self.destroyed_enemy,
            "lines": list(self.lines),
        }


def scored_cost(
    cost: Mapping[str, int], *, mixed: str = "each-kind", command: str = "not-scored"
) -> Points:
    """A unit's cost as the points it scores: each kind at its own rate, or all of it in the
    kind it cost most of (ruling ``victory.mixed-cost``); command points dropped or counted
    with MP (ruling ``victory.command-points``)."""
    kinds = {k: int(cost.get(k, 0)) for k in KINDS}
    if command == "as-mp":
        kinds["mp"] += int(cost.get("com", 0))
    if mixed == "main-kind" and any(kinds.values()):
        main = max(KINDS, key=lambda k: (kinds[k], -KINDS.index(k)))
        kinds = {k: (sum(kinds.values()) if k == main else 0) for k in KINDS}
    return Points.from_mapping(kinds)


def tvp(mvp: int) -> float:
    """Tournament Victory Points: |MVP|^0.75 with MVP's sign, 0 for 0 (clause ``victory.tvp``)."""
    if mvp == 0:
        return 0.0
    return math.copysign(abs(mvp) ** 0.75, mvp)


def _part(points: Points, rates: Mapping[str, int]) -> tuple[int, str]:
    """The points a set of units scores at ``rates``, and the working in words."""
    ip = points.ip * rates["ip"]
    rest = points.mp + points.cp + points.xp
    other = rest * rates["mp"]
    words = (
        f"{points.ip} IP x {rates['ip']} = {ip}; "
        f"({points.mp} MP + {points.cp} CP + {points.xp} XP) x {rates['mp']} = {other}"
    )
    return ip + other, words


def _base(own: PlayerResult, enemy: PlayerResult) -> tuple[int, int, list[str]]:
    kept, kept_words = _part(own.surviving, SURVIVING_RATE)
    took, took_words = _part(enemy.destroyed, DESTROYED_RATE)
    lines = [
        f"own units surviving: {kept_words} -> {kept}",
        f"{enemy.name}'s units destroyed or fled: {took_words} -> {took}",
    ]
    return kept + took, took, lines


def score_match(result: MatchResult) -> tuple[Score, Score]:
    """Both players' MVP and TVP (clauses ``victory.mvp``, ``victory.tvp``)."""
    a, b = result.players
    base_a, took_a, lines_a = _base(a, b)
    base_b, took_b, lines_b = _base(b, a)
    scores = []
    for me, mine, theirs, took, lines, other in (
        (a, base_a, base_b, took_a, lines_a, b),
        (b, base_b, base_a, took_b, lines_b, a),
    ):
        lines = [*lines, f"points before the bonus: {mine} ({other.name}: {theirs})"]
        if mine > theirs:
            bonus = WINNER_BONUS
            lines.append(f"more points than {other.name}: +{WINNER_BONUS} bonus")
        elif mine == theirs:
            bonus = 0
            lines.append(f"a draw ({mine} each): no bonus for either player")
        else:
            bonus = 0
            lines.append(f"fewer points than {other.name}: no bonus")
        mvp = mine + bonus
        t = tvp(mvp)
        lines.append(f"MVP = {mine} + {bonus} = {mvp}")
        lines.append(f"TVP = {mvp}^0.75 = {t:.2f}" if mvp else "TVP = 0 (0 MVP)")
        scores.append(Score(me.name, mvp, t, took, tuple(lines)))
    return scores[0], scores[1]


def bye_score(name: str, mvp: int) -> Score:
    """The score of a round with no opponent (ruling ``tournament.bye``)."""
    t = tvp(mvp)
    return Score(
        name,
        mvp,
        t,
        0,
        (
            f"a bye: no opponent this round, {mvp} MVP (ruling tournament.bye)",
            f"TVP = {mvp}^0.75 = {t:.2f}" if mvp else "TVP = 0 (0 MVP)",
        ),
    )


def micro(points: float) -> int:
    """TVP in millionths, a whole number: totals and differences are then exact, so that
    standings and pairings compare numbers and never rounding noise."""
    return round(points * 1_000_000)
