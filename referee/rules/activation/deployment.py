"""Deployment: where a unit or structure may go, what it costs of the capacity, and reserves.

Clause ``activation.deployment``: a player's first deployment goes on a tile of their edge;
each later one on the edge or next to a tile they already deployed on (ruling
``activation.deploy-adjacent``), at most the table's depth from the edge (ruling
``activation.deploy-depth``). Units and structures cost capacity (ruling
``activation.capacity``); what is neither deployed nor in the reserves is out of the battle
(clause ``activation.reserves``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from types import MappingProxyType

from referee.board.hexgrid import DIRECTION_NAMES, Hex, hex_label, to_offset
from referee.board.maps import BattleMap, edge_depth
from referee.rules.activation.cards import Cards
from referee.rules.activation.state import ActivationState, Piece
from referee.rules.activation.tables import StartTable


def deploy_tiles(
    battle_map: BattleMap, edge: str, depth: int, placed: Iterable[Hex]
) -> frozenset[Hex]:
    """The tiles a deployment may go on, ``placed`` being the tiles already deployed on that
    count (clause ``activation.deployment``)."""
    placed = frozenset(placed)
    rows = {h: edge_depth(battle_map, h, edge) for h in battle_map.hexes}
    tiles = {h for h, d in rows.items() if d == 1}
    if placed:
        near = placed | {n for h in placed for n in h.neighbours()}
        tiles |= {h for h in near if h in rows and rows[h] <= depth}
    return frozenset(tiles)


def facing_into_map(battle_map: BattleMap, edge: str) -> int:
    """The facing a unit set down on ``edge`` starts with in the wizards (the player may
    choose another: ruling ``activation.reserves-entry``): a side of its tile that faces away
    from the edge, the opposite of a side that leads off the map from every tile of the edge.
    On a rectangle's N or S edge that is straight into the map. The hexagon of flat-topped
    tiles has its corners at top and bottom, so no side of a tile is square to its edges: two
    sides face away from each edge, 30 degrees off either hand, and the one opposite the
    edge's letter is taken (N from the lower-left edge S, S from the upper-right edge N)."""
    on_map = frozenset(battle_map.hexes)
    row = [h for h in battle_map.hexes if edge_depth(battle_map, h, edge) == 1]
    away = [(d + 3) % 6 for d in range(6) if all(h.neighbour(d) not in on_map for h in row)]
    opposite = (DIRECTION_NAMES.index(edge) + 3) % 6 if edge in DIRECTION_NAMES else None
    if opposite is not None and (opposite in away or not away):
        return opposite
    return away[0] if away else 0


def deploy_rows(battle_map: BattleMap, edge: str, depth: int) -> frozenset[Hex]:
    """The tiles at most ``depth`` rows from ``edge``: where a side deploys at all, its
    first deployment on the edge row itself (ruling ``activation.deploy-depth``)."""
    return frozenset(h for h in battle_map.hexes if edge_depth(battle_map, h, edge) <= depth)


def with_deploy_zones(battle_map: BattleMap, edges: Mapping[int, str], depth: int) -> BattleMap:
    """``battle_map`` with its zones replaced by each side's :func:`deploy_rows` from its
    mission edge: the rims the map draws are the rows the engine lets each side deploy in."""
    zones = {f"side{side}": deploy_rows(battle_map, edge, depth) for side, edge in edges.items()}
    return replace(battle_map, zones=MappingProxyType(zones))


def tiles_words(tiles: Iterable[Hex]) -> str:
    """``tiles`` named column by column, as the map and the wizards list them."""
    return ", ".join(hex_label(h) for h in sorted(tiles, key=to_offset))


def placed_tiles(state: ActivationState, side: int, table: StartTable) -> frozenset[Hex]:
    """The tiles that later deployments of ``side`` may be next to: its own deployed units
    and structures, or everyone's (ruling ``activation.deploy-adjacent``)."""
    out = {
        p.hex
        for p in state.pieces.values()
        if p.status == "deployed"
        and p.hex is not None
        and (table.adjacent == "any" or p.side == side)
    }
    return frozenset(out)


def has_deployed(state: ActivationState, side: int) -> bool:
    return any(p.status == "deployed" and p.side == side for p in state.pieces.values())


def cost(cards: Cards, piece: Piece, table: StartTable) -> int:
    """The capacity ``piece`` takes (ruling ``activation.capacity``)."""
    if table.capacity == "units":
        return 1
    card = cards.structures[piece.card] if piece.kind == "structure" else cards.unit(piece.card)
    return card.capacity


def used(cards: Cards, state: ActivationState, side: int, table: StartTable) -> int:
    """The capacity ``side`` has used: what it deployed and what it left in the reserves."""
    return sum(
        cost(cards, p, table) for p in state.of_side(side) if p.status not in ("roster", "out")
    )


def deployable(
    cards: Cards, state: ActivationState, side: int, table: StartTable, capacity: int
) -> list[Piece]:
    """The pieces of ``side`` still on its roster that fit the capacity left."""
    left = capacity - used(cards, state, side, table)
    return sorted(
        (p for p in state.of_side(side) if p.status == "roster" and cost(cards, p, table) <= left),
        key=lambda p: p.uid,
    )
