"""The last answer of a function of a match state's parts, kept while those parts stay.

A match state is frozen and its parts (the units, the orders, the contests...) are
immutable values that each new state shares with the one before when an event leaves them
alone; moving the clock on (``advance``) makes a state per step it passes, sharing every
part but the turn and the step. A derived value that reads only some parts (what the
match knows of the step at hand, the actions of a movement step) is then the same for all
of them: :class:`LastAnswer` keeps the last one with the very parts it was worked out from
(compared by identity, numbers and text by value), so it is worked out once per change of
those parts. The parts are held, so they cannot be collected and their ids reused.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")


def _same(a: tuple[object, ...], b: tuple[object, ...]) -> bool:
    return len(a) == len(b) and all(
        x is y or (type(x) in (int, str) and type(y) is type(x) and x == y)
        for x, y in zip(a, b, strict=True)
    )


class LastAnswer(Generic[T]):
    """``get(parts, work)``: ``work()``, or the answer it gave last for the same ``parts``."""

    def __init__(self) -> None:
        self._last: tuple[tuple[object, ...], T] | None = None

    def get(self, parts: tuple[object, ...], work: Callable[[], T]) -> T:
        last = self._last  # one read: another thread may set it meanwhile
        if last is not None and _same(last[0], parts):
            return last[1]
        answer = work()
        self._last = (parts, answer)
        return answer
