"""Continuous fire (clause ``agony.fire``): a die per fire token as fire damage.

Current edition, agony 2: a natural 1 stops the fire with no damage; otherwise the roll is
fire damage, ignoring all armor, with previous-damage tokens and fire resistance, on the
regular table. First draft, agony 3: the damage is always rolled, and the fire goes when
the natural die minus fire resistance is 2 or less. Several tokens: ruling
``agony.fire-tokens``.
"""

from __future__ import annotations

from referee.dice.service import Dice
from referee.rules.agony.continuous import OWN_TOKENS, Seen, run_instances
from referee.rules.agony.events import UnitOutcome
from referee.rules.agony.specs import ContinuousDamage, InstanceOrder
from referee.rules.state import UnitState

FIRE_DIE = 6


def run_fire(
    spec: ContinuousDamage,
    state: UnitState,
    dice: Dice,
    seen: Seen = OWN_TOKENS,
    order: InstanceOrder = "oldest-first",
) -> UnitOutcome:
    """Burn ``state`` for one agony step: its fire tokens afterwards and the events."""
    if state.fire == 0 or state.destroyed:
        return UnitOutcome(state)
    die = spec.die or FIRE_DIE
    if spec.per_token:
        s, kept, events = run_instances(spec, state, (die,) * state.fire, dice, seen, order)
        return UnitOutcome(s.with_(fire=len(kept)), events)
    s, kept, events = run_instances(spec, state, (die,), dice, seen, order)
    return UnitOutcome(s.with_(fire=state.fire if kept else 0), events)
