"""Poison[N] (clause ``agony.poison``): a dN of poison damage per instance.

"Only biological units affected. All other types ignore poison": a unit the ``units`` of
the table do not name rolls nothing, and its poison instances are taken off. Otherwise a
dN per instance, ignoring armor and regular resistances, with previous-damage tokens and
poison resistance, on the regular table. "If poison DID not kill a model of the unit,
downgrade poison by one step (12 -> 10 -> 8 -> 6 -> 4 -> NONE). However if it did, remove
that instance of poison from unit."
"""

from __future__ import annotations

from referee.dice.service import Dice
from referee.rules.agony.continuous import OWN_TOKENS, Seen, run_instances
from referee.rules.agony.events import EffectEvent, UnitOutcome
from referee.rules.agony.specs import ContinuousDamage, InstanceOrder
from referee.rules.state import UnitState


def run_poison(
    spec: ContinuousDamage,
    state: UnitState,
    dice: Dice,
    seen: Seen = OWN_TOKENS,
    order: InstanceOrder = "oldest-first",
    order_ruling: str | None = None,
) -> UnitOutcome:
    """Poison ``state`` for one agony step: its poison instances afterwards and the events."""
    if not state.poison or state.destroyed:
        return UnitOutcome(state)
    if not spec.affects(state.unit):
        dies = ", ".join(f"Poison[{d}]" for d in state.poison)
        event = EffectEvent(
            spec.effect,
            spec.clause,
            f"not {' or '.join(spec.units)}: ignores poison; {dies} taken off",
            state.uid,
        )
        return UnitOutcome(state.with_(poison=()), (event,))
    s, kept, events = run_instances(spec, state, state.poison, dice, seen, order, order_ruling)
    return UnitOutcome(s.with_(poison=kept), events)
