"""Line of sight between two hexes, with its working in words (clauses ``los.*``).

This is the reference evaluation: one line at a time, explaining every hex it meets.
:mod:`referee.board.visibility` answers the same question for many lines at once and
is tested to agree with this module exactly.

Rules applied (all of them read from the ruleset, none hard-coded):

* the end hexes never block (``los.ground-level``);
* each crossed hex's effect comes from the ruleset's height table by the levels of
  the two ends and the hex's blocking level, or its smoke marker (``los.smoke``);
* "blind N": the hex stops the line only when the lower end lies within the N hexes
  behind it (``los.level-1-to-0``, ``los.level-2-to-0``, ``los.blind-count``);
* an edge run and a corner touch count as the rulings ``los.edge-run`` and
  ``los.vertex-touch`` say; hexes off the map never block;
* units never block: only a hex's terrain and its smoke are looked at
  (clause ``los.units-do-not-block``).

Clauses ``los.blind-hexes``, ``los.level-2-to-1``.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

import msgspec

from referee.board.hexgrid import Hex, distance, hex_label
from referee.board.line import CROSS, EDGE, VERTEX, LineTrace, trace
from referee.board.maps import BattleMap
from referee.errors import RefereeError
from referee.ruleset import Ruleset
from referee.ruleset.los_rules import SMOKE, Effect, LosRules
from referee.ruleset.terrain import TerrainTable

FLYING_LEVEL = 2  # clause los.flying

_CLEAR = Effect("clear")


class SightError(RefereeError):
    """A line of sight asked of a hex off the map, or at a level that does not exist."""


def _strength(e: Effect) -> int:
    return {"clear": 0, "blind": e.n, "block": 1000}[e.kind]


class LosBoard(msgspec.Struct, frozen=True):
    """What line of sight needs of a match: the map, its terrain table, the LoS rules
    and the hexes holding smoke markers."""

    battle_map: BattleMap
    terrain: TerrainTable
    rules: LosRules
    smoke: frozenset[Hex] = frozenset()

    def height(self, h: Hex) -> int:
        return self.terrain[self.battle_map.terrain[h]].height

    def columns(self, h: Hex) -> list[int]:
        """The height-table columns that apply to ``h``: its blocking level, smoke."""
        if h not in self.battle_map:
            return []
        cols = []
        blocking = self.terrain[self.battle_map.terrain[h]].blocking
        if blocking is not None:
            cols.append(blocking)
        if h in self.smoke:
            cols.append(SMOKE)
        return cols

    def effect(self, h: Hex, level_a: int, level_b: int) -> Effect:
        """The strongest effect ``h`` has on a line between the two levels."""
        best = _CLEAR
        for col in self.columns(h):
            e = self.rules.effect(level_a, level_b, col)
            if _strength(e) > _strength(best):
                best = e
        return best

    def describe(self, h: Hex) -> str:
        if h not in self.battle_map:
            return f"{hex_label(h)} (off the map)"
        t = self.terrain[self.battle_map.terrain[h]]
        parts = [t.name.lower()]
        if t.blocking is not None:
            parts.append(f"level-{t.blocking} blocking")
        if h in self.smoke:
            parts.append("smoke")
        return f"{hex_label(h)} ({', '.join(parts)})"


class Sight(msgspec.Struct, frozen=True):
    """The answer for one line, with the working a referee can read out."""

    start: Hex
    end: Hex
    start_level: int
    end_level: int
    visible: bool
    blind: bool
    blocked_by: tuple[Hex, ...]
    line: LineTrace
    working: tuple[str, ...]
    clauses: tuple[str, ...]
    rulings: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "from": hex_label(self.start),
            "to": hex_label(self.end),
            "from_level": self.start_level,
            "to_level": self.end_level,
            "visible": self.visible,
            "blind": self.blind,
            "blocked_by": [hex_label(h) for h in self.blocked_by],
            "crossed": [hex_label(h) for h in self.line.crossed],
            "edges": [[hex_label(a), hex_label(b)] for a, b in self.line.edges],
            "corners": [hex_label(h) for h in self.line.vertices],
            "range": distance(self.start, self.end),
            "working": list(self.working),
            "clauses": list(self.clauses),
            "rulings": list(self.rulings),
        }


def _level_words(hi: int, lo: int) -> str:
    if hi == lo:
        return "both ends at ground level" if hi == 0 else f"both ends at level {hi}"
    return f"one end at level {hi}, the other at level {lo}"


def line_of_sight(
    board: LosBoard,
    start: Hex,
    end: Hex,
    start_level: int | None = None,
    end_level: int | None = None,
) -> Sight:
    """Can ``start`` and ``end`` see each other at these levels (terrain height if None)?"""
    for h in (start, end):
        if h not in board.battle_map:
            raise SightError(f"{hex_label(h)} is not on the map {board.battle_map.name!r}")
    la = board.height(start) if start_level is None else start_level
    lb = board.height(end) if end_level is None else end_level
    for lvl in (la, lb):
        if lvl not in (0, 1, 2):
            raise SightError(f"height level {lvl} is not 0, 1 or 2 (flying counts as 2)")
    line = trace(start, end)
    rules = board.rules
    hi, lo = max(la, lb), min(la, lb)
    low_end = end if lb < la else start  # only used when the levels differ
    row_clause = rules.heights[(hi, lo)][0].clause
    working = [
        f"{hex_label(start)} (level {la}) to {hex_label(end)} (level {lb}), range "
        f"{distance(start, end)}: {_level_words(hi, lo)} ({row_clause})."
    ]
    clauses = {"los.straight-line", row_clause}
    rulings: set[str] = set()
    crossed_positions = [i for i, t in enumerate(line.touches) if t.kind == CROSS]

    def stops(h: Hex, at: int) -> tuple[bool, str]:
        """Whether ``h`` (met at touch index ``at``) stops the line, and why."""
        e = board.effect(h, la, lb)
        if e.ruling:
            rulings.add(e.ruling)
        if e.clause:
            clauses.add(e.clause)
        if e.kind != "blind":
            return e.kind == "block", e.describe()
        rulings.update(r for r in (rules.rulings.get("blind_count"),) if r)
        if rules.blind_count == "steps":
            behind = distance(h, low_end)
        elif low_end == end:
            behind = 1 + sum(1 for i in crossed_positions if i > at)
        else:
            behind = 1 + sum(1 for i in crossed_positions if i < at)
        inside = behind <= e.n
        where = f"{hex_label(low_end)} is {behind} behind it"
        return inside, f"{e.describe()}: {where}, {'blind' if inside else 'beyond the blind hexes'}"

    blocked: list[Hex] = []
    blind_only = True
    for at, touch in enumerate(line.touches):
        if touch.kind in (CROSS, VERTEX):
            (h,) = touch.hexes
            if not board.columns(h):
                continue
            if touch.kind == VERTEX:
                if rule := rules.rulings.get("vertex"):
                    rulings.add(rule)
                if rules.vertex == "ignore":
                    working.append(f"touches {board.describe(h)} at a corner only: ignored.")
                    continue
            stop, why = stops(h, at)
            how = "crosses" if touch.kind == CROSS else "touches a corner, counted as crossed, of"
            working.append(f"{how} {board.describe(h)}: {why}.")
            if stop:
                blocked.append(h)
                blind_only &= board.effect(h, la, lb).kind == "blind"
        elif touch.kind == EDGE:
            a, b = touch.hexes
            if not (board.columns(a) or board.columns(b)):
                continue
            if rule := rules.rulings.get("edge"):
                rulings.add(rule)
            (sa, wa), (sb, wb) = stops(a, at), stops(b, at)
            need_both = rules.edge == "both"
            stop = (sa and sb) if need_both else (sa or sb)
            rule_words = "blocked only if both sides block" if need_both else "either side blocks"
            working.append(
                f"runs along the edge between {board.describe(a)} [{wa}] and "
                f"{board.describe(b)} [{wb}]: {rule_words}, so it "
                f"{'is stopped' if stop else 'passes'}."
            )
            if stop:
                stoppers = [h for h, s in ((a, sa), (b, sb)) if s]
                blocked.extend(stoppers)
                blind_only &= all(board.effect(h, la, lb).kind == "blind" for h in stoppers)
    visible = not blocked
    blind = not visible and blind_only
    if visible:
        working.append("Nothing stops the line: the hexes see each other.")
    elif blind:
        working.append(f"{hex_label(low_end)} is a blind hex: no line of sight.")
    else:
        working.append("The line is blocked: no line of sight.")
    return Sight(
        start=start,
        end=end,
        start_level=la,
        end_level=lb,
        visible=visible,
        blind=blind,
        blocked_by=tuple(dict.fromkeys(blocked)),
        line=line,
        working=tuple(working),
        clauses=tuple(sorted(clauses)),
        rulings=tuple(sorted(rulings)),
    )


def los_board(
    battle_map: BattleMap,
    ruleset: Ruleset,
    smoke: Collection[Hex] = (),
) -> LosBoard:
    """A :class:`LosBoard` from a map and a :class:`~referee.ruleset.Ruleset`."""
    return LosBoard(battle_map, ruleset.terrain, ruleset.los, frozenset(smoke))


def levels_of(board: LosBoard, overrides: Mapping[Hex, int] | None = None) -> dict[Hex, int]:
    """Every hex's level: its terrain height unless overridden (a flying unit: 2)."""
    levels = {h: board.height(h) for h in board.battle_map}
    levels.update(overrides or {})
    return levels


def seen_from(
    board: LosBoard, source: Hex, level: int | None = None
) -> tuple[tuple[Hex, ...], tuple[Hex, ...]]:
    """The hexes ``source`` (at ``level``, default its terrain's) sees and those blind to
    it, every other hex at its terrain's level, in map order: the reference, a line at a
    time. :class:`referee.board.visibility.Visibility` answers the same (the tests
    compare them) with arrays, which pays off past a few hundred hexes."""
    visible: list[Hex] = []
    blind: list[Hex] = []
    for h in board.battle_map.hexes:
        if h != source:
            sight = line_of_sight(board, source, h, level)
            if sight.visible:
                visible.append(h)
            elif sight.blind:
                blind.append(h)
    return tuple(visible), tuple(blind)
