"""When a parameterised ability of the to-hit table applies (clauses ``fire.camouflage``,
``fire.take-cover``, ``fire.elusive``, ``fire.optimal-at-point-blank``).

``Camouflage[forest]`` applies in a forest hex, ``Take Cover[slow,-1]`` at slow speed,
``Optimal at point blank`` at point blank range; the value of a ``"param"`` row is the
ability's last parameter.
"""

from __future__ import annotations

from collections.abc import Iterable

from referee.board.ranges import RangeBand
from referee.errors import RefereeError
from referee.rules.fire.to_hit_table import Modifier, ToHitTable
from referee.ruleset.terrain import Terrain
from referee.units.model import Ability


class AbilityParameterError(RefereeError):
    """An ability whose parameters the to-hit table cannot read (names the ability)."""


def _norm(name: str) -> str:
    return "-".join(name.strip().lower().replace("_", " ").split())


def same_speed(table: ToHitTable, a: str, b: str) -> bool:
    """``a`` and ``b`` name the same speed (``still`` is ``stand-still``)."""

    def canon(name: str) -> str:
        n = _norm(name)
        for row in table.speeds.values():
            if n == row.id or n in row.aliases:
                return row.id
        return n

    return canon(a) == canon(b)


def in_terrain(ability: Ability, terrain: Terrain, markers: Iterable[str]) -> bool:
    """The ability's first parameter names the hex's terrain (id or name) or a marker in it."""
    if not ability.params:
        raise AbilityParameterError(f"{ability.text()}: needs the terrain, e.g. camouflage[forest]")
    want = _norm(ability.params[0])
    return want in {_norm(terrain.id), _norm(terrain.name), *(_norm(m) for m in markers)}


def param_value(ability: Ability) -> int:
    """The last parameter as a number: ``take-cover[slow,-1]`` -> -1."""
    if not ability.params:
        raise AbilityParameterError(f"{ability.text()}: needs a number parameter")
    try:
        return ability.number(len(ability.params) - 1)
    except ValueError:
        raise AbilityParameterError(
            f"{ability.text()}: {ability.params[-1]!r} is not a number"
        ) from None


def applies(
    table: ToHitTable,
    row: Modifier,
    ability: Ability,
    *,
    speed: str,
    terrain: Terrain,
    markers: Iterable[str],
    band: RangeBand | None,
) -> bool:
    """Whether ``row`` (of ``ability``) applies to a unit at ``speed`` in ``terrain``."""
    if row.when == "in-terrain":
        return in_terrain(ability, terrain, markers)
    if row.when == "at-speed":
        if len(ability.params) < 2:
            raise AbilityParameterError(
                f"{ability.text()}: needs the speed and the modifier, e.g. {row.id}[slow,-1]"
            )
        return same_speed(table, ability.params[0], speed)
    if row.when == "at-point-blank":
        return band is not None and band.band == "point-blank"
    return True


def value(row_value: int | str, ability: Ability) -> int:
    """A row's value: a number, or ``"param"`` read from the ability."""
    return param_value(ability) if row_value == "param" else int(row_value)
