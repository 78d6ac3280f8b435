"""Where a match stands in the turn sequence: a turn number and a step (clause
``turn.sequence``).

A :class:`TurnPosition` is a frozen value; :meth:`TurnPosition.next` and
:meth:`TurnPosition.previous` return new ones. Going past the aftermath starts the next turn
at its first step (Gunnery 1); stepping back from the first step of a turn returns to the
aftermath of the turn before. Positions compare by (turn, index).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from referee.errors import RefereeError
from referee.rules.turn.sequence import TurnStep, turn_rules

if TYPE_CHECKING:
    from referee.ruleset import Ruleset


class TurnClockError(RefereeError):
    """A position outside the turn sequence, or a step back from the match's first step."""


@dataclass(frozen=True, order=True)
class TurnPosition:
    """Turn ``turn`` (from 1), step ``index`` of ``steps`` (the ruleset's turn sequence)."""

    turn: int
    index: int
    steps: tuple[TurnStep, ...] = field(compare=False, repr=False, kw_only=True)

    def __post_init__(self) -> None:
        if not self.steps:
            raise TurnClockError("a turn position needs the steps of its turn")
        if self.turn < 1:
            raise TurnClockError(f"turns count from 1, not {self.turn}")
        if not 0 <= self.index < len(self.steps):
            raise TurnClockError(
                f"step index {self.index} is outside the turn (0 to {len(self.steps) - 1})"
            )

    @classmethod
    def first(cls, rules: Ruleset) -> TurnPosition:
        """The first step of the first turn of a match under ``rules``."""
        return cls(1, 0, steps=turn_rules(rules).steps)

    @classmethod
    def at(cls, rules: Ruleset, turn: int, step_id: str) -> TurnPosition:
        """Turn ``turn`` at the step called ``step_id`` (``TurnClockError`` if it has none)."""
        spec = turn_rules(rules)
        try:
            index = spec.index(step_id)
        except KeyError as exc:
            raise TurnClockError(str(exc.args[0])) from None
        return cls(turn, index, steps=spec.steps)

    @property
    def step(self) -> TurnStep:
        return self.steps[self.index]

    @property
    def step_id(self) -> str:
        return self.step.id

    @property
    def is_first_of_turn(self) -> bool:
        return self.index == 0

    @property
    def is_last_of_turn(self) -> bool:
        return self.index == len(self.steps) - 1

    def next(self) -> TurnPosition:
        """The following step; after the aftermath, the first step of the next turn."""
        if self.is_last_of_turn:
            return TurnPosition(self.turn + 1, 0, steps=self.steps)
        return TurnPosition(self.turn, self.index + 1, steps=self.steps)

    def previous(self) -> TurnPosition:
        """The step before; before a turn's first step, the aftermath of the turn before."""
        if self.is_first_of_turn:
            if self.turn == 1:
                raise TurnClockError(f"turn 1, {self.step_id} is the first step of the match")
            return TurnPosition(self.turn - 1, len(self.steps) - 1, steps=self.steps)
        return TurnPosition(self.turn, self.index - 1, steps=self.steps)

    def text(self) -> str:
        return f"Turn {self.turn}, {self.step.label}"

    def to_json(self) -> dict[str, object]:
        return {"turn": self.turn, "step": self.step_id, "index": self.index}
