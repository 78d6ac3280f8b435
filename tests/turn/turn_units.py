"""Unit bases for the turn tests, built directly: a nation, a side, a hex, abilities."""

from __future__ import annotations

from types import MappingProxyType

from referee.board.hexgrid import Hex
from referee.rules.state import UnitState
from referee.units.model import Ability, DamageRow, DamageTable, Effect, Speed, UnitType

REGULAR = DamageTable("regular", (DamageRow(7, (Effect("kill"),), "one model dies"),))
ORIGIN = Hex(0, 0)
SPEEDS = (
    Speed(
        "slow", movement=("F", "L", "R", "-"), gunnery=("fire", "aim", "load"), default_movement="F"
    ),
)


def unit_type(
    nation: str,
    *,
    types: tuple[str, ...] = ("infantry", "biological"),
    abilities: tuple[Ability, ...] = (),
) -> UnitType:
    return UnitType(
        id=f"{nation}-test",
        name=f"{nation} test unit",
        nation=nation,
        models=4,
        types=frozenset(types),
        size="medium",
        speeds=SPEEDS,
        armor=None,
        weapons=(),
        assault=None,
        deflection=None,
        damage_tables=MappingProxyType({"regular": REGULAR}),
        abilities=abilities,
    )


def unit(
    uid: str,
    nation: str = "elf",
    *,
    side: int = 1,
    hex: Hex = ORIGIN,
    types: tuple[str, ...] = ("infantry", "biological"),
    abilities: tuple[Ability, ...] = (),
    **state: object,
) -> UnitState:
    """A four-model base of ``nation`` on ``side`` at ``hex`` (slow)."""
    ut = unit_type(nation, types=types, abilities=abilities)
    return UnitState(uid=uid, unit=ut, side=side, hex=hex, speed="slow", **state)  # type: ignore[arg-type]
