"""Unit states, typed dice and a small board for the assault tests (sample catalogue units)."""

from __future__ import annotations

from pathlib import Path

from referee.board.hexgrid import Hex, parse_label
from referee.board.maps import BattleMap, parse_map
from referee.dice.service import Dice
from referee.rules.assault.contest import AssaultSide, Combatant, Contest, Role
from referee.rules.state import UnitState
from referee.ruleset.shipped import ruleset
from referee.units.catalogue import find_unit
from referee.units.model import UnitType

N, NE, SE, S, SW, NW = range(6)


def at(label: str) -> Hex:
    return parse_label(label)


def state(
    uid: str, unit: str | UnitType, side: int, where: str, facing: int = N, **kw: object
) -> UnitState:
    """A unit base of the sample catalogue (or ``unit`` itself) standing in ``where``."""
    kind = find_unit(unit) if isinstance(unit, str) else unit
    return UnitState(uid=uid, unit=kind, side=side, hex=at(where), facing=facing, **kw)  # type: ignore[arg-type]


def typed(*values: int) -> Dice:
    dice = Dice(seed=0)
    dice.type_in(values)
    return dice


def fighter(
    s: UnitState,
    role: Role = "entering",
    sector: str | None = None,
    deflects_from: tuple[str, ...] | None = None,
) -> Combatant:
    return Combatant(s, role, sector, deflects_from)  # type: ignore[arg-type]


def contest(where: str, one: list[Combatant], two: list[Combatant]) -> Contest:
    return Contest(at(where), (AssaultSide(1, tuple(one)), AssaultSide(2, tuple(two))))


def board(terrain: dict[str, str] | None = None) -> BattleMap:
    """A 5 x 5 map: C3 is its centre; C3's neighbours are C2 (N), D2, D3, C4 (S), B3, B2."""
    doc = {"name": "test", "shape": "rectangle", "columns": 5, "rows": 5, "terrain": terrain or {}}
    return parse_map(Path("test.toml"), doc, ruleset("current").terrain)
