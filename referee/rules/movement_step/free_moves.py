"""The hexes a Chase, Flee, Follow or Road action may move a unit into (clauses
``orders.chase``, ``orders.flee``, ``orders.follow``, ``orders.road``).

Other units are seen where ruling ``move.reference-positions`` puts them (``positions``).
Several options make a choice: the unit's controller's, or the enemy's for the third
sentence of Flee; ruling ``move.chase-tie`` may take the first Chase step instead.
"""

from __future__ import annotations

from collections.abc import Mapping

import msgspec

from referee.board.chase_flee import chase_step, flee_options
from referee.board.hexgrid import Hex, distance, hex_label
from referee.board.maps import BattleMap
from referee.board.movement import movement_graph
from referee.rules.movement_step.board_view import direction, mover_of, occupancy, turn_distance
from referee.rules.movement_step.readings import Readings
from referee.rules.movement_step.result import ChoiceKind
from referee.rules.state import UnitState
from referee.ruleset import Ruleset


class FreeMove(msgspec.Struct, frozen=True):
    """Where one Chase/Flee/Follow/Road action may go. ``taken`` is the hex it goes to when
    nobody needs to choose (None with no option, or when ``chooser`` must choose)."""

    kind: ChoiceKind
    options: tuple[Hex, ...]
    taken: Hex | None
    chooser: int
    reason: str
    clause: str
    rulings: tuple[str, ...] = ()

    @property
    def needs_choice(self) -> bool:
        return self.taken is None and len(self.options) > 1


def _only(options: tuple[Hex, ...]) -> Hex | None:
    return options[0] if len(options) == 1 else None


def chase(
    battle_map: BattleMap,
    rules: Ruleset,
    rd: Readings,
    state: UnitState,
    units: Mapping[str, UnitState],
    positions: Mapping[str, Hex],
    smoke: frozenset[Hex],
) -> FreeMove:
    """Chase: a first step of a cheapest way to the nearest enemy (clause ``orders.chase``,
    rulings ``orders.chase-nearest``, ``move.chase-tie``)."""
    found = chase_step(
        battle_map, rules, mover_of(state), state.hex, occupancy(units, state, positions), smoke
    )
    rulings: tuple[str, ...] = (found.ruling,)
    taken = _only(found.options)
    if len(found.options) > 1:
        rulings += ("move.chase-tie",)
        if rd.chase_tie == "fixed":
            taken = found.step
    return FreeMove("chase", found.options, taken, state.side, found.reason, found.clause, rulings)


def flee(
    battle_map: BattleMap,
    rules: Ruleset,
    state: UnitState,
    units: Mapping[str, UnitState],
    positions: Mapping[str, Hex],
    smoke: frozenset[Hex],
) -> FreeMove:
    """Flee: further from the enemy, else not closer, else where the enemy likes (clause
    ``orders.flee``, ruling ``orders.flee-enemy``)."""
    found = flee_options(
        battle_map, rules, mover_of(state), state.hex, occupancy(units, state, positions), smoke
    )
    chooser = 3 - state.side if found.kind == "enemy-chooses" else state.side
    return FreeMove(
        "flee",
        found.options,
        _only(found.options),
        chooser,
        found.reason,
        found.clause,
        (found.ruling,),
    )


def follow(
    battle_map: BattleMap,
    rules: Ruleset,
    state: UnitState,
    leader: UnitState,
    positions: Mapping[str, Hex],
    smoke: frozenset[Hex],
) -> FreeMove:
    """Follow: one hex closer to the leader, into a hex the unit may enter (clause
    ``orders.follow``)."""
    there = positions[leader.uid]
    now = distance(state.hex, there)
    graph = movement_graph(battle_map, rules, mover_of(state), smoke)
    closer = sorted(
        (n for n in graph.successors(state.hex) if distance(n, there) < now),
        key=lambda h: battle_map.index[h],
    )
    options = tuple(closer)
    why = (
        f"one hex closer to {leader.uid} at {hex_label(there)}"
        if options
        else f"no hex it may enter is closer to {leader.uid} at {hex_label(there)}"
    )
    return FreeMove("follow", options, _only(options), state.side, why, "orders.follow")


def _road_neighbours(battle_map: BattleMap, at: Hex) -> list[Hex]:
    out: list[Hex] = []
    for road in battle_map.roads:
        for i, h in enumerate(road):
            if h != at:
                continue
            for j in (i - 1, i + 1):
                if 0 <= j < len(road) and road[j] not in out:
                    out.append(road[j])
    return sorted(out, key=lambda h: battle_map.index[h])


def road(battle_map: BattleMap, rd: Readings, state: UnitState, facing: int) -> FreeMove:
    """Road: into the next hex of a road through the unit's hex, the way nearest its facing
    (clause ``orders.road``, ruling ``move.road-direction``)."""
    rulings = ("move.road-direction",)
    ahead = {
        n: turn_distance(facing, direction(state.hex, n))
        for n in _road_neighbours(battle_map, state.hex)
    }
    if rd.road_direction == "ahead-only":
        ahead = {n: d for n, d in ahead.items() if d <= 1}
    if not ahead:
        why = f"no road runs on from {hex_label(state.hex)}"
        if rd.road_direction == "ahead-only":
            why += " in front of it"
        return FreeMove(
            "road", (), None, state.side, why + ": the order does nothing", "orders.road", rulings
        )
    nearest = min(ahead.values())
    options = tuple(n for n, d in ahead.items() if d == nearest)
    return FreeMove(
        "road",
        options,
        _only(options),
        state.side,
        "along the road, the way nearest its facing",
        "orders.road",
        rulings,
    )
