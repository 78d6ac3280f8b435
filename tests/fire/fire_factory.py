"""Small builders for the fire tests: unit types, weapons, unit states, shots, boards.

Built directly from :mod:`referee.units.model` values so that the tests do not depend
on the unit catalogue files.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from referee.board.hexgrid import parse_label
from referee.board.los import LosBoard, los_board
from referee.board.maps import parse_map
from referee.board.ranges import range_band
from referee.board.sector_stats import parse_firing_arc, parse_fixed_guns
from referee.rules.fire.shot import Shot
from referee.rules.state import Aim, UnitState
from referee.ruleset import Ruleset
from referee.units.model import Ability, Carried, Size, UnitType, Weapon


def ability(text: str) -> Ability:
    """``take-cover[slow,-1]`` -> Ability("take-cover", ("slow", "-1"))."""
    name, _, rest = text.partition("[")
    params: list[str] = []
    for group in ("[" + rest).split("[")[1:] if rest else []:
        params += [p.strip() for p in group.rstrip("]").split(",")]
    return Ability(name, tuple(params))


def weapon(
    name: str = "gun",
    range: int = 3,
    *,
    arc: str | None = None,
    fixed: str | None = None,
    carried: Carried = "each-model",
    burst: int = 1,
    limited_ammo: int | None = None,
    misfire: int | None = None,
    area: int | None = None,
    abilities: tuple[str, ...] = (),
) -> Weapon:
    return Weapon(
        name=name,
        range=range,
        ap=0,
        damage=None,
        arc=parse_firing_arc(arc) if arc else None,
        fixed=parse_fixed_guns(fixed) if fixed else None,
        carried=carried,
        burst=burst,
        limited_ammo=limited_ammo,
        misfire=misfire,
        area=area,
        abilities=tuple(ability(a) for a in abilities),
    )


def unit_type(
    name: str = "Tank",
    *,
    models: int = 1,
    size: Size = "large",
    types: tuple[str, ...] = ("vehicle",),
    abilities: tuple[str, ...] = (),
    weapons: tuple[Weapon, ...] = (),
    elites: int = 0,
) -> UnitType:
    return UnitType(
        id=name.lower(),
        name=name,
        nation="test",
        models=models,
        types=frozenset(types),
        size=size,
        speeds=(),
        armor=None,
        weapons=weapons,
        assault=None,
        deflection=None,
        damage_tables={},
        elites=elites,
        abilities=tuple(ability(a) for a in abilities),
    )


def infantry(*abilities: str, models: int = 4, weapons: tuple[Weapon, ...] = ()) -> UnitType:
    return unit_type(
        "Infantry",
        models=models,
        size="medium",
        types=("infantry",),
        abilities=abilities,
        weapons=weapons,
    )


def tank(*abilities: str, weapons: tuple[Weapon, ...] = (), size: Size = "large") -> UnitType:
    return unit_type("Tank", size=size, abilities=abilities, weapons=weapons)


def state(
    uid: str,
    unit: UnitType,
    side: int,
    at: str = "A1",
    *,
    aim: tuple[str, int, int] | None = None,
    **kw: Any,
) -> UnitState:
    aimed = Aim(parse_label(aim[0]), aim[1], aim[2]) if aim else None
    return UnitState(uid, unit, side, parse_label(at), aim=aimed, **kw)


def shot(
    rules: Ruleset,
    shooter: UnitState,
    target: UnitState,
    gun: Weapon | None = None,
    *,
    distance: int = 2,
    shooter_terrain: str = "clear",
    target_terrain: str = "clear",
    shooter_markers: tuple[str, ...] = (),
    target_markers: tuple[str, ...] = (),
    on_edge: bool = False,
    aim: bool = False,
) -> Shot:
    gun = gun or weapon()
    return Shot(
        shooter=shooter,
        target=target,
        weapon=gun,
        band=range_band(distance, gun.range, rules),
        shooter_terrain=rules.terrain[shooter_terrain],
        target_terrain=rules.terrain[target_terrain],
        shooter_markers=frozenset(shooter_markers),
        target_markers=frozenset(target_markers),
        on_edge=on_edge,
        aim=aim,
    )


def board(
    rules: Ruleset, terrain: dict[str, str] | None = None, smoke: tuple[str, ...] = ()
) -> LosBoard:
    """A 7x9 field of clear ground with the given hexes' terrain."""
    doc = {
        "name": "test field",
        "shape": "rectangle",
        "columns": 7,
        "rows": 9,
        "edition": rules.id,
        "terrain": terrain or {},
    }
    bm = parse_map(Path("test-field.toml"), doc, rules.terrain)
    return los_board(bm, rules, [parse_label(h) for h in smoke])
