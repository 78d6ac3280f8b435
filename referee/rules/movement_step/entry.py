"""One unit's try to enter a hex, before the other units are looked at: the swamp stuck roll
and the difficult-terrain tokens.

Clauses ``terrain.swamp`` (tracked or wheeled units stuck on a low d6, rulings
``move.swamp-stuck`` and ``move.stuck-actions``) and ``move.difficult-terrain`` (a hex
costing 2 needs a token already in place; any movement not trying to enter that hex loses the
tokens; ruling ``move.token-pause`` for a step without movement).
"""

from __future__ import annotations

import msgspec

from referee.board.hexgrid import Hex, hex_label
from referee.board.maps import BattleMap
from referee.board.movement import attempt_enter, is_stuck, step_cost, stuck_roll_due
from referee.dice.service import Dice
from referee.rules.movement_step.board_view import mover_of
from referee.rules.movement_step.intent import MOVE_CLAUSES, Intent
from referee.rules.movement_step.readings import Readings
from referee.rules.movement_step.result import Stay, StepEvent
from referee.rules.state import UnitState
from referee.ruleset import Ruleset

TOKENS = "move.difficult-terrain"


class Attempt(msgspec.Struct, frozen=True):
    """A unit that goes on to the simultaneous part, trying to enter ``to``."""

    uid: str
    frm: Hex
    to: Hex
    reversing: bool
    move_facing: int
    facing_after: int


class Prepared(msgspec.Struct, frozen=True):
    """A unit after its own part of the step: ``state`` is how it stands if it does not
    enter another hex; ``attempt`` the hex it still tries to enter, or ``stay`` why not."""

    state: UnitState
    attempt: Attempt | None
    stay: Stay | None
    events: tuple[StepEvent, ...]


def _lose_tokens(
    state: UnitState, why: str, events: list[StepEvent], rulings: tuple[str, ...] = ()
) -> UnitState:
    if state.tokens:
        events.append(
            StepEvent(
                state.uid,
                f"loses {state.tokens} difficult-terrain token(s): {why}",
                (TOKENS,),
                rulings,
            )
        )
    return state.with_(tokens=0, token_hex=None)


def _stuck(
    battle_map: BattleMap,
    rules: Ruleset,
    state: UnitState,
    intent: Intent,
    dice: Dice,
    events: list[StepEvent],
) -> bool:
    """Roll for getting stuck if the step calls for it (clause ``terrain.swamp``)."""
    if not intent.moves_or_turns:
        return False
    mover = mover_of(state)
    target = intent.target if intent.target in battle_map else None
    terrain = stuck_roll_due(battle_map, rules, mover, state.hex, target)
    if terrain is None:
        return False
    roll = dice.roll(
        6, f"{state.uid}: stuck in {terrain.name.lower()} on {terrain.stuck_on} or less"
    )
    stuck = is_stuck(terrain, mover, roll)
    outcome = "stuck this movement step" if stuck else "not stuck"
    rulings = ("move.swamp-stuck", "move.stuck-actions") if stuck else ("move.swamp-stuck",)
    events.append(
        StepEvent(
            state.uid,
            f"{terrain.name}: rolls {roll} (stuck on {terrain.stuck_on} or less): {outcome}",
            ("terrain.swamp",),
            rulings,
        )
    )
    return stuck


def prepare(
    battle_map: BattleMap,
    rules: Ruleset,
    rd: Readings,
    state: UnitState,
    intent: Intent,
    dice: Dice,
    smoke: frozenset[Hex],
) -> Prepared:
    """Carry out ``intent`` as far as the unit alone decides it (see the module docstring)."""
    events: list[StepEvent] = []
    target = intent.target
    if _stuck(battle_map, rules, state, intent, dice, events):
        stuck = Stay(
            state.uid,
            state.hex,
            target,
            "stuck in the swamp this movement step",
            "terrain.swamp",
            "move.stuck-actions",
        )
        if rd.stuck_actions == "nothing":
            events.append(
                StepEvent(
                    state.uid,
                    "carries out nothing of this step",
                    ("terrain.swamp",),
                    ("move.stuck-actions",),
                )
            )
            return Prepared(state, None, stuck, tuple(events))
        after = state.with_(facing=intent.facing_if_stays, speed=intent.speed)
        if intent.turned:
            after = _lose_tokens(after, "it turned", events)
        return Prepared(after, None, stuck if target is not None else None, tuple(events))
    after = state.with_(facing=intent.facing_if_stays, speed=intent.speed)
    turn_first = rd.step_order == "turn-first"
    if target is None:
        if intent.turned:
            after = _lose_tokens(after, "it turned", events)
        elif rd.token_pause == "lose":
            after = _lose_tokens(
                after, "a step not spent trying to enter the hex", events, ("move.token-pause",)
            )
        stay: Stay | None = None
        if intent.code is not None:
            stay = Stay(
                state.uid,
                state.hex,
                None,
                f"{intent.code}: no hex to go to",
                MOVE_CLAUSES[intent.code],
            )
        return Prepared(after, None, stay, tuple(events))
    clause = MOVE_CLAUSES[intent.code or "F"]
    if state.tokens and state.token_hex != target:
        after = _lose_tokens(
            after, f"it tries {hex_label(target)}, not the hex they are for", events
        )
    elif intent.turned and turn_first:
        after = _lose_tokens(after, "it turned before trying the hex again", events)
    if target not in battle_map:
        why = f"{hex_label(target)} is off the map: the order does nothing"
        events.append(StepEvent(state.uid, why, (clause,)))
        return Prepared(after, None, Stay(state.uid, state.hex, target, why, clause), tuple(events))
    cost = step_cost(battle_map, rules, mover_of(state), state.hex, target, smoke)
    if cost is None:
        terrain = battle_map.terrain[target]
        why = f"{hex_label(target)} ({terrain}) may not be entered by it: the order does nothing"
        events.append(StepEvent(state.uid, why, (clause, "terrain.table")))
        return Prepared(after, None, Stay(state.uid, state.hex, target, why, clause), tuple(events))
    tried = attempt_enter(after.tokens, cost)
    if not tried.entered:
        after = after.with_(tokens=tried.tokens, token_hex=target)
        events.append(StepEvent(state.uid, f"{hex_label(target)}: {tried.reason}", (TOKENS,)))
        if intent.turned and not turn_first:
            after = _lose_tokens(after, "it turned after trying the hex", events)
        return Prepared(
            after, None, Stay(state.uid, state.hex, target, tried.reason, TOKENS), tuple(events)
        )
    if cost > 1:
        events.append(StepEvent(state.uid, f"{hex_label(target)}: {tried.reason}", (TOKENS,)))
    attempt = Attempt(
        state.uid, state.hex, target, intent.reversing, intent.move_facing, intent.facing_if_moves
    )
    return Prepared(after, attempt, None, tuple(events))
