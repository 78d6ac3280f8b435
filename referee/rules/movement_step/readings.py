"""The ruleset's readings of the movement-step rulings, looked up once per step.

The rulings are in ``data/catalogue/rulings/movement-step.toml`` (and ``movement.toml`` for
``move.token-pause`` and ``move.flying-enemy``); the values read here are their ``value``.
"""

from __future__ import annotations

import msgspec

from referee.ruleset import Ruleset

CHOICE_RANK = "turn.choice-rank"
"""Which end of the nations' choice table ranks highest (a ruling of the turn sequence);
read when the register has it, else the table runs from the highest rank down."""


class Readings(msgspec.Struct, frozen=True):
    """The value of each ruling this package reads, for one ruleset."""

    vacated_hex: str
    step_order: str
    reference_positions: str
    free_move_facing: str
    head_on: str
    head_on_ways: str
    head_on_same_nation: str
    stuck_actions: str
    road_direction: str
    chase_tie: str
    token_pause: str
    choice_first_is_highest: bool


def readings(rules: Ruleset) -> Readings:
    """The readings ``rules`` takes of the movement-step rulings."""

    def value(ruling_id: str) -> str:
        return str(rules.reading(ruling_id).value)

    rank = rules.readings.get(CHOICE_RANK, "first-is-highest")
    return Readings(
        vacated_hex=value("move.vacated-hex"),
        step_order=value("move.step-order"),
        reference_positions=value("move.reference-positions"),
        free_move_facing=value("move.free-move-facing"),
        head_on=value("move.head-on"),
        head_on_ways=value("move.head-on-ways"),
        head_on_same_nation=value("move.head-on-same-nation"),
        stuck_actions=value("move.stuck-actions"),
        road_direction=value("move.road-direction"),
        chase_tie=value("move.chase-tie"),
        token_pause=value("move.token-pause"),
        choice_first_is_highest=rank != "last-is-highest",
    )
