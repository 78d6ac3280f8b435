"""One die of continuous damage (fire, poison, bleeding) rolled on a unit, and what becomes
of the instance that rolled it.

The natural die plus the damage type's terms (previous damage, its own resistance; no
armor) is read on the unit's table through the shared damage-table core
(:mod:`referee.rules.damage.table_roll`). Then the instance stops (its stop rule), goes
because it killed a model (``on_kill``), steps down its chain, or stays.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from referee.dice.service import Dice
from referee.rules.agony.events import DiceWatch, EffectEvent
from referee.rules.agony.specs import ContinuousDamage, InstanceOrder
from referee.rules.damage.table_roll import carry_out, roll_on_table
from referee.rules.state import UnitState


class Seen(msgspec.Struct, frozen=True):
    """The previous-damage tokens a roll sees: ``None`` for the unit's own at the time of the
    roll, else the count the step began with (ruling ``damage.pending-tokens``)."""

    tokens: int | None = None
    ruling: str | None = None


OWN_TOKENS = Seen()
"""A roll sees the unit's tokens as they are when it is rolled."""


def roll_order(dies: Sequence[int], order: InstanceOrder) -> list[int]:
    """Indices of the instances in rolling order (ruling ``agony.order``)."""
    indices = list(range(len(dies)))
    if order == "largest-first":
        indices.sort(key=lambda i: -dies[i])
    return indices


def roll_instance(
    spec: ContinuousDamage,
    state: UnitState,
    die: int,
    dice: Dice,
    seen: Seen,
    label: str,
    rulings: tuple[str, ...] = (),
) -> tuple[UnitState, int | None, EffectEvent]:
    """Roll one instance of ``spec`` with a d``die`` on ``state``.

    Returns the unit afterwards, the instance's die afterwards (``None``: removed) and the
    event that explains it.
    """
    watch = DiceWatch(dice)
    natural = dice.roll(die, f"{label} on {state.uid}")
    dtype = spec.damage_type
    stop = spec.stop
    stopped = stop is not None and stop.stops(natural, dtype.resistance_of(state))
    table = None
    killed = 0
    s = state
    notes: list[str] = [f"rolled {natural}"]
    if stopped and stop is not None and not stop.damage:
        notes.append("stops with no damage")
    else:
        terms = dtype.terms(state, seen.tokens, seen.ruling)
        table = roll_on_table(state, dtype.table, natural, terms)
        if table is None:
            notes.append(f"no {dtype.table} table: immune")
        else:
            out = carry_out(state, table.row, cause=dtype.id, shaken_tokens=spec.shaken_tokens)
            s, killed = out.state, out.killed
            notes.extend(out.notes)
    after: int | None
    if stopped:
        after = None
        if stop is not None and stop.damage:
            notes.append("then stops")
    elif killed and spec.on_kill == "remove":
        after = None
        notes.append("removed: it killed a model")
    elif spec.chain:
        after = spec.downgrade(die)
        notes.append(f"downgraded to d{after}" if after else "gone: the last step of its chain")
    else:
        after = die
    rulings = (*rulings, *spec.rulings, *dtype.rulings)
    if seen.ruling:
        rulings = (*rulings, seen.ruling)
    event = EffectEvent(
        effect=spec.effect,
        clause=spec.clause,
        text=f"{label}: {', '.join(notes)}",
        uid=state.uid,
        dice=watch.take(),
        table=table,
        killed=killed,
        rulings=tuple(dict.fromkeys(rulings)),
    )
    return s, after, event


def run_instances(
    spec: ContinuousDamage,
    state: UnitState,
    dies: Sequence[int],
    dice: Dice,
    seen: Seen,
    order: InstanceOrder,
    order_ruling: str | None = None,
) -> tuple[UnitState, tuple[int, ...], tuple[EffectEvent, ...]]:
    """Roll every instance (die sizes ``dies``) in ``order``, one after the other.

    Returns the unit, the dies of the instances that remain (in their original order) and
    the events. Once the unit is destroyed the remaining instances are not rolled.
    """
    after: list[int | None] = list(dies)
    events: list[EffectEvent] = []
    s = state
    extra = (order_ruling,) if order_ruling and len(dies) > 1 else ()
    for i in roll_order(dies, order):
        if s.destroyed:
            break
        label = (
            f"{spec.effect} {i + 1} (d{dies[i]})"
            if len(dies) > 1
            else f"{spec.effect} (d{dies[i]})"
        )
        s, after[i], event = roll_instance(spec, s, dies[i], dice, seen, label, extra)
        events.append(event)
    return s, tuple(d for d in after if d is not None), tuple(events)
