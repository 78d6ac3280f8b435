"""Moving the clock on: to the next step, to a named step, or past every step with nothing
to do; the orders step holds the clock while units lack orders (clause ``turn.sequence``).

:func:`step_work` says what there is to do at the step the match is at (``None``: nothing;
the step can be passed through without a dialog or a journal step of its own).
:func:`plan_advance` decides where an ``advance`` command takes the match: with
``skip="idle"`` it moves on past every following step with nothing to do, so a run of empty
steps is one journal entry (:func:`AdvancePlan.name`: "Movement 1: nothing to do in 4
steps"). It never leaves an orders step while a unit on the table lacks orders for this turn
or the next (clause ``orders.giving``): :class:`OrdersMissingError` names them, unless the
referee confirms (``missing="confirm"``) that the edition's rule for a missing order applies
to each (clause ``orders.missing``), which the plan then writes into the orders. Nor does it
leave a gunnery step while a unit ordered to fire, with something it may fire at, has not
fired (ruling ``turn.unfired-fire-order``, reading ``ask``;
:mod:`referee.rules.orders.fire_orders`): :class:`FirePendingError` names them, unless the referee
passes them (``unfired="pass"``), and the step's text names each one as holding its fire, passed by
the referee (clause ``fire.decline``); a unit ordered to fire with nothing it may fire at is named
with why.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import msgspec

from referee.errors import RefereeError
from referee.rules.changes import Changes
from referee.rules.orders.state import MatchState
from referee.rules.turn.clock import TurnPosition
from referee.rules.turn.sequence import TurnStep

if TYPE_CHECKING:  # the fire orders' rules are read only where a gunnery step waits for them
    from referee.rules.orders.fire_orders import FireOrder
    from referee.rules.orders.missing import Missing

UNFIRED_RULING = "turn.unfired-fire-order"


class ClockHeldError(RefereeError):
    """The clock cannot leave a step: units the step waits for (``uids``); the command line
    exits with status 1 naming them."""

    def __init__(self, message: str, uids: Sequence[str]) -> None:
        super().__init__(message)
        self.uids = tuple(uids)
        self.unit = self.uids[0] if self.uids else None


class OrdersMissingError(ClockHeldError):
    """The clock cannot leave the orders step: units on the table lack orders (``uids``)."""


class FirePendingError(ClockHeldError):
    """The clock cannot leave a gunnery step: units ordered to fire, with something they may
    fire at, have not fired (``uids``)."""


class AdvanceError(RefereeError):
    """An ``advance`` the turn sequence cannot carry out (a step it does not have)."""


def step_work(state: MatchState, agenda: Any = None) -> str | None:
    """What the referee has to do at the step ``state`` is at, in words; ``None`` when the
    step has nothing in it (no unit acts, nothing waits, no hex changes). ``agenda``: the
    step's :meth:`MatchState.step_agenda`, if worked out already. At a hex-effects step the
    units are the agenda's (:func:`hex_effect_units`): those the step's ``hex_scope``
    concerns (clause ``hex.trigger``)."""
    position = TurnPosition.at(state.rules, state.turn, state.step)
    step = position.step
    if step.kind == "orders":
        missing = state.orders_missing()
        return "; ".join(m.text() for m in missing) or None
    if step.kind == "movement":
        # the orders' legality checks come with the first movement step
        from referee.rules.orders.movement_orders import step_actions

        actions, _ = step_actions(state, step.number or 1)
        moving = [uid for uid, acts in actions.items() if any(not a.is_nothing for a in acts)]
        return f"{', '.join(moving)} carry out their movement orders" if moving else None
    if step.kind == "assault":
        return f"{len(state.contests)} assault(s) to fight" if state.contests else None
    if step.kind == "apply-damage":
        return f"{len(state.pending)} damage roll(s) to apply" if state.pending else None
    if agenda is None:
        agenda = state.step_agenda()
    said = [i.text() for i in agenda.units]
    if agenda.hexes:
        said.append(f"hexes {', '.join(str(h) for h in agenda.hexes)}")
    return "; ".join(said) or None


_OWN_WORK = frozenset({"orders", "movement", "assault", "apply-damage"})
"""The kinds of step whose work :func:`step_work` tells without the agenda."""


def step_is_idle(state: MatchState, step: TurnStep | None = None) -> bool:
    """``step_work(state) is None``: the step has nothing in it. Where step_work reads the
    agenda, the step is idle when the agenda concerns no unit and no hex, so only that part
    of it is worked out (:meth:`MatchState.step_involved`): ``advance skip=idle`` asks at
    every step it passes, giving the ``step`` of the turn the state is at (found from the
    state when not given)."""
    if step is None:
        step = TurnPosition.at(state.rules, state.turn, state.step).step
    if step.kind in _OWN_WORK:
        return step_work(state) is None
    found = state.step_involved(step)
    return not found.units and not found.hexes


def hex_effect_units(state: MatchState) -> tuple[str, ...]:
    """The units that meet the markers of their hex at the hex-effects step the match is
    at: the agenda's, by the step's ``hex_scope`` (a gunnery step's: only hexes fired into;
    a movement step's: by ruling ``turn.hex-effects-standing``), the ones the turn's
    ``hex-effects`` step is run on (clause ``hex.trigger``)."""
    return tuple(state.step_agenda().uids)


class AdvancePlan(msgspec.Struct, frozen=True):
    """Where an ``advance`` takes the match, and what it writes on the way."""

    start: TurnPosition
    target: TurnPosition
    passed: tuple[TurnPosition, ...] = ()
    """The steps after the start passed through with nothing to do (``skip="idle"``)."""
    confirmed: tuple[Missing, ...] = ()
    """Units without orders whose missing order the referee confirmed."""
    orders: Mapping[str, Mapping[str, Mapping[str, str]]] = msgspec.field(default_factory=dict)
    """The orders records the rule for a missing order writes (uid -> turn -> record)."""
    held: tuple[tuple[TurnPosition, str], ...] = ()
    """Units ordered to fire, with something they may fire at, that the referee passed
    (``unfired="pass"``): they held their fire, by gunnery step."""
    unable: tuple[tuple[TurnPosition, FireOrder], ...] = ()
    """Units ordered to fire that had nothing they may fire at, with why, by gunnery step."""

    @property
    def tells(self) -> bool:
        """Whether the advance says more than where the clock went (a missing order
        confirmed, steps passed, a fire held or impossible)."""
        return bool(self.confirmed or self.passed or self.held or self.unable)

    def changes(self) -> Changes:
        return Changes(
            turn=self.target.turn,
            step=self.target.step_id,
            # hex effects trigger once per unit per hex per turn
            triggered=() if self.target.turn != self.start.turn else None,
            orders={uid: dict(by_turn) for uid, by_turn in self.orders.items()}
            if self.orders
            else None,
        )

    def groups(self) -> dict[str, int]:
        """The groups of the steps passed ("Movement 1", "Agony 2"), each with how many of
        its steps were passed, in turn order."""
        counts: dict[str, int] = {}
        for p in self.passed:
            name = p.step.label.split(":", 1)[0]
            counts[name] = counts.get(name, 0) + 1
        return counts

    def name(self) -> str:
        """The journal step's name: the run of empty steps it passes, or the step it goes to
        (the units that held their fire are named in its text)."""
        if not self.passed:
            return f"Next step: {self.target.text()}"
        n = len(self.passed)
        groups = list(self.groups())
        where = groups[0] if len(groups) == 1 else f"{groups[0]} to {groups[-1]}"
        return f"{where}: nothing to do in {n} step{'s' if n > 1 else ''}"

    def text(self, rule_text: str = "") -> str:
        lines = []
        for m in self.confirmed:
            lines.append(f"{m.uid}: {m.why()}; confirmed by the referee: {m.uid} {rule_text}")
        for position, uid in self.held:
            lines.append(
                f"{uid} held its fire in {_group(position)}: ordered to fire, it did not; "
                "passed by the referee (clause fire.decline)"
            )
        for position, order in self.unable:
            lines.append(f"{_group(position)}: {order.why}")
        if self.passed:
            n = len(self.passed)
            runs = ", ".join(f"{g} ({k})" if k > 1 else g for g, k in self.groups().items())
            lines.append(f"nothing to do in {n} step{'s' if n > 1 else ''}: {runs}")
        lines.append(f"turn {self.target.turn}: {self.target.step.label}")
        return "\n".join(lines)


def _group(position: TurnPosition) -> str:
    """A step's group in words ("Gunnery 1")."""
    return position.step.label.split(":", 1)[0]


def _pending_text(position: TurnPosition, uids: Sequence[str]) -> str:
    return (
        f"turn {position.turn}, {_group(position)}: {', '.join(uids)} "
        f"{'is' if len(uids) == 1 else 'are'} ordered to fire, with something to fire at, "
        f"and {'has' if len(uids) == 1 else 'have'} not fired. Fire "
        "(fire shooter=... target=...), or pass "
        f"{'it' if len(uids) == 1 else 'them'} (advance unfired=pass: "
        f"{'it holds its' if len(uids) == 1 else 'each holds its'} fire, clause fire.decline; "
        "ruling turn.unfired-fire-order)"
    )


def _missing_text(position: TurnPosition, missing: Sequence[Missing], rule_text: str) -> str:
    return (
        f"turn {position.turn}, {position.step.label.split(':', 1)[0]}: orders missing for "
        f"{'; '.join(m.text() for m in missing)}. Write them (orders uid=... turn=...), or "
        f"confirm that the rule for a missing order applies (advance missing=confirm: the "
        f"unit {rule_text}; clause orders.missing)"
    )


def plan_advance(
    state: MatchState,
    *,
    to: str | None = None,
    skip: str | None = None,
    confirm: bool = False,
    unfired: str | None = None,
) -> AdvancePlan:
    """Where ``advance`` takes ``state`` (see the module docstring): one step on; with
    ``to``, on to that step (the next time the turn reaches it); with ``skip="idle"``, on past
    every step with nothing to do. Leaving an orders step with units lacking orders raises
    :class:`OrdersMissingError` unless ``confirm``; leaving a gunnery step with units ordered
    to fire that have not raises :class:`FirePendingError` unless ``unfired="pass"``."""
    if skip not in (None, "idle"):
        raise AdvanceError(f"advance: skip={skip!r}: the only value is 'idle'")
    if unfired not in (None, "pass"):
        raise AdvanceError(f"advance: unfired={unfired!r}: the only value is 'pass'")
    keeps = state.rules.reading(UNFIRED_RULING).value is True
    from referee.rules.orders.missing import missing_orders, missing_rule

    held: list[tuple[TurnPosition, str]] = []
    unable: list[tuple[TurnPosition, FireOrder]] = []
    rule = missing_rule(state.rules)
    start = TurnPosition.at(state.rules, state.turn, state.step)
    if to is not None and (not isinstance(to, str) or to not in {s.id for s in start.steps}):
        raise AdvanceError(
            f"advance: no step {to!r} in the turn (steps: {', '.join(s.id for s in start.steps)})"
        )
    written: dict[str, dict[str, Mapping[str, str]]] = {
        uid: dict(by_turn) for uid, by_turn in state.orders.items()
    }
    added: dict[str, dict[str, Mapping[str, str]]] = {}
    confirmed: list[Missing] = []
    passed: list[TurnPosition] = []

    def at(position: TurnPosition) -> MatchState:
        moved = state.moved_to(position.turn, position.step_id)
        return moved.apply(Changes(orders=added)) if added else moved

    def leave(position: TurnPosition) -> None:
        if position.step.kind == "gunnery" and keeps:
            from referee.rules.orders.fire_orders import fire_orders

            here = (position.turn, position.step_id) == (state.turn, state.step)
            orders = fire_orders(state if here else at(position))
            pending = [o.uid for o in orders if o.may_fire]
            if pending and unfired != "pass":
                raise FirePendingError(_pending_text(position, pending), pending)
            held.extend((position, uid) for uid in pending)
            unable.extend((position, o) for o in orders if not o.may_fire)
        if position.step.kind != "orders":
            return
        missing = missing_orders(list(state.units.values()), written, position.turn)
        if not missing:
            return
        if not confirm:
            raise OrdersMissingError(
                _missing_text(position, missing, rule.text()), [m.uid for m in missing]
            )
        for m in missing:
            for turn in m.turns:
                record = rule.record()
                written.setdefault(m.uid, {})[str(turn)] = record
                added.setdefault(m.uid, {})[str(turn)] = record
            confirmed.append(m)

    leave(start)
    position = start.next()
    limit = 2 * len(start.steps)
    if to is not None:
        for _ in range(limit):
            if position.step_id == to:
                break
            leave(position)
            position = position.next()
    elif skip == "idle":
        for _ in range(len(start.steps) - 1):  # at most once round the turn
            if not step_is_idle(at(position), position.step):
                break
            passed.append(position)
            leave(position)
            position = position.next()
    return AdvancePlan(
        start, position, tuple(passed), tuple(confirmed), added, tuple(held), tuple(unable)
    )
