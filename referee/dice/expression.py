"""Dice expressions as unit cards print them: ``d6``, ``d6-1``, ``2d6+1``, ``d12``, ``3``.

Clause ``dice.expression``. ``parse_dice`` and ``DiceExpr.text`` are a pair: the text of a
parsed expression parses back to the same expression.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import msgspec

from referee.errors import RefereeError, whole_number
from referee.limits import DICE_MAX_COUNT, DICE_MAX_MODIFIER

if TYPE_CHECKING:  # exact odds are asked for by a few rules; a unit card (and the app's first
    from fractions import Fraction  # frame) is read without them

VALID_SIDES = frozenset({2, 3, 4, 6, 8, 10, 12, 20})

_DICE_RE = re.compile(r"^\s*(?:(\d*)\s*[dD]\s*(\d+))?\s*(?:([+-])\s*(\d+))?\s*$", re.ASCII)


class DiceExpressionError(RefereeError):
    """A dice expression that cannot be read; the message quotes it."""


class DiceExpr(msgspec.Struct, frozen=True):
    """``count`` dice of ``sides`` sides plus ``modifier`` (``count`` 0: a fixed number)."""

    count: int
    sides: int
    modifier: int = 0

    def text(self) -> str:
        if self.count == 0:
            return str(self.modifier)
        dice = f"{'' if self.count == 1 else self.count}d{self.sides}"
        if self.modifier:
            return f"{dice}{self.modifier:+d}"
        return dice

    def __str__(self) -> str:
        return self.text()

    @property
    def minimum(self) -> int:
        return self.count + self.modifier

    @property
    def maximum(self) -> int:
        return self.count * self.sides + self.modifier

    def distribution(self) -> dict[int, Fraction]:
        """Exact probability of each total."""
        from fractions import Fraction

        dist: dict[int, Fraction] = {self.modifier: Fraction(1)}
        face = Fraction(1, self.sides) if self.sides else Fraction(1)
        for _ in range(self.count):
            nxt: dict[int, Fraction] = {}
            for total, p in dist.items():
                for v in range(1, self.sides + 1):
                    nxt[total + v] = nxt.get(total + v, Fraction(0)) + p * face
            dist = nxt
        return dist


def parse_dice(text: str | int) -> DiceExpr:
    """Read ``d6``, ``d6-1``, ``2d6+1`` or a plain number; refuse anything else."""
    if isinstance(text, bool) or not isinstance(text, int | str):
        raise DiceExpressionError(
            f"{text!r} is not a dice expression (write e.g. d6, d6-1, 2d6+1 or 3)"
        )
    if isinstance(text, int):
        return DiceExpr(0, 0, _modifier(text, text))
    if len(text) > 40:
        raise DiceExpressionError(f"{text[:40]!r}...: too long for a dice expression")
    number = whole_number(text)
    if number is not None:
        return DiceExpr(0, 0, _modifier(number, text))
    m = _DICE_RE.match(text)
    if not m or not (m.group(2) or m.group(4)):
        raise DiceExpressionError(
            f"{text!r} is not a dice expression (write e.g. d6, d6-1, 2d6+1 or 3)"
        )
    count_text, sides_text, sign, mod_text = m.groups()
    modifier = _modifier(int(mod_text or 0) * (-1 if sign == "-" else 1), text)
    if sides_text is None:
        return DiceExpr(0, 0, modifier)
    count = int(count_text) if count_text else 1
    sides = int(sides_text)
    if sides not in VALID_SIDES:
        raise DiceExpressionError(
            f"{text!r}: a d{sides} is not a die (sides: {', '.join(map(str, sorted(VALID_SIDES)))})"
        )
    if count < 1 or count > DICE_MAX_COUNT:
        raise DiceExpressionError(f"{text!r}: roll between 1 and {DICE_MAX_COUNT} dice (the limit)")
    return DiceExpr(count, sides, modifier)


def _modifier(value: int, text: str | int) -> int:
    if abs(value) > DICE_MAX_MODIFIER:
        raise DiceExpressionError(
            f"{text!r}: a number added to dice is at most "
            f"{DICE_MAX_MODIFIER} either way (the limit)"
        )
    return value
