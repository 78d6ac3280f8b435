"""Movement over the board: what a step costs a unit and where it can go (the hexes of a
Chase or Flee order: :mod:`referee.board.chase_flee`).

Every cost comes from the ruleset's terrain table (clauses ``terrain.*``); where the drafts
leave open how costs combine, the ruleset's reading of a ``move.*`` ruling decides
(``data/catalogue/rulings/movement.toml``). Nothing here knows an edition by name.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import msgspec

from referee.board.hexgrid import Hex, distance, hex_label
from referee.board.maps import BattleMap
from referee.board.stacking import check_size
from referee.errors import RefereeError
from referee.ruleset.terrain import Terrain

if TYPE_CHECKING:
    import networkx as nx  # imported where a graph is built: it takes a tenth of a second

    from referee.ruleset import Ruleset


class MovementError(RefereeError):
    """A movement question that cannot be asked: a hex off the map, hexes not neighbours..."""


def _value(rules: Ruleset, ruling_id: str) -> str:
    return str(rules.reading(ruling_id).value)


@dataclass(frozen=True, slots=True)
class Mover:
    """The unit being moved: its terrain tags (``infantry``, ``vehicle``, ``track``...), size
    and whether it is flying now."""

    tags: frozenset[str]
    size: str = "medium"
    flying: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "tags", frozenset(self.tags))
        check_size(self.size)
        if "flying" in self.tags:
            raise MovementError("say flying=True instead of a 'flying' tag: flying is a state")

    @property
    def cost_tags(self) -> frozenset[str]:
        """The tags terrain cost tables are asked with: own tags, size, ``flying`` if flying."""
        return self.tags | {self.size} | ({"flying"} if self.flying else set())


# --- the cost of one step ----------------------------------------------------------------


COST_RULINGS = (
    "move.cost-combination",
    "move.climb",
    "move.road",
    "move.road-impassable",
    "move.river",
    "move.flying",
)


@dataclass(frozen=True)
class _Costs:
    """One ruleset's reading of the terrain costs on one map (the readings looked up once)."""

    battle_map: BattleMap
    rules: Ruleset
    mover: Mover
    smoke: frozenset[Hex]
    road_steps: frozenset[tuple[Hex, Hex]] = field(init=False)
    road_hexes: frozenset[Hex] = field(init=False)
    river_hexes: frozenset[Hex] = field(init=False)
    read: dict[str, str] = field(init=False)

    def __post_init__(self) -> None:
        m = self.battle_map
        object.__setattr__(self, "read", {r: _value(self.rules, r) for r in COST_RULINGS})
        object.__setattr__(self, "road_steps", m.road_steps())
        object.__setattr__(self, "road_hexes", frozenset(h for road in m.roads for h in road))
        object.__setattr__(self, "river_hexes", m.river_hexes())

    def terrain(self, h: Hex) -> Terrain:
        tid = self.battle_map.terrain[h]
        found = self.rules.terrain.terrain.get(tid)
        if found is None:
            raise MovementError(
                f"{hex_label(h)} is {tid!r}, a terrain the {self.rules.id} ruleset does not know"
            )
        return found

    def on_road(self, a: Hex, b: Hex) -> bool:
        """Clause ``terrain.road`` with ruling ``move.road``."""
        if self.read["move.road"] == "any-road":
            return a in self.road_hexes and b in self.road_hexes
        return (a, b) in self.road_steps

    def height_costs(self, here: Terrain, there: Terrain) -> tuple[int, int]:
        """(climb, descend) costs: clauses ``terrain.hill``/``mountain``, ruling ``move.climb``."""
        levels = there.height - here.height
        per_level = self.read["move.climb"] == "per-level"
        if levels > 0 and there.up is not None:
            return (there.up * levels if per_level else there.up), 0
        if levels < 0 and here.down is not None:
            return 0, (here.down * -levels if per_level else here.down)
        return 0, 0

    def extras(self, a: Hex, b: Hex) -> int:
        """River and smoke surcharges (clauses ``terrain.river``, ``terrain.smoke``)."""
        table = self.rules.terrain
        extra = 0
        river = table.features.get("river")
        if river is not None and b in self.river_hexes:
            along = a in self.river_hexes and self.read["move.river"] == "crossing"
            extra += 0 if along else river.enter_extra
        smoke = table.markers.get("smoke")
        if smoke is not None and b in self.smoke:
            extra += smoke.enter_extra
        return extra

    def cost(self, a: Hex, b: Hex) -> int | None:
        if self.mover.flying and self.read["move.flying"] == "one":
            return 1
        here, there = self.terrain(a), self.terrain(b)
        tags = self.mover.cost_tags
        enter = there.enter_cost(tags)
        road = self.rules.terrain.features.get("road")
        if road is not None and road.road_cost is not None and self.on_road(a, b):
            opens = self.read["move.road-impassable"] == "opens"
            if enter is not None or opens:
                return road.road_cost
        if enter is None:
            return None
        climb, descend = self.height_costs(here, there)
        parts = (enter, climb, descend, here.leave_cost(tags))
        if self.read["move.cost-combination"] == "add":
            base = 1 + sum(max(0, p - 1) for p in parts)
        else:
            base = max(parts)
        return base + self.extras(a, b)


def check_on_map(battle_map: BattleMap, *hexes: Hex) -> None:
    """Refuse a hex off ``battle_map`` (:class:`MovementError` naming it)."""
    for h in hexes:
        if h not in battle_map:
            raise MovementError(f"{hex_label(h)} is not on the map {battle_map.name!r}")


def step_cost(
    battle_map: BattleMap,
    rules: Ruleset,
    mover: Mover,
    a: Hex,
    b: Hex,
    smoke: Iterable[Hex] = frozenset(),
) -> int | None:
    """Movement points for ``mover`` to step from ``a`` into its neighbour ``b``; None if it
    may not enter ``b`` (clauses ``terrain.*``; rulings ``move.cost-combination``,
    ``move.climb``, ``move.road``, ``move.road-impassable``, ``move.river``, ``move.flying``)."""
    check_on_map(battle_map, a, b)
    if distance(a, b) != 1:
        raise MovementError(f"{hex_label(a)} and {hex_label(b)} are not neighbours")
    return _Costs(battle_map, rules, mover, frozenset(smoke)).cost(a, b)


# --- the movement graph ------------------------------------------------------------------

_GraphKey = tuple[int, int, Mover, frozenset[Hex]]  # map id, ruleset id, mover, smoke
_GRAPHS: dict[_GraphKey, tuple[BattleMap, Ruleset, nx.DiGraph[Hex]]] = {}
_GRAPH_CACHE_SIZE = 64


def movement_graph(
    battle_map: BattleMap, rules: Ruleset, mover: Mover, smoke: Iterable[Hex] = frozenset()
) -> nx.DiGraph[Hex]:
    """A frozen directed graph of the map for ``mover``: an edge ``a -> b`` with attribute
    ``cost`` for every step it may take (clauses ``terrain.*``)."""
    smoke = frozenset(smoke)
    key = (id(battle_map), id(rules), mover, smoke)
    hit = _GRAPHS.get(key)
    if hit is not None and hit[0] is battle_map and hit[1] is rules:
        return hit[2]
    import networkx as nx

    costs = _Costs(battle_map, rules, mover, smoke)
    graph: nx.DiGraph[Hex] = nx.DiGraph()
    graph.add_nodes_from(battle_map.hexes)
    for a in battle_map.hexes:
        for b in a.neighbours():
            if b in battle_map:
                c = costs.cost(a, b)
                if c is not None:
                    graph.add_edge(a, b, cost=c)
    nx.freeze(graph)
    if len(_GRAPHS) >= _GRAPH_CACHE_SIZE:
        del _GRAPHS[next(iter(_GRAPHS))]
    _GRAPHS[key] = (battle_map, rules, graph)
    return graph


def reachable(
    battle_map: BattleMap,
    rules: Ruleset,
    mover: Mover,
    start: Hex,
    budget: int,
    smoke: Iterable[Hex] = frozenset(),
    avoid: Iterable[Hex] = frozenset(),
) -> dict[Hex, int]:
    """Every hex ``mover`` can reach from ``start`` with ``budget`` movement points, with its
    cheapest cost; ``avoid`` hexes are neither entered nor crossed (clauses ``terrain.*``)."""
    check_on_map(battle_map, start)
    if budget < 0:
        raise MovementError(f"a movement budget cannot be negative, got {budget}")
    import networkx as nx

    blocked = frozenset(avoid) - {start}
    graph = nx.subgraph_view(
        movement_graph(battle_map, rules, mover, smoke), filter_node=lambda h: h not in blocked
    )
    return dict(nx.single_source_dijkstra_path_length(graph, start, cutoff=budget, weight="cost"))


# --- swamp: getting stuck ----------------------------------------------------------------


def is_stuck(terrain: Terrain, mover: Mover, roll: int) -> bool:
    """Whether a d6 ``roll`` leaves ``mover`` stuck in ``terrain`` this movement step
    (clause ``terrain.swamp``); a flying unit is above the swamp and never stuck."""
    if isinstance(roll, bool) or not isinstance(roll, int) or not 1 <= roll <= 6:
        raise MovementError(f"a d6 roll is a whole number from 1 to 6, got {roll!r}")
    if mover.flying or not terrain.can_get_stuck(mover.cost_tags):
        return False
    return roll <= terrain.stuck_on


def stuck_roll_due(
    battle_map: BattleMap, rules: Ruleset, mover: Mover, at: Hex, target: Hex | None
) -> Terrain | None:
    """The terrain whose stuck roll a movement step from ``at`` calls for (``target`` None for
    a turn), or None (clause ``terrain.swamp``, ruling ``move.swamp-stuck``)."""
    if mover.flying:
        return None
    costs = _Costs(battle_map, rules, mover, frozenset())
    if _value(rules, "move.swamp-stuck") == "entering":
        if target is None or target not in battle_map:
            return None
        there = costs.terrain(target)
        return there if there.can_get_stuck(mover.cost_tags) else None
    here = costs.terrain(at)
    return here if here.can_get_stuck(mover.cost_tags) else None


# --- entering difficult terrain ----------------------------------------------------------


class TokenStep(msgspec.Struct, frozen=True):
    """One try to enter a hex: whether the unit entered and the tokens it holds after."""

    entered: bool
    tokens: int
    needed: int
    reason: str
    clause: str = "move.difficult-terrain"


def tokens_needed(cost: int) -> int:
    """Tokens a hex costing ``cost`` needs before it can be entered: ``cost - 1``, at least 0
    (clause ``move.difficult-terrain``)."""
    return max(0, cost - 1)


def attempt_enter(tokens: int, cost: int) -> TokenStep:
    """One try to enter a hex costing ``cost`` with ``tokens`` already placed for it
    (clause ``move.difficult-terrain``): enough tokens and it enters, else one more token."""
    if tokens < 0 or cost < 0:
        raise MovementError(f"tokens and costs are never negative (tokens {tokens}, cost {cost})")
    need = tokens_needed(cost)
    if tokens >= need:
        why = "costs 1" if need == 0 else f"costs {cost} and {tokens} token(s) are in place"
        return TokenStep(True, 0, need, f"enters: the hex {why}")
    return TokenStep(
        False,
        tokens + 1,
        need,
        f"places a token ({tokens + 1} of {need}): a hex costing {cost} needs {need} first",
    )


MOVE_ORDERS = ("F", "Rev", "L", "R", "-")


class PlannedStep(msgspec.Struct, frozen=True):
    """What one movement order does to a unit (clause ``move.difficult-terrain``)."""

    order: str
    start: Hex
    target: Hex | None
    cost: int | None
    entered: bool
    end: Hex
    facing: int
    tokens: int
    stuck_roll: bool
    reason: str
    clause: str = "move.difficult-terrain"


def plan_moves(
    battle_map: BattleMap,
    rules: Ruleset,
    mover: Mover,
    start: Hex,
    facing: int,
    orders: Sequence[str],
    tokens: int = 0,
    smoke: Iterable[Hex] = frozenset(),
) -> tuple[PlannedStep, ...]:
    """What a series of movement orders (F, Rev, L, R, -) does, with difficult-terrain tokens
    (clause ``move.difficult-terrain``, ruling ``move.token-pause``). ``tokens`` are held for
    the first hex tried. Other units are not looked at; a due swamp roll is flagged, not made."""
    check_on_map(battle_map, start)
    if facing not in range(6):
        raise MovementError(f"a facing is 0-5 (N, NE, SE, S, SW, NW), got {facing!r}")
    smoke = frozenset(smoke)
    costs = _Costs(battle_map, rules, mover, smoke)
    keep_on_pause = _value(rules, "move.token-pause") == "keep"
    at, aim, out = start, None, []
    for order in orders:
        if order not in MOVE_ORDERS:
            raise MovementError(f"unknown movement order {order!r}: use {', '.join(MOVE_ORDERS)}")
        if order in ("L", "R", "-"):
            turning = order != "-"
            if turning:
                facing = (facing + (1 if order == "R" else -1)) % 6
            why = "turns" if turning else "no action"
            if tokens and (turning or not keep_on_pause):
                why += f"; {tokens} token(s) lost: a step not trying to enter the hex"
                tokens, aim = 0, None
            due = turning and stuck_roll_due(battle_map, rules, mover, at, None) is not None
            out.append(PlannedStep(order, at, None, None, False, at, facing, tokens, due, why))
            continue
        target = at.neighbour(facing if order == "F" else facing + 3)
        if aim is not None and aim != target:
            tokens = 0
        aim = target
        due = stuck_roll_due(battle_map, rules, mover, at, target) is not None
        cost = costs.cost(at, target) if target in battle_map else None
        if cost is None:
            where = "off the map" if target not in battle_map else "a hex it may not enter"
            why = f"{hex_label(target)} is {where}: the order does nothing"
            out.append(PlannedStep(order, at, target, None, False, at, facing, tokens, due, why))
            continue
        step = attempt_enter(tokens, cost)
        tokens = step.tokens
        moved_from = at
        if step.entered:
            at, aim = target, None
        why = f"{hex_label(target)}: {step.reason}"
        out.append(
            PlannedStep(order, moved_from, target, cost, step.entered, at, facing, tokens, due, why)
        )
    return tuple(out)
