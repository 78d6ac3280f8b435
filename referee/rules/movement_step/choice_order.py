"""The order in which the choices of one step are made (clause ``orders.choice-order``).

"The ones not entering assaults must choose first, and the ones entering assault second ...
the highest rank choices last", by the nations' choice table (``nations.toml`` [choice];
which end of it ranks highest is ruling ``turn.choice-rank``). A choice may lead into an
assault when one of its options is a hex an enemy stands in or is moving into.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from referee.board.hexgrid import Hex
from referee.rules.movement_step.contest import AssaultContest
from referee.rules.movement_step.intent import Intent, Need
from referee.rules.movement_step.readings import Readings
from referee.rules.movement_step.result import PendingChoice
from referee.rules.nations import Precedence, nations
from referee.rules.state import UnitState
from referee.ruleset import Ruleset


def side_nation(side: int, states: Mapping[str, UnitState], table: Precedence) -> str | None:
    """The nation a side chooses as: its units' nation, the highest-ranked if several."""
    found = sorted({s.nation for s in states.values() if s.side == side})
    return table.highest(found) if found else None


def danger(states: Mapping[str, UnitState], intents: Mapping[str, Intent]) -> dict[int, set[Hex]]:
    """For each side, the hexes its enemies stand in or try to enter."""
    out: dict[int, set[Hex]] = {1: set(), 2: set()}
    for uid, s in states.items():
        enemy = out[3 - s.side]
        enemy.add(s.hex)
        target = intents[uid].target if uid in intents else None
        if target is not None:
            enemy.add(target)
    return out


def _sort_key(rd: Readings, table: Precedence, choice: PendingChoice) -> tuple[bool, int, str]:
    if choice.nation is None:
        rank = len(table.order) + 2  # the referee decides after every player
    elif rd.choice_first_is_highest:
        rank = -table.rank(choice.nation)
    else:
        rank = table.rank(choice.nation)
    return choice.may_assault, rank, choice.key


def order_choices(
    rules: Ruleset,
    rd: Readings,
    needs: Iterable[Need],
    states: Mapping[str, UnitState],
    intents: Mapping[str, Intent],
    contests: Iterable[AssaultContest] = (),
) -> tuple[PendingChoice, ...]:
    """Every pending choice (the units' own and the hexes of head-on assaults), in the order
    they are made."""
    table = nations(rules).choice
    risky = danger(states, intents)
    out: list[PendingChoice] = []
    for need in needs:
        unit = states[need.uid]
        nation = (
            unit.nation if need.chooser == unit.side else side_nation(need.chooser, states, table)
        )
        may = any(h in risky[unit.side] for h in need.leads_to)
        out.append(
            PendingChoice(
                need.uid,
                need.kind,
                need.options,
                need.chooser,
                nation,
                may,
                need.reason,
                need.clause,
                need.ruling,
            )
        )
    for contest in contests:
        d = contest.decision
        if d is None or d.chosen is not None:
            continue
        who = " and ".join(p.uid for p in contest.participants if p.head_on)
        out.append(
            PendingChoice(
                d.key,
                "hex-fought-over",
                d.options,
                d.side,
                d.nation,
                True,
                f"{who} meet head-on: the hex the assault is fought over",
                "assault.hex-fought-over",
                "move.head-on-ways",
            )
        )
    return tuple(sorted(out, key=lambda c: _sort_key(rd, table, c)))
