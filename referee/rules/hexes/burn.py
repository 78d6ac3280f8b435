"""Fires burning out (clause ``hex.burn-out``): "Remove one fire token in a hex and replace any
forest in such a hex with rough terrain."

The current edition does it in the aftermath, the first draft at agony 4 (agony.toml says
where). A marker kind with ``removal = "burn-out"`` loses one marker per hex; if it
``burns``, the hex's terrain becomes its ``burns_to`` (terrain.toml) when a token is
removed or only when the last one goes (ruling ``hex.forest-burns``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType

import msgspec

from referee.board.hexgrid import Hex
from referee.rules.agony.events import EffectEvent
from referee.rules.hexes.markers import HexEffects
from referee.rules.hexes.rules import HexEffectRules
from referee.ruleset.terrain import TerrainTable

TerrainAt = Callable[[Hex], str]


class BurnOutResult(msgspec.Struct, frozen=True):
    """The board after the burn-out, the hexes whose terrain changed, and the events."""

    hexes: HexEffects
    terrain_changes: Mapping[Hex, str]
    events: tuple[EffectEvent, ...]


def burn_out(
    rules: HexEffectRules,
    terrain: TerrainTable,
    hexes: HexEffects,
    terrain_at: TerrainAt | None,
) -> BurnOutResult:
    """One marker off every burn-out stack; burn the terrain of the hexes it says.

    ``terrain_at`` gives a hex's terrain id (``BattleMap.terrain_at``); it is needed only
    when a burning hex's terrain may change.
    """
    board = hexes
    changes: dict[Hex, str] = {}
    events: list[EffectEvent] = []
    for h in hexes.hexes():
        for m in hexes.at(h):
            kind = rules.markers.get(m.kind)
            if kind is None or kind.removal != "burn-out":
                continue
            board = board.less_one(h, m.kind)
            left = m.count - 1
            events.append(
                EffectEvent(
                    "burn-out",
                    "hex.burn-out",
                    f"one {kind.name.lower()} marker removed ({m.count} -> {left})",
                    hex=h,
                )
            )
            if kind.burns is None or (kind.burns == "fire-out" and left > 0):
                continue
            if terrain_at is None:
                raise ValueError(
                    f"{h}: burning {kind.name.lower()} needs the map's terrain (terrain_at)"
                )
            tid = terrain_at(h)
            burned = terrain.terrain[tid].burns_to if tid in terrain else None
            if burned and burned != tid:
                changes[h] = burned
                rulings = (kind.burns_ruling,) if kind.burns_ruling else ()
                events.append(
                    EffectEvent(
                        "burn-out",
                        "hex.burn-out",
                        f"{tid} burns: now {burned}",
                        hex=h,
                        rulings=rulings,
                    )
                )
    return BurnOutResult(board, MappingProxyType(changes), tuple(events))
