"""What a unit card says, as frozen values: the unit type, its weapons, assault, damage tables.

These are read from ``data/units/*.toml`` by :mod:`referee.units.catalogue`; the rules
modules (fire, damage, agony, assault) read them and never the files. Clause ids:
``army.unit-base`` (models, elites, unit-base weapons), ``angles.sectors`` (four-sector
stats), ``fire.weapon-abilities``, ``assault.stats``, ``damage.table``, ``abilities.*``.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Literal

import msgspec

from referee.board.sector_stats import FiringArc, FixedGuns, SectorNumbers, SectorStat
from referee.dice.expression import DiceExpr
from referee.errors import RefereeError, whole_number

Size = Literal["small", "medium", "large", "huge"]
SIZES: tuple[Size, ...] = ("small", "medium", "large", "huge")

Carried = Literal["each-model", "elite", "unit-base"]
"""Who fires a weapon: every model, one elite model, or the base as a whole (needs 2 alive)."""

COST_KINDS: tuple[str, ...] = ("ip", "mp", "cp", "xp", "com")


def _frozen_map(d: Mapping[str, int] | None = None) -> Mapping[str, int]:
    return MappingProxyType(dict(d or {}))


class Ability(msgspec.Struct, frozen=True):
    """A named ability with its bracketed parameters: ``take-cover[slow,-1]``.

    ``name`` is lower-case with hyphens; ``params`` are the comma-separated entries of
    every bracket group in order (``terror[range=2][d6]`` -> ``("range=2", "d6")``).
    """

    name: str
    params: tuple[str, ...] = ()

    def text(self) -> str:
        return self.name + "".join(f"[{p}]" for p in self.params)

    def __str__(self) -> str:
        return self.text()

    def number(self, index: int = 0) -> int:
        """Parameter ``index`` as a number: ``5+`` -> 5, ``-1`` -> -1, ``1 per 2`` -> 2."""
        raw = self.params[index].strip()
        raw = raw.split("=", 1)[-1].strip()
        if raw.endswith(("+", "-")) and whole_number(raw[:-1]) is not None:
            return int(raw[:-1])
        if " per " in raw or " for " in raw:
            return int(raw.split()[-1])
        return int(raw)


class SpecialDamage(msgspec.Struct, frozen=True):
    """``[type] damage[dN]``: roll ``dice`` on the target's table called ``type`` (if any)."""

    type: str
    dice: DiceExpr


class Weapon(msgspec.Struct, frozen=True):
    """One weapon line of a unit card (clauses ``fire.*``, ``army.unit-base-weapon``)."""

    name: str
    range: int
    ap: int
    damage: DiceExpr | None
    """Regular damage; ``None`` for a weapon that only does special damage."""
    arc: FiringArc | None = None
    fixed: FixedGuns | None = None
    carried: Carried = "each-model"
    load: int = 1
    """Ammo one Load order gives (Load[N])."""
    burst: int = 1
    """Burst(N): needs N ammo and fires N times at one target."""
    limited_ammo: int | None = None
    misfire: int | None = None
    """Misfire[N-]: a fire action misfires on a die of N or less."""
    area: int | None = None
    """Area(n+): one die per enemy model in the hex, success on n+."""
    set_on_fire: bool = False
    acid: Literal["minor", "major"] | None = None
    acid_per: int | None = None
    """Assault acid: one (minor) acid per this many assault hits (Acid[1 for N])."""
    poison: int | None = None
    """Poison[N]: the die of the poison applied (4, 6, 8, 10, 12)."""
    poison_per: int | None = None
    special_damage: tuple[SpecialDamage, ...] = ()
    penetration_bonus: int = 0
    """Damage added when the armor is penetrated (the '+3' some weapons grant)."""
    abilities: tuple[Ability, ...] = ()
    """Weapon abilities such as ``enhanced-accuracy``."""

    def has(self, name: str) -> bool:
        return any(a.name == name for a in self.abilities)


class Assault(msgspec.Struct, frozen=True):
    """Assault stats per sector: dice ``4/3/3/2``, success on ``hit``+, AP and damage."""

    dice: SectorNumbers
    hit: int
    ap: int
    damage: DiceExpr | None
    weapon: Weapon | None = None
    """Assault weapon abilities (set on fire, acid[1 for N], special damage) as a weapon."""


class Deflection(msgspec.Struct, frozen=True):
    """Assault deflection per sector: dice and the success number (``None``: no dice)."""

    dice: SectorNumbers
    hit: SectorStat[int | None]


EffectKind = Literal[
    "damage-token",
    "kill",
    "destroy",
    "shaken",
    "bleeding",
    "on-fire",
    "armor-down",
    "immobilised",
    "weapon-lost",
    "note",
]
EFFECT_KINDS: tuple[str, ...] = EffectKind.__args__  # type: ignore[attr-defined]


class Effect(msgspec.Struct, frozen=True):
    """One effect of a damage-table row: ``kill`` 1, ``damage-token`` 1, ``bleeding`` 4..."""

    kind: EffectKind
    amount: int = 1
    text: str = ""


class DamageRow(msgspec.Struct, frozen=True):
    """A damage table row: any result from ``at`` up to the next row's ``at`` - 1."""

    at: int
    effects: tuple[Effect, ...]
    text: str


class DamageTable(msgspec.Struct, frozen=True):
    """A named damage table (regular, psychic, light, crew...); clause ``damage.table``."""

    name: str
    rows: tuple[DamageRow, ...]

    def lookup(self, result: int) -> DamageRow | None:
        """The row for ``result``: below the first row's start is no damage (``None``)."""
        found: DamageRow | None = None
        for row in self.rows:
            if result >= row.at:
                found = row
        return found

    @property
    def starts_at(self) -> int:
        return self.rows[0].at


class Speed(msgspec.Struct, frozen=True):
    """A speed the unit can be at, and the orders each step allows at that speed."""

    name: str
    movement: tuple[str, ...]
    gunnery: tuple[str, ...]
    default_movement: str = "-"


class UnknownWeapon(RefereeError):
    """A weapon name the unit's card does not carry; names the unit and the weapon."""

    def __init__(self, unit: UnitType, name: object) -> None:
        self.unit = unit.id
        self.field = "weapon"
        known = ", ".join(w.name for w in unit.weapons) or "none"
        super().__init__(f"{unit.name} has no weapon {name!r:.60} (weapons: {known})")


class UnitType(msgspec.Struct, frozen=True):
    """One unit type of a catalogue: a unit base of 1, 2 or 4 models."""

    id: str
    name: str
    nation: str
    models: int
    types: frozenset[str]
    size: Size
    speeds: tuple[Speed, ...]
    armor: SectorNumbers | None
    weapons: tuple[Weapon, ...]
    assault: Assault | None
    deflection: Deflection | None
    damage_tables: Mapping[str, DamageTable]
    elites: int = 0
    resistances: Mapping[str, int] = msgspec.field(default_factory=_frozen_map)
    abilities: tuple[Ability, ...] = ()
    cost: Mapping[str, int] = msgspec.field(default_factory=_frozen_map)
    sample: bool = False
    source: Path | None = None
    notes: str = ""

    def has(self, name: str) -> bool:
        return any(a.name == name for a in self.abilities)

    def ability(self, name: str) -> Ability | None:
        for a in self.abilities:
            if a.name == name:
                return a
        return None

    def is_type(self, name: str) -> bool:
        return name in self.types

    @property
    def biological(self) -> bool:
        """Poison affects only biological units (``bio`` in the type line)."""
        return "biological" in self.types or "bio" in self.types

    @property
    def tags(self) -> frozenset[str]:
        """Mover tags for the terrain tables: type line plus size."""
        return self.types | {self.size}

    def speed(self, name: str) -> Speed:
        for s in self.speeds:
            if s.name == name:
                return s
        known = ", ".join(s.name for s in self.speeds)
        raise KeyError(f"{self.name} has no speed {name!r} (speeds: {known})")

    def weapon(self, name: str) -> Weapon:
        for w in self.weapons:
            if w.name == name:
                return w
        raise UnknownWeapon(self, name)

    def damage_table(self, name: str = "regular") -> DamageTable | None:
        return self.damage_tables.get(name)

    def resistance(self, damage_type: str) -> int:
        return self.resistances.get(damage_type, 0)
