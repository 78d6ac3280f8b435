"""Which actions of an order a unit may carry out, step by step, and what replaces the others.

Clause ``orders.speed-restrictions``: each speed of a unit card lists the movement and gunnery
codes it allows. Clause ``orders.speed``: A and B (``orders.accelerate``, ``orders.brake``)
move the speed one step along the card's speeds, listed slowest first, and A[X] / B[X]
(``orders.accelerate-special``, ``orders.brake-special``) set the speed X; beyond the
fastest or the slowest speed they are illegal. The new speed applies from the next step on
(ruling ``orders.speed-change``). Clause ``turn.sequence``: Gunnery 1 opens the turn, before
Movement 1, and Gunnery 2 follows Movement 3, so gunnery 1 is judged at the speed at the
start of the turn and gunnery 2 at the speed after movement 3 -- a unit braking from fast
to slow may not use slow-only gunnery orders in Gunnery 1 but may in Gunnery 2
(``orders.gunnery-codes``).

Clause ``orders.illegal``: an order not allowed in its step becomes what the edition's
orders.toml says: nothing (current) or the default (first draft; ``-`` if the default is not
allowed either). Clause ``conditions.shaken-orders``: a shaken unit carries out its speed's
default movement order and no gunnery (:func:`referee.rules.conditions.allowed_orders`).
Clause ``orders.follow``: Follow needs a unit with a special rule ordering this one to follow.
``-`` is always allowed: it is what every illegal order falls back to.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from referee.errors import RefereeError
from referee.rules.conditions import allowed_orders
from referee.rules.orders.edition import OrdersRules, orders_rules
from referee.rules.orders.model import NOTHING, Action, Order, OrderKind, Step
from referee.rules.orders.notation import parse_action
from referee.rules.state import UnitState
from referee.ruleset import Ruleset
from referee.units.model import Speed, UnitType

Outcome = Literal["kept", "nothing", "default", "shaken"]
"""What a step became: carried out as given; illegal actions doing nothing; replaced by the
default order; replaced because the unit is shaken."""


class UnknownSpeed(RefereeError):
    """A speed the unit's card does not have."""


class Problem(msgspec.Struct, frozen=True):
    """Why ``action`` is not allowed, and the clause that says so."""

    action: Action
    reason: str
    clause: str

    def to_json(self) -> dict[str, str]:
        return {"action": self.action.text(), "reason": self.reason, "clause": self.clause}


class StepCheck(msgspec.Struct, frozen=True):
    """One step of an order: what was given, what is carried out, and why."""

    kind: OrderKind
    number: int
    speed: str
    """The speed in force when the step is judged."""
    given: Step
    done: Step
    outcome: Outcome
    problems: tuple[Problem, ...]
    why: tuple[str, ...]
    clauses: tuple[str, ...]
    rulings: tuple[str, ...]
    speed_after: str

    @property
    def name(self) -> str:
        return f"{self.kind} {self.number}"

    @property
    def kept(self) -> bool:
        return self.outcome == "kept"

    def explain(self) -> str:
        given = ",".join(a.text() for a in self.given)
        done = ",".join(a.text() for a in self.done)
        head = f"{self.name} ({self.speed}): {given}"
        line = f"{head}: allowed" if self.kept else f"{head} -> {done}: {'; '.join(self.why)}"
        refs = [*self.clauses, *(f"ruling {r}" for r in self.rulings)]
        return f"{line} [{', '.join(refs)}]"

    def to_json(self) -> dict[str, object]:
        return {
            "step": self.number,
            "speed": self.speed,
            "given": [a.text() for a in self.given],
            "done": [a.text() for a in self.done],
            "outcome": self.outcome,
            "problems": [p.to_json() for p in self.problems],
            "why": list(self.why),
            "clauses": list(self.clauses),
            "rulings": list(self.rulings),
            "speed_after": self.speed_after,
        }


class OrderCheck(msgspec.Struct, frozen=True):
    """Every step of one order judged; ``done`` is the order as it is carried out."""

    given: Order
    steps: tuple[StepCheck, ...]
    speed_start: str
    speed_end: str
    notes: tuple[str, ...]
    rulings: tuple[str, ...]

    @property
    def kind(self) -> OrderKind:
        return self.given.kind

    @property
    def legal(self) -> bool:
        """Every step carried out as given."""
        return all(s.kept for s in self.steps)

    @property
    def done(self) -> Order:
        return Order(self.kind, tuple(s.done for s in self.steps))

    def to_json(self) -> dict[str, object]:
        return {
            "kind": self.kind,
            "text": self.given.text(),
            "done": self.done.text(),
            "legal": self.legal,
            "speed_start": self.speed_start,
            "speed_end": self.speed_end,
            "steps": [s.to_json() for s in self.steps],
            "notes": list(self.notes),
            "rulings": list(self.rulings),
        }


class TurnCheck(msgspec.Struct, frozen=True):
    """A unit's movement and gunnery orders for one turn, judged together."""

    movement: OrderCheck
    gunnery: OrderCheck


# --- speeds -------------------------------------------------------------------------------------


def unit_speed(unit: UnitType, name: str) -> Speed:
    """The speed ``name`` of ``unit`` (:class:`UnknownSpeed` naming the card's speeds)."""
    for speed in unit.speeds:
        if speed.name == name:
            return speed
    known = ", ".join(s.name for s in unit.speeds)
    raise UnknownSpeed(f"{unit.name} ({unit.id}) has no speed {name!r} (speeds: {known})")


def speed_after(unit: UnitType, speed: str, action: Action) -> str | None:
    """The speed after ``action`` (clause ``orders.speed``); ``None`` when A or B would go
    beyond the unit's speeds (A at its fastest, B at its slowest, X not one of them)."""
    if action.code not in ("A", "B"):
        return speed
    names = [s.name for s in unit.speeds]
    if action.arg is not None:
        return action.arg if action.arg in names else None
    i = names.index(speed) + (1 if action.code == "A" else -1)
    return names[i] if 0 <= i < len(names) else None


# --- one action ---------------------------------------------------------------------------------


class _Judge(msgspec.Struct, frozen=True):
    """What the actions of one order are judged against."""

    unit: UnitType
    kind: OrderKind
    orules: OrdersRules
    edition: str
    leader: bool

    def problem(self, speed: Speed, running: str, action: Action) -> Problem | None:
        """Why ``action`` is not allowed at ``speed`` (``running``: the speed reached so far
        in its step, for the range of A and B); ``None`` if it is allowed."""
        if action.is_nothing:
            return None
        if action.code not in self.orules.codes(self.kind):
            clause = "orders.movement-codes" if self.kind == "movement" else "orders.gunnery-codes"
            return Problem(action, f"{action.code} is not an order of the {self.edition}", clause)
        if action.code == "Follow":
            if not self.leader:
                return Problem(
                    action,
                    "Follow needs a unit with a special rule ordering this one to follow",
                    "orders.follow",
                )
            if self.orules.follow == "leader":
                return None
        allowed = speed.movement if self.kind == "movement" else speed.gunnery
        if action.text() not in allowed:
            return Problem(
                action,
                f"{action.text()} is not an order of {self.unit.name} at {speed.name} "
                f"(its orders: {' '.join(allowed) or 'none'})",
                "orders.speed-restrictions",
            )
        if self.kind == "movement" and speed_after(self.unit, running, action) is None:
            return self.beyond(running, action)
        return None

    def beyond(self, running: str, action: Action) -> Problem:
        if action.arg is not None:
            clause = "orders.accelerate-special" if action.code == "A" else "orders.brake-special"
            return Problem(
                action, f"{action.text()}: {self.unit.name} has no speed {action.arg!r}", clause
            )
        if action.code == "A":
            return Problem(
                action,
                f"A: {running} is the fastest speed of {self.unit.name}",
                "orders.accelerate",
            )
        return Problem(
            action, f"B: {running} is the slowest speed of {self.unit.name}", "orders.brake"
        )

    def default(self, speed: Speed) -> Action:
        code = speed.default_movement if self.kind == "movement" else self.orules.default_gunnery
        return parse_action(code, self.kind)


def _apply(unit: UnitType, speed: str, step: Step) -> str:
    for action in step:
        speed = speed_after(unit, speed, action) or speed
    return speed


# --- one step -----------------------------------------------------------------------------------


def _shaken_step(
    judge: _Judge, state: UnitState, rules: Ruleset, number: int, speed: str, given: Step
) -> StepCheck | None:
    """The step of a shaken unit (clause ``conditions.shaken-orders``), or ``None`` if the
    unit is not shaken or the edition lets it act normally."""
    if not state.is_shaken:  # a speed changes nothing of that (allowed_orders)
        return None
    allowed = allowed_orders(rules, state.with_(speed=speed))
    if not allowed.shaken:
        return None
    if judge.kind == "movement":
        code = allowed.movement_order(given[0].text())
        done: Step = (parse_action(code, "movement"),)
        why = f"shaken: the default movement order at {speed}, {code}"
        clauses: tuple[str, ...] = (allowed.clause, "orders.default")
    elif not allowed.gunnery:
        done, why, clauses = (NOTHING,), "shaken: no gunnery actions", (allowed.clause,)
    else:
        return None
    return StepCheck(
        judge.kind,
        number,
        speed,
        given,
        done,
        "shaken",
        (),
        (why,),
        clauses,
        (),
        _apply(judge.unit, speed, done),
    )


def _judge_step(
    judge: _Judge, number: int, speed: str, given: Step, forced: str | None
) -> StepCheck:
    """Step ``number`` at ``speed``; ``forced``: a reason making every action illegal."""
    orules = judge.orules
    rulings: list[str] = []
    problems: list[Problem] = []
    kept: list[Action] = []
    running = speed
    for action in given:
        at = running if orules.speed_change == "same-step" else speed
        found = (
            Problem(action, forced, "orders.speed-restrictions")
            if forced and not action.is_nothing
            else judge.problem(unit_speed(judge.unit, at), running, action)
        )
        if found:
            problems.append(found)
        else:
            kept.append(action)
            running = speed_after(judge.unit, running, action) or running
    if len(given) > 1 and any(a.code in ("A", "B") for a in given[:-1]):
        rulings.append(_ruling(orules, "speed_change"))
    if any(a.code == "Follow" for a in given) and judge.leader:
        rulings.append(_ruling(orules, "follow"))
    if forced:
        rulings.append(_ruling(orules, "speed_annotation"))
    if not problems:
        clause = "orders.movement" if judge.kind == "movement" else "orders.gunnery-codes"
        return StepCheck(
            judge.kind,
            number,
            speed,
            given,
            given,
            "kept",
            (),
            (),
            (clause,),
            _unique(rulings),
            running,
        )
    why = [p.reason for p in problems]
    clauses = [p.clause for p in problems]
    if len(given) > 1:
        rulings.append(_ruling(orules, "illegal_scope"))
    rulings.append(_ruling(orules, "illegal"))
    whole = orules.illegal_scope == "step" or not kept
    done, outcome, said = _replace(judge, speed, tuple(kept), whole)
    why.append(said)
    clauses.append("orders.illegal")
    if outcome == "default":
        clauses.append("orders.default")
    return StepCheck(
        judge.kind,
        number,
        speed,
        given,
        done,
        outcome,
        tuple(problems),
        tuple(why),
        _unique(clauses),
        _unique(rulings),
        _apply(judge.unit, speed, done),
    )


def _replace(judge: _Judge, speed: str, kept: Step, whole: bool) -> tuple[Step, Outcome, str]:
    """What the illegal part of a step becomes (clause ``orders.illegal``)."""
    base: Step = () if whole else kept
    if judge.orules.illegal == "nothing":
        what = "the step's order" if whole else "the illegal action"
        return base or (NOTHING,), "nothing", f"{what} does nothing (-)"
    default = judge.default(unit_speed(judge.unit, speed))
    if judge.problem(unit_speed(judge.unit, speed), speed, default) is None:
        if default.is_nothing or any(a.code == default.code for a in base):
            return base or (NOTHING,), "default", f"replaced by the default, {default.text()}"
        return (*base, default), "default", f"replaced by the default, {default.text()}"
    return (
        base or (NOTHING,),
        "nothing",
        f"the default, {default.text()}, is not allowed either: -",
    )


def _ruling(orules: OrdersRules, key: str) -> str:
    return orules.ruling(key) or ""


def _unique(items: list[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(i for i in items if i))


# --- one order ----------------------------------------------------------------------------------


def _mismatches(order: Order, number: int, speed: str, first: str) -> tuple[str | None, str | None]:
    """(order, step): why the order or step ``number`` was written for another speed than
    the unit's (clause ``orders.speed-restrictions``); ``None`` where it wasn't."""
    whole = None
    if number == 1 and order.speed and order.speed != first:
        whole = f"the order is written for {order.speed}; the unit is {first}"
    mark = order.step_speed(number)
    step = None
    if mark and mark != speed:
        step = f"the step is written for {mark}; the unit is {speed}"
    return whole, step


def _check(
    state: UnitState,
    order: Order,
    rules: Ruleset,
    speeds: list[str] | None,
    leader: bool,
    first: int | None = None,
) -> OrderCheck:
    """Judge ``order`` step by step; ``speeds``: the fixed speed of each (gunnery), else
    the speed carried from step to step (movement); ``first``: only so many steps (a step
    is judged from the ones before it, never from those after)."""
    orules = orders_rules(rules)
    judge = _Judge(state.unit, order.kind, orules, rules.name, leader)
    start = unit_speed(state.unit, state.speed).name
    notes: list[str] = []
    whole: str | None = None
    speed = start
    checks: list[StepCheck] = []
    for number, given in enumerate(order.steps, 1):
        if speeds is not None:
            speed = unit_speed(state.unit, speeds[number - 1]).name
        of_order, of_step = _mismatches(order, number, speed, start)
        whole = whole or of_order
        notes.extend(f"{order.kind} {number}: {m}" for m in (of_order, of_step) if m)
        forced = (whole or of_step) if orules.speed_annotation == "illegal" else None
        check = _shaken_step(judge, state, rules, number, speed, given) or _judge_step(
            judge, number, speed, given, forced
        )
        checks.append(check)
        if speeds is None:
            speed = check.speed_after
        if number == first:
            break
    rulings = _unique([r for c in checks for r in c.rulings])
    if notes:
        rulings = _unique([*rulings, _ruling(orules, "speed_annotation")])
    end = speed if speeds is None else speeds[-1]
    return OrderCheck(order, tuple(checks), start, end, tuple(notes), rulings)


def check_movement(
    state: UnitState, order: Order, rules: Ruleset, *, leader: bool = False
) -> OrderCheck:
    """Movement 1-3 of ``order`` for ``state`` (its unit, speed and shaken tokens); ``leader``:
    a unit with the special rule orders this one to follow (clause ``orders.follow``)."""
    if order.kind != "movement":
        raise ValueError(f"check_movement needs a movement order, not {order.kind}: {order}")
    return _check(state, order, rules, None, leader)


def check_movement_step(
    state: UnitState, given: Step, rules: Ruleset, *, leader: bool = False
) -> StepCheck:
    """The movement step ``given`` alone, judged as the first step of an order (what a
    match's movement step carries out of the step of the order on the table): what
    :func:`check_movement` says of step 1 of ``given + - + -``."""
    order = Order("movement", (given, (NOTHING,), (NOTHING,)))
    return _check(state, order, rules, None, leader, first=1).steps[0]


def check_gunnery(
    state: UnitState, order: Order, rules: Ruleset, *, end_speed: str | None = None
) -> OrderCheck:
    """Gunnery 1 at ``state.speed`` and gunnery 2 at ``end_speed``, the speed after movement 3
    (default: no change of speed) (clauses ``orders.gunnery-codes``, ``turn.sequence``)."""
    if order.kind != "gunnery":
        raise ValueError(f"check_gunnery needs a gunnery order, not {order.kind}: {order}")
    second = end_speed or state.speed
    return _check(state, order, rules, [state.speed, second], False)


def check_turn(
    state: UnitState, movement: Order, gunnery: Order, rules: Ruleset, *, leader: bool = False
) -> TurnCheck:
    """A turn's orders: gunnery 2 is judged at the speed the movement actually reaches."""
    moved = check_movement(state, movement, rules, leader=leader)
    return TurnCheck(moved, check_gunnery(state, gunnery, rules, end_speed=moved.speed_end))
