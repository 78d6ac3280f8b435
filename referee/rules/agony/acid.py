"""Acid (clause ``agony.acid``): a roll on the acid table per acid instance.

Current edition, agony 0: 1- downgrade to minor acid; 2 +1 future damage; 3 as 2 and a
poison & acid cloud [4, minor](4+) at the hex; 4 as 3 and armor -1 in every direction;
5 "As 6" read as "As 4" (ruling ``agony.acid-five``) and set on fire; 6 roll twice.
First draft, agony 2, its own table (a 2 gives minor acid to the units in the same hex),
and +1 future damage per acid at agony 1 (clause ``agony.acid-wear``).

"If you happen to get two (or more) downgrade in same round, you remove acid instead of
downgrading it": counted per instance or over the unit (ruling
``agony.acid-two-downgrades``).
"""

from __future__ import annotations

import msgspec

from referee.dice.service import Dice, Roll
from referee.rules.agony.events import DiceWatch, EffectEvent, UnitOutcome
from referee.rules.agony.specs import AcidRow, AcidTable, AcidWear
from referee.rules.hexes.markers import Placement
from referee.rules.state import UnitState


class AcidRound(msgspec.Struct, frozen=True):
    """One acid instance's round: every roll (a 6 adds two more) and the row each read."""

    rolls: tuple[int, ...]
    rows: tuple[AcidRow, ...]
    dice: tuple[Roll, ...]

    @property
    def downgrades(self) -> int:
        return sum(r.downgrades for r in self.rows)

    def text(self) -> str:
        return "; ".join(f"{v}: {row.text()}" for v, row in zip(self.rolls, self.rows, strict=True))


def roll_acid(table: AcidTable, dice: Dice, purpose: str) -> AcidRound:
    """Roll one instance on ``table``, rolling again as its rows say."""
    watch = DiceWatch(dice)
    rolls: list[int] = []
    rows: list[AcidRow] = []
    pending = 1
    while pending:
        pending -= 1
        value = dice.roll(table.die, purpose)
        row = table.row(value)
        rolls.append(value)
        rows.append(row)
        pending += row.roll_again
    return AcidRound(tuple(rolls), tuple(rows), watch.take())


class AcidOutcome(msgspec.Struct, frozen=True):
    """Acid carried out on one unit: its state, the clouds to place, minor acid for others."""

    state: UnitState
    events: tuple[EffectEvent, ...]
    placements: tuple[Placement, ...]
    splash: int
    """Minor acids each other unit base in the hex gets."""
    splash_self: bool
    """Whether the splash is given to this unit too (it is already in ``state``)."""


def _fates(table: AcidTable, rounds: list[AcidRound]) -> tuple[int, int]:
    """(instances removed, instances downgraded to minor acid) after every roll."""
    if table.two_downgrades == "per-unit" and sum(r.downgrades for r in rounds) >= 2:
        return sum(1 for r in rounds if r.downgrades), 0
    return (
        sum(1 for r in rounds if r.downgrades >= 2),
        sum(1 for r in rounds if r.downgrades == 1),
    )


def run_acid(table: AcidTable, state: UnitState, dice: Dice) -> AcidOutcome:
    """Roll every acid instance of ``state`` once (with the rolls again a 6 brings)."""
    if state.acid == 0 or state.destroyed:
        return AcidOutcome(state, (), (), 0, False)
    rounds = [roll_acid(table, dice, f"acid on {state.uid}") for _ in range(state.acid)]
    return acid_effect(table, state, rounds)


def acid_effect(table: AcidTable, state: UnitState, rounds: list[AcidRound]) -> AcidOutcome:
    """What the rolled ``rounds`` (one per acid instance of ``state``) do to it."""
    rows = [row for r in rounds for row in r.rows]
    removed, downgraded = _fates(table, rounds)
    tokens = sum(r.damage_tokens for r in rows)
    armor = sum(r.armor_down for r in rows) if state.unit.armor is not None else 0
    splash = sum(r.splash for r in rows)
    splash_self = any(r.splash and r.splash_to == "all" for r in rows)
    s = state.with_(
        acid=state.acid - removed - downgraded,
        minor_acid=state.minor_acid + downgraded + (splash if splash_self else 0),
        damage_tokens=state.damage_tokens + tokens,
        armor_down=state.armor_down + armor,
        fire=state.fire + sum(r.on_fire for r in rows),
    )
    placements = tuple(p.at(state.hex) for r in rows for p in r.place)
    events: list[EffectEvent] = []
    for i, rnd in enumerate(rounds):
        rulings = [x for row in rnd.rows for x in row.rulings]
        fate = ""
        if rnd.downgrades >= 2 or (
            rnd.downgrades and removed and table.two_downgrades == "per-unit"
        ):
            fate = "; two or more downgrades this round: acid removed"
            if table.two_downgrades_ruling:
                rulings.append(table.two_downgrades_ruling)
        elif rnd.downgrades:
            fate = "; acid becomes minor acid"
        label = f"acid {i + 1}" if len(rounds) > 1 else "acid"
        if rnd.rows and any(r.armor_down for r in rnd.rows) and state.unit.armor is None:
            fate += "; no armor to reduce"
        events.append(
            EffectEvent(
                "acid",
                table.clause,
                f"{label}: rolled {rnd.text()}{fate}",
                state.uid,
                dice=rnd.dice,
                rulings=tuple(dict.fromkeys(rulings)),
            )
        )
    return AcidOutcome(s, tuple(events), placements, splash, splash_self)


def run_acid_wear(spec: AcidWear, state: UnitState) -> UnitOutcome:
    """First draft, agony 1: each acid instance gives its previous-damage tokens."""
    if state.acid == 0 or state.destroyed:
        return UnitOutcome(state)
    gained = spec.damage_tokens * state.acid
    event = EffectEvent(
        "acid-wear", spec.clause, f"{state.acid} acid: +{gained} future damage", state.uid
    )
    return UnitOutcome(state.with_(damage_tokens=state.damage_tokens + gained), (event,))
