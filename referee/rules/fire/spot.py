"""Spot: a normal to-hit roll against a hidden unit; on a success it is revealed
(clause ``fire.spot``).

What the roll takes from a shot (range band, angle, weapon abilities) follows ruling
``fire.spot-as-shot``; a spot spends no ammo and cannot misfire.
"""

from __future__ import annotations

import msgspec
from msgspec.structs import replace

from referee.dice.service import Dice
from referee.errors import RefereeError
from referee.rules.fire.roll import HitRoll, roll_to_hit
from referee.rules.fire.shot import Shot
from referee.rules.fire.to_hit import ToHit, to_hit
from referee.rules.state import UnitState
from referee.ruleset import Ruleset


class SpotError(RefereeError):
    """A spot that cannot be tried: the target is not hidden, or the spot has no weapon."""


SPOT_RULING = "fire.spot-as-shot"


class SpotResult(msgspec.Struct, frozen=True):
    """The spot's to-hit number, its roll, and the target after it (revealed or not)."""

    to_hit: ToHit
    roll: HitRoll
    target_after: UnitState

    @property
    def revealed(self) -> bool:
        return self.roll.hit

    def explain(self) -> list[str]:
        verdict = f"{self.target_after.uid} is revealed" if self.revealed else "still hidden"
        return [self.to_hit.explain(), self.roll.explain(), verdict]


def spot_shot(rules: Ruleset, shot: Shot) -> Shot:
    """``shot`` as ruling ``fire.spot-as-shot`` reads a spot: whole, or without weapon,
    range band and angle (``sight-only``)."""
    value = rules.reading(SPOT_RULING).value
    if value == "weapon":
        if shot.weapon is None or shot.band is None:
            raise SpotError(f"a spot names a weapon and its range band (ruling {SPOT_RULING})")
        return shot
    if value == "sight":
        return replace(shot, weapon=None, band=None, on_edge=False)
    raise SpotError(f"ruling {SPOT_RULING}: unknown value {value!r} (weapon or sight)")


def spot(rules: Ruleset, shot: Shot, dice: Dice) -> SpotResult:
    """Try to reveal the hidden target of ``shot`` (clause ``fire.spot``)."""
    if not shot.target.hidden:
        raise SpotError(f"{shot.target.uid} is not hidden: nothing to spot")
    needed = to_hit(rules, spot_shot(rules, shot))
    roll = roll_to_hit(rules, needed.need, dice, f"spot {shot.target.uid}")
    target = shot.target.with_(hidden=False) if roll.hit else shot.target
    return SpotResult(needed, roll, target)
