"""One thing an effect did: to which unit or hex, with which dice, table roll and clause.

Agony steps, hex-effect triggers and the aftermath all report a tuple of
:class:`EffectEvent`; together they are the log of what happened and explain it.
"""

from __future__ import annotations

import msgspec

from referee.board.hexgrid import Hex
from referee.dice.service import Dice, Roll
from referee.rules.damage.table_roll import TableRoll
from referee.rules.state import UnitState


class EffectEvent(msgspec.Struct, frozen=True):
    """What one effect did once (one acid instance, one poison die, one cloud on a unit)."""

    effect: str
    clause: str
    text: str
    uid: str | None = None
    hex: Hex | None = None
    dice: tuple[Roll, ...] = ()
    table: TableRoll | None = None
    killed: int = 0
    rulings: tuple[str, ...] = ()

    def explain(self) -> str:
        who = self.uid or (str(self.hex) if self.hex is not None else "")
        head = f"{who}: " if who else ""
        parts = [f"{head}{self.effect}: {self.text}"]
        if self.table is not None:
            parts.append(self.table.explain())
        if self.killed:
            parts.append(f"{self.killed} model(s) killed")
        cite = self.clause + "".join(f"; ruling {r}" for r in self.rulings)
        return f"{'; '.join(parts)} [{cite}]"

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"effect": self.effect, "clause": self.clause, "text": self.text}
        if self.uid is not None:
            out["unit"] = self.uid
        if self.hex is not None:
            out["hex"] = str(self.hex)
        if self.dice:
            out["dice"] = [d.to_json() for d in self.dice]
        if self.table is not None:
            out["table"] = {
                "table": self.table.table,
                "natural": self.table.natural,
                "terms": [t.to_json() for t in self.table.terms],
                "result": self.table.result,
                "row": self.table.row.text if self.table.row else None,
            }
        if self.killed:
            out["killed"] = self.killed
        if self.rulings:
            out["rulings"] = list(self.rulings)
        return out


class DiceWatch:
    """The dice rolled since it was made (or last taken): ``watch.take()``."""

    def __init__(self, dice: Dice) -> None:
        self._dice = dice
        self._start = len(dice.log)

    def take(self) -> tuple[Roll, ...]:
        rolls = tuple(self._dice.log[self._start :])
        self._start = len(self._dice.log)
        return rolls


def all_dice(events: tuple[EffectEvent, ...]) -> tuple[Roll, ...]:
    return tuple(r for e in events for r in e.dice)


def all_clauses(events: tuple[EffectEvent, ...]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(e.clause for e in events))


def all_rulings(events: tuple[EffectEvent, ...]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(r for e in events for r in e.rulings))


class UnitOutcome(msgspec.Struct, frozen=True):
    """One effect carried out on one unit: its state afterwards and what happened."""

    state: UnitState
    events: tuple[EffectEvent, ...] = ()
