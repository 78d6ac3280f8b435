"""Carrying out a command on the match state: the engine decides, the result is an event.

A command is a typed value of its kind (:mod:`referee.rules.orders.commands`), read from the
JSON the journal stores (``{"kind": "fire", "shooter": ..., "target": ...}``) so that the
journal can run it again: :func:`execute` with the same state, command and dice gives the
same event (the replay check relies on it). Each kind is one function taking its value.
Clauses: ``fire.*`` (fire), ``damage.sequence`` (apply damage), ``agony.schedule``,
``aftermath.step``; a correction mirrors the table and applies no rule (``correct``,
``correct-hex`` and ``correct-remove``, in :mod:`referee.rules.orders.corrections`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from referee.board.hexgrid import Hex, hex_label
from referee.dice.service import Dice
from referee.errors import RefereeError, whole_number
from referee.rules.changes import Changes
from referee.rules.command import CommandError, OutOfPhase
from referee.rules.events import Event
from referee.rules.orders.commands import (
    Advance,
    Aim,
    ApplyDamage,
    Assault,
    Command,
    Fire,
    Load,
    Movement,
    Orders,
    command_from_json,
)
from referee.rules.orders.serial import hexes_json, unit_state_json
from referee.rules.orders.state import MatchState
from referee.rules.state import UnitState
from referee.rules.turn.sequence import either, step_numbers
from referee.units.model import UnknownWeapon

if TYPE_CHECKING:  # the handlers' own modules come with the command that needs them: a
    # match whose steps write orders and move the clock (a new demo) imports no assault,
    # movement or fire engine
    from referee.board.los import LosBoard
    from referee.board.sector_stats import Sector
    from referee.rules.assault.after import RetreatChoice
    from referee.rules.movement_step.result import Choice
    from referee.rules.orders.correction_commands import Correct, CorrectHex, CorrectRemove
    from referee.rules.orders.hidden_commands import Place, Reveal, SetupPass, SetupRoll, Spot
    from referee.rules.orders.marker_commands import Aftermath, Agony, HexEffects

__all__ = ["COMMANDS", "execute", "step_field"]


def step_field(
    state: MatchState, command: Command, key: str, kind: str, default_first: bool = False
) -> int:
    """The number of a step of the turn named in the field ``key`` of ``command`` (a
    ``movement`` step, a ``gunnery`` step...): one of the numbers the ruleset's turn gives
    steps of ``kind`` (clause ``turn.sequence``); by default the first when
    ``default_first``."""
    numbers = step_numbers(state.rules, kind)
    if not numbers:
        raise CommandError(f"{command.KIND}: the turn of {state.rules.id} has no {kind} step")
    number = getattr(command, key)
    if number is None and default_first:
        return numbers[0]
    if number is None or number not in numbers:
        error = CommandError(f"{command.KIND}: {key} {number} is not {either(numbers)}")
        error.field = key
        raise error
    return int(number)


def _at_gunnery(state: MatchState, kind: str) -> None:
    """Refuse a gunnery order of ``kind`` (fire, aim, spot, load) unless the match is at a
    gunnery step of its turn (clause ``turn.gunnery``), or the ruleset carries it out at any
    step (rulings ``turn.fire-outside-gunnery``, ``turn.gunnery-order-outside-gunnery``)."""
    from referee.rules.orders.phase import gunnery_refusal

    refused = gunnery_refusal(state, kind)
    if refused:
        raise OutOfPhase(refused, "kind")


def _gunnery_step(state: MatchState, command: Fire | Aim | Spot) -> int:
    """The gunnery step a gunnery order is of (clause ``orders.gunnery-codes``): the one the
    clock is at, a ``gunnery`` naming the other refused (ruling
    ``turn.gunnery-order-outside-gunnery``, reading ``refuse``); under ``any-step`` (files
    of format 7 and older), or away from a gunnery step, the one it names, by default the
    first."""
    from referee.rules.orders.phase import GUNNERY_RULING
    from referee.rules.turn.clock import TurnPosition

    now = TurnPosition.at(state.rules, state.turn, state.step).step
    if state.rules.reading(GUNNERY_RULING).value is True or now.kind != "gunnery":
        return step_field(state, command, "gunnery", "gunnery", True)
    number = int(now.number) if now.number is not None else 1
    if command.gunnery is not None and command.gunnery != number:
        raise OutOfPhase(
            f"{command.KIND} gunnery={command.gunnery}: the match is at Gunnery {number} "
            f"(turn {state.turn}); a gunnery order is of the gunnery step it is carried out "
            f"at (clause orders.gunnery-codes, ruling {GUNNERY_RULING})",
            "gunnery",
        )
    return number


def _units_json(units: Mapping[str, UnitState] | list[UnitState]) -> dict[str, Any]:
    items = units.values() if isinstance(units, Mapping) else units
    return {u.uid: unit_state_json(u) for u in items}


def _orders(state: MatchState, command: Orders, dice: Dice) -> Event:
    """Orders written for a unit and a turn (clause ``orders.giving``); with
    ``missing=confirm`` and no orders, the referee confirms that the unit has none for the
    turn and the edition's rule for a missing order applies (clause ``orders.missing``)."""
    uid, turn = command.uid, command.turn
    state.unit(uid)
    if turn < state.turn:
        raise CommandError(f"orders for {uid}: turn {turn} is over (now turn {state.turn})")
    if command.missing is not None:
        return _orders_missing(state, command, uid, turn)
    from referee.rules.orders.model import OrderKind
    from referee.rules.orders.notation import parse_order

    orders: dict[str, str] = {}
    kinds: tuple[OrderKind, ...] = ("movement", "gunnery")
    for kind in kinds:
        text = command.movement if kind == "movement" else command.gunnery
        if text is None:
            continue
        try:
            orders[kind] = parse_order(str(text), kind).text()
        except RefereeError as exc:
            raise CommandError(f"orders for {uid}, {kind}: {exc}") from None
    if not orders:
        raise CommandError(f"orders for {uid}: give movement and/or gunnery")
    text = "; ".join(f"{k} {v}" for k, v in orders.items())
    return Event(
        "orders",
        command,
        Changes(orders={uid: {str(turn): orders}}),
        f"{uid}, turn {turn}: {text}",
        clauses=("orders.giving",),
    )


def _orders_missing(state: MatchState, command: Orders, uid: str, turn: int) -> Event:
    """The rule for a missing order applied to ``uid`` for ``turn`` (clause
    ``orders.missing``)."""
    from referee.rules.orders.missing import missing_rule

    if command.given("movement") or command.given("gunnery"):
        raise CommandError(f"orders for {uid}: give orders, or missing=confirm, not both")
    if str(turn) in state.orders.get(uid, {}):
        raise CommandError(f"orders for {uid}, turn {turn}: already written; nothing is missing")
    if turn > state.turn + 1:
        raise CommandError(
            f"orders for {uid}, turn {turn}: orders are written one round "
            f"ahead (now turn {state.turn})"
        )
    rule = missing_rule(state.rules)
    return Event(
        "orders",
        command,
        Changes(orders={uid: {str(turn): rule.record()}}),
        f"{uid}, turn {turn}: no orders from the players; confirmed by the referee: "
        f"{uid} {rule.text()}",
        clauses=rule.clauses,
        rulings=rule.rulings,
    )


def _board(state: MatchState) -> LosBoard:
    from referee.rules.orders.board_now import board_now

    return board_now(state)


def _fire(state: MatchState, command: Fire, dice: Dice) -> Event:
    """A fire action: legality, misfire, to-hit, and the damage of each hit, which waits
    for the 'apply damage' step (clauses ``fire.target``, ``fire.roll``, ``damage.sequence``),
    and the fire, acid or poison the weapon places (``weapons.*``)."""
    from referee.rules.fire.action import fire
    from referee.rules.fire.aim import GunneryStep
    from referee.rules.fire.legality import check_target, named_weapon

    shooter = state.unit(command.shooter)
    target = state.unit(command.target)
    _at_gunnery(state, "fire")
    try:
        weapon = named_weapon(shooter, command.weapon)
    except UnknownWeapon as exc:
        raise CommandError(str(exc)) from None
    if weapon is None:
        raise CommandError(f"{shooter.uid} has no weapon")
    now = GunneryStep(state.turn, _gunnery_step(state, command))
    check = check_target(state.rules, _board(state), shooter, target, weapon, now=now)
    if check.shot is None:
        why = "; ".join(f"{r.text} ({r.clause})" for r in check.reasons)
        raise CommandError(f"{shooter.uid} may not fire {weapon.name} at {target.uid}: {why}")
    if weapon.area is not None:
        from referee.rules.orders.fire_damage import area_fire_event

        return area_fire_event(state, command, dice, check)
    from referee.rules.orders.fire_damage import (
        fire_rulings,
        open_damage,
        roll_hits,
        weapon_conditions,
    )
    from referee.rules.orders.fire_orders import fired_after
    from referee.ruleset.used import rulings_named

    start = len(dice.log)
    action = fire(state.rules, check.shot, dice, guns=max(1, check.guns))
    lines = [f"{shooter.uid} fires {weapon.name} at {target.uid}", *action.explain()]
    terms_clauses = list(action.to_hit.clauses)
    sector = _sector(state, shooter, target, command.sector)
    done = open_damage(state)
    roll_hits(state, done, weapon, target, action.hits, check, sector, dice)
    lines += done.lines
    pending = done.pending
    units = {shooter.uid: action.shooter_after}
    later: dict[str, Any] = {}
    placed = weapon_conditions(state, weapon, {target.uid: (action.hits, None)}, units, later)
    changes = Changes(
        units=_units_json(units),
        pending=tuple(pending) if action.hits else None,
        fired=fired_after(state, shooter.uid),
        **later,
    )
    return Event(
        "fire",
        command,
        changes,
        "\n".join([*lines, *placed.lines]),
        dice=tuple(dice.log[start:]),
        clauses=tuple(
            dict.fromkeys(
                ["fire.target", *terms_clauses, "fire.roll"]
                + (["damage.sequence"] if action.hits else [])
                + list(placed.clauses)
            )
        ),
        **fire_rulings(
            [*action.to_hit.rulings, *action.rulings, *placed.rulings],
            [*action.all_rulings, *rulings_named(done.rolls)],
        ),
        detail={**action.to_json(), **placed.detail_json()},
    )


def _sector(
    state: MatchState, shooter: UnitState, target: UnitState, chosen: object = None
) -> Sector:
    """The sector the hit is applied to: the attacker's choice when the shot enters on edge,
    by default the weaker armor (:func:`referee.rules.fire.sector.hit_sector`)."""
    from referee.rules.orders.fire_damage import sector_of

    return sector_of(state, shooter, target, chosen)


def _apply_damage(state: MatchState, command: ApplyDamage, dice: Dice) -> Event:
    """The 'apply damage' step: every pending row takes effect (clause ``damage.sequence``),
    then the fire, acid and poison waiting for it (ruling ``fire.condition-timing``)."""
    from referee.rules.damage.pending import apply_pending
    from referee.rules.orders.fire_conditions import place_pending

    applied = apply_pending(state.ledger(), state.units)
    states, placed = place_pending(state, applied.states)
    changed = {uid: s for uid, s in states.items() if s != state.units.get(uid)}
    changes = Changes(
        units=_units_json(changed),
        pending=(),
        pending_conditions=() if state.pending_conditions else None,
    )
    return Event(
        "apply-damage",
        command,
        changes,
        "\n".join([applied.explain(), *placed.lines]),
        clauses=("damage.sequence", "damage.table", "damage.model-death", *placed.clauses),
        rulings=placed.rulings,
        detail={**applied.to_json(), **placed.detail_json()},
    )


def _terrain_at(state: MatchState) -> Callable[[Hex], str]:
    return state.terrain_at


def _agony(state: MatchState, command: Agony, dice: Dice) -> Event:
    """One agony step on every unit (clause ``agony.schedule``)."""
    from referee.rules.agony.step import run_agony_step

    step = step_field(state, command, "step", "agony")
    start = len(dice.log)
    result = run_agony_step(
        state.rules,
        step,
        list(state.units.values()),
        dice,
        hexes=state.hexes,
        terrain_at=_terrain_at(state),
    )
    changes = Changes(
        units=_units_json([u for u in result.units if u.uid in result.changed]),
        hexes=hexes_json(result.hexes),
        terrain={hex_label(h): t for h, t in result.terrain_changes.items()}
        if result.terrain_changes
        else None,
    )
    return Event(
        "agony",
        command,
        changes,
        result.explain(),
        dice=tuple(dice.log[start:]),
        clauses=tuple(dict.fromkeys(("agony.schedule", *result.clauses))),
        rulings=result.rulings,
        detail=result.to_json(),
    )


def _aftermath(state: MatchState, command: Aftermath, dice: Dice) -> Event:
    """The aftermath (clause ``aftermath.step``); ``advance`` then starts the next turn."""
    from referee.rules.aftermath import run_aftermath

    result = run_aftermath(state.rules, list(state.units.values()), state.hexes, _terrain_at(state))
    changes = Changes(
        units=_units_json([u for u in result.units if u.uid in result.changed_units]),
        hexes=hexes_json(result.hexes),
        terrain={hex_label(h): t for h, t in result.terrain_changes.items()}
        if result.terrain_changes
        else None,
    )
    return Event(
        "aftermath",
        command,
        changes,
        result.explain(),
        clauses=tuple(dict.fromkeys(("aftermath.step", *result.clauses))),
        rulings=result.rulings,
        detail=result.to_json(),
    )


def _choice(value: object, where: str) -> Choice:
    """A movement choice from the journal: a facing (0-5), a hex label, or [facing, hex]."""
    from referee.board.hexgrid import parse_label

    try:
        if isinstance(value, bool):
            raise ValueError(f"{value!r}")
        if isinstance(value, int):
            return value
        if isinstance(value, str):
            number = whole_number(value)
            return number if number is not None else parse_label(value)
        if isinstance(value, list) and len(value) == 2:
            return (int(value[0]), parse_label(str(value[1])))
    except ValueError:
        pass
    raise CommandError(f"{where}: {value!r} is not a facing (0-5), a hex or [facing, hex]")


def _movement(state: MatchState, command: Movement, dice: Dice) -> Event:
    """Movement step ``step`` (1-3) for every unit at once, from the orders on the table
    (clauses ``turn.movement``, ``turn.simultaneous``, ``orders.illegal``). The choices the
    step needs (a 360 facing, a Flee hex, the hex of a head-on assault) come in ``choices``;
    without them the command is refused with the list of what must be chosen, by whom."""
    from referee.rules.movement_step.resolve import resolve_movement_step
    from referee.rules.orders.movement_orders import step_actions

    number = step_field(state, command, "step", "movement")
    actions, checks = step_actions(state, number)
    notes = []
    for uid, check in checks.items():
        if not check.kept:
            given = ",".join(a.text() for a in check.given)
            done = ",".join(a.text() for a in check.done)
            notes.append(
                f"{uid}, movement {number} ({check.speed}): {given} -> {done}: "
                f"{'; '.join(check.why)} [{', '.join(check.clauses)}]"
            )
    raw = command.choices or {}
    choices = {key: _choice(value, f"movement choices.{key}") for key, value in raw.items()}
    start = len(dice.log)
    result = resolve_movement_step(
        state.rules, state.board_map, state.units, actions, dice, smoke=state.smoke, choices=choices
    )
    if not result.complete:
        dice.forget_since(start)
        wanted = "; ".join(p.text() for p in result.pending)
        raise CommandError(f"movement {number}: choices needed first: {wanted}")
    changed = {uid: s for uid, s in result.states.items() if s != state.units.get(uid)}
    changes = Changes(
        units=_units_json(changed),
        contests=tuple(c.to_json() for c in result.contests),
        entered=tuple(mv.uid for mv in result.moves),
    )
    text = "\n".join([*notes, result.explain()])
    return Event(
        "movement",
        command,
        changes,
        text,
        dice=tuple(dice.log[start:]),
        clauses=tuple(dict.fromkeys(("turn.movement", *result.clauses))),
        rulings=result.rulings,
        detail=result.to_json(),
    )


def _retreats_chosen(raw: object) -> dict[str, RetreatChoice]:
    """The referee's retreat choices of an assault command: unit -> (hex, facing)."""
    from referee.board.hexgrid import parse_label
    from referee.rules.orders.assault_choices import retreat_choice

    chosen: dict[str, RetreatChoice] = {}
    for uid, value in (raw or {}).items() if isinstance(raw, Mapping) else ():
        to, facing = retreat_choice(value, f"assault: retreats.{uid}")
        chosen[uid] = (parse_label(to) if to else None, facing)
    return chosen


def _assault(state: MatchState, command: Assault, dice: Dice) -> Event:
    """The assault over one contest the last movement step started (clauses
    ``assault.trigger`` to ``assault.retreat``), its stages taken by
    :func:`referee.rules.orders.assault_stages.fight`. The referee's choices default to the
    engine's proposals; ``deflection``, ``allocation``, ``rerolls`` (see
    :mod:`referee.rules.orders.assault_choices`) and ``tie_winner`` override them; ``retreats`` maps
    a retreating unit to the hex it goes to (default: the first legal one), and the facing
    it turns to; ``pre_assault_retreats`` lists the units that first try their Pre-Assault
    Retreat. Damage waits for 'apply damage'; fire, acid and poison tokens from assault
    weapons are placed at once."""
    from referee.rules.assault.after import carry_out, enter_empty_hex, retreat_chosen
    from referee.rules.assault.contest import AssaultError
    from referee.rules.assault.damage import place
    from referee.rules.orders.assault_choices import contest_from_state
    from referee.rules.orders.assault_stages import fight as assault_fight
    from referee.rules.orders.fire_damage import pending_record

    index = command.contest or 0
    contest = contest_from_state(state, index)
    start = len(dice.log)
    ledger = state.ledger()
    fight = assault_fight(state, command, dice)
    chosen = _retreats_chosen(command.retreats)
    units = dict(state.units)
    pre = fight.pre_assault
    if pre is not None:
        for attempt in pre.retreats:
            if attempt.succeeded:  # out before the assault, as a regular retreat
                after = pre.states.get(attempt.uid, units[attempt.uid])
                try:
                    units[attempt.uid] = retreat_chosen(
                        after, attempt.retreat, chosen.get(attempt.uid, (None, None))
                    )
                except AssaultError as exc:
                    raise CommandError(f"assault: {exc}") from None
    last = (
        fight.damage.ledger
        if fight.damage is not None
        else (pre.ledger if pre is not None else ledger)
    )
    pending = [dict(p) for p in state.pending]
    for entry in last.entries[len(ledger.entries) :]:
        pending.append(pending_record(entry.uid, entry.source, entry.cause, entry.roll))
    contests = [c for i, c in enumerate(state.contests) if i != index]
    if fight.outcome is None or fight.damage is None:  # nobody left to fight
        enter_empty_hex(units, fight.contest.combatants, contest.hex)
        changed = {uid: u for uid, u in units.items() if u != state.units[uid]}
        return Event(
            "assault",
            command,
            Changes(units=_units_json(changed), pending=tuple(pending), contests=tuple(contests)),
            fight.explain(),
            dice=tuple(dice.log[start:]),
            clauses=("assault.pre-assault", "abilities.pre-assault-retreat"),
            rulings=pre.rulings if pre is not None else (),
            detail=fight.to_json(),
        )
    for placement in fight.damage.placements:
        units[placement.target] = place(units[placement.target], (placement,))
    out = fight.outcome
    try:
        carry_out(units, out, contest.hex, chosen)
    except AssaultError as exc:
        raise CommandError(f"assault: {exc}") from None
    changed = {uid: u for uid, u in units.items() if u != state.units[uid]}
    changes = Changes(units=_units_json(changed), pending=tuple(pending), contests=tuple(contests))
    clauses = ["assault.trigger", *fight.damage.clauses, *out.clauses]
    return Event(
        "assault",
        command,
        changes,
        fight.explain(),
        dice=tuple(dice.log[start:]),
        clauses=tuple(dict.fromkeys(clauses)),
        rulings=out.rulings,
        detail=fight.to_json(),
    )


def _hex_effects(state: MatchState, command: HexEffects, dice: Dice) -> Event:
    """A 'trigger hex effects' step: every unit (or ``units``) meets the markers of its hex
    that have not triggered on it there this turn; units that entered their hex in the last
    movement step meet them anew (clause ``hex.trigger``)."""
    from referee.board.hexgrid import parse_label
    from referee.rules.hexes.trigger import TriggerLog, trigger_all

    wanted = command.units
    units = [state.unit(uid) for uid in wanted] if wanted else list(state.units.values())
    log = TriggerLog(frozenset((u, parse_label(h), k) for u, h, k in state.triggered))
    start = len(dice.log)
    after, log, events = trigger_all(
        state.rules, state.hexes, units, dice, log, entered=frozenset(state.entered)
    )
    changed = [u for u in after if u != state.units[u.uid]]
    changes = Changes(
        units=_units_json(changed),
        triggered=tuple(sorted((u, hex_label(h), k) for u, h, k in log.seen)),
        entered=(),
    )
    text = "\n".join(e.explain() for e in events) or "no hex effect to trigger"
    clauses = tuple(dict.fromkeys(["hex.trigger", *(e.clause for e in events)]))
    rulings = tuple(dict.fromkeys(r for e in events for r in e.rulings))
    return Event(
        "hex-effects",
        command,
        changes,
        text,
        dice=tuple(dice.log[start:]),
        clauses=clauses,
        rulings=rulings,
        detail={"events": [e.to_json() for e in events]},
    )


def _load(state: MatchState, command: Load, dice: Dice) -> Event:
    """A Load order carried out (clauses ``orders.load``, ``fire.load``)."""
    from referee.rules.fire.load import load

    unit = state.unit(command.uid)
    _at_gunnery(state, "load")
    try:
        done = load(state.rules, unit, command.weapon)
    except RefereeError as exc:
        raise CommandError(f"load: {exc}") from None
    return Event(
        "load",
        command,
        Changes(units=_units_json([done.state])),
        done.text,
        clauses=done.clauses,
        rulings=done.rulings,
    )


def _aim(state: MatchState, command: Aim, dice: Dice) -> Event:
    """An Aim order carried out: +2 later, from this hex (clause ``fire.aim``)."""
    from referee.rules.fire.load import aim_text, check_not_shaken, take_aim

    unit = state.unit(command.uid)
    _at_gunnery(state, "aim")
    try:
        check_not_shaken(unit)
    except RefereeError as exc:
        raise CommandError(f"aim: {exc}") from None
    gunnery = _gunnery_step(state, command)
    return Event(
        "aim",
        command,
        Changes(units=_units_json([take_aim(unit, state.turn, gunnery)])),
        aim_text(unit, state.turn, gunnery),
        clauses=("orders.fire", "fire.aim"),
    )


def _spot(state: MatchState, command: Spot, dice: Dice) -> Event:
    """A Spot order: a normal to-hit roll against a hidden unit; a success reveals it
    (clause ``fire.spot``; ruling ``fire.spot-as-shot``)."""
    from referee.rules.fire.aim import GunneryStep
    from referee.rules.fire.legality import check_target, named_weapon
    from referee.rules.fire.spot import spot

    spotter = state.unit(command.uid)
    target = state.unit(command.target)
    _at_gunnery(state, "spot")
    try:
        weapon = named_weapon(spotter, command.weapon)
    except UnknownWeapon as exc:
        raise CommandError(str(exc)) from None
    now = GunneryStep(state.turn, _gunnery_step(state, command))
    check = check_target(
        state.rules, _board(state), spotter, target, weapon, now=now, action="spot"
    )
    if check.shot is None:
        why = "; ".join(f"{r.text} ({r.clause})" for r in check.reasons)
        raise CommandError(f"{spotter.uid} may not spot {target.uid}: {why}")
    start = len(dice.log)
    try:
        result = spot(state.rules, check.shot, dice)
    except RefereeError as exc:
        raise CommandError(f"spot: {exc}") from None
    text = "\n".join([f"{spotter.uid} tries to spot {target.uid}", *result.explain()])
    return Event(
        "spot",
        command,
        Changes(units=_units_json([result.target_after])),
        text,
        dice=tuple(dice.log[start:]),
        clauses=tuple(dict.fromkeys(("orders.spot", "fire.spot", *result.to_hit.clauses))),
        rulings=result.to_hit.rulings,
    )


def _advance(state: MatchState, command: Advance, dice: Dice) -> Event:
    """Move on to the next step of the turn, on to step ``to``, or past every step with
    nothing to do (``skip=idle``) (clause ``turn.sequence``); past the aftermath the next
    turn begins. The orders step holds the clock while units lack orders, unless
    ``missing=confirm`` (clauses ``orders.giving``, ``orders.missing``):
    :mod:`referee.rules.orders.advance`."""
    from referee.rules.orders.advance import AdvanceError, plan_advance
    from referee.rules.orders.missing import missing_rule

    try:
        plan = plan_advance(
            state,
            to=command.to,
            skip=command.skip,
            confirm=command.missing == "confirm",
            unfired=command.unfired,
        )
    except AdvanceError as exc:
        raise CommandError(str(exc)) from None
    if not plan.tells:  # a plain advance, as journals have always had
        return Event("advance", command, plan.changes(), plan.text(), clauses=("turn.sequence",))
    rule = missing_rule(state.rules)
    clauses = ["turn.sequence", *(rule.clauses if plan.confirmed else ())]
    rulings = list(rule.rulings if plan.confirmed else ())
    detail: dict[str, Any] = {
        "passed": [p.step_id for p in plan.passed],
        "to": plan.target.step_id,
        "confirmed": [{"uid": m.uid, "turns": list(m.turns)} for m in plan.confirmed],
    }
    if plan.held or plan.unable:  # a match of format 4 on (ruling turn.unfired-fire-order)
        clauses += ["turn.gunnery", *(["fire.decline"] if plan.held else [])]
        clauses += [c for _, o in plan.unable for c in o.clauses]
        rulings.append("turn.unfired-fire-order")
        detail["held"] = [{"uid": uid, "step": p.step_id} for p, uid in plan.held]
        detail["unable"] = [{**o.to_json(), "step": p.step_id} for p, o in plan.unable]
    return Event(
        "advance",
        command,
        plan.changes(),
        plan.text(rule.text()),
        clauses=tuple(dict.fromkeys(clauses)),
        rulings=tuple(dict.fromkeys(rulings)),
        detail=detail,
    )


Handler = Callable[[MatchState, Any, Dice], Event]


def _correct(state: MatchState, command: Correct, dice: Dice) -> Event:
    from referee.rules.orders.corrections import correct_unit  # the corrections' rules

    return correct_unit(state, command, dice)


def _correct_hex(state: MatchState, command: CorrectHex, dice: Dice) -> Event:
    from referee.rules.orders.corrections import correct_hex

    return correct_hex(state, command, dice)


def _correct_remove(state: MatchState, command: CorrectRemove, dice: Dice) -> Event:
    from referee.rules.orders.corrections import correct_remove

    return correct_remove(state, command, dice)


def _setup_roll(state: MatchState, command: SetupRoll, dice: Dice) -> Event:
    from referee.rules.orders.setup_commands import setup_roll

    return setup_roll(state, command, dice)


def _place(state: MatchState, command: Place, dice: Dice) -> Event:
    from referee.rules.orders.setup_commands import place

    return place(state, command, dice)


def _setup_pass(state: MatchState, command: SetupPass, dice: Dice) -> Event:
    from referee.rules.orders.setup_commands import setup_pass

    return setup_pass(state, command, dice)


def _reveal(state: MatchState, command: Reveal, dice: Dice) -> Event:
    from referee.rules.orders.setup_commands import reveal

    return reveal(state, command, dice)


COMMANDS: dict[str, Handler] = {
    "correct": _correct,
    "orders": _orders,
    "fire": _fire,
    "apply-damage": _apply_damage,
    "agony": _agony,
    "aftermath": _aftermath,
    "advance": _advance,
    "correct-hex": _correct_hex,
    "correct-remove": _correct_remove,
    "movement": _movement,
    "assault": _assault,
    "hex-effects": _hex_effects,
    "load": _load,
    "aim": _aim,
    "spot": _spot,
    "setup-roll": _setup_roll,
    "place": _place,
    "setup-pass": _setup_pass,
    "reveal": _reveal,
}
"""The handler of each kind of :data:`referee.rules.orders.commands.KINDS`, taking its value."""


def execute(state: MatchState, command: Command | Mapping[str, Any], dice: Dice) -> Event:
    """Carry out ``command`` (a typed value, or its JSON form, read and checked first) on
    ``state`` with ``dice``; the state itself is not changed."""
    typed = command_from_json(command)
    if state.setup is not None and not state.setup.done:  # the setup's rules load only here
        from referee.rules.orders.setup_commands import setup_blocks

        blocked = setup_blocks(state, typed.KIND)
        if blocked:
            raise CommandError(blocked)
    from referee.rules.orders.phase import phase_refusal

    refused = phase_refusal(state, typed)
    if refused:  # of the family every game's refusal out of phase is (rules/command.py)
        raise OutOfPhase(refused, "kind")
    return COMMANDS[typed.KIND](state, typed, dice)
