"""Unit types and states for the agony, hex-effect and aftermath tests, built directly.

The regular table every test unit reads (hand-made, so that the expected answers can be
worked out by hand):

    5-6   +1 to future damage            (damage-token)
    7-8   one model dies                 (kill)
    9-10  one model dies, Bleeding[6]    (kill, bleeding 6)
    11+   destroyed                      (destroy)

psychic: 4-5 shaken, 6+ one model dies. crew: 4-5 +1 to future damage, 6+ immobilised.
"""

from __future__ import annotations

from types import MappingProxyType

from referee.board.hexgrid import Hex
from referee.board.sector_stats import parse_sector_numbers
from referee.dice.service import Dice
from referee.rules.state import UnitState
from referee.units.model import Ability, DamageRow, DamageTable, Effect, Speed, UnitType

REGULAR = DamageTable(
    "regular",
    (
        DamageRow(5, (Effect("damage-token"),), "+1 to future damage"),
        DamageRow(7, (Effect("kill"),), "one model dies"),
        DamageRow(9, (Effect("kill"), Effect("bleeding", 6)), "one model dies, Bleeding[6]"),
        DamageRow(11, (Effect("destroy"),), "destroyed"),
    ),
)
PSYCHIC = DamageTable(
    "psychic",
    (
        DamageRow(4, (Effect("shaken"),), "shaken"),
        DamageRow(6, (Effect("kill"),), "one model dies"),
    ),
)
CREW = DamageTable(
    "crew",
    (
        DamageRow(4, (Effect("damage-token"),), "+1 to future damage"),
        DamageRow(6, (Effect("immobilised"),), "immobilised"),
    ),
)

ORIGIN = Hex(0, 0)

SPEEDS = (
    Speed(
        "slow", movement=("F", "L", "R", "-"), gunnery=("fire", "aim", "load"), default_movement="F"
    ),
)


def unit_type(
    *,
    models: int = 4,
    types: tuple[str, ...] = ("infantry", "biological"),
    armor: str | None = None,
    psychic: bool = False,
    crew: bool = False,
    resistances: dict[str, int] | None = None,
    abilities: tuple[Ability, ...] = (),
) -> UnitType:
    tables = {"regular": REGULAR}
    if psychic:
        tables["psychic"] = PSYCHIC
    if crew:
        tables["crew"] = CREW
    return UnitType(
        id="test-unit",
        name="Test unit",
        nation="elf",
        models=models,
        types=frozenset(types),
        size="medium",
        speeds=SPEEDS,
        armor=parse_sector_numbers(armor) if armor else None,
        weapons=(),
        assault=None,
        deflection=None,
        damage_tables=MappingProxyType(tables),
        resistances=MappingProxyType(resistances or {}),
        abilities=abilities,
    )


def infantry(
    uid: str = "I1",
    *,
    side: int = 2,
    hex: Hex = ORIGIN,
    models: int = 4,
    resistances: dict[str, int] | None = None,
    psychic: bool = False,
    **state: object,
) -> UnitState:
    """A biological infantry base of ``models`` models, no armor."""
    ut = unit_type(models=models, resistances=resistances, psychic=psychic)
    return UnitState(uid=uid, unit=ut, side=side, hex=hex, speed="slow", **state)  # type: ignore[arg-type]


def vehicle(
    uid: str = "V1",
    *,
    side: int = 2,
    hex: Hex = ORIGIN,
    crew: bool = False,
    types: tuple[str, ...] = ("vehicle", "track"),
    **state: object,
) -> UnitState:
    """A one-model armored vehicle (armor 4/3/3/2), not biological."""
    ut = unit_type(models=1, types=types, armor="4/3/3/2", crew=crew)
    return UnitState(uid=uid, unit=ut, side=side, hex=hex, speed="slow", **state)  # type: ignore[arg-type]


def typed(*values: int) -> Dice:
    """A dice service that answers with ``values`` (and refuses to roll anything else)."""

    def no_more(request: object) -> int:
        raise AssertionError(f"a die was rolled that the test did not type in: {request}")

    dice = Dice(seed=1, ask=no_more)  # type: ignore[arg-type]
    dice.type_in(values)
    return dice
