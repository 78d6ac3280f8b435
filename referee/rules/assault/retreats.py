"""Where a unit of the assault may retreat, from the board (clause ``assault.retreat``).

A unit that held the hex moves out backwards; one that tried to enter stays where it was;
a blocked retreat goes to the closest possible hex, its controller choosing; a unit with
nowhere to go but enemies is surrounded and assaults again; at the board edge it gains
Stubborn where the edition says so (clause ``assault.stubborn-edge``, ruling
``assault.edge-stubborn``). The board decides through :mod:`referee.board.retreat`; this
module builds the mover and the occupancy it needs from unit states, and carries a chosen
retreat out (turning left, right or about is allowed).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from referee.board.hexgrid import Hex, distance, hex_label
from referee.board.maps import BattleMap
from referee.board.movement import Mover
from referee.board.retreat import (
    ENEMY,
    Retreat,
    refusal,
    retreat_after_assault,
    return_after_failed_entry,
)
from referee.board.stacking import Occupant
from referee.rules.assault.contest import AssaultError, Combatant, Contest
from referee.rules.assault.table import AssaultRules
from referee.rules.state import UnitState

if TYPE_CHECKING:
    from referee.ruleset import Ruleset


def mover_of(state: UnitState) -> Mover:
    """The unit as the movement rules see it (``flying`` is a state, not a tag)."""
    return Mover(frozenset(state.unit.tags - {"flying"}), state.unit.size, state.flying)


def occupancy_for(state: UnitState, units: Iterable[UnitState]) -> dict[Hex, list[Occupant]]:
    """The other living units by hex, seen from ``state``'s side."""
    out: dict[Hex, list[Occupant]] = {}
    for u in units:
        if u.uid == state.uid or u.destroyed:
            continue
        out.setdefault(u.hex, []).append(
            Occupant(u.unit.size, u.flying, enemy=u.side != state.side, name=u.uid)
        )
    return out


def _without_edge(
    battle_map: BattleMap,
    rules: Ruleset,
    mover: Mover,
    at: Hex,
    facing: int,
    occupancy: dict[Hex, list[Occupant]],
    smoke: frozenset[Hex],
    edge: Retreat,
) -> Retreat:
    """An edition without the edge rule: backwards if it can, else the neighbours nearest
    the hex behind (the ``nearest-behind`` reading of ruling ``move.retreat-closest``)."""
    behind = at.neighbour((facing + 3) % 6)
    why = {n: refusal(battle_map, rules, mover, at, n, occupancy, smoke) for n in at.neighbours()}
    turns = tuple(sorted({facing, (facing + 1) % 6, (facing - 1) % 6, (facing + 3) % 6}))
    if why[behind] is None:
        return Retreat(
            "backwards",
            (behind,),
            turns,
            behind,
            (),
            (),
            f"retreats backwards into {hex_label(behind)}",
        )
    legal = [n for n, w in why.items() if w is None]
    refused = tuple((n, w) for n, w in why.items() if w is not None)
    if legal:
        d = min(distance(n, behind) for n in legal)
        options = tuple(
            sorted(
                (n for n in legal if distance(n, behind) == d), key=lambda h: battle_map.index[h]
            )
        )
        return Retreat(
            "closest",
            options,
            turns,
            behind,
            (),
            refused,
            "the hex behind is off the map and this edition has no edge rule: "
            "retreats into the closest possible hex",
            rulings=("move.retreat-closest",),
        )
    enemies = tuple(n for n, w in why.items() if w == ENEMY)
    if enemies:
        return Retreat(
            "surrounded",
            (),
            (facing,),
            behind,
            enemies,
            refused,
            "no hex to retreat into: surrounded, another assault",
        )
    return Retreat("nowhere", (), (facing,), behind, (), refused, edge.reason)


def retreat_of(
    rules: Ruleset,
    table: AssaultRules,
    battle_map: BattleMap,
    contest: Contest,
    c: Combatant,
    units: Iterable[UnitState],
    smoke: Iterable[Hex] = frozenset(),
) -> Retreat:
    """Where ``c`` retreats, ``units`` being every other unit where it will stand."""
    state = c.unit
    mover = mover_of(state)
    occupancy = occupancy_for(state, units)
    smoke = frozenset(smoke)
    if contest.held(c):
        found = retreat_after_assault(
            battle_map, rules, mover, state.hex, state.facing, occupancy, smoke
        )
        if found.kind == "stubborn" and not table.edge_stubborn:
            return _without_edge(
                battle_map, rules, mover, state.hex, state.facing, occupancy, smoke, found
            )
        return found
    return return_after_failed_entry(
        battle_map, rules, mover, state.hex, contest.hex, state.facing, occupancy, smoke
    )


def carry_out_retreat(
    state: UnitState, retreat: Retreat, to: Hex | None = None, facing: int | None = None
) -> UnitState:
    """``state`` after the retreat: into ``to`` (one of the options; default the only one)
    facing ``facing`` (kept, or turned left, right or about)."""
    if retreat.kind not in ("backwards", "stays", "closest"):
        raise AssaultError(f"{state.uid}: a {retreat.kind} retreat moves no unit")
    if to is None:
        if len(retreat.options) != 1:
            raise AssaultError(
                f"{state.uid}: choose the hex among " + ", ".join(map(hex_label, retreat.options))
            )
        to = retreat.options[0]
    if to not in retreat.options:
        raise AssaultError(
            f"{state.uid}: {hex_label(to)} is not a hex it may retreat into "
            f"({', '.join(map(hex_label, retreat.options))})"
        )
    facing = state.facing if facing is None else facing
    if facing not in retreat.facings:
        raise AssaultError(
            f"{state.uid}: facing {facing} is not one it may take "
            f"({', '.join(map(str, retreat.facings))})"
        )
    return state.with_(hex=to, facing=facing)
