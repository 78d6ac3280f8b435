"""Terror[range=n][dN] (clause ``agony.terror``): "In agony 0, roll a dN psychic damage on any
enemy unit within range of this unit."

Each living unit with the ability rolls its dice for every living enemy unit base at most
``n`` hexes away, on that enemy's psychic table (none: immune), with only the terms of
the psychic damage type. Halving the dice against shaken enemies entering an assault
belongs to the assault, not to agony 0.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import msgspec

from referee.board.hexgrid import distance
from referee.dice.expression import DiceExpr, DiceExpressionError, parse_dice
from referee.dice.service import Dice
from referee.errors import RefereeError
from referee.rules.agony.continuous import Seen
from referee.rules.agony.events import DiceWatch, EffectEvent
from referee.rules.agony.specs import Terror
from referee.rules.damage.table_roll import carry_out, roll_on_table
from referee.rules.state import UnitState
from referee.units.model import UnitType


class TerrorAbilityError(RefereeError):
    """A Terror ability without a readable range or dice; the message names the unit."""


def terror_of(unit: UnitType, ability: str) -> tuple[int, DiceExpr] | None:
    """The (range, dice) of ``unit``'s terror ability, or ``None`` without one."""
    found = unit.ability(ability)
    if found is None:
        return None
    try:
        if len(found.params) != 2:
            raise ValueError("expected two parameters")
        return found.number(0), parse_dice(found.params[1])
    except (ValueError, DiceExpressionError) as exc:
        raise TerrorAbilityError(
            f"{unit.name}: {found.text()} is not Terror[range=n][dN] ({exc})"
        ) from None


class TerrorOutcome(msgspec.Struct, frozen=True):
    """Terror of every unit in one agony 0: the units afterwards (by uid) and the events."""

    states: Mapping[str, UnitState]
    events: tuple[EffectEvent, ...]


def run_terror(
    spec: Terror,
    units: Sequence[UnitState],
    dice: Dice,
    seen: Mapping[str, Seen] | None = None,
) -> TerrorOutcome:
    """Every terror source against every enemy in range, sources and targets in order."""
    states = {u.uid: u for u in units}
    events: list[EffectEvent] = []
    dtype = spec.damage_type
    for source_id in list(states):
        source = states[source_id]
        terror = terror_of(source.unit, spec.ability)
        if terror is None or source.destroyed:
            continue
        reach, expr = terror
        for target_id in list(states):
            target = states[target_id]
            if target.side == source.side or target.destroyed:
                continue
            if distance(source.hex, target.hex) > reach:
                continue
            head = f"terror[range={reach}][{expr}] of {source.uid}"
            if target.unit.damage_table(dtype.table) is None:
                events.append(
                    EffectEvent(
                        "terror", spec.clause, f"{head}: no {dtype.table} table: immune", target.uid
                    )
                )
                continue
            watch = DiceWatch(dice)
            natural = dice.expression(expr, f"terror of {source.uid} on {target.uid}").value
            look = (seen or {}).get(target.uid, Seen())
            table = roll_on_table(
                target, dtype.table, natural, dtype.terms(target, look.tokens, look.ruling)
            )
            if table is None:
                continue
            out = carry_out(target, table.row, cause=dtype.id, shaken_tokens=spec.shaken_tokens)
            states[target_id] = out.state
            rulings = (*dtype.rulings, *((look.ruling,) if look.ruling else ()))
            events.append(
                EffectEvent(
                    "terror",
                    spec.clause,
                    f"{head}: {', '.join((f'rolled {natural}', *out.notes))}",
                    target.uid,
                    dice=watch.take(),
                    table=table,
                    killed=out.killed,
                    rulings=tuple(dict.fromkeys(rulings)),
                )
            )
    return TerrorOutcome(states, tuple(events))


def terror_sources(
    spec: Terror, target: UnitState, units: Sequence[UnitState]
) -> tuple[UnitState, ...]:
    """The living enemies of ``target`` whose terror reaches it (those :func:`run_terror`
    rolls for on it: none for a target without the damage type's table, immune)."""
    if target.unit.damage_table(spec.damage_type.table) is None:
        return ()
    out = []
    for source in units:
        if source.side == target.side or source.destroyed or target.destroyed:
            continue
        terror = terror_of(source.unit, spec.ability)
        if terror is not None and distance(source.hex, target.hex) <= terror[0]:
            out.append(source)
    return tuple(out)
