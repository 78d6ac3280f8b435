"""Head-on meetings: enemies trying to enter each other's hexes, and who decides the hex an
ambiguous one is fought over.

Clauses ``assault.trigger`` ("enter each others hex. Ie they are facing each other and both
moving forward") and ``assault.hex-fought-over`` (the team with the highest melee skill
decides); rulings ``move.head-on``, ``move.head-on-ways`` and ``move.head-on-same-nation``.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping

import msgspec

from referee.board.hexgrid import Hex, hex_label
from referee.board.maps import BattleMap
from referee.dice.service import Dice
from referee.rules.movement_step.board_view import direction, keep_apart, layer_of
from referee.rules.movement_step.contest import HexDecision, Layer
from referee.rules.movement_step.entry import Attempt
from referee.rules.movement_step.errors import MovementStepError
from referee.rules.movement_step.intent import split_choice
from referee.rules.movement_step.readings import Readings
from referee.rules.movement_step.result import Choice, StepEvent
from referee.rules.nations import nations
from referee.rules.state import UnitState
from referee.ruleset import Ruleset


class HeadOn(msgspec.Struct, frozen=True):
    """Units moving between two hexes ``x`` and ``y`` (either way) of which some enemies meet
    head-on, in one layer; ``x`` comes first in map label order."""

    x: Hex
    y: Hex
    layer: Layer
    uids: tuple[str, ...]


def _meet(
    rules: Ruleset, rd: Readings, a: Attempt, b: Attempt, sa: UnitState, sb: UnitState
) -> bool:
    """Whether ``a`` and ``b`` (entering each other's hexes) meet in an assault."""
    if not keep_apart(rules, sa, sb):
        return False
    if rd.head_on == "any-swap":
        return True
    return (
        not a.reversing
        and not b.reversing
        and a.move_facing == direction(a.frm, a.to)
        and b.move_facing == direction(b.frm, b.to)
    )


def find_head_ons(
    battle_map: BattleMap,
    rules: Ruleset,
    rd: Readings,
    states: Mapping[str, UnitState],
    movers: Mapping[str, Attempt],
) -> tuple[HeadOn, ...]:
    """Every pair of hexes between which enemies meet head-on (ruling ``move.head-on``)."""
    by_way: dict[tuple[Hex, Hex, Layer], list[str]] = {}
    for uid, a in movers.items():
        by_way.setdefault((a.frm, a.to, layer_of(states[uid])), []).append(uid)
    found: list[HeadOn] = []
    for (frm, to, layer), forth in by_way.items():
        if battle_map.index[frm] > battle_map.index[to]:
            continue
        back = by_way.get((to, frm, layer), [])
        if any(
            _meet(rules, rd, movers[u], movers[v], states[u], states[v])
            for u in forth
            for v in back
        ):
            found.append(HeadOn(frm, to, layer, tuple(sorted(forth + back))))
    return tuple(sorted(found, key=lambda g: (battle_map.index[g.x], battle_map.index[g.y])))


class Decider(msgspec.Struct, frozen=True):
    """Who decides an ambiguous head-on meeting: a side and its nation, or the referee."""

    side: int | None
    nation: str | None
    rulings: tuple[str, ...]
    events: tuple[StepEvent, ...] = ()


def decider(
    rules: Ruleset,
    rd: Readings,
    group: HeadOn,
    states: Mapping[str, UnitState],
    dice: Dice,
    rolled: MutableMapping[tuple[str, ...], int],
) -> Decider:
    """The side with the highest melee skill among the meeting units (clause
    ``assault.hex-fought-over``); on equal skill ruling ``move.head-on-same-nation``.
    A roll-off is made once per meeting and kept in ``rolled``."""
    melee = nations(rules).melee
    units = [states[u] for u in group.uids]
    best = min(melee.rank(u.nation) for u in units)
    sides = sorted({u.side for u in units if melee.rank(u.nation) == best})
    top = next(u.nation for u in units if melee.rank(u.nation) == best)
    if len(sides) == 1:
        return Decider(sides[0], top, ())
    rulings = ("move.head-on-same-nation",)
    if rd.head_on_same_nation == "referee":
        return Decider(None, None, rulings)
    events: list[StepEvent] = []
    if group.uids not in rolled:
        while True:
            r1 = dice.roll(6, f"head-on roll-off {hex_label(group.x)}/{hex_label(group.y)}: side 1")
            r2 = dice.roll(6, f"head-on roll-off {hex_label(group.x)}/{hex_label(group.y)}: side 2")
            events.append(
                StepEvent(
                    None,
                    f"equal melee skill ({top}): roll-off side 1 {r1}, side 2 {r2}",
                    ("assault.hex-fought-over",),
                    rulings,
                )
            )
            if r1 != r2:
                rolled[group.uids] = 1 if r1 > r2 else 2
                break
    side = rolled[group.uids]
    nation = next(u.nation for u in units if u.side == side and melee.rank(u.nation) == best)
    return Decider(side, nation, rulings, tuple(events))


def head_on_key(group: HeadOn) -> str:
    """The key of ``choices`` under which the hex a meeting is fought over is given."""
    suffix = " flying" if group.layer == "flying" else ""
    return f"head-on {hex_label(group.x)}-{hex_label(group.y)}{suffix}"


def decide(group: HeadOn, who: Decider, choices: Mapping[str, Choice]) -> HexDecision:
    """The decision of an ambiguous meeting: its options (``x`` or ``y``), who decides, and
    the hex chosen if ``choices`` holds it under :func:`head_on_key`."""
    key = head_on_key(group)
    options = (group.x, group.y)
    raw = choices.get(key)
    chosen = split_choice(key, raw)[1] if raw is not None else None
    if raw is not None and chosen not in options:
        raise MovementStepError(
            f"{key}: the assault is fought over {hex_label(group.x)} or {hex_label(group.y)}, "
            f"not {raw!r}"
        )
    return HexDecision(options, who.side, who.nation, key, chosen)
