"""What each unit does in one movement step, read from the orders on the table.

The step of its movement order for this turn, judged alone at the speed the unit has now
(clauses ``orders.speed-restrictions``, ``orders.illegal``; a unit covered by the rule for a
missing order, clause ``orders.missing``, takes what that rule gives): the ``movement``
command and the app's movement wizard both read it here, so they cannot disagree.
"""

from __future__ import annotations

from referee.rules.orders.legality import StepCheck, check_movement_step
from referee.rules.orders.memo import LastAnswer
from referee.rules.orders.missing import order_step
from referee.rules.orders.model import NOTHING, Step
from referee.rules.orders.state import MatchState

_LAST: LastAnswer[tuple[dict[str, Step], dict[str, StepCheck]]] = LastAnswer()
"""The last step's actions: ``advance`` stops at a movement step with something to do, and
the ``movement`` command then carries out the same actions (:mod:`referee.rules.orders.memo`)."""


def step_actions(state: MatchState, number: int) -> tuple[dict[str, Step], dict[str, StepCheck]]:
    """Each alive unit's actions in movement step ``number`` and the check that gave them."""
    parts = (state.rules, state.units, state.orders, state.turn, number)
    actions, checks = _LAST.get(parts, lambda: _step_actions(state, number))
    return dict(actions), dict(checks)


def _step_actions(state: MatchState, number: int) -> tuple[dict[str, Step], dict[str, StepCheck]]:
    actions: dict[str, Step] = {}
    checks: dict[str, StepCheck] = {}
    for uid, unit in state.units.items():
        if unit.destroyed:
            continue
        record = state.orders.get(uid, {}).get(str(state.turn), {})
        given = order_step(record, "movement", number, unit) or (NOTHING,)
        check = check_movement_step(unit, given, state.rules)
        actions[uid] = check.done
        checks[uid] = check
    return actions, checks
