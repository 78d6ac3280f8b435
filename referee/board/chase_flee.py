"""The hexes of a Chase or Flee order: the next step towards the nearest enemy (clause
``orders.chase``, ruling ``orders.chase-nearest``), or the hexes a fleeing unit may take
(clause ``orders.flee``, ruling ``orders.flee-enemy``), over the costs of
:mod:`referee.board.movement`. Only a step with such an order reads them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import msgspec

from referee.board.hexgrid import Hex, distance, hex_label
from referee.board.maps import BattleMap
from referee.board.movement import Mover, check_on_map, movement_graph
from referee.board.stacking import Occupancy, enemy_blocks, has_room

if TYPE_CHECKING:
    from referee.ruleset import Ruleset


def _enemy_hexes(battle_map: BattleMap, occupancy: Occupancy) -> list[Hex]:
    return [h for h in battle_map.hexes if any(o.enemy for o in occupancy.get(h, ()))]


def _order(battle_map: BattleMap, hexes: Iterable[Hex], towards: Sequence[Hex]) -> tuple[Hex, ...]:
    """Hexes nearest ``towards`` first, then in label order (a fixed order for ties)."""
    return tuple(
        sorted(
            hexes,
            key=lambda h: (min(distance(h, t) for t in towards), battle_map.index[h]),
        )
    )


class ChaseStep(msgspec.Struct, frozen=True):
    """The next hex of a Chase order; ``options`` lists every equally good step."""

    step: Hex | None
    options: tuple[Hex, ...]
    targets: tuple[Hex, ...]
    cost: int | None
    reason: str
    clause: str = "orders.chase"
    ruling: str = "orders.chase-nearest"


def chase_step(
    battle_map: BattleMap,
    rules: Ruleset,
    mover: Mover,
    start: Hex,
    occupancy: Occupancy,
    smoke: Iterable[Hex] = frozenset(),
) -> ChaseStep:
    """The step a Chase order takes from ``start`` towards the nearest enemy: the first hex of
    a cheapest way there, around other enemies (clause ``orders.chase``, ruling
    ``orders.chase-nearest``). Ties are all listed in ``options``; ``step`` is the first."""
    check_on_map(battle_map, start)
    enemies = _enemy_hexes(battle_map, occupancy)
    if not enemies:
        return ChaseStep(None, (), (), None, "no enemy on the map: the order does nothing")
    import networkx as nx

    full = movement_graph(battle_map, rules, mover, smoke)
    blocking = {h for h in enemies if enemy_blocks(rules, mover, occupancy.get(h, ()))}
    # a hex holding enemies may be entered (an assault) but not crossed
    passable = nx.subgraph_view(full, filter_edge=lambda u, v: u == start or u not in blocking)

    def goals(enemy: Hex) -> set[Hex]:
        """The enemy's hex, or the hexes beside it if the mover may not enter it."""
        if full.in_degree(enemy) > 0:
            return {enemy}
        return {n for n in enemy.neighbours() if n in battle_map and n not in blocking}

    if str(rules.reading("orders.chase-nearest").value) == "path-cost":
        lengths = nx.single_source_dijkstra_path_length(passable, start, weight="cost")
        reach = {
            e: min(lengths[g] for g in goals(e) if g in lengths)
            for e in enemies
            if any(g in lengths for g in goals(e))
        }
        if not reach:
            return ChaseStep(None, (), (), None, "no enemy can be reached: the order does nothing")
        targets = tuple(e for e in enemies if reach.get(e) == min(reach.values()))
    else:
        near = min(distance(start, e) for e in enemies)
        targets = tuple(e for e in enemies if distance(start, e) == near)
    goal: set[Hex] = set().union(*(goals(t) for t in targets))
    if start in goal:
        return ChaseStep(None, (), targets, None, "already as near the nearest enemy as it can get")
    to_go = nx.multi_source_dijkstra_path_length(passable.reverse(copy=False), goal, weight="cost")
    totals = {
        n: full[start][n]["cost"] + to_go[n] for n in passable.successors(start) if n in to_go
    }
    if not totals:
        return ChaseStep(
            None, (), targets, None, "no way to the nearest enemy: the order does nothing"
        )
    best = min(totals.values())
    options = _order(battle_map, (n for n, t in totals.items() if t == best), targets)
    step = options[0]
    assault = " (an assault)" if step in targets else ""
    tie = f"; equally good: {', '.join(map(hex_label, options[1:]))}" if len(options) > 1 else ""
    nearest = ", ".join(map(hex_label, targets))
    return ChaseStep(
        step,
        options,
        targets,
        full[start][step]["cost"],
        f"towards the nearest enemy at {nearest}: {hex_label(step)}{assault}, "
        f"{best} movement points to the goal{tie}",
    )


class FleeOptions(msgspec.Struct, frozen=True):
    """The hexes a Flee order allows and which of its three sentences applied."""

    kind: str  # "further" | "not-closer" | "enemy-chooses" | "no-enemy"
    options: tuple[Hex, ...]
    reason: str
    clause: str = "orders.flee"
    ruling: str = "orders.flee-enemy"


def flee_options(
    battle_map: BattleMap,
    rules: Ruleset,
    mover: Mover,
    start: Hex,
    occupancy: Occupancy,
    smoke: Iterable[Hex] = frozenset(),
) -> FleeOptions:
    """The neighbouring hexes a Flee order may move into: further from the enemy, else not
    closer, else the enemy chooses among any (clause ``orders.flee``, ruling
    ``orders.flee-enemy``). Hexes it may not enter, hold enemies or lack room are left out."""
    check_on_map(battle_map, start)
    graph = movement_graph(battle_map, rules, mover, smoke)
    legal = [
        n
        for n in graph.successors(start)
        if not enemy_blocks(rules, mover, occupancy.get(n, ()))
        and has_room(occupancy.get(n, ()), mover)
    ]
    legal = list(_order(battle_map, legal, [start]))
    enemies = _enemy_hexes(battle_map, occupancy)
    if not enemies:
        return FleeOptions("no-enemy", tuple(legal), "no enemy on the map: any hex will do")
    every = str(rules.reading("orders.flee-enemy").value) == "every"

    def compare(h: Hex) -> tuple[bool, bool]:
        """(further, not closer) than ``start``."""
        if every:
            pairs = [(distance(h, e), distance(start, e)) for e in enemies]
            return all(a > b for a, b in pairs), all(a >= b for a, b in pairs)
        now = min(distance(start, e) for e in enemies)
        then = min(distance(h, e) for e in enemies)
        return then > now, then >= now

    further = tuple(h for h in legal if compare(h)[0])
    if further:
        return FleeOptions("further", further, "hexes further from the enemy")
    level = tuple(h for h in legal if compare(h)[1])
    if level:
        return FleeOptions(
            "not-closer", level, "no hex is further from the enemy; these are not closer"
        )
    return FleeOptions(
        "enemy-chooses",
        tuple(legal),
        "no hex is further from the enemy or as far: the enemy moves the unit where they like",
    )
