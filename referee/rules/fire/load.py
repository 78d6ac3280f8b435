"""The Load and Aim orders carried out (clauses ``orders.load``, ``fire.load``, ``fire.aim``).

A Load puts ammo in the weapons the ruling ``fire.load-weapons`` names, as much as ruling
``fire.load-amount`` says; a Burst(N) weapon takes at least N. An Aim remembers the hex and
the gunnery step it was made in (its life and line of sight are checked when it is used).
"""

from __future__ import annotations

import msgspec

from referee.board.hexgrid import hex_label
from referee.errors import RefereeError
from referee.rules.state import Aim, UnitState
from referee.ruleset import Ruleset
from referee.units.model import Weapon


class LoadError(RefereeError):
    """A Load or Aim order that cannot be carried out (a unit with no weapon, a shaken
    unit)."""


WEAPONS_RULING = "fire.load-weapons"
AMOUNT_RULING = "fire.load-amount"


class Loaded(msgspec.Struct, frozen=True):
    """A Load carried out: the unit afterwards, the working, the rulings and clauses."""

    state: UnitState
    text: str
    rulings: tuple[str, ...] = (WEAPONS_RULING, AMOUNT_RULING)
    clauses: tuple[str, ...] = ("orders.load", "fire.load")


def one_load(weapon: Weapon) -> int:
    """The ammo one Load gives ``weapon``: its Load[N], at least N for a Burst(N)."""
    return max(weapon.load, weapon.burst)


def check_not_shaken(unit: UnitState) -> None:
    """A shaken unit takes no gunnery action: no Load, no Aim (clause ``fire.shaken``)."""
    if unit.is_shaken:
        raise LoadError(f"{unit.uid} is shaken and takes no gunnery action")


def load(rules: Ruleset, unit: UnitState, weapon: str | None = None) -> Loaded:
    """``unit`` after a Load order (``weapon``: the one named, under the one-weapon reading);
    a shaken unit is refused (clause ``fire.shaken``)."""
    check_not_shaken(unit)
    if not unit.unit.weapons:
        raise LoadError(f"{unit.uid} has no weapon to load")
    which = rules.reading(WEAPONS_RULING).value
    if which == "every":
        weapons = list(unit.unit.weapons)
    elif which == "one":
        weapons = [unit.unit.weapon(weapon) if weapon else unit.unit.weapons[0]]
    else:
        raise LoadError(f"ruling {WEAPONS_RULING}: unknown value {which!r} (every or one)")
    how = rules.reading(AMOUNT_RULING).value
    if how not in ("fill", "add"):
        raise LoadError(f"ruling {AMOUNT_RULING}: unknown value {how!r} (fill or add)")
    ammo = dict(unit.loaded)
    for w in weapons:
        held = ammo.get(w.name, 0)
        ammo[w.name] = held + one_load(w) if how == "add" else max(held, one_load(w))
    text = ", ".join(f"{w.name} {ammo[w.name]}" for w in weapons)
    return Loaded(unit.with_(loaded=ammo), f"{unit.uid} loads: {text}")


def take_aim(unit: UnitState, turn: int, gunnery: int) -> UnitState:
    """``unit`` after an Aim order in gunnery step ``gunnery`` of ``turn`` (clause ``fire.aim``)."""
    return unit.with_(aim=Aim(unit.hex, turn, gunnery))


def aim_text(unit: UnitState, turn: int, gunnery: int) -> str:
    return f"{unit.uid} aims from {hex_label(unit.hex)} (turn {turn}, gunnery {gunnery})"
