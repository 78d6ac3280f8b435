"""A unit's written orders as the engine will carry them out: judged from the speed the unit
starts the turn at, an illegal action becomes nothing or the default order (clauses
``orders.speed``, ``orders.illegal``), so that what the table reads is what the movement and
gunnery steps will do, not what was typed."""

from __future__ import annotations

from referee.rules.orders.legality import TurnCheck, check_movement, check_turn
from referee.rules.orders.missing import MISSING_KEY
from referee.rules.orders.model import NOTHING, Order
from referee.rules.orders.notation import parse_order
from referee.rules.orders.state import MatchState
from referee.rules.turn.clock import TurnPosition

__all__ = ["as_carried_out", "movement_steps_done", "start_speed"]


def movement_steps_done(state: MatchState) -> int:
    """How many movement steps of this turn are behind the match (a step it is at is not)."""
    position = TurnPosition.at(state.rules, state.turn, state.step)
    return sum(
        1 for s in position.steps[: position.index] if s.kind == "movement" and s.id == s.group
    )


def _carried_steps(state: MatchState, uid: str) -> tuple[Order, Order, str] | None:
    """This turn's movement order of ``uid`` as written, as carried out (the steps behind
    the match as written), and the speed it ends at; None without one."""
    unit = state.unit(uid)
    text = state.orders.get(uid, {}).get(str(state.turn), {}).get("movement")
    if not text:
        return None
    order = parse_order(text, "movement")
    done = movement_steps_done(state)
    if done >= len(order.steps):
        return order, order, unit.speed
    rest = Order(
        "movement", tuple((NOTHING,) if i < done else s for i, s in enumerate(order.steps))
    )
    check = check_movement(unit, rest, state.rules)
    carried = Order(
        "movement", tuple(s if i < done else check.done.steps[i] for i, s in enumerate(order.steps))
    )
    return order, carried, check.speed_end


def start_speed(state: MatchState, uid: str, turn: int) -> tuple[str, str]:
    """The speed ``uid`` starts ``turn`` at, and how it is known: its speed now for this
    turn; for the next, the speed the rest of this turn's movement order, as carried out,
    leaves it at (clauses ``orders.speed``, ``orders.illegal``)."""
    unit = state.unit(uid)
    if turn <= state.turn:
        return unit.speed, ""
    found = _carried_steps(state, uid)
    if found is None:
        return unit.speed, " (no movement order this turn)"
    order, carried, end = found
    if carried.text() == order.text():
        return end, f" (after this turn's {order.text()})"
    return end, f" (after this turn's {order.text()}, carried out as {carried.text()})"


def as_carried_out(state: MatchState, uid: str, turn: int) -> TurnCheck | None:
    """The orders written for ``uid`` and ``turn``, judged from the speed it starts the turn
    at (:func:`start_speed`; clause ``orders.illegal``); None without orders, for the
    missing-order rule's record, or once this turn's movement has begun (each step is then
    judged as it comes, and its movement event says what it became)."""
    record = state.orders.get(uid, {}).get(str(turn), {})
    if not record or record.get(MISSING_KEY) or "movement" not in record:
        return None
    if turn < state.turn or (turn == state.turn and movement_steps_done(state)):
        return None
    speed, _ = start_speed(state, uid, turn)
    unit = state.unit(uid).with_(speed=speed)
    movement = parse_order(str(record["movement"]), "movement")
    gunnery = parse_order(str(record.get("gunnery", "- + -")), "gunnery")
    return check_turn(unit, movement, gunnery, state.rules)
