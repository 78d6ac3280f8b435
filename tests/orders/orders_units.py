"""Unit types for the orders tests, built by hand so that what each speed allows is in view.

TANK, speeds slowest first (an A goes one line down, a B one line up):

    stand-still  movement L R 360 A -              gunnery Aim Load Fire Spot -   default -
    slow         movement F L R 360 A B Rev Road - gunnery Aim Fire Spot -        default F
    fast         movement F L R B Chase -          gunnery Fire -                 default Chase

MORTAR: a setup speed below stand-still, reached by B[setup] (the drafts' "B[X]").

    setup        movement A -                      gunnery Aim Load Fire -        default -
    stand-still  movement L R A B[setup] -         gunnery Spot -                 default -
    slow         movement F L R B -                gunnery -                      default F
"""

from __future__ import annotations

from types import MappingProxyType

from referee.board.hexgrid import Hex
from referee.rules.state import UnitState
from referee.units.model import Speed, UnitType

TANK_SPEEDS = (
    Speed("stand-still", ("L", "R", "360", "A", "-"), ("Aim", "Load", "Fire", "Spot", "-"), "-"),
    Speed(
        "slow",
        ("F", "L", "R", "360", "A", "B", "Rev", "Road", "-"),
        ("Aim", "Fire", "Spot", "-"),
        "F",
    ),
    Speed("fast", ("F", "L", "R", "B", "Chase", "-"), ("Fire", "-"), "Chase"),
)

MORTAR_SPEEDS = (
    Speed("setup", ("A", "-"), ("Aim", "Load", "Fire", "-"), "-"),
    Speed("stand-still", ("L", "R", "A", "B[setup]", "-"), ("Spot", "-"), "-"),
    Speed("slow", ("F", "L", "R", "B", "-"), ("-",), "F"),
)


def unit_type(uid: str, speeds: tuple[Speed, ...]) -> UnitType:
    return UnitType(
        id=uid,
        name=uid.capitalize(),
        nation="dwarf",
        models=1,
        types=frozenset({"vehicle"}),
        size="medium",
        speeds=speeds,
        armor=None,
        weapons=(),
        assault=None,
        deflection=None,
        damage_tables=MappingProxyType({}),
    )


TANK = unit_type("tank", TANK_SPEEDS)
MORTAR = unit_type("mortar", MORTAR_SPEEDS)


def tank(speed: str, *, shaken: int = 0) -> UnitState:
    return UnitState("T1", TANK, 1, Hex(0, 0), speed=speed, shaken=shaken)


def mortar(speed: str) -> UnitState:
    return UnitState("M1", MORTAR, 1, Hex(0, 0), speed=speed)


# ONE: a single speed whose card lists both A and B: there is nothing faster nor slower.
ONE = unit_type("one", (Speed("slow", ("F", "A", "B", "-"), ("Fire", "-"), "F"),))
# WAGON: its default movement order, Road, is not an order of the first draft.
WAGON = unit_type("wagon", (Speed("slow", ("F", "Rev", "Road", "-"), ("Fire", "-"), "Road"),))


def state(unit: UnitType, speed: str) -> UnitState:
    return UnitState("U1", unit, 1, Hex(0, 0), speed=speed)
