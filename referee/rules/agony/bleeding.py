"""Bleeding[N] (clause ``agony.bleeding``): a dN per instance.

"If you get 1, remove the bleeding with no effect." Otherwise the roll is damage on the
regular table, ignoring armor and regular resistances, with previous-damage tokens;
"bleeding does not cause more bleeding" (the damage-table core drops a bleeding row effect
when the cause is bleeding); "If bleeding kills one model, remove this bleeding effect."
"""

from __future__ import annotations

from referee.dice.service import Dice
from referee.rules.agony.continuous import OWN_TOKENS, Seen, run_instances
from referee.rules.agony.events import UnitOutcome
from referee.rules.agony.specs import ContinuousDamage, InstanceOrder
from referee.rules.state import UnitState


def run_bleeding(
    spec: ContinuousDamage,
    state: UnitState,
    dice: Dice,
    seen: Seen = OWN_TOKENS,
    order: InstanceOrder = "oldest-first",
    order_ruling: str | None = None,
) -> UnitOutcome:
    """Bleed ``state`` for one agony step: its bleeding instances afterwards and the events."""
    if not state.bleeding or state.destroyed:
        return UnitOutcome(state)
    s, kept, events = run_instances(spec, state, state.bleeding, dice, seen, order, order_ruling)
    return UnitOutcome(s.with_(bleeding=kept), events)
