"""The stages of the ``assault`` command over a match state, taken up to any stage.

The command (:func:`referee.rules.orders.step.execute`) and the app's assault wizard take the
same stages with the same dice in the same order, so that what the wizard shows stage by
stage is what the journal step will hold: the pre-assault phase and the pools rolled
(clauses ``assault.pre-assault``, ``assault.stats``), the Reroll Assault batches
(``abilities.reroll-assault``), the advantage (``assault.advantage``), the deflections
(``assault.deflection``), the allocation (``assault.allocation``), the damage rolls
(``assault.damage``) and the outcome (``assault.retreat``). The referee's choices are read
by :mod:`referee.rules.orders.assault_choices`; a choice left out takes the engine's proposal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from referee.dice.service import Dice
from referee.rules.assault.contest import Contest
from referee.rules.assault.flow import Assault
from referee.rules.assault.pre_assault import RetreatAttempt, retreat_options
from referee.rules.assault.roll import propose_rerolls
from referee.rules.orders.assault_choices import (
    AssaultChoiceError,
    contest_from_state,
    deflection_choice,
    reroll_batches,
    side_allocation,
)
from referee.rules.orders.commands import Assault as AssaultCommand
from referee.rules.state import UnitState

if TYPE_CHECKING:
    from referee.rules.orders.state import MatchState

Stop = Literal[
    "rerolls-given", "rerolled", "advantage", "deflected", "allocated", "damage", "outcome"
]
STOPS: tuple[Stop, ...] = (
    "rerolls-given",
    "rerolled",
    "advantage",
    "deflected",
    "allocated",
    "damage",
    "outcome",
)
"""Where :func:`fight` may stop. ``rerolls-given``: the pools rolled and only the reroll
batches the command gives taken (offers may be left); ``rerolled``: every offer taken."""


def _others(state: MatchState, contest: Contest) -> list[UnitState]:
    fighting = {c.uid for c in contest.combatants}
    return [u for u in state.units.values() if u.uid not in fighting]


def retreat_attempts(
    state: MatchState, contest: Contest, command: AssaultCommand
) -> list[RetreatAttempt]:
    """The Pre-Assault Retreats the command's ``pre_assault_retreats`` (uids) try (clause
    ``abilities.pre-assault-retreat``); a unit without the ability is refused by name."""
    chosen = command.pre_assault_retreats or ()
    if not chosen:
        return []
    offers = retreat_options(
        state.rules, state.board_map, contest, _others(state, contest), state.smoke
    )
    unknown = sorted(set(chosen) - {a.uid for a in offers})
    if unknown:
        raise AssaultChoiceError(
            f"pre_assault_retreats: {', '.join(unknown)} may not try a "
            "Pre-Assault Retreat in this assault"
        )
    return [a for a in offers if a.uid in chosen]


def fight(
    state: MatchState,
    command: AssaultCommand,
    dice: Dice,
    until: Stop = "outcome",
) -> Assault:
    """The assault of ``command`` (the ``assault`` command's value: the JSON form is read
    at the edge, never here) taken up to ``until``."""
    contest = contest_from_state(state, command.contest or 0)
    done = Assault(state.rules, contest).before(
        dice, retreat_attempts(state, contest, command), ledger=state.ledger()
    )
    if not done.contest.is_fought:
        return done  # the pre-assault phase left one side with no unit: nothing to fight
    done = done.roll(dice)
    batches = reroll_batches(command.rerolls)
    for i, batch in enumerate(batches or ()):
        if done.rolled is None or not done.rolled.offers:
            raise AssaultChoiceError(f"rerolls[{i}]: no Reroll Assault is on offer any more")
        done = done.reroll(batch, dice)
    if until == "rerolls-given":
        return done
    while done.rolled is not None and done.rolled.offers:
        # Reroll Assault: the proposal (failed dice first) for any offer not chosen
        done = done.reroll(propose_rerolls(done.rolled), dice)
    if until == "rerolled":
        return done
    done = done.decide(dice, tie_winner=command.tie_winner)
    if until == "advantage":
        return done
    assert done.advantage is not None
    raw_deflection = command.deflection
    done = done.deflect(
        None if raw_deflection is None else deflection_choice(raw_deflection, done.advantage.side)
    )
    if until == "deflected":
        return done
    raw_allocation = command.allocation or {}
    dealt = {
        side: side_allocation(raw_allocation[key], side, done.proposal(side))
        for key, side in (("1", 1), ("2", 2))
        if key in raw_allocation
    }
    done = done.allocate(dealt)
    if until == "allocated":
        return done
    done = done.roll_damage(dice)
    if until == "damage":
        return done
    others = _others(state, contest)
    return done.resolve(state.board_map, others, state.smoke)
