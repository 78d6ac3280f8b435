"""The to-hit roll: an open-ended d6 against the need (clauses ``fire.roll``,
``dice.open-ended``).

A hit when the result reaches the need, so a need of 7 or more is possible with the
open-ended d6. A natural 1 follows ruling ``fire.natural-one``.
"""

from __future__ import annotations

import msgspec

from referee.dice.service import Dice, OpenEndedRoll
from referee.ruleset import Ruleset

NATURAL_ONE_RULING = "fire.natural-one"


class HitRoll(msgspec.Struct, frozen=True):
    """One to-hit die as it fell and whether it hit."""

    need: int
    roll: OpenEndedRoll
    hit: bool
    ruling: str | None = None

    @property
    def result(self) -> int:
        return self.roll.value

    def explain(self) -> str:
        dice = ", ".join(str(d) for d in self.roll.dice)
        shown = f"{dice} = {self.result}" if len(self.roll.dice) > 1 else dice
        why = f" (natural 1, ruling {self.ruling})" if self.ruling else ""
        return f"rolled {shown} against {self.need}+: {'hit' if self.hit else 'miss'}{why}"

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {
            "need": self.need,
            "dice": list(self.roll.dice),
            "result": self.result,
            "hit": self.hit,
        }
        if self.ruling:
            out["ruling"] = self.ruling
        return out


def natural_one_misses(rules: Ruleset) -> bool:
    """Ruling ``fire.natural-one``: does a natural 1 always miss?"""
    value = rules.reading(NATURAL_ONE_RULING).value
    if value not in ("none", "miss"):
        raise ValueError(f"ruling {NATURAL_ONE_RULING}: unknown value {value!r} (none or miss)")
    return value == "miss"


def judge(rules: Ruleset, need: int, roll: OpenEndedRoll) -> HitRoll:
    """Whether ``roll`` reaches ``need`` (clause ``fire.roll``)."""
    if roll.natural == 1 and need <= 1:
        return HitRoll(need, roll, not natural_one_misses(rules), NATURAL_ONE_RULING)
    return HitRoll(need, roll, roll.value >= need)


def roll_to_hit(rules: Ruleset, need: int, dice: Dice, purpose: str = "to hit") -> HitRoll:
    """Roll an open-ended d6 for a shot that needs ``need`` (clause ``fire.roll``)."""
    return judge(rules, need, dice.open_ended(6, purpose))
