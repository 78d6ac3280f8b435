"""Aim: +2 to hit for one round, only at targets seen from the hex aimed from
(clause ``fire.aim``).

How long "1 round" is follows ruling ``fire.aim-life``; whether firing uses the aim up
follows ruling ``fire.aim-spent``. Gunnery steps are numbered (turn, 1 or 2).
"""

from __future__ import annotations

import msgspec

from referee.board.hexgrid import hex_label
from referee.rules.state import Aim, UnitState
from referee.ruleset import Ruleset

AIM_LIFE_RULING = "fire.aim-life"
AIM_SPENT_RULING = "fire.aim-spent"


class GunneryStep(msgspec.Struct, frozen=True, order=True):
    """A gunnery step of the match: ``turn`` (from 1) and ``gunnery`` (1 or 2)."""

    turn: int
    gunnery: int

    def __post_init__(self) -> None:
        if self.gunnery not in (1, 2):
            raise ValueError(f"gunnery step {self.gunnery!r} is not 1 or 2")
        if self.turn < 1:
            raise ValueError(f"turn {self.turn!r} is not 1 or later")

    @property
    def index(self) -> int:
        """Gunnery steps counted from the start of the match."""
        return 2 * (self.turn - 1) + self.gunnery - 1

    def text(self) -> str:
        return f"turn {self.turn} gunnery {self.gunnery}"


class AimCheck(msgspec.Struct, frozen=True):
    """Whether an aim gives its bonus to one shot, and why (or why not)."""

    valid: bool
    reason: str
    clause: str = "fire.aim"
    ruling: str | None = None


def aim_in_time(rules: Ruleset, aim: Aim, now: GunneryStep) -> bool:
    """Ruling ``fire.aim-life``: is an aim made at ``aim``'s step still alive ``now``?"""
    since = now.index - GunneryStep(aim.turn, aim.gunnery).index
    value = rules.reading(AIM_LIFE_RULING).value
    if value == "one-round":
        return 1 <= since <= 2
    if value == "next-gunnery":
        return since == 1
    raise ValueError(f"ruling {AIM_LIFE_RULING}: unknown value {value!r}")


def check_aim(
    rules: Ruleset, aim: Aim | None, now: GunneryStep, seen_from_aim_hex: bool
) -> AimCheck:
    """Does ``aim`` apply to a shot ``now`` at a target that the aim's hex does (not) see?"""
    if aim is None:
        return AimCheck(False, "no aim")
    made = GunneryStep(aim.turn, aim.gunnery).text()
    if not aim_in_time(rules, aim, now):
        return AimCheck(
            False, f"the aim made in {made} has run out by {now.text()}", ruling=AIM_LIFE_RULING
        )
    if not seen_from_aim_hex:
        return AimCheck(
            False,
            f"the target is not in line of sight from {hex_label(aim.hex)}, where the aim was made",
        )
    return AimCheck(True, f"aim made in {made} from {hex_label(aim.hex)}", ruling=AIM_LIFE_RULING)


def after_fire(rules: Ruleset, shooter: UnitState, aim_used: bool) -> UnitState:
    """Ruling ``fire.aim-spent``: the shooter after a fire action that took the aim bonus."""
    value = rules.reading(AIM_SPENT_RULING).value
    if value not in ("spent", "kept"):
        raise ValueError(f"ruling {AIM_SPENT_RULING}: unknown value {value!r}")
    if aim_used and value == "spent":
        return shooter.with_(aim=None)
    return shooter
