"""What the referee must do now at the step a match is at: the engine's agenda of the step
(:meth:`referee.rules.orders.state.MatchState.step_agenda`: the units and hexes it concerns, dice,
choices), with whether the step has nothing to do (``idle``) as Next step decides it
(:func:`referee.rules.orders.advance.step_work`), so that the agenda's "nothing to do" and Next step
always agree; at a gunnery step, the units ordered to fire that the clock waits for and those
that cannot fire, with why (:mod:`referee.rules.orders.fire_orders`); while the scenario's
setup is not finished, what it still needs (``blocked``: Next step waits for it)."""

from __future__ import annotations

from msgspec.structs import replace

from referee.rules.orders.advance import step_work
from referee.rules.orders.state import MatchState
from referee.rules.turn.agenda import Agenda


def match_agenda(state: MatchState) -> Agenda:
    """The agenda of the step ``state`` is at (see the module docstring)."""
    found: Agenda = state.step_agenda()
    found = replace(found, idle=step_work(state, found) is None)
    if state.setup is not None and not state.setup.done:  # clause setup.blind, setup.order
        from referee.rules.orders.setup_commands import setup_unfinished  # (only then)

        found = replace(found, blocked=setup_unfinished(state))
    if found.step.kind != "gunnery" or not found.units:
        return found
    from referee.rules.orders.fire_orders import fire_orders, keeps_fire_orders

    if not keeps_fire_orders(state):  # a file of format 3 or older records no fired
        return found
    orders = fire_orders(state)
    return replace(
        found,
        fire_pending=tuple(o.uid for o in orders if o.may_fire),
        fire_unable=tuple((o.uid, o.why) for o in orders if not o.may_fire),
    )
