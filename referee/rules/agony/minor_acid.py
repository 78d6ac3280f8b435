"""Minor acid (clause ``agony.minor-acid``): "roll a die, at 3+, unit base gets +1 on future
damage. At 2-, remove minor acid" -- one die per minor acid token."""

from __future__ import annotations

from referee.dice.service import Dice
from referee.rules.agony.events import DiceWatch, EffectEvent, UnitOutcome
from referee.rules.agony.specs import MinorAcid
from referee.rules.state import UnitState


def run_minor_acid(spec: MinorAcid, state: UnitState, dice: Dice) -> UnitOutcome:
    """Roll each minor acid of ``state``: tokens gained, minor acids removed."""
    if state.minor_acid == 0 or state.destroyed:
        return UnitOutcome(state)
    removed = tokens = 0
    events: list[EffectEvent] = []
    for i in range(state.minor_acid):
        watch = DiceWatch(dice)
        roll = dice.roll(spec.die, f"minor acid on {state.uid}")
        if roll <= spec.remove_at_most:
            removed += 1
            what = f"{roll} (at most {spec.remove_at_most}): minor acid removed"
        elif roll >= spec.token_at:
            tokens += 1
            what = f"{roll} ({spec.token_at}+): +1 future damage"
        else:
            what = f"{roll}: nothing"
        label = f"minor acid {i + 1}" if state.minor_acid > 1 else "minor acid"
        events.append(
            EffectEvent(
                "minor-acid", spec.clause, f"{label}: rolled {what}", state.uid, dice=watch.take()
            )
        )
    s = state.with_(
        minor_acid=state.minor_acid - removed, damage_tokens=state.damage_tokens + tokens
    )
    return UnitOutcome(s, tuple(events))
