"""The dice service: every die the engine needs is asked of one :class:`Dice`.

A die is either rolled by the app (a ``random.Random`` seeded from the match, so a match
replays the same) or typed in by the referee from the table: values queued with
:meth:`Dice.type_in`, or answered by an ``ask`` callback (the app's dice dialog). A typed
value outside the die's faces is refused with :class:`DieOutOfRange` and is not used.
Every die is logged as a :class:`Roll` (sides, value, what it was for, typed or not), which
the match journal stores with the ruling that used it.

The engine may announce the dice it will ask next (:meth:`Dice.expect`; a batch of
:meth:`Dice.roll_many` announces itself), so that a referee typing dice from the table is
shown every die a step needs, in order, before the first is typed; each die asked takes
its announcement off the list (:attr:`Dice.expected`).

Clause ``dice.open-ended``: an open-ended dN that shows N rolls on; each further die
above 4 adds one and rolls on (6, 5, 6, 3 gives 8).

Clause ``dice.success``: :meth:`Dice.roll_up` (``N+``) and :meth:`Dice.roll_down` (``N-``)
roll a dice expression, add its effects and compare (:mod:`referee.dice.success`).
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

import msgspec

from referee.dice.expression import DiceExpr
from referee.errors import RefereeError, whole_number

if TYPE_CHECKING:  # imported by the rules that roll up or down (the activation rules')
    from referee.dice.success import Check, Effect, Target


class DieOutOfRange(RefereeError):
    """A typed die result that the die cannot show (a d6 result of 7)."""

    def __init__(self, sides: int, value: object, purpose: str) -> None:
        self.sides = sides
        self.value = value
        self.purpose = purpose
        what = f" for {purpose}" if purpose else ""
        super().__init__(f"a d{sides} shows 1 to {sides}; {value!r} typed{what} is out of range")


class RollRequest(msgspec.Struct, frozen=True):
    """One die the engine needs: how many sides and what it decides.

    ``note`` says more (``open-ended: a 6 rolls on``, ``unless the armor stops the hit``);
    ``follow_up`` marks the die an open-ended roll asks for after its top face.
    """

    sides: int
    purpose: str
    note: str = ""
    follow_up: bool = False


class Roll(msgspec.Struct, frozen=True):
    """One die as it fell: ``typed`` when the referee read it off the table."""

    sides: int
    value: int
    purpose: str
    typed: bool

    def to_json(self) -> dict[str, object]:
        return {
            "sides": self.sides,
            "value": self.value,
            "purpose": self.purpose,
            "typed": self.typed,
        }


class OpenEndedRoll(msgspec.Struct, frozen=True):
    """An open-ended roll: the first die, the dice rolled on, and the result."""

    sides: int
    dice: tuple[int, ...]
    value: int

    @property
    def natural(self) -> int:
        return self.dice[0]


class ExpressionRoll(msgspec.Struct, frozen=True):
    """A dice expression rolled: its dice, and its value (their sum and the modifier)."""

    expr: DiceExpr
    dice: tuple[int, ...]

    @property
    def value(self) -> int:
        return sum(self.dice) + self.expr.modifier


Asker = Callable[[RollRequest], int | None]


def check_face(sides: int, value: object, purpose: str = "") -> int:
    """``value`` as a face of a d``sides``, or :class:`DieOutOfRange`."""
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= sides:
        number = whole_number(value) if isinstance(value, str) else None
        if number is not None:
            return check_face(sides, number, purpose)
        raise DieOutOfRange(sides, value, purpose)
    return value


def open_ended_note(sides: int = 6, follow_sides: int = 6) -> str:
    """What the first die of an open-ended roll says of itself."""
    return f"open-ended: a {sides} rolls on with a d{follow_sides}"


class Dice:
    """The one source of dice for a match (see the module docstring)."""

    def __init__(self, seed: int | None = None, ask: Asker | None = None) -> None:
        self.seed = seed if seed is not None else random.SystemRandom().randrange(2**32)
        self._rng = random.Random(self.seed)
        self._typed: deque[int] = deque()
        self.ask = ask
        self.log: list[Roll] = []
        self.expected: list[RollRequest] = []
        """Dice announced and not asked yet, in order (see :meth:`expect`)."""
        self.planned = False
        """Whether the engine announced its dice (:meth:`expect`), beyond a batch's own."""

    def expect(self, requests: Iterable[RollRequest]) -> None:
        """Announce the dice the engine will ask next, in order (they replace what was
        announced before). A die asked takes the first announcement of its sides and
        purpose off the list, with any before it (dice the outcome made unneeded)."""
        self.expected = list(requests)
        self.planned = True

    def _take(self, sides: int, purpose: str, note: str, follow_up: bool) -> RollRequest:
        for i, r in enumerate(self.expected):
            if r.sides == sides and r.purpose == purpose:
                del self.expected[: i + 1]
                return RollRequest(sides, purpose, r.note or note, follow_up or r.follow_up)
        return RollRequest(sides, purpose, note, follow_up)

    def type_in(self, values: Iterable[int]) -> None:
        """Queue results read off the table; they answer the next dice in order."""
        self._typed.extend(values)

    @property
    def pending(self) -> tuple[int, ...]:
        """Typed results not used yet."""
        return tuple(self._typed)

    def clear_typed(self) -> None:
        self._typed.clear()

    def since(self, start: int) -> tuple[Roll, ...]:
        """The dice rolled since the log held ``start`` rolls (one event's dice)."""
        return tuple(self.log[start:])

    def forget_since(self, start: int) -> None:
        """Take the rolls made since the log held ``start`` rolls out of the log: a step
        refused after rolling (choices still to make) leaves no dice in any event."""
        del self.log[start:]

    def roll(
        self, sides: int = 6, purpose: str = "", *, note: str = "", follow_up: bool = False
    ) -> int:
        """One d``sides``: a typed value if one is waiting, else the ``ask`` answer, else rolled."""
        if sides < 1:
            raise ValueError(f"a die needs at least one side, not {sides}")
        request = self._take(sides, purpose, note, follow_up)
        typed = True
        if self._typed:
            raw: int | None = self._typed.popleft()
        elif self.ask is not None:
            raw = self.ask(request)
        else:
            raw = None
        if raw is None:
            value = self._rng.randint(1, sides)
            typed = False
        else:
            value = check_face(sides, raw, purpose)
        self.log.append(Roll(sides, value, purpose, typed))
        return value

    def roll_many(self, count: int, sides: int = 6, purpose: str = "") -> tuple[int, ...]:
        """``count`` d``sides`` for one purpose; the batch is announced before its first die."""
        ahead = 0
        while ahead < min(count, len(self.expected)) and (
            self.expected[ahead].sides,
            self.expected[ahead].purpose,
        ) == (sides, purpose):
            ahead += 1
        if ahead < count:
            self.expected[ahead:ahead] = [RollRequest(sides, purpose)] * (count - ahead)
        return tuple(self.roll(sides, purpose) for _ in range(count))

    def expression(self, expr: DiceExpr, purpose: str = "") -> ExpressionRoll:
        """Roll a dice expression such as ``d6-1``."""
        return ExpressionRoll(expr, self.roll_many(expr.count, expr.sides, purpose))

    def open_ended(
        self, sides: int = 6, purpose: str = "", *, follow_sides: int = 6, above: int = 4
    ) -> OpenEndedRoll:
        """An open-ended d``sides`` (clause ``dice.open-ended``).

        A natural ``sides`` lets a d``follow_sides`` be rolled; each such die above
        ``above`` adds one and rolls on. The draft's example: 6, 5, 6, 3 gives 8.
        """
        first = self.roll(sides, purpose, note=open_ended_note(sides, follow_sides))
        dice = [first]
        value = first
        if first == sides:
            while True:
                extra = self.roll(
                    follow_sides,
                    f"{purpose} (open-ended)".strip(),
                    note=f"rolled on: above {above} adds one and rolls on",
                    follow_up=True,
                )
                dice.append(extra)
                if extra <= above:
                    break
                value += 1
        return OpenEndedRoll(sides, tuple(dice), value)

    def check(
        self,
        target: Target,
        expr: DiceExpr | int = 6,
        purpose: str = "",
        effects: Iterable[Effect] = (),
    ) -> Check:
        """Roll ``expr`` (a d``expr`` for a number), add ``effects`` and compare with
        ``target`` (clause ``dice.success``)."""
        from referee.dice.success import Check

        if isinstance(expr, int):
            expr = DiceExpr(1, expr)
        rolled = self.roll_many(expr.count, expr.sides, purpose) if expr.count else ()
        return Check(target, expr, rolled, tuple(effects))

    def roll_up(
        self,
        number: int,
        expr: DiceExpr | int = 6,
        purpose: str = "",
        effects: Iterable[Effect] = (),
    ) -> Check:
        """Rolling up: ``number``+ succeeds on ``number`` or more (clause
        ``activation.rolling-up``)."""
        from referee.dice.success import roll_up

        return self.check(roll_up(number), expr, purpose, effects)

    def roll_down(
        self,
        number: int,
        expr: DiceExpr | int = 6,
        purpose: str = "",
        effects: Iterable[Effect] = (),
    ) -> Check:
        """Rolling down: ``number``- succeeds on ``number`` or less (clause
        ``activation.rolling-down``)."""
        from referee.dice.success import roll_down

        return self.check(roll_down(number), expr, purpose, effects)
