"""Where the loser of an assault goes (clause ``assault.retreat``).

A stationary loser moves out backwards, into the hex behind its facing; if that hex is off
the map, impassable, holds an enemy or would be overcrowded, it goes to the closest possible
hex (ruling ``move.retreat-closest``), its controller choosing among equals. A loser with no
hex to go to is surrounded and fights another assault; one at the edge of the battlefield
gains Stubborn and does not retreat (ruling ``assault.edge-stubborn``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import msgspec

from referee.board.hexgrid import Hex, distance, hex_label
from referee.board.maps import BattleMap
from referee.board.movement import MovementError, Mover, movement_graph, step_cost
from referee.board.stacking import Occupancy, enemy_blocks, has_room

if TYPE_CHECKING:
    from referee.ruleset import Ruleset

OFF_MAP = "off the map"
ENEMY = "holds an enemy"
IMPASSABLE = "impassable for the unit"
OVERCROWDED = "would be overcrowded"


def _value(rules: Ruleset, ruling_id: str) -> str:
    return str(rules.reading(ruling_id).value)


class Retreat(msgspec.Struct, frozen=True):
    """Where a loser may go, the facings it may take, and the rule that decided it.

    ``kind``: ``backwards`` | ``stays`` | ``closest`` (controller chooses among ``options``) |
    ``surrounded`` (another assault into one of ``assault_into``) | ``stubborn`` (the winner
    retreats instead) | ``nowhere`` (no hex and no enemy to assault: the drafts say nothing).
    """

    kind: str
    options: tuple[Hex, ...]
    facings: tuple[int, ...]
    intended: Hex
    assault_into: tuple[Hex, ...]
    refused: tuple[tuple[Hex, str], ...]
    reason: str
    clause: str = "assault.retreat"
    rulings: tuple[str, ...] = ()


def _holder_refusal(rules: Ruleset, mover: Mover, to: Hex, occupancy: Occupancy) -> str | None:
    if enemy_blocks(rules, mover, occupancy.get(to, ())):
        return ENEMY
    if not has_room(occupancy.get(to, ()), mover):
        return OVERCROWDED
    return None


def refusal(
    battle_map: BattleMap,
    rules: Ruleset,
    mover: Mover,
    frm: Hex,
    to: Hex,
    occupancy: Occupancy,
    smoke: Iterable[Hex] = frozenset(),
) -> str | None:
    """Why ``mover`` may not retreat from ``frm`` into its neighbour ``to``, or None
    (clause ``assault.retreat``, ruling ``assault.retreat-cost``)."""
    if to not in battle_map:
        return OFF_MAP
    held = _holder_refusal(rules, mover, to, occupancy)
    if held == ENEMY:
        return held
    cost = step_cost(battle_map, rules, mover, frm, to, smoke)
    if cost is None:
        return IMPASSABLE
    if cost > 1 and _value(rules, "assault.retreat-cost") == "no-difficult":
        return f"difficult terrain (costs {cost})"
    return held


def _facings(facing: int) -> tuple[int, ...]:
    """Keep the facing, or turn left, right or about as part of the retreat."""
    return tuple(sorted({facing, (facing + 1) % 6, (facing - 1) % 6, (facing + 3) % 6}))


def _nearest(battle_map: BattleMap, hexes: Iterable[Hex], to: Hex) -> tuple[Hex, ...]:
    """The hexes nearest ``to``, in label order."""
    hexes = list(hexes)
    if not hexes:
        return ()
    d = min(distance(h, to) for h in hexes)
    return tuple(
        sorted((h for h in hexes if distance(h, to) == d), key=lambda h: battle_map.index[h])
    )


def _check(battle_map: BattleMap, facing: int, *hexes: Hex) -> None:
    for h in hexes:
        if h not in battle_map:
            raise MovementError(f"{hex_label(h)} is not on the map {battle_map.name!r}")
    if isinstance(facing, bool) or facing not in range(6):
        raise MovementError(f"a facing is 0-5 (N, NE, SE, S, SW, NW), got {facing!r}")


def retreat_after_assault(
    battle_map: BattleMap,
    rules: Ruleset,
    mover: Mover,
    at: Hex,
    facing: int,
    occupancy: Occupancy,
    smoke: Iterable[Hex] = frozenset(),
) -> Retreat:
    """Where a stationary loser in ``at`` facing ``facing`` retreats (clause
    ``assault.retreat``; rulings ``assault.edge-stubborn``, ``move.retreat-closest``).

    ``occupancy`` holds the other units, not the loser (nor the winner entering ``at``)."""
    _check(battle_map, facing, at)
    behind = at.neighbour((facing + 3) % 6)
    edge_rule = _value(rules, "assault.edge-stubborn")
    at_edge = (
        behind not in battle_map
        if edge_rule == "behind-off-map"
        else any(n not in battle_map for n in at.neighbours())
    )
    if at_edge:
        return Retreat(
            "stubborn",
            (),
            (facing,),
            behind,
            (),
            (),
            f"{hex_label(at)} is at the edge of the battlefield: the unit gains Stubborn and "
            "does not retreat; the winner retreats instead",
            rulings=("assault.edge-stubborn",),
        )
    why = refusal(battle_map, rules, mover, at, behind, occupancy, smoke)
    if why is None:
        return Retreat(
            "backwards",
            (behind,),
            _facings(facing),
            behind,
            (),
            (),
            f"retreats backwards into {hex_label(behind)}, and may turn left, right or about",
        )
    return _closest(battle_map, rules, mover, at, behind, why, {at}, facing, occupancy, smoke)


def return_after_failed_entry(
    battle_map: BattleMap,
    rules: Ruleset,
    mover: Mover,
    origin: Hex,
    target: Hex,
    facing: int,
    occupancy: Occupancy,
    smoke: Iterable[Hex] = frozenset(),
) -> Retreat:
    """Where a loser that tried to enter ``target`` from ``origin`` ends: it stays in
    ``origin`` unless that holds an enemy or is overcrowded by its own side, then the closest
    possible hex (clause ``assault.retreat``, ruling ``move.retreat-closest``)."""
    _check(battle_map, facing, origin, target)
    why = _holder_refusal(rules, mover, origin, occupancy)
    if why is None:
        return Retreat(
            "stays",
            (origin,),
            _facings(facing),
            origin,
            (),
            (),
            f"stays in {hex_label(origin)}, the hex it tried to leave, "
            "and may turn left, right or about",
        )
    exclude = {origin, target}
    return _closest(
        battle_map, rules, mover, origin, origin, why, exclude, facing, occupancy, smoke
    )


def _closest(
    battle_map: BattleMap,
    rules: Ruleset,
    mover: Mover,
    frm: Hex,
    intended: Hex,
    why: str,
    exclude: set[Hex],
    facing: int,
    occupancy: Occupancy,
    smoke: Iterable[Hex],
) -> Retreat:
    """The closest possible hex when ``intended`` is refused (ruling ``move.retreat-closest``)."""
    smoke = frozenset(smoke)
    mode = _value(rules, "move.retreat-closest")
    around = [n for n in frm.neighbours() if n not in exclude]
    refused = {n: refusal(battle_map, rules, mover, frm, n, occupancy, smoke) for n in around}
    refused[intended] = why
    legal = [n for n in around if refused[n] is None]
    if mode == "reachable":
        options = _cheapest(battle_map, rules, mover, frm, intended, exclude, occupancy, smoke)
    elif mode == "adjacent":
        options = tuple(sorted(legal, key=lambda h: battle_map.index[h]))
    else:
        options = _nearest(battle_map, legal, intended)
    listed = tuple((h, r) for h, r in refused.items() if r is not None)
    rulings = ("move.retreat-closest",)
    if options:
        return Retreat(
            "closest",
            options,
            _facings(facing),
            intended,
            (),
            listed,
            f"{hex_label(intended)} {why}: retreats into the closest possible hex, its "
            f"controller choosing among {', '.join(map(hex_label, options))}",
            rulings=rulings,
        )
    assault: tuple[Hex, ...]
    if why == ENEMY:
        assault = (intended,)
    else:
        assault = _nearest(battle_map, (n for n in around if refused[n] == ENEMY), intended)
    if assault:
        return Retreat(
            "surrounded",
            (),
            (facing,),
            intended,
            assault,
            listed,
            "no hex to retreat into: surrounded, the unit conducts another assault into "
            + " or ".join(map(hex_label, assault)),
            rulings=rulings,
        )
    return Retreat(
        "nowhere",
        (),
        (facing,),
        intended,
        (),
        listed,
        "no hex to retreat into and no enemy to assault: the drafts give no rule, "
        "the referee decides",
        rulings=rulings,
    )


def _cheapest(
    battle_map: BattleMap,
    rules: Ruleset,
    mover: Mover,
    frm: Hex,
    intended: Hex,
    exclude: set[Hex],
    occupancy: Occupancy,
    smoke: frozenset[Hex],
) -> tuple[Hex, ...]:
    """Ruling ``move.retreat-closest`` = reachable: the possible end hexes fewest movement
    points away, going around enemies (and difficult terrain if ruled out)."""
    enemies = {h for h, units in occupancy.items() if enemy_blocks(rules, mover, units)}
    no_difficult = _value(rules, "assault.retreat-cost") == "no-difficult"
    import networkx as nx  # imported here, where a retreat's paths are worked out

    full = movement_graph(battle_map, rules, mover, smoke)
    graph = nx.subgraph_view(
        full,
        filter_node=lambda h: h == frm or (h not in enemies and h not in exclude),
        filter_edge=lambda a, b: not (no_difficult and full[a][b]["cost"] > 1),
    )
    lengths = nx.single_source_dijkstra_path_length(graph, frm, weight="cost")
    ends = {
        h: c
        for h, c in lengths.items()
        if h != frm and _holder_refusal(rules, mover, h, occupancy) is None
    }
    if not ends:
        return ()
    best = min(ends.values())
    cheapest: Sequence[Hex] = [h for h, c in ends.items() if c == best]
    return tuple(sorted(cheapest, key=lambda h: (distance(h, intended), battle_map.index[h])))
