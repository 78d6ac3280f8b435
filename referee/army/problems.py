"""One problem of an army: the unit entry, the field, the rule (a clause id) and the words.

Every check of an army (:mod:`referee.army.load`, :mod:`referee.army.validate`) reports
:class:`ArmyProblem` values, so the command line, the builder and the tournament desk show
each problem where it is: ``unit[1].upgrades[0]: ... (clause army.costs)``.
"""

from __future__ import annotations

import msgspec


class ArmyProblem(msgspec.Struct, frozen=True):
    """A problem of an army list; ``unit`` is the entry (``unit[1]``, counted from 0 in the
    file's order) or ``None`` for the army as a whole, ``field`` the key within it."""

    unit: str | None
    field: str | None
    rule: str
    message: str

    @property
    def entry(self) -> int | None:
        """The index of the unit entry, or ``None``."""
        if self.unit is None or not self.unit.startswith("unit["):
            return None
        return int(self.unit[5:].split("]", 1)[0])

    def where(self) -> str:
        """``unit[1].upgrades[0]``, ``unit[1]``, ``game`` or ``army``."""
        if self.unit and self.field:
            return f"{self.unit}.{self.field}"
        return self.unit or self.field or "army"

    def text(self) -> str:
        return f"{self.where()}: {self.message} (clause {self.rule})"

    def to_json(self) -> dict[str, str | None]:
        return {"unit": self.unit, "field": self.field, "rule": self.rule, "message": self.message}
