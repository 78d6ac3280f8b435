"""What one movement step did: the values a resolution returns (clause ``turn.simultaneous``).

A result with pending choices is not complete: resolve the step again with the choices
given (and, when dice were already rolled, with those dice typed in again:
``dice.type_in(result.dice_values())``).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Literal

import msgspec

from referee.board.hexgrid import DIRECTION_NAMES, Hex, hex_label
from referee.dice.service import Roll
from referee.rules.movement_step.contest import AssaultContest
from referee.rules.state import UnitState

Choice = Hex | int | tuple[int, Hex]
"""A choice for one unit: a facing 0-5 (360), a hex (Chase, Flee, Follow, Road, or the hex
a head-on assault is fought over), or both (a facing and a hex) for a step needing both."""

ChoiceKind = Literal["facing", "chase", "flee", "follow", "road", "hex-fought-over"]


def _label(value: Hex | int) -> str | int:
    return hex_label(value) if isinstance(value, Hex) else value


class StepEvent(msgspec.Struct, frozen=True):
    """One thing that happened to a unit (or to the step), with its clauses and rulings."""

    uid: str | None
    text: str
    clauses: tuple[str, ...]
    rulings: tuple[str, ...] = ()

    def line(self) -> str:
        cited = ", ".join(self.clauses + self.rulings)
        who = f"{self.uid}: " if self.uid else ""
        return f"{who}{self.text} [{cited}]"

    def to_json(self) -> dict[str, object]:
        return {
            "uid": self.uid,
            "text": self.text,
            "clauses": list(self.clauses),
            "rulings": list(self.rulings),
        }


class Move(msgspec.Struct, frozen=True):
    """A unit that moved into another hex (not into an assault)."""

    uid: str
    frm: Hex
    to: Hex
    facing: int

    def to_json(self) -> dict[str, object]:
        return {
            "uid": self.uid,
            "from": hex_label(self.frm),
            "to": hex_label(self.to),
            "facing": self.facing,
        }


class Stay(msgspec.Struct, frozen=True):
    """A unit whose order tried to move it and that stays where it is, and why."""

    uid: str
    at: Hex
    target: Hex | None
    reason: str
    clause: str
    ruling: str | None = None

    def to_json(self) -> dict[str, object]:
        return {
            "uid": self.uid,
            "at": hex_label(self.at),
            "target": hex_label(self.target) if self.target is not None else None,
            "reason": self.reason,
            "clause": self.clause,
            "ruling": self.ruling,
        }


class PendingChoice(msgspec.Struct, frozen=True):
    """A choice someone must make before the step can be resolved (clause
    ``orders.choice-order``). ``key`` is the key the answer goes under in ``choices``: the
    unit's uid, or ``head-on B3-B4`` for the hex of a head-on assault;
    ``side`` and ``nation`` say who chooses (None: the referee); ``may_assault`` is True
    when an option may lead the unit into an assault (those choose after the others)."""

    key: str
    kind: ChoiceKind
    options: tuple[Hex | int, ...]
    side: int | None
    nation: str | None
    may_assault: bool
    reason: str
    clause: str
    ruling: str | None = None

    def text(self) -> str:
        who = f"side {self.side} ({self.nation})" if self.side is not None else "the referee"
        options = ", ".join(
            DIRECTION_NAMES[o] if self.kind == "facing" and isinstance(o, int) else str(_label(o))
            for o in self.options
        )
        return f"{who} chooses {self.kind} for {self.key} among {options}: {self.reason}"

    def to_json(self) -> dict[str, object]:
        return {
            "key": self.key,
            "kind": self.kind,
            "options": [_label(o) for o in self.options],
            "side": self.side,
            "nation": self.nation,
            "may_assault": self.may_assault,
            "reason": self.reason,
            "clause": self.clause,
            "ruling": self.ruling,
        }


def _no_states() -> Mapping[str, UnitState]:
    return MappingProxyType({})


class MovementStepResult(msgspec.Struct, frozen=True):
    """One movement step resolved for every unit at once.

    ``states`` holds the new state of every unit that moved, turned, changed speed, gained
    or lost difficult-terrain tokens or was shaken; units in ``contests`` have not moved
    yet (the assault decides). ``moves`` and ``stays`` list the units that moved and the
    units whose order tried to move them but that stayed, ``pending`` the choices still to
    be made, in the order they are made.
    """

    ruleset: str
    states: Mapping[str, UnitState] = msgspec.field(default_factory=_no_states)
    moves: tuple[Move, ...] = ()
    stays: tuple[Stay, ...] = ()
    contests: tuple[AssaultContest, ...] = ()
    pending: tuple[PendingChoice, ...] = ()
    rolls: tuple[Roll, ...] = ()
    events: tuple[StepEvent, ...] = ()

    @property
    def complete(self) -> bool:
        return not self.pending

    def dice_values(self) -> tuple[int, ...]:
        """The dice of this resolution, to type in again when resolving it once more."""
        return tuple(r.value for r in self.rolls)

    @property
    def clauses(self) -> tuple[str, ...]:
        cited = [c for e in self.events for c in e.clauses]
        cited += [c for contest in self.contests for c in contest.clauses]
        cited += [p.clause for p in self.pending]
        return tuple(dict.fromkeys(cited))

    @property
    def rulings(self) -> tuple[str, ...]:
        cited = [r for e in self.events for r in e.rulings]
        cited += [r for contest in self.contests for r in contest.rulings]
        cited += [p.ruling for p in self.pending if p.ruling]
        return tuple(dict.fromkeys(cited))

    def explain(self) -> str:
        lines = [e.line() for e in self.events]
        lines += [c.text() for c in self.contests]
        if self.pending:
            lines.append("choices still to make, in this order:")
            lines += [f"  {p.text()}" for p in self.pending]
        if self.rolls:
            lines.append("dice: " + ", ".join(f"{r.value} ({r.purpose})" for r in self.rolls))
        return "\n".join(lines)

    def to_json(self) -> dict[str, object]:
        return {
            "ruleset": self.ruleset,
            "complete": self.complete,
            "moves": [m.to_json() for m in self.moves],
            "stays": [s.to_json() for s in self.stays],
            "contests": [c.to_json() for c in self.contests],
            "pending": [p.to_json() for p in self.pending],
            "states": {
                uid: {
                    "hex": hex_label(s.hex),
                    "facing": s.facing,
                    "speed": s.speed,
                    "shaken": s.shaken,
                    "tokens": s.tokens,
                    "token_hex": hex_label(s.token_hex) if s.token_hex is not None else None,
                }
                for uid, s in self.states.items()
            },
            "dice": [r.to_json() for r in self.rolls],
            "events": [e.to_json() for e in self.events],
            "clauses": list(self.clauses),
            "rulings": list(self.rulings),
        }
