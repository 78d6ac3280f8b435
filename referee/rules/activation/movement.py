"""Move actions: the movement classes, the cost of a path, and the search over (tile, facing).

A unit moves as its type says (``movement.toml`` ``[types]``):

* **free** movers (infantry, hover: clauses ``activation.infantry``, ``activation.hover``)
  step to any neighbouring tile, 1 tile of movement each, and face as they like;
* **vehicles** (clause ``activation.vehicle-classes``) move forward one tile and may turn
  once in the same step (one hex side: ruling ``activation.turn-size``); N, L and M turn
  before or after the tile, H only after it. Turning in place costs a tile
  (``activation.turn-in-place``); a tile backwards costs double (``activation.backwards``).
  The slots they would occupy must be free (``activation.slots``);
* **aircraft** (clause ``activation.aircraft``) move as vehicles but never backwards nor only
  turning, and must move (ruling ``activation.aircraft-minimum``); meeting another aircraft
  is :mod:`~referee.rules.activation.collisions`' concern.

Moving out of an enemy tile costs double (clause ``activation.move-actions``; with a tile
backwards, ruling ``activation.double-costs``). A path is a list of poses, one per step; the
order of a vehicle's turn and tile follows from the poses (turning first puts it on the tile
ahead of its new facing). :func:`check_path` judges a path; :func:`reachable` and
:func:`cheapest_path` search the (tile, facing) states with networkx, and :func:`onward` and
:func:`extend_path` go on from a path already said: the path a miniature really took is the
move (its cost depends on the tiles it leaves, a vehicle's slots and an aircraft's meetings
on every tile it crosses), so the referee may give it step by step.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Literal

import msgspec

from referee.board.hexgrid import DIRECTION_NAMES, Hex, distance, hex_label
from referee.errors import RefereeError
from referee.rules.activation.cards import UnitCard
from referee.rules.activation.slots import Pose, Slot, check_slots, footprint, slots_at
from referee.rules.activation.tables import MovementTable, SlotRef

if TYPE_CHECKING:
    import networkx as nx  # imported where a graph is searched: it takes a tenth of a second

Moves = Literal["free", "vehicle", "aircraft"]
StepKind = Literal["step", "forward", "turn-forward", "turn", "backward", "turn-backward"]

CLAUSE = "activation.move-actions"
TURN_TIE = 1 / 64
"""What a turn weighs beside a step's cost when two ways to a tile cost the same (the one
that turns less is taken); less than a tile over any path the map allows."""


class MoveError(RefereeError):
    """A move that cannot be judged (a unit with no pose, a tile off the map)."""


class Mover(msgspec.Struct, frozen=True):
    """What the movement rules need of a unit."""

    uid: str
    moves: Moves
    vehicle_class: str | None
    movement: int
    refs: tuple[SlotRef, ...] = ()
    """Its footprint (:func:`~referee.rules.activation.slots.footprint`)."""

    @staticmethod
    def of(uid: str, card: UnitCard, table: MovementTable) -> Mover:
        moves: Moves = table.moves[card.type]  # type: ignore[assignment]
        return Mover(
            uid,
            moves,
            card.vehicle_class,
            card.movement,
            footprint(moves, card.vehicle_class, table),
        )

    @property
    def clause(self) -> str:
        return {
            "free": "activation.movement",
            "vehicle": "activation.vehicle-classes",
            "aircraft": "activation.aircraft",
        }[self.moves]


class MoveBoard(msgspec.Struct, frozen=True):
    """What a move needs of the board, seen by one mover."""

    tiles: frozenset[Hex]
    taken: frozenset[Slot] = frozenset()
    """Slots of other units this mover must keep clear of (ruling ``activation.aircraft-layer``
    says which)."""
    enemy: frozenset[Hex] = frozenset()
    """Enemy tiles for this mover: enemy units or an enemy-deployed building (activation.tiles)."""
    aircraft: Mapping[str, Pose] = msgspec.field(default_factory=lambda: MappingProxyType({}))
    """Other aircraft by uid, for collisions."""
    aircraft_refs: Mapping[str, tuple[SlotRef, ...]] = msgspec.field(
        default_factory=lambda: MappingProxyType({})
    )
    enemy_buildings: frozenset[Hex] = frozenset()
    """Tiles with a building the mover's enemy holds: an aircraft may end its move there or
    only fly across (ruling ``activation.aircraft-enemy-building``)."""


class Step(msgspec.Struct, frozen=True):
    kind: StepKind
    start: Pose
    end: Pose
    turn: int
    """Hex sides turned, + clockwise (right), - anticlockwise (left)."""
    cost: int
    checks: tuple[Pose, ...]
    """The poses whose slots must be free (clause ``activation.slots``)."""
    doubled_by: tuple[str, ...] = ()
    """Why the step costs more than a tile: ``backwards``, ``enemy tile``."""

    @property
    def moved(self) -> bool:
        return self.start.hex != self.end.hex

    def text(self) -> str:
        turn = ""
        if self.turn:
            side = "right" if self.turn > 0 else "left"
            turn = f"turn {side}{'' if abs(self.turn) == 1 else f' x{abs(self.turn)}'}"
        what = {
            "step": f"to {hex_label(self.end.hex)}",
            "forward": f"forward to {hex_label(self.end.hex)}" + (f", then {turn}" if turn else ""),
            "turn-forward": f"{turn}, then forward to {hex_label(self.end.hex)}",
            "turn": f"{turn} in place",
            "backward": f"backwards to {hex_label(self.end.hex)}"
            + (f", then {turn}" if turn else ""),
            "turn-backward": f"{turn}, then backwards to {hex_label(self.end.hex)}",
        }[self.kind]
        why = f" ({', '.join(self.doubled_by)})" if self.doubled_by else ""
        return f"{what}, facing {DIRECTION_NAMES[self.end.facing]}: {self.cost}{why}"


def _turns(table: MovementTable) -> list[int]:
    """The turns one step may make, 0 first (ruling ``activation.turn-size``)."""
    out = [0]
    for k in range(1, min(table.turn, 3) + 1):
        out += [k, -k] if k < 3 else [3]
    return out


def _cost(
    kind: StepKind, start: Pose, mover: Mover, table: MovementTable, board: MoveBoard
) -> tuple[int, tuple[str, ...]]:
    if kind == "turn":
        return table.turn_in_place, ()
    factors: list[tuple[str, int]] = []
    if kind in ("backward", "turn-backward"):
        factors.append(("backwards", table.backwards))
    if start.hex in board.enemy:
        factors.append(("out of an enemy tile", table.leave_enemy))
    if not factors:
        return table.tile_cost, ()
    if table.combine == "multiply":
        product = 1
        for _, f in factors:
            product *= f
    else:
        product = max(f for _, f in factors)
    return table.tile_cost * product, tuple(w for w, _ in factors)


def steps_from(pose: Pose, mover: Mover, table: MovementTable, board: MoveBoard) -> list[Step]:
    """Every step of ``mover``'s class from ``pose`` (slots and budget not checked)."""
    steps: list[Step] = []

    def add(kind: StepKind, end: Pose, turn: int, checks: tuple[Pose, ...]) -> None:
        cost, why = _cost(kind, pose, mover, table, board)
        steps.append(Step(kind, pose, end, turn, cost, checks, why))

    if mover.moves == "free":
        for h in pose.hex.neighbours():
            add("step", Pose(h, pose.facing), 0, (Pose(h, pose.facing),))
        return steps
    after_only = (
        mover.vehicle_class is not None and table.turn_order.get(mover.vehicle_class) == "after"
    )
    aircraft = mover.moves == "aircraft"
    f = pose.facing
    for t in _turns(table):
        nf = (f + t) % 6
        ahead = pose.ahead()
        end = Pose(ahead, nf)
        # H enters facing as it was, then turns: both poses need their slots
        add("forward", end, t, (Pose(ahead, f), end) if after_only and t else (end,))
        if t and not after_only:
            add(
                "turn-forward",
                Pose(Pose(pose.hex, nf).ahead(), nf),
                t,
                (Pose(Pose(pose.hex, nf).ahead(), nf),),
            )
        if aircraft:
            continue
        if t:
            add("turn", Pose(pose.hex, nf), t, (Pose(pose.hex, nf),))
        back = Pose(pose.hex, (f + 3) % 6).ahead()
        add(
            "backward",
            Pose(back, nf),
            t,
            (Pose(back, f), Pose(back, nf)) if after_only and t else (Pose(back, nf),),
        )
        if t and not after_only:
            tback = Pose(pose.hex, (nf + 3) % 6).ahead()
            add("turn-backward", Pose(tback, nf), t, (Pose(tback, nf),))
    return steps


def step_problem(step: Step, mover: Mover, table: MovementTable, board: MoveBoard) -> str | None:
    """Why ``step`` may not be taken on ``board`` (its slots, the map), or None."""
    slotted = _slotted(mover, table)
    for pose in step.checks:
        if pose.hex not in board.tiles:
            return f"{hex_label(pose.hex)} is not on the map"
        if slotted:
            check = check_slots(pose, mover.refs, board.taken, board.tiles)
            if not check.free:
                return check.reason()
    return None


def _shape_problem(a: Pose, b: Pose, mover: Mover, table: MovementTable) -> str:
    """Why no step of ``mover`` leads from ``a`` to ``b``."""
    what = {
        "free": "a free mover",
        "vehicle": f"a class {mover.vehicle_class} vehicle",
        "aircraft": f"a class {mover.vehicle_class} aircraft",
    }[mover.moves]
    if mover.moves == "free":
        if a.hex == b.hex:
            return f"{hex_label(b.hex)} is where it stands: a step goes to a neighbouring tile"
        return f"{hex_label(b.hex)} is not next to {hex_label(a.hex)}"
    diff = (b.facing - a.facing) % 6
    turn = min(diff, 6 - diff)
    if turn > table.turn:
        return (
            f"from facing {DIRECTION_NAMES[a.facing]} to {DIRECTION_NAMES[b.facing]} is "
            f"{turn} hex sides: one step turns at most {table.turn}"
        )
    if a.hex == b.hex:
        if mover.moves == "aircraft":
            return "an aircraft cannot only turn (activation.aircraft)"
        return "a turn in place must change the facing"
    if distance(a.hex, b.hex) != 1:
        return f"{hex_label(b.hex)} is not next to {hex_label(a.hex)}: one step moves one tile"
    behind = {Pose(a.hex, (a.facing + 3) % 6).ahead(), Pose(a.hex, (b.facing + 3) % 6).ahead()}
    if b.hex in behind and mover.moves == "aircraft":
        return "an aircraft cannot move backwards (activation.aircraft)"
    if b.hex in {Pose(a.hex, b.facing).ahead(), Pose(a.hex, (b.facing + 3) % 6).ahead()}:
        return f"{what} moves a tile first, then turns"
    return (
        f"{hex_label(b.hex)} is beside {hex_label(a.hex)}, not ahead or behind facing "
        f"{DIRECTION_NAMES[a.facing]}: {what} moves forward or backwards, turning once"
    )


def find_step(a: Pose, b: Pose, mover: Mover, table: MovementTable, board: MoveBoard) -> Step | str:
    """The step of ``mover`` from ``a`` to ``b`` (the cheapest if two fit), or why none."""
    if mover.moves == "free":
        if distance(a.hex, b.hex) != 1:
            return _shape_problem(a, b, mover, table)
        cost, why = _cost("step", a, mover, table, board)
        return Step("step", a, b, 0, cost, (b,), why)
    fits = [s for s in steps_from(a, mover, table, board) if s.end == b]
    if not fits:
        return _shape_problem(a, b, mover, table)
    return min(fits, key=lambda s: s.cost)


class PathCheck(msgspec.Struct, frozen=True):
    """A path judged: the steps, their cost, and every problem (none: the move is legal)."""

    mover: Mover
    start: Pose
    steps: tuple[Step, ...]
    cost: int
    problems: tuple[str, ...]
    clauses: tuple[str, ...]
    rulings: tuple[str, ...]

    @property
    def legal(self) -> bool:
        return not self.problems

    @property
    def end(self) -> Pose:
        return self.steps[-1].end if self.steps else self.start

    def working(self) -> list[str]:
        lines = [f"{self.mover.uid} from {self.start.text()}, movement {self.mover.movement}"]
        total = 0
        for i, s in enumerate(self.steps, 1):
            total += s.cost
            lines.append(f"step {i}: {s.text()} (total {total})")
        return lines + [f"not allowed: {p}" for p in self.problems]

    def to_json(self) -> dict[str, object]:
        return {
            "unit": self.mover.uid,
            "legal": self.legal,
            "from": self.start.text(),
            "to": self.end.text(),
            "cost": self.cost,
            "movement": self.mover.movement,
            "steps": [
                {
                    "kind": s.kind,
                    "to": s.end.text(),
                    "cost": s.cost,
                    "doubled_by": list(s.doubled_by),
                }
                for s in self.steps
            ],
            "problems": list(self.problems),
            "working": self.working(),
            "clauses": list(self.clauses),
            "rulings": list(self.rulings),
        }


def _rulings(
    steps: Sequence[Step], mover: Mover, table: MovementTable, board: MoveBoard
) -> tuple[str, ...]:
    keys: list[str] = []
    if any(s.turn for s in steps):
        keys.append("vehicles.turn")
    if any(len(s.doubled_by) > 1 for s in steps):
        keys.append("costs.combine")
    if _slotted(mover, table):
        keys.append("slots.footprints")
    if mover.moves == "aircraft":
        keys += ["aircraft.minimum", "aircraft.layer"]
        if steps and steps[-1].end.hex in board.enemy_buildings:
            keys.append("aircraft.enemy_building")
    return table.rulings(*keys)


def reach_rulings(mover: Mover, table: MovementTable, board: MoveBoard) -> tuple[str, ...]:
    """The rulings :func:`reachable` takes for ``mover`` on ``board``: any of its moves may
    turn (a vehicle or an aircraft), leave enemy tiles, use slots, meet an aircraft."""
    keys: list[str] = []
    if mover.moves in ("vehicle", "aircraft"):
        keys.append("vehicles.turn")
    if board.enemy:
        keys.append("costs.combine")
    if _slotted(mover, table):
        keys.append("slots.footprints")
    if mover.moves == "aircraft":
        keys += ["aircraft.minimum", "aircraft.layer"]
        if board.aircraft:
            keys.append("aircraft.collision")
        if board.enemy_buildings:
            keys.append("aircraft.enemy_building")
    return table.rulings(*keys)


def _slotted(mover: Mover, table: MovementTable) -> bool:
    """Whether ``mover``'s slots matter (an aircraft's only under ruling
    ``activation.aircraft-layer`` = ground)."""
    return bool(mover.refs) and (mover.moves != "aircraft" or table.layer == "ground")


def _clauses(steps: Sequence[Step], mover: Mover, table: MovementTable) -> tuple[str, ...]:
    out = {CLAUSE, mover.clause}
    for s in steps:
        if s.kind == "turn":
            out.add("activation.turn-in-place")
        if s.kind in ("backward", "turn-backward"):
            out.add("activation.backwards")
        if "out of an enemy tile" in s.doubled_by:
            out.add("activation.tiles")
    if _slotted(mover, table):
        out.add("activation.slots")
    return tuple(sorted(out))


def check_path(
    mover: Mover, start: Pose, path: Sequence[Pose], table: MovementTable, board: MoveBoard
) -> PathCheck:
    """Judge a move of ``mover`` from ``start`` through ``path`` (one pose per step): the
    shape of each step for its class, its slots, the total against its Movement stat, and
    an aircraft's duty to move (clauses as the module docstring says)."""
    steps, cost, problems = _judge(mover, start, path, table, board)
    if mover.moves == "aircraft" and not problems:
        problems += _aircraft_duty(mover, start, steps, cost, table, board)
        problems += _aircraft_end(steps, table, board)
    return PathCheck(
        mover,
        start,
        tuple(steps),
        cost,
        tuple(problems),
        _clauses(steps, mover, table),
        _rulings(steps, mover, table, board),
    )


def _judge(
    mover: Mover, start: Pose, path: Sequence[Pose], table: MovementTable, board: MoveBoard
) -> tuple[list[Step], int, list[str]]:
    """The steps of ``path``, their cost and every problem but an aircraft's duty to move."""
    if start.hex not in board.tiles:
        raise MoveError(f"{mover.uid} is not on the map")
    problems: list[str] = []
    steps: list[Step] = []
    at = start
    for i, pose in enumerate(path, 1):
        found = find_step(at, pose, mover, table, board)
        if isinstance(found, str):
            problems.append(f"step {i} ({at.text()} to {pose.text()}): {found}")
            break
        why = step_problem(found, mover, table, board)
        if why is not None:
            problems.append(f"step {i} ({found.text()}): {why}")
        steps.append(found)
        at = pose
    cost = sum(s.cost for s in steps)
    if cost > mover.movement:
        problems.append(f"the path costs {cost}, more than its Movement of {mover.movement}")
    return steps, cost, problems


def _aircraft_duty(
    mover: Mover,
    start: Pose,
    steps: Sequence[Step],
    cost: int,
    table: MovementTable,
    board: MoveBoard,
) -> list[str]:
    """An aircraft must move (ruling ``activation.aircraft-minimum``)."""
    if not any(s.moved for s in steps):
        return ["an aircraft must move at least one tile when activated (activation.aircraft)"]
    if table.aircraft_minimum == "full":
        end = steps[-1].end
        left = mover.movement - cost
        more = [
            s
            for s in steps_from(end, mover, table, board)
            if s.cost <= left and step_problem(s, mover, table, board) is None
        ]
        if more:
            return [
                f"an aircraft moves its whole Movement ({mover.movement}): "
                f"{left} left, and it could still go {more[0].text()}"
            ]
    return []


def _aircraft_end(steps: Sequence[Step], table: MovementTable, board: MoveBoard) -> list[str]:
    """Under ruling ``activation.aircraft-enemy-building`` = cross, an aircraft may fly
    across an enemy building's tile but not end its move there."""
    end = steps[-1].end.hex if steps else None
    if table.enemy_building == "cross" and end in board.enemy_buildings:
        return [
            f"an aircraft may not end its move over the enemy's building on {hex_label(end)} "
            "(ruling activation.aircraft-enemy-building)"
        ]
    return []


# --- search over (tile, facing) ------------------------------------------------------------


def meets(
    pose: Pose,
    refs: tuple[SlotRef, ...],
    other: Pose,
    other_refs: tuple[SlotRef, ...],
    table: MovementTable,
) -> bool:
    """Whether an aircraft at ``pose`` shares a position with one at ``other``: the same
    tile, or overlapping slots of it (ruling ``activation.aircraft-collision``)."""
    if table.collision == "tile":
        return pose.hex == other.hex
    return bool(slots_at(pose, refs) & slots_at(other, other_refs))


def met_aircraft(
    step: Step,
    mover: Mover,
    table: MovementTable,
    board: MoveBoard,
    refs_of: Mapping[str, tuple[SlotRef, ...]] | None = None,
) -> str | None:
    """The aircraft (its uid, the first by uid) that ``step`` of the aircraft ``mover``
    meets, or None: two aircraft in one position are both destroyed (clause
    ``activation.aircraft-collisions``); a ground unit meets none."""
    if mover.moves != "aircraft" or not step.moved:
        return None
    refs_of = refs_of if refs_of is not None else board.aircraft_refs
    for uid, other in sorted(board.aircraft.items()):
        if any(meets(p, mover.refs, other, refs_of.get(uid, ()), table) for p in step.checks):
            return uid
    return None


def move_graph(
    mover: Mover, start: Pose, table: MovementTable, board: MoveBoard, steps: int | None = None
) -> nx.DiGraph[Pose]:
    """The states ``mover`` can step between on ``board`` and be there after the step: its
    slots free, and, for an aircraft, no other aircraft met (:func:`met_aircraft`: flying
    into one destroys both and ends the move, so no step goes on from there; the moves that
    end so are a legal move all the same, judged by :func:`check_path`). Each edge is
    weighted by its ``cost``. A free mover keeps ``start``'s facing throughout. ``steps``:
    only the states within that many steps of ``start`` (every step costs a tile or more,
    so a budget of N tiles needs no more)."""
    import networkx as nx

    graph: nx.DiGraph[Pose] = nx.DiGraph()
    graph.add_node(start)
    seen, frontier, depth = {start}, [start], 0
    while frontier and (steps is None or depth < steps):
        depth += 1
        following: list[Pose] = []
        for pose in frontier:
            for s in steps_from(pose, mover, table, board):
                if (
                    step_problem(s, mover, table, board) is not None
                    or met_aircraft(s, mover, table, board) is not None
                ):
                    continue
                if not graph.has_edge(pose, s.end) or graph[pose][s.end]["cost"] > s.cost:
                    graph.add_edge(pose, s.end, cost=s.cost)
                if s.end not in seen:
                    seen.add(s.end)
                    following.append(s.end)
        frontier = following
    return graph


def reachable(mover: Mover, start: Pose, table: MovementTable, board: MoveBoard) -> dict[Pose, int]:
    """Every pose ``mover`` can end a legal move in from ``start`` and still stand there,
    with its cheapest cost (an aircraft's start excluded, and under ``full`` only where it
    cannot go on). An aircraft's position shared with another aircraft is not one: the move
    may fly into it, but both are destroyed there (clause ``activation.aircraft-collisions``;
    what a shared position is, tile or slots, ruling ``activation.aircraft-collision``)."""
    import networkx as nx

    graph = move_graph(mover, start, table, board, mover.movement)
    costs = {
        p: int(c)
        for p, c in nx.single_source_dijkstra_path_length(
            graph, start, cutoff=mover.movement, weight="cost"
        ).items()
    }
    if mover.moves != "aircraft":
        return dict(costs)
    costs.pop(start, None)
    if table.enemy_building == "cross":  # (flown across on the way, never ended over)
        costs = {p: c for p, c in costs.items() if p.hex not in board.enemy_buildings}
    if table.aircraft_minimum == "full":
        costs = {
            p: c
            for p, c in costs.items()
            if not any(c + d["cost"] <= mover.movement for _, _, d in graph.out_edges(p, data=True))
        }
    return costs


def cheapest_path(
    mover: Mover, start: Pose, goal: Hex, facing: int | None, table: MovementTable, board: MoveBoard
) -> tuple[Pose, ...] | None:
    """The cheapest legal path from ``start`` to ``goal`` (facing ``facing``, or any), within
    the Movement stat; None when there is none."""
    import networkx as nx

    ends = reachable(mover, start, table, board)
    if mover.moves == "free":
        wanted = [p for p in ends if p.hex == goal]
    else:
        wanted = [p for p in ends if p.hex == goal and (facing is None or p.facing == facing)]
    if not wanted:
        return None
    best = min(wanted, key=lambda p: (ends[p], p))
    graph = move_graph(mover, start, table, board, mover.movement)
    path: list[Pose] = nx.dijkstra_path(graph, start, best, weight="cost")
    poses = tuple(path[1:])
    if mover.moves == "free" and facing is not None and poses:
        poses = (*poses[:-1], Pose(poses[-1].hex, facing))
    return poses


def onward(
    mover: Mover, start: Pose, path: Sequence[Pose], table: MovementTable, board: MoveBoard
) -> dict[Pose, int]:
    """Every pose a move from ``start`` along ``path`` can go on to within its Movement stat,
    each with the whole move's cost by the cheapest continuation (``path``'s own end left
    out); nothing when ``path`` itself is refused (an aircraft's duty to move aside: going
    on is how it is met). Clause ``activation.move-actions``."""
    import networkx as nx

    steps, cost, problems = _judge(mover, start, path, table, board)
    if problems:
        return {}
    at = steps[-1].end if steps else start
    graph = move_graph(mover, at, table, board, mover.movement - cost)
    found = nx.single_source_dijkstra_path_length(
        graph, at, cutoff=mover.movement - cost, weight="cost"
    )
    return {p: cost + int(c) for p, c in found.items() if p != at}


def extend_path(
    mover: Mover,
    start: Pose,
    path: Sequence[Pose],
    goal: Pose,
    table: MovementTable,
    board: MoveBoard,
) -> tuple[Pose, ...] | None:
    """``path`` and then the cheapest legal continuation from its end to ``goal`` within the
    Movement left (a free mover's facing is ``goal``'s at the end); None when there is
    none."""
    import networkx as nx

    steps, spent, problems = _judge(mover, start, path, table, board)
    if problems:
        return None
    at = steps[-1].end if steps else start
    graph = move_graph(mover, at, table, board, mover.movement - spent)
    free = mover.moves == "free"
    target = Pose(goal.hex, at.facing) if free else goal
    if target == at or target not in graph:
        return None

    def weight(a: Pose, b: Pose, edge: dict[str, int]) -> float:
        return edge["cost"] + (TURN_TIE if a.facing != b.facing else 0.0)

    try:  # of two ways as dear, the one that turns less
        _, more = nx.bidirectional_dijkstra(graph, at, target, weight=weight)
    except nx.NetworkXNoPath:
        return None
    poses: list[Pose] = list(more[1:])
    if free:
        poses[-1] = goal
    if _judge(mover, start, (*path, *poses), table, board)[2]:
        return None  # beyond the Movement left
    return (*path, *poses)
