"""Unit types for the damage tests, built directly (not from the catalogue)."""

from __future__ import annotations

from types import MappingProxyType

from referee.board.hexgrid import Hex
from referee.board.sector_stats import parse_sector_numbers
from referee.dice.expression import parse_dice
from referee.rules.state import UnitState
from referee.units.model import (
    DamageRow,
    DamageTable,
    Effect,
    SpecialDamage,
    UnitType,
    Weapon,
)

REGULAR = DamageTable(
    "regular",
    (
        DamageRow(4, (Effect("damage-token"),), "+1 to future damage"),
        DamageRow(6, (Effect("shaken"), Effect("damage-token")), "shaken, +1 to future damage"),
        DamageRow(8, (Effect("kill"),), "one model dies"),
        DamageRow(11, (Effect("destroy"),), "destroyed"),
    ),
)
PSYCHIC = DamageTable("psychic", (DamageRow(3, (Effect("shaken"),), "shaken"),))


def unit(
    armor: str | None = "4/3/3/2",
    models: int = 1,
    psychic: bool = False,
    resistances: dict[str, int] | None = None,
) -> UnitType:
    tables = {"regular": REGULAR, **({"psychic": PSYCHIC} if psychic else {})}
    return UnitType(
        id="u",
        name="Unit",
        nation="elf",
        models=models,
        types=frozenset({"vehicle"}),
        size="large",
        speeds=(),
        armor=parse_sector_numbers(armor) if armor else None,
        weapons=(),
        assault=None,
        deflection=None,
        damage_tables=MappingProxyType(tables),
        resistances=MappingProxyType(resistances or {}),
    )


def target(uid: str = "T1", **kw: object) -> UnitState:
    """A unit base; ``armor``, ``models``, ``psychic``, ``resistances`` shape its type."""
    type_kw = {k: kw.pop(k) for k in ("armor", "models", "psychic", "resistances") if k in kw}
    return UnitState(
        uid=uid,
        unit=unit(**type_kw),
        side=2,
        hex=Hex(0, 0),  # type: ignore[arg-type]
        **kw,
    )  # type: ignore[arg-type]


def weapon(
    damage: str | None = "d6",
    ap: int = 1,
    bonus: int = 0,
    special: tuple[tuple[str, str], ...] = (),
) -> Weapon:
    return Weapon(
        name="gun",
        range=4,
        ap=ap,
        damage=parse_dice(damage) if damage else None,
        penetration_bonus=bonus,
        special_damage=tuple(SpecialDamage(t, parse_dice(d)) for t, d in special),
    )
