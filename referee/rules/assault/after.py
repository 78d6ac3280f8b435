"""What an assault leaves on the table once fought (clauses ``assault.retreat``,
``assault.overcrowding``, ``assault.pre-assault``): the losers retreat where the referee chose
among the legal hexes (by default the first), the winners enter the hex, units over the
stacking limit take their shaken tokens; when nobody is left to fight, the attackers still
standing enter the empty hex.

The outcome itself (who wins, who retreats, who enters) is :mod:`referee.rules.assault.outcome`;
this module carries it out on the unit states.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from referee.board.hexgrid import Hex, hex_label
from referee.board.retreat import Retreat
from referee.rules.assault.contest import AssaultError, Combatant
from referee.rules.assault.outcome import Outcome
from referee.rules.state import UnitState

RetreatChoice = tuple[Hex | None, int | None]
"""A retreat as the referee chose it: the hex (None: the first legal one) and the facing
(None: kept)."""


def retreat_chosen(
    unit: UnitState, retreat: Retreat, chosen: RetreatChoice = (None, None)
) -> UnitState:
    """``unit`` after its retreat: to the hex (and facing) the referee chose among the legal
    ones, by default the first (clause ``assault.retreat``); no legal hex: it stays."""
    if not retreat.options:
        return unit
    to, facing = chosen
    target = retreat.options[0] if to is None else to
    if target not in retreat.options:
        raise AssaultError(
            f"{unit.uid} may retreat to "
            f"{', '.join(map(hex_label, retreat.options))}, not {hex_label(target)}"
        )
    if facing is not None and facing not in retreat.facings:
        raise AssaultError(
            f"{unit.uid} may face {', '.join(map(str, retreat.facings))}, not {facing}"
        )
    return unit.with_(hex=target, facing=unit.facing if facing is None else facing)


def enter_empty_hex(units: dict[str, UnitState], combatants: Iterable[Combatant], at: Hex) -> None:
    """Nobody is left to fight: the attackers still standing enter the hex (clause
    ``assault.pre-assault``). ``units`` is updated."""
    for c in combatants:
        if c.role != "stationary" and not c.unit.destroyed:
            units[c.uid] = units[c.uid].with_(hex=at)


def carry_out(
    units: dict[str, UnitState], outcome: Outcome, at: Hex, chosen: Mapping[str, RetreatChoice]
) -> None:
    """The outcome on the table: retreats to the chosen hexes, the winners into ``at``, the
    shaken tokens of units over the stacking limit (the first token, or the repeat's).
    ``units`` is updated."""
    for uid, retreat in outcome.retreats.items():
        units[uid] = retreat_chosen(units[uid], retreat, chosen.get(uid, (None, None)))
    for uid in outcome.enter:
        units[uid] = units[uid].with_(hex=at)
    first, again = outcome.shaken_tokens
    for uid in outcome.shaken:
        u = units[uid]
        units[uid] = u.with_(shaken=u.shaken + (again if u.shaken else first))
