"""What each unit ends the simultaneous part with: the units that moved, stayed put or wait
for an assault, and their new states (clauses ``turn.simultaneous``,
``move.stacking.overcrowding``, ``conditions.shaken``)."""

from __future__ import annotations

from collections.abc import Mapping

import msgspec

from referee.board.hexgrid import hex_label
from referee.rules.conditions import shake, shaken_rule
from referee.rules.movement_step.board_view import layer_of
from referee.rules.movement_step.crowding import Crowded
from referee.rules.movement_step.entry import Attempt, Prepared
from referee.rules.movement_step.result import Move, Stay, StepEvent
from referee.rules.state import UnitState
from referee.ruleset import Ruleset


class Outcome(msgspec.Struct, frozen=True):
    """The changed states, the moves, the stays and the events of the simultaneous part."""

    states: dict[str, UnitState]
    moves: tuple[Move, ...]
    stays: tuple[Stay, ...]
    events: tuple[StepEvent, ...]


def _vacated(
    uid: str, attempt: Attempt, states: Mapping[str, UnitState], attempts: Mapping[str, Attempt]
) -> bool:
    """Whether a unit of the mover's side and layer left the hex it entered (ruling
    ``move.vacated-hex``)."""
    me = states[uid]
    return any(
        a.frm == attempt.to and states[u].side == me.side and layer_of(states[u]) == layer_of(me)
        for u, a in attempts.items()
        if u != uid
    )


def _crowded(
    rules: Ruleset, state: UnitState, attempt: Attempt, c: Crowded, events: list[StepEvent]
) -> tuple[UnitState, Stay]:
    """An entry that overcrowds a hex: the unit stays put, shaken or not."""
    clauses: tuple[str, ...] = ("move.stacking", "move.stacking.overcrowding")
    if c.shaken:
        state = shake(shaken_rule(rules), state)
        clauses += ("conditions.shaken",)
    events.append(
        StepEvent(state.uid, f"stays in {hex_label(state.hex)}: {c.reason}", clauses, c.rulings)
    )
    stay = Stay(
        state.uid,
        state.hex,
        attempt.to,
        c.reason,
        "move.stacking.overcrowding",
        c.rulings[0] if c.rulings else None,
    )
    return state, stay


def settle(
    rules: Ruleset,
    units: Mapping[str, UnitState],
    prepared: Mapping[str, Prepared],
    crowded: Mapping[str, Crowded],
    members: frozenset[str],
) -> Outcome:
    """Each prepared unit's end of the step: a unit in ``crowded`` stays put, a member of a
    contest stays for the assault (its tokens spent on the try), any other entry happens."""
    states = {uid: p.state for uid, p in prepared.items()}
    attempts = {uid: p.attempt for uid, p in prepared.items() if p.attempt is not None}
    after: dict[str, UnitState] = {}
    moves: list[Move] = []
    stays: list[Stay] = []
    events: list[StepEvent] = []
    for uid, p in prepared.items():
        state, attempt = p.state, p.attempt
        if p.stay is not None:
            stays.append(p.stay)
        if attempt is not None and uid in crowded:
            state, stay = _crowded(rules, state, attempt, crowded[uid], events)
            stays.append(stay)
        elif attempt is not None and uid in members:
            state = state.with_(tokens=0, token_hex=None)
        elif attempt is not None:
            vacated = _vacated(uid, attempt, states, attempts)
            state = state.with_(
                hex=attempt.to, facing=attempt.facing_after, tokens=0, token_hex=None
            )
            moves.append(Move(uid, attempt.frm, attempt.to, attempt.facing_after))
            events.append(
                StepEvent(
                    uid,
                    f"moves {hex_label(attempt.frm)} -> {hex_label(attempt.to)}",
                    ("turn.simultaneous",),
                    ("move.vacated-hex",) if vacated else (),
                )
            )
        if state != units[uid]:
            after[uid] = state
    return Outcome(after, tuple(moves), tuple(stays), tuple(events))
