"""How the ruleset reads the open-ended dice (clause ``dice.open-ended``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

if TYPE_CHECKING:
    from referee.ruleset import Ruleset


class OpenEndedRule(msgspec.Struct, frozen=True):
    """A natural top face rolls on with d``follow_sides``; each die above ``above`` adds one."""

    follow_sides: int | None
    """None: the same die as the first (ruling ``dice.open-ended-follow-die`` = same-die)."""
    above: int = 4

    def follow(self, sides: int) -> int:
        return sides if self.follow_sides is None else self.follow_sides


def open_ended_rule(rules: Ruleset) -> OpenEndedRule:
    """The ruleset's reading of ruling ``dice.open-ended-follow-die``."""
    value = rules.reading("dice.open-ended-follow-die").value
    return OpenEndedRule(None if value == "same" else 6)
