"""Exact odds of what one agony step does to one unit (clause ``agony.schedule``).

The step is not weighed by a second copy of its rules: :func:`agony_odds` runs the engine's
own :func:`~referee.rules.agony.step.run_agony_step` once for every face of every die it
asks (a die asked opens one branch per face, each 1/N), so acid's "roll twice", fire's
natural 1, poison's chain and bleeding's stop all count exactly as agony.toml has them.
Each unit is weighed on its own (an effect on one unit never rolls for another, terror
aside: it rolls for the enemies around its unit, which this does not weigh).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from types import MappingProxyType
from typing import TYPE_CHECKING

import msgspec

from referee.dice.service import Dice, RollRequest
from referee.rules.agony.step import run_agony_step
from referee.rules.state import UnitState

if TYPE_CHECKING:
    from referee.ruleset import Ruleset

MAX_RUNS = 2_000
"""Runs of the step past which the odds are not worked out: acid's "roll twice" can roll
again without end, and a page must open at once."""


MAX_DICE = 8
"""Dice of one unit's step past which the odds are not worked out (6^8 runs at most)."""


class _Branch(BaseException):
    """The step asked a die beyond the faces chosen so far (never escapes this module)."""

    def __init__(self, sides: int) -> None:
        super().__init__(sides)
        self.sides = sides


def _ask(request: RollRequest) -> int | None:
    raise _Branch(request.sides)


class AgonyOdds(msgspec.Struct, frozen=True):
    """What agony step ``step`` does to one unit, exactly: ``killed`` P(n models killed),
    ``rows`` P(each damage-table row is read at least once), ``destroyed`` P(no model left).
    ``rolls`` is False when the step asks no die for the unit (nothing to weigh)."""

    uid: str
    rolls: bool
    killed: Mapping[int, Fraction]
    rows: Mapping[str, Fraction]
    destroyed: Fraction
    tokens: Mapping[int, Fraction]
    """P(n previous-damage tokens gained), n != 0."""

    @property
    def kill_at_least_one(self) -> Fraction:
        return sum((p for n, p in self.killed.items() if n), Fraction(0))


class TooManyDice(ValueError):
    """The step's dice branch past :data:`MAX_RUNS` runs: no exact odds offered."""


def agony_odds(rules: Ruleset, step: int, unit: UnitState) -> AgonyOdds:
    """The exact odds of agony ``step`` on ``unit`` (see the module docstring)."""
    killed: dict[int, Fraction] = {}
    rows: dict[str, Fraction] = {}
    tokens: dict[int, Fraction] = {}
    destroyed = Fraction(0)
    stack: list[tuple[tuple[int, ...], Fraction]] = [((), Fraction(1))]
    runs = 0
    rolled = False
    while stack:
        faces, p = stack.pop()
        runs += 1
        if runs > MAX_RUNS:
            raise TooManyDice(f"agony {step} on {unit.uid}: too many dice to weigh exactly")
        dice = Dice(seed=0, ask=_ask)
        dice.type_in(faces)
        try:
            result = run_agony_step(rules, step, [unit], dice)
        except _Branch as branch:
            rolled = True
            if len(faces) >= MAX_DICE:
                raise TooManyDice(
                    f"agony {step} on {unit.uid}: more than {MAX_DICE} dice, "
                    "too many to weigh exactly"
                ) from None
            share = p / branch.sides
            stack.extend(((*faces, f), share) for f in range(branch.sides, 0, -1))
            continue
        after = result.unit(unit.uid)
        n = unit.alive - after.alive
        killed[n] = killed.get(n, Fraction(0)) + p
        gained = after.damage_tokens - unit.damage_tokens
        if gained:
            tokens[gained] = tokens.get(gained, Fraction(0)) + p
        if after.destroyed and not unit.destroyed:
            destroyed += p
        read = {
            e.table.row.text
            for e in result.events
            if e.uid == unit.uid and e.table is not None and e.table.row is not None
        }
        for text in read:
            rows[text] = rows.get(text, Fraction(0)) + p
    return AgonyOdds(
        unit.uid,
        rolled,
        MappingProxyType(dict(sorted(killed.items()))),
        MappingProxyType(rows),
        destroyed,
        MappingProxyType(dict(sorted(tokens.items()))),
    )
