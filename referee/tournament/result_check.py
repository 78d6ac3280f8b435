"""A table's result checked against the armies that played it (clause ``victory.destroyed``).

At the end of a match every unit of an army either survived or was destroyed (or fled,
which counts as destroyed), so a player's own surviving plus destroyed points are their
army's points, kind by kind: IP, MP, CP and XP as they score (rulings
``victory.mixed-cost`` and ``victory.command-points``, the event's readings). A result that
does not add up is refused, naming the player and each kind that disagrees, unless the desk
takes it anyway with a reason (the ``override`` kept in the result's record).

What a player's points must add up to:

- an army checked in (frozen at the desk): exactly the points its units score, unit by unit
  as the table's match file puts them on the table (:func:`army_points`), so a match made by
  the desk always agrees;
- no army checked in (an event that does not check armies in, or a frozen army whose units
  cannot be put on a table): at most what any army of the event's game size could score
  (:func:`budget_bound`: the largest allowance with its pool, an advanced game's extra
  points included, the whole budget in one kind if ruling ``victory.mixed-cost`` reads
  ``main-kind``). A typed 150 for 15 cannot pass either check.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from referee.errors import RefereeError
from referee.tournament.event import Event
from referee.tournament.scoring import KINDS, MatchResult, PlayerResult, Points, scored_cost


class ArmyTotal(msgspec.Struct, frozen=True):
    """What one player's surviving plus destroyed points must come to."""

    name: str
    points: Points
    exact: bool
    """True: the army checked in (must be equal); False: the game's budget (at most)."""
    source: str
    """Where the numbers come from, in words."""


_ARMY_POINTS: dict[tuple[str, str, str, str, str], Points] = {}


def _readings(event: Event) -> tuple[str, str]:
    return (
        str(event.reading("victory.mixed-cost")),
        str(event.reading("victory.command-points")),
    )


def army_points(event: Event, checkin: Mapping[str, Any], player: str = "") -> Points:
    """The points the army of ``checkin`` scores, surviving or destroyed, unit by unit as
    ``tournament match`` puts it on the table (its checksum checked; a
    :class:`~referee.errors.RefereeError` when its units cannot be put on a table)."""
    from referee.army import table_units
    from referee.tournament.checkin import frozen_army
    from referee.tournament.event_rules import rules_of

    mixed, command = _readings(event)
    key = (str(checkin.get("checksum", "")), event.scenario, mixed, command, str(event.readings))
    if key not in _ARMY_POINTS:
        army = frozen_army(checkin, player)
        total = Points()
        for unit in table_units(army, rules=rules_of(event)):
            total = total + scored_cost(unit.card.cost, mixed=mixed, command=command)
        _ARMY_POINTS[key] = total
    return _ARMY_POINTS[key]


def budget_bound(event: Event) -> Points:
    """The most points of each kind any army of the event's game size can score (see the
    module docstring)."""
    from referee.units.budget import load_budgets

    budgets = load_budgets()
    mixed, command = _readings(event)
    best = dict.fromkeys(KINDS, 0)
    for allowance in budgets.game(event.game).allowances:
        full = allowance.plus(budgets.advanced)
        pool = full.pool
        bound = {
            k: full.allowed(k) + (pool.points if pool and k in pool.kinds else 0) for k in KINDS
        }
        if command == "as-mp":
            bound["mp"] += full.allowed("com")
        if mixed == "main-kind":
            spent = sum(full.allowed(k) for k in KINDS) + (pool.points if pool else 0)
            spent += full.allowed("com") if command == "as-mp" else 0
            bound = dict.fromkeys(KINDS, spent)
        best = {k: max(best[k], bound[k]) for k in KINDS}
    return Points.from_mapping(best)


def army_total(event: Event, name: str) -> ArmyTotal:
    """What ``name``'s surviving plus destroyed points must come to (module docstring)."""
    player = event.players.get(name)
    checkin = player.army if player is not None else None
    game = f"a {event.game} game"
    if checkin is not None:
        checksum = str(checkin.get("checksum", ""))[:16]
        try:
            points = army_points(event, checkin, name)
        except RefereeError as exc:
            return ArmyTotal(
                name,
                budget_bound(event),
                False,
                f"the most any army of {game} can score: the army checked in ({checksum}) "
                f"cannot be counted unit by unit ({str(exc).splitlines()[0]})",
            )
        return ArmyTotal(name, points, True, f"the army checked in ({checksum})")
    return ArmyTotal(
        name,
        budget_bound(event),
        False,
        f"the most any army of {game} can score (no army checked in)",
    )


def player_problems(side: PlayerResult, total: ArmyTotal) -> list[str]:
    """Each kind in which ``side``'s surviving plus destroyed points disagree with
    ``total``, in words naming the player, the kind and both numbers."""
    out = []
    for kind in KINDS:
        kept, lost = side.surviving.get(kind), side.destroyed.get(kind)
        have, limit = kept + lost, total.points.get(kind)
        if (have != limit) if total.exact else (have > limit):
            how = "has" if total.exact else "is"
            out.append(
                f"{side.name}'s {kind.upper()}: {kept} surviving + {lost} destroyed = {have}, "
                f"but {total.source} {how} {limit} {kind.upper()}"
            )
    return out


def result_problems(event: Event, result: MatchResult) -> list[str]:
    """Every way ``result`` (its players named as the event's) disagrees with the armies
    that played it: one line per player and kind (module docstring)."""
    out: list[str] = []
    for side in result.players:
        out += player_problems(side, army_total(event, side.name))
    return out


def starting_points(event: Event, name: str) -> Points | None:
    """What a result form starts from for ``name``: the army's points all surviving, or
    None when no army is checked in (or it cannot be counted)."""
    total = army_total(event, name)
    return total.points if total.exact else None
