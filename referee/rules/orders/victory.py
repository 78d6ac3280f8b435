"""The victory condition of a match, chosen when it is made (clause ``victory.conditions``):
a friendly match is won by eliminating every enemy (``victory.friendly``); a tournament match
of fixed time stops after its minutes and is scored (``victory.fixed-time``; the scoring is
the tournament desk's). The match file keeps ``{"condition": id, "minutes": n}`` in its meta;
``referee match show --json`` shows it as ``victory`` with the condition's name and clause.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.errors import RefereeError
from referee.rules.orders.state import MatchState
from referee.ruleset import Ruleset
from referee.scenarios.battlefield import victories_offered
from referee.scenarios.loader import scenarios_of
from referee.scenarios.model import Scenario, VictoryCondition


class VictoryError(RefereeError):
    """A victory condition a match cannot take; the message names the field."""

    field = "victory"


def offered(scenario: Scenario | None, rules: Ruleset) -> tuple[VictoryCondition, ...]:
    """The conditions a match may choose: its scenario's, or without one those of every
    shipped scenario of its edition."""
    if scenario is not None:
        return victories_offered(scenario, rules)
    found: dict[str, VictoryCondition] = {}
    for s in scenarios_of(rules.id):
        for v in victories_offered(s, rules):
            found.setdefault(v.id, v)
    return tuple(found.values())


def chosen_victory(
    victory: Mapping[str, Any] | None, scenario: Scenario | None, rules: Ruleset
) -> dict[str, Any] | None:
    """``victory`` checked against what the match may choose, as the meta keeps it."""
    if victory is None:
        return None
    choices = {v.id: v for v in offered(scenario, rules)}
    condition = victory.get("condition")
    if condition not in choices:
        where = f"the scenario {scenario.name}" if scenario else f"a {rules.id} match"
        raise VictoryError(
            f"victory: {condition!r} is not a victory condition of {where} "
            f"({', '.join(choices) or 'none'})"
        )
    chosen = choices[str(condition)]
    minutes = victory.get("minutes")
    if chosen.minutes is None:
        if minutes is not None:
            raise VictoryError(
                f"victory: a {chosen.name.lower()} has no time limit (minutes={minutes})"
            )
        return {"condition": chosen.id}
    if minutes is None:
        minutes = chosen.minutes
    if isinstance(minutes, bool) or not isinstance(minutes, int) or not 1 <= minutes <= 24 * 60:
        raise VictoryError(
            f"victory: minutes must be a whole number from 1 to 1440, not {minutes!r}"
        )
    return {"condition": chosen.id, "minutes": minutes}


def victory_json(
    stored: Mapping[str, Any] | None, scenario: Scenario | None, rules: Ruleset
) -> dict[str, Any] | None:
    """What ``match show --json`` prints: the stored choice with its name and clause."""
    if not stored:
        return None
    out: dict[str, Any] = {"condition": stored["condition"], "minutes": stored.get("minutes")}
    for v in offered(scenario, rules) or ():
        if v.id == stored["condition"]:
            out["name"], out["clause"] = v.name, v.clause
    return out


def eliminated(state: MatchState) -> tuple[int, ...]:
    """The sides with no unit left standing on the table, once the setup is done (a friendly
    match is won when the enemy is eliminated, clause ``victory.friendly``)."""
    if state.setup is not None and not state.setup.done:
        return ()
    alive = {u.side for u in state.units.values() if not u.destroyed}
    return tuple(side for side in (1, 2) if side not in alive)
