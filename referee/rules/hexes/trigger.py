"""A unit encountering the hex effects of its hex (clause ``hex.trigger``).

"Hex based effects are triggered in any 'trigger hex based effects' step, and only
triggers the first time a unit encounters the effect in that hex this turn. It only
retriggers the same turn if entering the same hex for a second time." The
:class:`TriggerLog` of a turn remembers (unit, hex, marker kind); a unit that enters the
hex again starts afresh there. What a marker does is the ``[[roll]]`` list of its kind in
hex_effects.toml: poison, crew damage, acid, set on fire, shaken (pinned).

Clause ``hex.acid-cloud.major``.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from referee.dice.service import Dice
from referee.rules.agony.events import DiceWatch, EffectEvent
from referee.rules.agony.schedule import agony_rules
from referee.rules.agony.specs import AgonyRules, matches
from referee.rules.conditions import shake
from referee.rules.damage.table_roll import carry_out, roll_on_table
from referee.rules.hexes.markers import HexEffects, HexMarker
from referee.rules.hexes.rules import HexEffectRules, MarkerKind, TriggerRoll, hex_effect_rules
from referee.rules.hexes.trigger_log import TriggerLog
from referee.rules.state import UnitState
from referee.ruleset import Ruleset

__all__ = ["TriggerLog", "TriggerResult", "encounter", "trigger_all", "trigger_unit"]


class TriggerResult(msgspec.Struct, frozen=True):
    """A unit after the effects of its hex, the log, and what happened."""

    state: UnitState
    log: TriggerLog
    events: tuple[EffectEvent, ...]

    def explain(self) -> str:
        return "\n".join(e.explain() for e in self.events) or f"{self.state.uid}: nothing"


def _succeeds(roll: TriggerRoll, value: int, target: int) -> bool:
    return value > target if roll.compare == "above" else value >= target


def _apply(
    agony: AgonyRules,
    roll: TriggerRoll,
    marker: HexMarker,
    state: UnitState,
    dice: Dice,
    successes: int,
) -> tuple[UnitState, list[str], int, list[EffectEvent]]:
    """Carry out ``successes`` times what ``roll`` brings; (state, notes, killed, events)."""
    s = state
    notes: list[str] = []
    extra: list[EffectEvent] = []
    killed = 0
    for _ in range(successes):
        if s.destroyed:
            break
        if roll.each == "poison" and isinstance(marker.strength, int):
            s = s.with_(poison=(*s.poison, marker.strength))
            notes.append(f"Poison[{marker.strength}]")
        elif roll.each == "acid":
            major = marker.strength == "major"
            s = s.with_(acid=s.acid + 1) if major else s.with_(minor_acid=s.minor_acid + 1)
            notes.append("acid" if major else "minor acid")
        elif roll.each == "on-fire":
            s = s.with_(fire=s.fire + 1)
            notes.append("set on fire")
        elif roll.each == "shaken":
            s = shake(agony.shaken, s)
            notes.append("shaken (pinned)")
        elif roll.each == "crew-damage" and isinstance(marker.strength, int):
            dtype = agony.damage_types["crew"]
            if s.unit.damage_table(dtype.table) is None:
                notes.append(f"no {dtype.table} table: immune")
                continue
            watch = DiceWatch(dice)
            natural = dice.roll(marker.strength, f"crew damage on {s.uid}")
            table = roll_on_table(s, dtype.table, natural, dtype.terms(s))
            if table is None:
                continue
            out = carry_out(s, table.row, cause=dtype.id, shaken_tokens=agony.shaken.tokens)
            s, killed = out.state, killed + out.killed
            extra.append(
                EffectEvent(
                    "crew-damage",
                    dtype.clause,
                    f"d{marker.strength} crew damage: rolled {natural}",
                    s.uid,
                    dice=watch.take(),
                    table=table,
                    killed=out.killed,
                    rulings=dtype.rulings,
                )
            )
            notes.append(f"d{marker.strength} crew damage")
    return s, notes, killed, extra


def _roll(
    agony: AgonyRules,
    kind: MarkerKind,
    roll: TriggerRoll,
    marker: HexMarker,
    state: UnitState,
    dice: Dice,
) -> tuple[UnitState, list[EffectEvent]]:
    unit = state.unit
    if not matches(unit, roll.units) or any(unit.has(a) for a in roll.immune):
        return state, []
    watch = DiceWatch(dice)
    count = state.alive if roll.dice == "model" else 1
    sides = marker.strength if roll.die == "strength" else roll.die
    base = marker.level if roll.at == "level" else roll.at
    if not isinstance(sides, int) or base is None:
        raise ValueError(
            f"{kind.id} at {state.hex}: marker {marker.notation()} lacks "
            f"{'its die' if not isinstance(sides, int) else 'a level'}"
        )
    resistance = unit.resistance(roll.resistance) if roll.resistance else 0
    target = base + resistance
    values = dice.roll_many(count, sides, f"{kind.name.lower()} on {state.uid}")
    rolled = watch.take()
    successes = sum(_succeeds(roll, v, target) for v in values)
    s, notes, killed, extra = _apply(agony, roll, marker, state, dice, successes)
    per = "one per model" if roll.dice == "model" else "one per unit base"
    need = f"above {target}" if roll.compare == "above" else f"{target}+"
    res = f" ({base} + {roll.resistance} resistance {resistance})" if resistance else ""
    got = f" -> {', '.join(notes)}" if notes else ""
    text = (
        f"{kind.name.lower()}{marker.notation()}: {count} d{sides} ({per}) needing "
        f"{need}{res}: {', '.join(map(str, values))}: {successes} success(es){got}"
    )
    event = EffectEvent(
        kind.id,
        kind.clause,
        text,
        state.uid,
        state.hex,
        dice=rolled,
        killed=killed,
        rulings=roll.rulings,
    )
    return s, [event, *extra]


def encounter(
    hex_rules: HexEffectRules,
    agony: AgonyRules,
    hexes: HexEffects,
    state: UnitState,
    dice: Dice,
    log: TriggerLog,
    *,
    entered: bool = False,
) -> TriggerResult:
    """``state`` meets every marker of its hex that has not triggered on it there this turn."""
    h = state.hex
    if entered:
        log = log.entered(state.uid, h)
    events: list[EffectEvent] = []
    s = state
    for marker in hexes.at(h):
        kind = hex_rules.markers.get(marker.kind)
        if kind is None or not kind.rolls or s.destroyed:
            continue
        if log.has(s.uid, h, kind.id):
            events.append(
                EffectEvent(
                    kind.id, "hex.trigger", "already triggered in this hex this turn", s.uid, h
                )
            )
            continue
        log = log.add(s.uid, h, kind.id)
        if hex_rules.targets == "enemies" and marker.side is not None and marker.side == s.side:
            rulings = (hex_rules.targets_ruling,) if hex_rules.targets_ruling else ()
            events.append(
                EffectEvent(
                    kind.id,
                    "hex.trigger",
                    "placed by its own side: no effect",
                    s.uid,
                    h,
                    rulings=rulings,
                )
            )
            continue
        for roll in kind.rolls:
            s, new = _roll(agony, kind, roll, marker, s, dice)
            events.extend(new)
    return TriggerResult(s, log, tuple(events))


def trigger_unit(
    rules: Ruleset,
    hexes: HexEffects,
    state: UnitState,
    dice: Dice,
    log: TriggerLog,
    *,
    entered: bool = False,
) -> TriggerResult:
    """Trigger the hex effects of ``state``'s hex on it (clause ``hex.trigger``).

    ``entered``: the unit entered its hex in this step, so effects it already met there
    this turn trigger again.
    """
    return encounter(
        hex_effect_rules(rules), agony_rules(rules), hexes, state, dice, log, entered=entered
    )


def trigger_all(
    rules: Ruleset,
    hexes: HexEffects,
    units: Sequence[UnitState],
    dice: Dice,
    log: TriggerLog,
    *,
    entered: frozenset[str] = frozenset(),
) -> tuple[tuple[UnitState, ...], TriggerLog, tuple[EffectEvent, ...]]:
    """A 'trigger hex effects' step for ``units`` in order; ``entered``: uids that moved in."""
    out: list[UnitState] = []
    events: list[EffectEvent] = []
    for u in units:
        res = trigger_unit(rules, hexes, u, dice, log, entered=u.uid in entered)
        out.append(res.state)
        log = res.log
        events.extend(res.events)
    return tuple(out), log, tuple(events)
