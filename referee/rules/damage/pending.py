"""Damage rolled in sequence, taking effect at the turn's 'apply damage' step.

Clause ``damage.sequence``: damage taken in a step is rolled in sequence, each roll applied
before the next is rolled, but the effect in total does not apply before the 'apply
damage' step. A :class:`PendingLedger` keeps, per unit, the table rolls of the step and
the state they lead to; :meth:`PendingLedger.seen` is the target the next roll sees
(ruling ``damage.pending-tokens``: the previous-damage tokens as the earlier rolls left
them, or as they were when the step began). :func:`apply_pending` carries the rows out on
the units at the 'apply damage' step (clauses ``damage.table``, ``damage.model-death``).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

import msgspec

from referee.rules.damage.damage_roll import DamageResult
from referee.rules.damage.table_roll import RowOutcome, TableRoll, carry_out
from referee.rules.state import UnitState

if TYPE_CHECKING:
    from referee.ruleset import Ruleset

PENDING_RULING = "damage.pending-tokens"


class PendingDamage(msgspec.Struct, frozen=True):
    """One table roll waiting for the 'apply damage' step, and what its row will do."""

    uid: str
    source: str
    cause: str
    """The damage type (``regular``, ``psychic``, ``fire``...), for ``carry_out``."""
    roll: TableRoll
    outcome: RowOutcome
    """The row carried out on the state the ledger held before this roll."""

    def explain(self) -> str:
        killed = f" ({self.outcome.killed} killed)" if self.outcome.killed else ""
        return f"{self.uid}: {self.source}, {self.roll.explain()}{killed}"

    def to_json(self) -> dict[str, object]:
        row = self.roll.row
        return {
            "unit": self.uid,
            "source": self.source,
            "cause": self.cause,
            "table": self.roll.table,
            "result": self.roll.result,
            "row": row.text if row else None,
            "killed": self.outcome.killed,
            "notes": list(self.outcome.notes),
        }


def _frozen(d: Mapping[str, UnitState]) -> Mapping[str, UnitState]:
    return MappingProxyType(dict(d))


class PendingLedger(msgspec.Struct, frozen=True):
    """The damage of one step not yet applied (clause ``damage.sequence``); frozen.

    ``start`` holds each damaged unit as it was at its first roll of the step, ``current``
    as the rolls so far leave it. Recording returns a new ledger.
    """

    tokens_seen: str
    """The reading of ruling ``damage.pending-tokens``: ``immediately`` or ``at-apply``."""
    start: Mapping[str, UnitState]
    current: Mapping[str, UnitState]
    entries: tuple[PendingDamage, ...] = ()

    @classmethod
    def open(cls, rules: Ruleset) -> PendingLedger:
        """An empty ledger for a step, under the ruleset's reading of the ruling."""
        value = rules.reading(PENDING_RULING).value
        if value not in ("immediately", "at-apply"):
            raise ValueError(
                f"ruling {PENDING_RULING}: unknown value {value!r} "
                "(expected immediately or at-apply)"
            )
        return cls(str(value), _frozen({}), _frozen({}))

    def seen(self, unit: UnitState) -> UnitState:
        """``unit`` as the next damage roll on it sees it (ruling ``damage.pending-tokens``)."""
        now = self.current.get(unit.uid)
        if now is None:
            return unit
        if self.tokens_seen == "at-apply":
            return now.with_(damage_tokens=self.start[unit.uid].damage_tokens)
        return now

    def explain(self) -> str:
        if not self.entries:
            return "no damage pending"
        return "\n".join(["pending damage:", *(f"  {e.explain()}" for e in self.entries)])

    def to_json(self) -> dict[str, object]:
        return {"tokens_seen": self.tokens_seen, "entries": [e.to_json() for e in self.entries]}

    def pending(self, uid: str) -> tuple[PendingDamage, ...]:
        return tuple(e for e in self.entries if e.uid == uid)

    def record_roll(
        self, unit: UnitState, roll: TableRoll, *, cause: str = "regular", source: str = ""
    ) -> PendingLedger:
        """Add one table roll on ``unit`` (any damage source: shot, assault, agony...)."""
        before = self.current.get(unit.uid, unit)
        outcome = carry_out(before, roll.row, cause=cause)
        entry = PendingDamage(unit.uid, source or cause, cause, roll, outcome)
        return PendingLedger(
            self.tokens_seen,
            _frozen({**self.start, unit.uid: self.start.get(unit.uid, unit)}),
            _frozen({**self.current, unit.uid: outcome.state}),
            (*self.entries, entry),
        )

    def record(self, unit: UnitState, result: DamageResult) -> PendingLedger:
        """Add every table roll of a hit's :class:`DamageResult`, in the order rolled."""
        ledger = self
        for cause, roll in result.table_rolls:
            ledger = ledger.record_roll(unit, roll, cause=cause, source=result.attack)
        return ledger


class Applied(msgspec.Struct, frozen=True):
    """What the 'apply damage' step did: the units after it and each roll carried out."""

    states: Mapping[str, UnitState]
    entries: tuple[PendingDamage, ...]
    killed: Mapping[str, int]

    def explain(self) -> str:
        if not self.entries:
            return "apply damage: nothing pending"
        lines = ["apply damage:"]
        lines.extend(f"  {e.explain()}" for e in self.entries)
        lines.extend(
            f"  {uid}: {n} model{'s' if n != 1 else ''} killed"
            for uid, n in self.killed.items()
            if n
        )
        return "\n".join(lines)

    def to_json(self) -> dict[str, object]:
        return {
            "entries": [e.to_json() for e in self.entries],
            "killed": dict(self.killed),
            "units": {
                uid: {
                    "alive": s.alive,
                    "damage_tokens": s.damage_tokens,
                    "shaken": s.shaken,
                    "armor_down": s.armor_down,
                }
                for uid, s in self.states.items()
            },
        }


def apply_pending(ledger: PendingLedger, units: Mapping[str, UnitState] | None = None) -> Applied:
    """Carry out every pending row at the 'apply damage' step (clause ``damage.sequence``).

    The rows are carried out in the order they were rolled on ``units`` (the units as they
    are now, which may have moved since they were hit; default: as they were when first
    hit), so only the damage changes them. Units of ``units`` with nothing pending are
    returned unchanged.
    """
    states: dict[str, UnitState] = dict(units or {})
    killed: dict[str, int] = {}
    for uid, first in ledger.start.items():
        s = states.get(uid, first)
        for entry in ledger.pending(uid):
            outcome = carry_out(s, entry.roll.row, cause=entry.cause)
            killed[uid] = killed.get(uid, 0) + outcome.killed
            s = outcome.state
        states[uid] = s
    return Applied(MappingProxyType(states), ledger.entries, MappingProxyType(killed))
