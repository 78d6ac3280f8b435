"""What game an event's tables play: its scenario (ENTRENCHED!, the current edition's, unless
the organiser chose another), the scenario's edition with the event's readings, the game size
whose budget checks the armies, and the round's time limit as the victory condition
"Tournament style: fixed time" (clause ``victory.fixed-time``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.errors import RefereeError
from referee.ruleset import Ruleset
from referee.ruleset.shipped import load_ruleset
from referee.scenarios.loader import find_scenario
from referee.scenarios.model import Scenario
from referee.tournament.event import Event

FIXED_TIME = "fixed-time"
"""The victory condition of a tournament table (data/scenarios/*.toml ``[[victory]]``)."""


class EventGameError(RefereeError):
    """An event whose scenario, game size or round time the tables cannot play."""


def scenario_of(event: Event) -> Scenario:
    return find_scenario(event.scenario)


def rules_of(event: Event) -> Ruleset:
    """The scenario's edition with the readings the event takes."""
    return load_ruleset(scenario_of(event).edition, event.readings)


def table_victory(minutes: int) -> dict[str, Any]:
    """The victory condition a table's match file keeps: fixed time, the round's minutes."""
    return {"condition": FIXED_TIME, "minutes": minutes}


def check_event_game(
    scenario: str, game: str, round_minutes: int, readings: Mapping[str, str]
) -> None:
    """Refuse an event whose tables could not be played: an unknown scenario or game size,
    or a scenario that offers no fixed-time victory for ``round_minutes``."""
    from referee.rules.orders.victory import chosen_victory
    from referee.units.budget import UnknownGame, load_budgets

    try:
        chosen = find_scenario(scenario)
        rules = load_ruleset(chosen.edition, readings)
        chosen_victory(table_victory(round_minutes), chosen, rules)
    except RefereeError as exc:
        raise EventGameError(f"--scenario {scenario}: {exc}") from None
    try:
        load_budgets().game(game)
    except UnknownGame as exc:
        raise EventGameError(f"--game {game}: {exc}") from None
