"""The fire, acid and poison a fire action places, as part of its journal event.

Once a fire action's hits are known, :func:`place_in_event` works out what the weapon
places on each unit hit (:mod:`referee.rules.fire.weapon_conditions`; clauses
``weapons.set-on-fire``, ``weapons.acid``, ``weapons.poison``) and puts it in the event:
under ruling ``fire.condition-timing`` ``at-once`` the tokens are in the units the event
changes; under ``apply-damage`` they wait in the match's ``pending_conditions`` and
:func:`place_pending` puts them on at the 'apply damage' step, after the damage rows. Either
way they are changes of the step, so undo, replay and the report carry them.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from referee.rules.fire.weapon_conditions import (
    WeaponCondition,
    clauses_of,
    condition_rules,
    place_conditions,
    rulings_of,
)
from referee.rules.state import UnitState

if TYPE_CHECKING:
    from referee.rules.orders.state import MatchState

PENDING_KEY = "pending_conditions"


@dataclass
class PlacedInEvent:
    """What :func:`place_in_event` added: the working, clause and ruling ids, the detail."""

    lines: list[str] = field(default_factory=list)
    clauses: tuple[str, ...] = ()
    rulings: tuple[str, ...] = ()
    detail: list[dict[str, object]] = field(default_factory=list)

    def detail_json(self) -> dict[str, object]:
        """The event detail's ``conditions`` key; none when nothing was placed (so that
        older match files replay exactly)."""
        return {"conditions": self.detail} if self.detail else {}


def place_in_event(
    state: MatchState,
    conditions: Sequence[WeaponCondition],
    units: MutableMapping[str, UnitState],
    changes: MutableMapping[str, Any],
) -> PlacedInEvent:
    """Put ``conditions`` into a fire event: into ``units`` (the unit states the event
    changes, filled in here) at once, or into ``changes`` as conditions pending until the
    'apply damage' step (ruling ``fire.condition-timing``)."""
    if not conditions:
        return PlacedInEvent()
    later = condition_rules(state.rules).timing == "apply-damage"
    lines, detail = [], []
    for c in conditions:
        before = units.get(c.target, state.unit(c.target))
        text = c.text(already_on_fire=before.fire > 0)
        if later and c.count:
            text += " (goes on at the 'apply damage' step)"
        else:
            units[c.target] = place_conditions(before, (c,))
        lines.append(text)
        detail.append(
            {
                **c.to_json(),
                "text": text,
                "rulings": list(rulings_of(state.rules, (c,))),
                "placed": "apply-damage" if later and c.count else "now",
            }
        )
    if later:
        changes[PENDING_KEY] = [
            *(dict(p) for p in state.pending_conditions),
            *(c.to_json() for c in conditions if c.count),
        ]
    return PlacedInEvent(lines, clauses_of(conditions), rulings_of(state.rules, conditions), detail)


def pending_conditions(state: MatchState) -> tuple[WeaponCondition, ...]:
    """The conditions waiting for the 'apply damage' step."""
    return tuple(WeaponCondition.from_json(p) for p in state.pending_conditions)


def place_pending(
    state: MatchState, units: Mapping[str, UnitState]
) -> tuple[dict[str, UnitState], PlacedInEvent]:
    """At the 'apply damage' step: ``units`` (the states after the damage rows) with the
    waiting conditions placed (none on a unit destroyed), and the working."""
    out = dict(units)
    waiting = pending_conditions(state)
    lines, detail = [], []
    for c in waiting:
        now = out.get(c.target) or state.units.get(c.target)
        if now is None:
            continue
        if now.destroyed:
            text = f"{c.name} from {c.source} not placed: {c.target} is destroyed"
        else:
            out[c.target] = place_conditions(now, (c,))
            text = f"{c.source}: {c.count} x {c.name} placed on {c.target}"
        lines.append(text)
        detail.append(
            {
                **c.to_json(),
                "text": text,
                "placed": "now",
                "rulings": list(rulings_of(state.rules, (c,))),
            }
        )
    return out, PlacedInEvent(lines, clauses_of(waiting), rulings_of(state.rules, waiting), detail)
