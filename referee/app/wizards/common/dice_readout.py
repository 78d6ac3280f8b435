"""What :class:`~referee.app.wizards.common.dice_entry.DiceEntry` reads out of its dice for
its owner: the typed values in the order the step asks for them (what the journal step is
given), the dice asked as rolls, whether every die is typed, the step's result on them,
what is still to type, and a die's box."""

from __future__ import annotations

from collections.abc import Sequence

from referee.app.wizards.common.face_box import FaceBox
from referee.dice.service import Roll
from referee.dice.typed_run import DieKey, DieSlot, TypedRun


class DiceReadout:
    """The reading half of :class:`~.dice_entry.DiceEntry` (see the module docstring)."""

    last: TypedRun | None
    slots: tuple[DieSlot, ...]
    boxes: dict[DieKey, FaceBox]

    def is_typed(self) -> bool:
        raise NotImplementedError

    def values(self) -> tuple[int, ...] | None:
        """The typed values in the order the step asks for them; ``None``: the app rolls."""
        if not self.is_typed():
            return None
        return self.last.values if self.last is not None else ()

    def asked(self) -> tuple[Roll, ...]:
        """The dice the step asked so far, typed or the app's, as rolls."""
        typed = self.is_typed()
        return tuple(
            Roll(s.sides, s.value or 0, s.request.purpose, typed)
            for s in self.slots
            if s.state == "asked"
        )

    def complete(self) -> bool:
        """Digital, or every die the step asks for typed and nothing refused."""
        if not self.is_typed():
            return True
        return self.last is not None and self.last.complete

    def result(self) -> object | None:
        """The step's result on the typed dice, once complete."""
        return self.last.result if self.last is not None and self.is_typed() else None

    def problem(self) -> str | None:
        """What the engine refused, or which die is still to type (typed mode)."""
        if not self.is_typed() or self.last is None:
            return None
        if self.last.problem:
            return self.last.problem
        for i, slot in enumerate(self.slots, 1):
            if slot.value is None:
                return f"type die {i} (d{slot.sides}, {slot.request.purpose})"
        return None

    def missing(self) -> list[int]:
        """The dice (from 1) still to type, in typed mode, the one needed first first."""
        if not self.is_typed() or self.last is None:
            return []
        return list(self.last.missing)

    def box(self, index: int) -> FaceBox:
        """The box of die ``index`` (from 0) as listed now."""
        return self.boxes[self.slots[index].key]

    def type_values(self, values: Sequence[int]) -> None:
        """Type ``values`` into the dice as listed, one after another (what a referee at the
        table does; used by screenshots and tests)."""
        for i, value in enumerate(values):
            if i >= len(self.slots):
                break
            self.box(i).setValue(value)
