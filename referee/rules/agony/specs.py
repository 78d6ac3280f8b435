"""What ``agony.toml`` says, as frozen values: the schedule and each effect's table.

Read by :mod:`referee.rules.agony.schedule`; used by the effect modules. Clause ids:
``agony.schedule``, ``agony.acid``, ``agony.acid-wear``, ``agony.minor-acid``,
``agony.fire``, ``agony.poison``, ``agony.bleeding``, ``agony.terror``,
``conditions.shaken``, ``aftermath.step`` and the damage types ``damage.<type>``.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Literal

import msgspec

from referee.rules.hexes.markers import PlacementSpec
from referee.rules.state import UnitState
from referee.units.model import UnitType

if TYPE_CHECKING:  # the damage engine comes with the first step that rolls damage
    from referee.rules.explain import Term

InstanceOrder = Literal["oldest-first", "largest-first"]
TokensSeen = Literal["immediately", "at-apply"]
TwoDowngrades = Literal["per-instance", "per-unit"]
Splash = Literal["others", "all"]
OnKill = Literal["remove", "keep"]
AftermathStep = Literal["markers", "burn-out", "shaken"]
MarkerRemoval = Literal["each-type", "one-per-hex"]
ShakenMovement = Literal["default"]
ShakenGunnery = Literal["none"]

EFFECTS: tuple[str, ...] = (
    "acid",
    "acid-wear",
    "minor-acid",
    "fire",
    "poison",
    "bleeding",
    "terror",
    "burn-out",
)
AFTERMATH_STEPS: tuple[str, ...] = ("markers", "burn-out", "shaken")


def matches(unit: UnitType, words: tuple[str, ...]) -> bool:
    """Whether ``unit`` is one of ``words``: ``every``, ``biological``, ``crew-table`` (has a
    crew damage table) or a word of its type line. No words: every unit."""
    if not words:
        return True
    for word in words:
        if word == "every":
            return True
        if word == "biological" and unit.biological:
            return True
        if word == "crew-table" and unit.damage_table("crew") is not None:
            return True
        if unit.is_type(word):
            return True
    return False


class DamageType(msgspec.Struct, frozen=True):
    """The damage an effect deals: its table, the one resistance that applies (no regular
    resistance), whether previous-damage tokens count, and whether a weapon of this type
    rolls armor (continuous damage never does). Clause ``damage.<id>``."""

    id: str
    clause: str
    table: str
    resistance: str | None
    previous_damage: bool
    armor: bool
    resistance_ruling: str | None = None
    previous_ruling: str | None = None

    @property
    def rulings(self) -> tuple[str, ...]:
        return tuple(r for r in (self.resistance_ruling, self.previous_ruling) if r)

    def resistance_of(self, state: UnitState) -> int:
        return state.unit.resistance(self.resistance) if self.resistance else 0

    def terms(
        self, state: UnitState, tokens_seen: int | None = None, tokens_ruling: str | None = None
    ) -> tuple[Term, ...]:
        """The terms added to the natural die: previous damage (the tokens the roll sees,
        ruling ``damage.pending-tokens``) and this type's resistance."""
        from referee.rules.damage.table_roll import previous_damage_term, resistance_term
        from referee.rules.explain import Term

        out: list[Term] = []
        if self.previous_damage:
            if tokens_seen is None:
                out.append(previous_damage_term(state))
            else:
                out.append(Term("previous damage", tokens_seen, "damage.previous", tokens_ruling))
        if self.resistance:
            term = resistance_term(state, self.resistance)
            out.append(Term(term.label, term.value, term.clause, self.resistance_ruling))
        return tuple(out)


class AcidRow(msgspec.Struct, frozen=True):
    """One row of the acid table, with the rows it is 'as' already folded in."""

    roll: int
    downgrades: int = 0
    damage_tokens: int = 0
    armor_down: int = 0
    on_fire: int = 0
    roll_again: int = 0
    place: tuple[PlacementSpec, ...] = ()
    splash: int = 0
    """Minor acids given to the units in the same hex (first draft)."""
    splash_to: Splash = "others"
    like: tuple[int, ...] = ()
    rulings: tuple[str, ...] = ()

    def text(self) -> str:
        bits: list[str] = []
        if self.downgrades:
            bits.append("downgrade" if self.downgrades == 1 else f"{self.downgrades} downgrades")
        if self.damage_tokens:
            bits.append(f"+{self.damage_tokens} future damage")
        bits.extend(f"place {p.text()}" for p in self.place)
        if self.splash:
            who = "every unit" if self.splash_to == "all" else "every other unit"
            bits.append(f"{who} in the hex gets minor acid")
        if self.armor_down:
            bits.append(f"armor -{self.armor_down}")
        if self.on_fire:
            bits.append("set on fire")
        if self.roll_again:
            bits.append(f"roll {self.roll_again} more")
        return ", ".join(bits) or "nothing"


class AcidTable(msgspec.Struct, frozen=True):
    """The acid table (clause ``agony.acid``), a row for every face of the die."""

    clause: str
    die: int
    rows: tuple[AcidRow, ...]
    two_downgrades: TwoDowngrades
    two_downgrades_ruling: str | None = None

    def row(self, roll: int) -> AcidRow:
        """The row for ``roll``: the first row reads anything at or below it ('at 1-')."""
        found = self.rows[0]
        for r in self.rows:
            if roll >= r.roll:
                found = r
        return found


class AcidWear(msgspec.Struct, frozen=True):
    """First draft, agony 1: each acid instance gives previous-damage tokens."""

    clause: str
    damage_tokens: int


class MinorAcid(msgspec.Struct, frozen=True):
    """A die per minor acid: at or below ``remove_at_most`` it goes, at ``token_at``+ one
    previous-damage token (clause ``agony.minor-acid``)."""

    clause: str
    die: int
    remove_at_most: int
    token_at: int


class StopRule(msgspec.Struct, frozen=True):
    """When a continuous effect stops: the natural die (minus the resistance, if said) at
    or below ``at_most``; ``damage``: whether the stopping roll still deals its damage."""

    at_most: int
    minus_resistance: bool
    damage: bool

    def stops(self, natural: int, resistance: int) -> bool:
        return natural - (resistance if self.minus_resistance else 0) <= self.at_most


class ContinuousDamage(msgspec.Struct, frozen=True):
    """Fire, poison or bleeding: a die per instance rolled as damage of ``damage_type``
    on the regular table, ignoring armor (clauses ``agony.fire``, ``agony.poison``,
    ``agony.bleeding``).

    ``die``: the die of every instance (fire's d6) or ``None`` for the instance's own die
    (Poison[8]); ``per_token``: every instance rolls (else one roll for the unit);
    ``units``: who is affected (none: everyone); ``on_kill``: whether a kill removes the
    instance; ``chain``: the die an instance steps down to when it did not kill.
    """

    effect: str
    clause: str
    damage_type: DamageType
    die: int | None = None
    per_token: bool = True
    stop: StopRule | None = None
    units: tuple[str, ...] = ()
    on_kill: OnKill = "keep"
    chain: tuple[int, ...] = ()
    rulings: tuple[str, ...] = ()
    shaken_tokens: tuple[int, int] = (2, 1)
    """A 'shaken' row: tokens when first shaken, when shaken again (the ``[shaken]`` table)."""

    def affects(self, unit: UnitType) -> bool:
        return matches(unit, self.units)

    def downgrade(self, die: int) -> int | None:
        """The next die down the chain; ``None`` after its last (12 -> 10 ... 4 -> none)."""
        if die not in self.chain:
            return None
        i = self.chain.index(die)
        return self.chain[i + 1] if i + 1 < len(self.chain) else None


class Terror(msgspec.Struct, frozen=True):
    """Terror[range=n][dN]: the dice as ``damage_type`` damage on each enemy in range."""

    clause: str
    ability: str
    damage_type: DamageType
    shaken_tokens: tuple[int, int] = (2, 1)


class ShakenRule(msgspec.Struct, frozen=True):
    """Shaken tokens when first shaken and when shaken again; the orders while shaken."""

    clause: str
    first: int
    again: int
    movement: ShakenMovement
    gunnery: ShakenGunnery
    rulings: tuple[str, ...] = ()

    @property
    def tokens(self) -> tuple[int, int]:
        """(first, again): what a damage-table 'shaken' row places."""
        return (self.first, self.again)


class AftermathRule(msgspec.Struct, frozen=True):
    """The aftermath's steps in order, how cloud markers go, shaken tokens removed."""

    clause: str
    steps: tuple[AftermathStep, ...]
    markers: MarkerRemoval
    shaken_tokens: int
    rulings: tuple[str, ...] = ()


class AgonyRules(msgspec.Struct, frozen=True):
    """Everything ``agony.toml`` says, for one ruleset and its readings."""

    path: Path
    schedule: tuple[tuple[str, ...], ...]
    instance_order: InstanceOrder
    tokens: TokensSeen
    damage_types: Mapping[str, DamageType]
    shaken: ShakenRule
    aftermath: AftermathRule
    acid: AcidTable | None = None
    acid_wear: AcidWear | None = None
    minor_acid: MinorAcid | None = None
    fire: ContinuousDamage | None = None
    poison: ContinuousDamage | None = None
    bleeding: ContinuousDamage | None = None
    terror: Terror | None = None
    order_ruling: str | None = None
    tokens_ruling: str | None = None

    def effects(self, step: int) -> tuple[str, ...]:
        """The effects of agony step ``step`` in order (clause ``agony.schedule``)."""
        if not 0 <= step < len(self.schedule):
            raise ValueError(f"agony steps are 0 to {len(self.schedule) - 1}, not {step}")
        return self.schedule[step]

    def step_of(self, effect: str) -> int | None:
        for i, effects in enumerate(self.schedule):
            if effect in effects:
                return i
        return None
