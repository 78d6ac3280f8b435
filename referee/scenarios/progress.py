"""Where a setup procedure stands: the units still waiting to be set up and, for the
ordered procedure, the step, the setup advantage and whose turn it is; for the blind one,
the placements each side has entered behind the screen. Frozen, and written whole to the
match journal as JSON (:meth:`SetupProgress.to_json` / :meth:`SetupProgress.from_json`).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

import msgspec
from msgspec.structs import replace

from referee.board.hexgrid import Hex, hex_label, parse_label


class Waiting(msgspec.Struct, frozen=True):
    """A unit of the match not yet on the table: its id, card id and side."""

    uid: str
    unit: str
    side: int


class Entered(msgspec.Struct, frozen=True):
    """A placement entered for a blind setup, not yet revealed."""

    uid: str
    hex: Hex
    facing: int
    speed: str

    def to_json(self) -> dict[str, Any]:
        return {"hex": hex_label(self.hex), "facing": self.facing, "speed": self.speed}


class SetupProgress(msgspec.Struct, frozen=True):
    """See the module docstring. ``step`` indexes the scenario's setup steps (their number
    when all are done); ``on_turn`` is the side that places next and ``left`` how many units
    it places before the other side's turn (None: all it has left in the step); ``winner``
    is the side with this step's setup advantage, None until rolled (or when no roll is
    needed); ``passed`` lists the sides done with an optional step."""

    procedure: str
    waiting: tuple[Waiting, ...]
    step: int = 0
    winner: int | None = None
    roll_needed: bool = False
    on_turn: int | None = None
    left: int | None = None
    passed: tuple[int, ...] = ()
    previous_winner: int | None = None
    entered: Mapping[str, Entered] = msgspec.field(default_factory=lambda: MappingProxyType({}))
    done: bool = False

    def waiting_of(self, side: int) -> tuple[Waiting, ...]:
        return tuple(w for w in self.waiting if w.side == side)

    def waiting_unit(self, uid: str) -> Waiting | None:
        return next((w for w in self.waiting if w.uid == uid), None)

    def without(self, uid: str) -> SetupProgress:
        return replace(self, waiting=tuple(w for w in self.waiting if w.uid != uid))

    def to_json(self) -> dict[str, Any]:
        return {
            "procedure": self.procedure,
            "waiting": [{"uid": w.uid, "unit": w.unit, "side": w.side} for w in self.waiting],
            "step": self.step,
            "winner": self.winner,
            "roll_needed": self.roll_needed,
            "on_turn": self.on_turn,
            "left": self.left,
            "passed": list(self.passed),
            "previous_winner": self.previous_winner,
            "entered": {uid: e.to_json() for uid, e in self.entered.items()},
            "done": self.done,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SetupProgress:
        return cls(
            procedure=data["procedure"],
            waiting=tuple(Waiting(w["uid"], w["unit"], w["side"]) for w in data["waiting"]),
            step=data.get("step", 0),
            winner=data.get("winner"),
            roll_needed=data.get("roll_needed", False),
            on_turn=data.get("on_turn"),
            left=data.get("left"),
            passed=tuple(data.get("passed", ())),
            previous_winner=data.get("previous_winner"),
            entered=MappingProxyType(
                {
                    uid: Entered(uid, parse_label(e["hex"]), e["facing"], e["speed"])
                    for uid, e in data.get("entered", {}).items()
                }
            ),
            done=data.get("done", False),
        )
