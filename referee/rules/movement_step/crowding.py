"""Friendly overcrowding: units of one side entering a hex together beyond the stacking limit
all stay put and are shaken (clauses ``move.stacking``, ``move.stacking.overcrowding``).

Flying units count apart from the units on the ground: only the entrants of the layer that
overflows stay put. A hex fought over is not checked here: after an assault the winners
are shaken if too many enter (clause ``assault.overcrowding``). Who counts as staying in
a hex that units leave in the same step is ruling ``move.vacated-hex``.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

import msgspec

from referee.board.hexgrid import Hex, hex_label
from referee.board.stacking import simultaneous_entry
from referee.rules.movement_step.board_view import layer_of
from referee.rules.movement_step.contest import Layer
from referee.rules.movement_step.entry import Attempt
from referee.rules.movement_step.readings import Readings
from referee.rules.state import UnitState


class Crowded(msgspec.Struct, frozen=True):
    """A unit whose entry overcrowds a hex: it stays put, shaken or not."""

    uid: str
    hex: Hex
    shaken: bool
    reason: str
    rulings: tuple[str, ...]


def _pair(state: UnitState) -> tuple[str, bool]:
    return state.unit.size, state.flying


def overcrowded(
    rd: Readings,
    start: Mapping[str, UnitState],
    movers: Mapping[str, Attempt],
    skip: Collection[str],
    arenas: Collection[tuple[Hex, Layer]],
    failed: Collection[str],
) -> dict[str, Crowded]:
    """The entrants of ``movers`` (but those in ``skip``: in an assault) that overcrowd a hex
    outside ``arenas``. ``failed`` are the units whose own entry failed in the simultaneous
    part; every unit not in ``movers`` stays where it is."""
    groups: dict[tuple[Hex, Layer, int], list[str]] = {}
    for uid, a in movers.items():
        if uid not in skip:
            s = start[uid]
            groups.setdefault((a.to, layer_of(s), s.side), []).append(uid)
    out: dict[str, Crowded] = {}
    for (h, layer, side), entrants in groups.items():
        if (h, layer) in arenas:
            continue
        there = [
            uid
            for uid, s in start.items()
            if s.hex == h and s.side == side and layer_of(s) == layer
        ]
        if rd.vacated_hex == "start-of-step":
            staying = there
        else:
            staying = [uid for uid in there if uid not in movers]
        crowd = simultaneous_entry(
            [_pair(start[u]) for u in staying], [_pair(start[u]) for u in entrants]
        )
        if not crowd.overcrowded:
            continue
        rulings: tuple[str, ...] = ()
        shaken = True
        if any(u in movers or u in failed for u in staying):
            rulings = ("move.vacated-hex",)
        if rd.vacated_hex == "if-leaves-no-shake":
            before = [u for u in staying if u not in failed]
            alone = simultaneous_entry(
                [_pair(start[u]) for u in before], [_pair(start[u]) for u in entrants]
            )
            shaken = alone.overcrowded
        reason = f"{hex_label(h)}: {crowd.reason}"
        if not shaken:
            reason = (
                f"{hex_label(h)}: a unit failed to leave it, and the hex would be over the "
                "stacking limit: the units trying to enter stay put, not shaken"
            )
        for uid in entrants:
            out[uid] = Crowded(uid, h, shaken, reason, rulings)
    return out
