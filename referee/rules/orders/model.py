"""Orders as values: an action, the actions of one step, a movement or gunnery order.

Clause ``orders.movement``: a movement order is three steps separated by ``+`` (movement
1, 2 and 3), a gunnery order two (gunnery 1 and 2); actions of one step are separated by
commas. ``F + L + -``, ``360,A + F + F``, ``Aim + -``, ``- + Load``.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from referee.errors import RefereeError


class OrderShapeError(RefereeError):
    """An order whose steps do not fit its kind (three movement steps, two gunnery steps)."""


OrderKind = Literal["movement", "gunnery"]

MOVEMENT_CODES: tuple[str, ...] = (
    "F",
    "R",
    "L",
    "B",
    "A",
    "Rev",
    "Chase",
    "Follow",
    "Flee",
    "Road",
    "360",
    "-",
)
"""Clause ``orders.movement-codes``: forward, rotate right/left, brake, accelerate, reverse, chase,
follow, flee, road, rotate freely, no action. B and A may carry ``[X]``, a named speed."""

SPEED_CODES: tuple[str, ...] = ("A", "B")
"""The movement codes that change speed (:mod:`referee.rules.movement_step.speed`)."""

GUNNERY_CODES: tuple[str, ...] = ("Aim", "Load", "Fire", "Spot", "-")
"""Clause ``orders.gunnery-codes``."""

STEPS: dict[OrderKind, int] = {"movement": 3, "gunnery": 2}


class Action(msgspec.Struct, frozen=True):
    """One action: a code and, for ``B[X]``/``A[X]``, the speed ``X`` (``arg``)."""

    code: str
    arg: str | None = None

    def text(self) -> str:
        return f"{self.code}[{self.arg}]" if self.arg is not None else self.code

    def __str__(self) -> str:
        return self.text()

    @property
    def is_nothing(self) -> bool:
        return self.code == "-"


Step = tuple[Action, ...]
"""The actions of one step, carried out together (``360,A``)."""


class Order(msgspec.Struct, frozen=True):
    """A movement order (three steps) or a gunnery order (two steps).

    ``speed`` is the speed the order is written for, ``(fast) F + F + -``; ``step_speeds``
    (empty, or one entry per step) the speed a single step is written for, ``- + Load
    (still)`` (clause ``orders.speed-restrictions``). Both are checked, not obeyed: see
    :mod:`referee.rules.orders.legality`.
    """

    kind: OrderKind
    steps: tuple[Step, ...]
    speed: str | None = None
    step_speeds: tuple[str | None, ...] = ()

    def __post_init__(self) -> None:
        if len(self.steps) != STEPS[self.kind]:
            raise OrderShapeError(
                f"a {self.kind} order has {STEPS[self.kind]} steps, got {len(self.steps)}"
            )
        if any(not s for s in self.steps):
            raise OrderShapeError(
                f"a {self.kind} order with an empty step: write '-' for no action"
            )
        if self.step_speeds and len(self.step_speeds) != len(self.steps):
            raise OrderShapeError(
                f"step_speeds: one entry per step ({len(self.steps)}), got {len(self.step_speeds)}"
            )

    def step(self, number: int) -> Step:
        """Step ``number`` (1-based: movement 1-3, gunnery 1-2)."""
        return self.steps[number - 1]

    def step_speed(self, number: int) -> str | None:
        """The speed step ``number`` is written for (``None``: not written)."""
        return self.step_speeds[number - 1] if self.step_speeds else None

    def text(self) -> str:
        """The order in the normalised notation: ``(fast) 360,A + F + -``, ``- + Load (slow)``."""
        parts = []
        for number, step in enumerate(self.steps, 1):
            part = ",".join(a.text() for a in step)
            mark = self.step_speed(number)
            parts.append(f"{part} ({mark})" if mark else part)
        body = " + ".join(parts)
        return f"({self.speed}) {body}" if self.speed else body

    def __str__(self) -> str:
        return self.text()


NOTHING = Action("-")


def no_order(kind: OrderKind) -> Order:
    """``- + - + -`` or ``- + -``."""
    return Order(kind, tuple((NOTHING,) for _ in range(STEPS[kind])))
