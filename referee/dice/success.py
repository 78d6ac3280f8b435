"""Success numbers: rolling up (``N+``) and rolling down (``N-``), and their exact odds.

A table that prints ``9+`` asks for a roll of 9 or more (rolling up); one that prints ``2-``
asks for 2 or less (rolling down). These are the dice service's two comparisons
(:meth:`referee.dice.service.Dice.roll_up`, :meth:`~referee.dice.service.Dice.roll_down`):
the roll goes through the one service (so it can be typed in from the table), any effects are
added to the rolled value, and the total is compared. :meth:`Target.odds` gives the exact
chance of success of any dice expression, effects included.

Clauses ``dice.success``, ``activation.rolling``, ``activation.rolling-up``,
``activation.rolling-down``. ``parse_target`` and ``Target.text`` are a pair.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Literal

import msgspec

from referee.dice.expression import DiceExpr
from referee.errors import RefereeError

Way = Literal["up", "down"]

_TARGET_RE = re.compile(r"^\s*(-?\d+)\s*([+-])\s*$")


class TargetError(RefereeError):
    """A success number that is not ``N+`` or ``N-``; the message quotes it."""


class Target(msgspec.Struct, frozen=True):
    """``number`` or more (``way`` up, ``N+``), or ``number`` or less (``way`` down, ``N-``)."""

    number: int
    way: Way

    def text(self) -> str:
        return f"{self.number}{'+' if self.way == 'up' else '-'}"

    def __str__(self) -> str:
        return self.text()

    def succeeds(self, value: int) -> bool:
        """Whether a total of ``value`` succeeds (clauses ``activation.rolling-up``,
        ``activation.rolling-down``)."""
        return value >= self.number if self.way == "up" else value <= self.number

    def odds(self, expr: DiceExpr, modifier: int = 0) -> Fraction:
        """The exact chance that ``expr`` plus ``modifier`` succeeds."""
        return sum(
            (p for total, p in expr.distribution().items() if self.succeeds(total + modifier)),
            Fraction(0),
        )

    def words(self) -> str:
        return f"{self.number} or {'more' if self.way == 'up' else 'less'}"


def roll_up(number: int) -> Target:
    """``N+``: a roll of ``number`` or more succeeds."""
    return Target(number, "up")


def roll_down(number: int) -> Target:
    """``N-``: a roll of ``number`` or less succeeds."""
    return Target(number, "down")


def parse_target(text: str | int) -> Target:
    """``"9+"`` or ``"2-"`` as a :class:`Target`; refuse anything else."""
    m = _TARGET_RE.match(text) if isinstance(text, str) else None
    if m is None:
        raise TargetError(
            f"{text!r} is not a success number: write N+ (N or more) or N- (N or less), "
            "e.g. 9+ or 2-"
        )
    return Target(int(m.group(1)), "up" if m.group(2) == "+" else "down")


class Effect(msgspec.Struct, frozen=True):
    """Something added to a rolled value (``+1 scope``, ``-2 cover``)."""

    label: str
    value: int

    def text(self) -> str:
        return f"{self.value:+d} {self.label}"


class Check(msgspec.Struct, frozen=True):
    """One roll against a success number: the dice as they fell, the effects added."""

    target: Target
    expr: DiceExpr
    dice: tuple[int, ...]
    effects: tuple[Effect, ...] = ()

    @property
    def rolled(self) -> int:
        return sum(self.dice) + self.expr.modifier

    @property
    def value(self) -> int:
        return self.rolled + sum(e.value for e in self.effects)

    @property
    def success(self) -> bool:
        return self.target.succeeds(self.value)

    def text(self) -> str:
        """``d12 rolled 8, +1 scope = 9 against 9+: success``."""
        shown = f"{self.expr.text()} rolled {self.rolled}"
        if self.effects:
            shown += ", " + ", ".join(e.text() for e in self.effects) + f" = {self.value}"
        verdict = "success" if self.success else "failure"
        return f"{shown} against {self.target.text()}: {verdict}"
