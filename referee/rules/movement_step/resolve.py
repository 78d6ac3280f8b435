"""One movement step for every unit at once (clauses ``turn.simultaneous``,
``orders.movement``).

1. Each unit's actions are read (turns, speed, the hex it tries to enter); the choices they
   need are collected first, and while any is missing nothing else is done (no die rolled).
2. Each unit's own part: the swamp stuck roll, difficult-terrain tokens.
3. The simultaneous part, repeated until nothing changes: contests where enemies meet, then
   friendly overcrowding outside them; a unit that stays after all keeps its hex, and the
   units entering that hex count it (ruling ``move.vacated-hex``).
Contests are described, not fought: the assault engine takes them from here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType

from referee.board.hexgrid import Hex, hex_label
from referee.board.maps import BattleMap
from referee.dice.service import Dice
from referee.rules.movement_step.choice_order import order_choices
from referee.rules.movement_step.crowding import Crowded, overcrowded
from referee.rules.movement_step.engagement import Engagements, find_engagements
from referee.rules.movement_step.entry import Attempt, Prepared, prepare
from referee.rules.movement_step.errors import MovementStepError
from referee.rules.movement_step.intent import FREE_CODES, Intent, StepContext, read_intent
from referee.rules.movement_step.outcome import settle
from referee.rules.movement_step.readings import Readings, readings
from referee.rules.movement_step.result import (
    Choice,
    MovementStepResult,
    StepEvent,
)
from referee.rules.orders.model import NOTHING, Step
from referee.rules.state import UnitState
from referee.ruleset import Ruleset


def _check(
    battle_map: BattleMap,
    units: Mapping[str, UnitState],
    actions: Mapping[str, Step],
    follow_leaders: Mapping[str, str],
) -> None:
    for uid, state in units.items():
        if uid != state.uid:
            raise MovementStepError(f"units[{uid!r}] holds the unit {state.uid!r}")
        if state.hex not in battle_map:
            raise MovementStepError(
                f"{uid}: {hex_label(state.hex)} is not on the map {battle_map.name!r}"
            )
    for uid in list(actions) + list(follow_leaders):
        if uid not in units:
            raise MovementStepError(f"{uid}: an order for a unit that is not on the board")


def _intents(
    ctx: StepContext,
    live: Mapping[str, UnitState],
    actions: Mapping[str, Step],
    choices: Mapping[str, Choice],
) -> dict[str, Intent]:
    """Plain steps first; Chase, Flee and Follow then see the others where ruling
    ``move.reference-positions`` puts them."""
    steps = {uid: actions.get(uid, (NOTHING,)) for uid in sorted(live)}
    out: dict[str, Intent] = {}
    start = {uid: s.hex for uid, s in live.items()}
    free = {uid for uid, step in steps.items() if any(a.code in FREE_CODES for a in step)}
    for uid, step in steps.items():
        if uid not in free:
            out[uid] = read_intent(ctx, live[uid], step, choices.get(uid), start)
    positions = dict(start)
    if ctx.rd.reference_positions == "intended":
        for uid, intent in out.items():
            if intent.target is not None and intent.target in ctx.battle_map:
                positions[uid] = intent.target
    for uid in sorted(free):
        out[uid] = read_intent(ctx, live[uid], steps[uid], choices.get(uid), positions)
    return dict(sorted(out.items()))


def _simultaneous(
    battle_map: BattleMap,
    rules: Ruleset,
    rd: Readings,
    states: Mapping[str, UnitState],
    attempts: Mapping[str, Attempt],
    stopped: frozenset[str],
    choices: Mapping[str, Choice],
    dice: Dice,
) -> tuple[Engagements, dict[str, Crowded]]:
    """Contests and overcrowding, until no further entry fails; ``stopped`` are the units
    whose move failed on their own (stuck, tokens, a hex they may not enter)."""
    crowded: dict[str, Crowded] = {}
    rolled: dict[tuple[str, ...], int] = {}
    events: list[StepEvent] = []
    while True:
        movers = {u: a for u, a in attempts.items() if u not in crowded}
        found = find_engagements(battle_map, rules, rd, states, movers, choices, dice, rolled)
        events.extend(found.events)
        more = overcrowded(rd, states, movers, found.members, found.arenas, stopped | set(crowded))
        if not more:
            return Engagements(found.contests, found.members, found.arenas, tuple(events)), crowded
        crowded.update(more)


def resolve_movement_step(
    rules: Ruleset,
    battle_map: BattleMap,
    units: Mapping[str, UnitState],
    actions: Mapping[str, Step],
    dice: Dice,
    *,
    smoke: Iterable[Hex] = frozenset(),
    follow_leaders: Mapping[str, str] | None = None,
    choices: Mapping[str, Choice] | None = None,
) -> MovementStepResult:
    """Resolve one movement step (see the module docstring) of every unit in ``units``
    (by uid) with the actions of ``actions`` (a unit without an entry does nothing).

    ``follow_leaders`` names the leader each Follow order follows; ``choices`` holds the
    choices already made (a facing for 360, a hex for Chase/Flee/Follow/Road, a hex under
    ``head-on X-Y`` for a head-on assault). Steps must be legal for the units' speeds; a
    destroyed unit takes no part.
    """
    leaders = follow_leaders or {}
    chosen = choices or {}
    _check(battle_map, units, actions, leaders)
    rd = readings(rules)
    live = {uid: s for uid, s in units.items() if not s.destroyed}
    smoke = frozenset(smoke)
    ctx = StepContext(battle_map, rules, rd, live, smoke, leaders)
    intents = _intents(ctx, live, actions, chosen)
    intent_events = {uid: i.events for uid, i in intents.items()}
    needs = [n for i in intents.values() for n in i.needs]
    if needs:
        pending = order_choices(rules, rd, needs, live, intents)
        told = tuple(e for evs in intent_events.values() for e in evs)
        return MovementStepResult(rules.id, pending=pending, events=told)

    first_roll = len(dice.log)
    prepared: dict[str, Prepared] = {
        uid: prepare(battle_map, rules, rd, live[uid], intents[uid], dice, smoke) for uid in intents
    }
    states = {uid: p.state for uid, p in prepared.items()}
    attempts = {uid: p.attempt for uid, p in prepared.items() if p.attempt is not None}
    stopped = frozenset(
        uid for uid, p in prepared.items() if p.attempt is None and intents[uid].target is not None
    )
    found, crowded = _simultaneous(battle_map, rules, rd, states, attempts, stopped, chosen, dice)

    done = settle(rules, units, prepared, crowded, found.members)
    events: list[StepEvent] = []
    for uid in intents:
        events += intent_events[uid] + prepared[uid].events
    events += found.events + done.events
    pending = order_choices(rules, rd, (), live, intents, found.contests)
    return MovementStepResult(
        ruleset=rules.id,
        states=MappingProxyType(done.states),
        moves=done.moves,
        stays=done.stays,
        contests=found.contests,
        pending=pending,
        rolls=tuple(dice.log[first_roll:]),
        events=tuple(events),
    )
