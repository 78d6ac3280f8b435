"""Hand-built maps, unit types and units for the movement-step tests.

Maps are small rectangles of the current edition (odd-q: in one column, A1 is north of A2;
A2's neighbours are A1 north, B1 north-east, B2 south-east, A3 south). Units have three
speeds, slowest first: stand-still, slow, fast.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType

from referee.board.maps import BattleMap, parse_map
from referee.dice.service import Dice
from referee.rules.movement_step import Choice, MovementStepResult, resolve_movement_step
from referee.rules.orders.model import Action, Step
from referee.rules.state import UnitState
from referee.ruleset import Ruleset
from referee.ruleset.shipped import ruleset
from referee.units.model import Speed, UnitType

N, NE, SE, S, SW, NW = range(6)

SPEEDS = (
    Speed("stand-still", movement=("360", "A", "-"), gunnery=("-",), default_movement="-"),
    Speed(
        "slow",
        movement=("F", "L", "R", "360", "A", "B", "Rev", "-"),
        gunnery=("-",),
        default_movement="F",
    ),
    Speed("fast", movement=("F", "L", "R", "B", "-"), gunnery=("-",), default_movement="F"),
)


def board(
    terrain: dict[str, str] | None = None,
    *,
    columns: int = 3,
    rows: int = 6,
    roads: list[list[str]] | None = None,
    edition: str = "current",
) -> BattleMap:
    doc: dict[str, object] = {
        "name": "mstep",
        "edition": edition,
        "shape": "rectangle",
        "columns": columns,
        "rows": rows,
        "terrain": terrain or {},
        "roads": roads or [],
    }
    return parse_map(Path("mstep.toml"), doc, ruleset(edition).terrain)


def unit_type(
    *,
    nation: str = "elf",
    size: str = "medium",
    types: tuple[str, ...] = ("infantry", "biological"),
) -> UnitType:
    return UnitType(
        id=f"{nation}-{size}",
        name=f"{nation} {size} unit",
        nation=nation,
        models=4,
        types=frozenset(types),
        size=size,  # type: ignore[arg-type]
        speeds=SPEEDS,
        armor=None,
        weapons=(),
        assault=None,
        deflection=None,
        damage_tables=MappingProxyType({}),
    )


TANK_TYPES = ("vehicle", "tank", "track")


def unit(
    m: BattleMap,
    uid: str,
    label: str,
    side: int,
    facing: int = N,
    *,
    nation: str = "elf",
    size: str = "medium",
    types: tuple[str, ...] = ("infantry", "biological"),
    flying: bool = False,
    speed: str = "slow",
    **changes: object,
) -> UnitState:
    state = UnitState(
        uid=uid,
        unit=unit_type(nation=nation, size=size, types=types),
        side=side,
        hex=m.parse(label),
        facing=facing,
        speed=speed,
        flying=flying,
    )
    return state.with_(**changes) if changes else state


def step(text: str) -> Step:
    """``"360,A"`` -> (Action("360"), Action("A")); ``"A[fast]"`` -> Action("A", "fast")."""
    out = []
    for part in text.split(","):
        code, _, arg = part.strip().partition("[")
        out.append(Action(code, arg.rstrip("]") or None))
    return tuple(out)


def run(
    m: BattleMap,
    units: list[UnitState],
    orders: Mapping[str, str],
    *,
    rules: Ruleset | None = None,
    dice: Dice | None = None,
    choices: Mapping[str, Choice] | None = None,
    follow: Mapping[str, str] | None = None,
    smoke: tuple[str, ...] = (),
) -> MovementStepResult:
    return resolve_movement_step(
        rules or ruleset("current"),
        m,
        {u.uid: u for u in units},
        {uid: step(text) for uid, text in orders.items()},
        dice or Dice(seed=1),
        smoke={m.parse(s) for s in smoke},
        follow_leaders=follow or {},
        choices=choices or {},
    )


def where(m: BattleMap, result: MovementStepResult, before: list[UnitState]) -> dict[str, str]:
    """Every unit's hex label after the step."""
    return {
        u.uid: str(result.states[u.uid].hex if u.uid in result.states else u.hex) for u in before
    }
