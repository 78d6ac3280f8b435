"""What each unit's actions of one step ask for, before any die and before the other units
are looked at: its turns, its speed, the hex it tries to enter, the choices it needs.

Clauses ``orders.movement`` (the actions of a step happen together), ``orders.forward``,
``orders.reverse``, ``orders.rotate-left``, ``orders.rotate-right``, ``orders.rotate-any``,
``orders.none``, ``orders.chase``, ``orders.flee``, ``orders.follow``, ``orders.road``;
rulings ``move.step-order`` (turning before or after moving) and ``move.free-move-facing``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

import msgspec

from referee.board.hexgrid import DIRECTION_NAMES, Hex, hex_label
from referee.board.maps import BattleMap
from referee.rules.movement_step.board_view import direction, turn_distance
from referee.rules.movement_step.errors import MovementStepError
from referee.rules.movement_step.readings import Readings
from referee.rules.movement_step.result import Choice, ChoiceKind, StepEvent
from referee.rules.orders.model import SPEED_CODES, Action, Step
from referee.rules.state import UnitState
from referee.ruleset import Ruleset

if TYPE_CHECKING:  # a free move's and a speed change's rules: imported by a step that has one
    from referee.rules.movement_step.free_moves import FreeMove

TURN_CODES = ("L", "R", "360")
MOVE_CODES = ("F", "Rev", "Chase", "Follow", "Flee", "Road")
FREE_CODES = ("Chase", "Follow", "Flee")
"""Moves whose hex depends on where the other units are (ruling
``move.reference-positions``)."""
MOVE_CLAUSES = {
    "F": "orders.forward",
    "Rev": "orders.reverse",
    "Chase": "orders.chase",
    "Follow": "orders.follow",
    "Flee": "orders.flee",
    "Road": "orders.road",
}


class Need(msgspec.Struct, frozen=True):
    """A choice a unit's step needs: the options, the side choosing, and the hexes the
    options may take the unit into (to tell whether it may enter an assault)."""

    uid: str
    kind: ChoiceKind
    options: tuple[Hex | int, ...]
    chooser: int
    reason: str
    clause: str
    ruling: str | None
    leads_to: tuple[Hex, ...]


class Intent(msgspec.Struct, frozen=True):
    """One unit's step as ordered: where it tries to go and how it faces either way."""

    uid: str
    start: Hex
    speed: str
    turned: bool
    """Its turns change its facing (a movement not trying to enter a hex)."""
    code: str | None
    """The moving action of the step (F, Rev, Chase, Follow, Flee, Road), if any."""
    target: Hex | None
    move_facing: int
    """Its facing as it enters ``target``."""
    reversing: bool
    facing_if_moves: int
    facing_if_stays: int
    events: tuple[StepEvent, ...]
    needs: tuple[Need, ...]

    @property
    def moves_or_turns(self) -> bool:
        return self.turned or self.target is not None


class StepContext(msgspec.Struct, frozen=True):
    """What every unit's step is read against."""

    battle_map: BattleMap
    rules: Ruleset
    rd: Readings
    units: Mapping[str, UnitState]
    smoke: frozenset[Hex]
    follow_leaders: Mapping[str, str]


def split_choice(uid: str, choice: Choice | None) -> tuple[int | None, Hex | None]:
    """(facing, hex) of one unit's entry in ``choices``."""
    if choice is None:
        return None, None
    if isinstance(choice, tuple):
        if len(choice) == 2 and isinstance(choice[1], Hex):
            facing, _ = split_choice(uid, choice[0])
            return facing, choice[1]
        raise MovementStepError(f"{uid}: choice {choice!r} is not (facing, hex)")
    if isinstance(choice, Hex):
        return None, choice
    if isinstance(choice, bool) or not isinstance(choice, int) or not 0 <= choice < 6:
        raise MovementStepError(f"{uid}: choice {choice!r} is neither a facing 0-5 nor a hex")
    return choice, None


def _check_step(state: UnitState, step: Step) -> tuple[list[Action], list[Action], list[Action]]:
    turns, speeds, moves = [], [], []
    for a in step:
        if a.code in TURN_CODES:
            turns.append(a)
        elif a.code in SPEED_CODES:
            speeds.append(a)
        elif a.code in MOVE_CODES:
            moves.append(a)
        elif a.code != "-":
            raise MovementStepError(f"{state.uid}: {a.text()!r} is not a movement action")
    if len(moves) > 1:
        raise MovementStepError(
            f"{state.uid}: one step moves one hex at most, got " + ",".join(a.text() for a in moves)
        )
    return turns, speeds, moves


def _rotate(
    state: UnitState, turns: list[Action], facing: int, chosen: int | None
) -> tuple[int, list[StepEvent], list[Need]]:
    """The facing after the step's turns (clauses ``orders.rotate-left``,
    ``orders.rotate-right``, ``orders.rotate-any``)."""
    events: list[StepEvent] = []
    needs: list[Need] = []
    for a in turns:
        if a.code in ("L", "R"):
            facing = (facing + (1 if a.code == "R" else -1)) % 6
            clause = "orders.rotate-right" if a.code == "R" else "orders.rotate-left"
            events.append(
                StepEvent(
                    state.uid, f"{a.code}: turns to face {DIRECTION_NAMES[facing]}", (clause,)
                )
            )
        elif chosen is None:
            needs.append(
                Need(
                    state.uid,
                    "facing",
                    tuple(range(6)),
                    state.side,
                    "360: the facing it turns to",
                    "orders.rotate-any",
                    None,
                    (),
                )
            )
        else:
            facing = chosen
            events.append(
                StepEvent(
                    state.uid,
                    f"360: turns to face {DIRECTION_NAMES[facing]}",
                    ("orders.rotate-any",),
                )
            )
    return facing, events, needs


def _free_move(
    ctx: StepContext, state: UnitState, code: str, facing: int, positions: Mapping[str, Hex]
) -> FreeMove:
    from referee.rules.movement_step import free_moves

    if code == "Chase":
        return free_moves.chase(
            ctx.battle_map, ctx.rules, ctx.rd, state, ctx.units, positions, ctx.smoke
        )
    if code == "Flee":
        return free_moves.flee(ctx.battle_map, ctx.rules, state, ctx.units, positions, ctx.smoke)
    if code == "Road":
        return free_moves.road(ctx.battle_map, ctx.rd, state, facing)
    leader_uid = ctx.follow_leaders.get(state.uid)
    if leader_uid is None:
        raise MovementStepError(f"{state.uid}: a Follow order, but no leader in follow_leaders")
    leader = ctx.units.get(leader_uid)
    if leader is None:
        raise MovementStepError(f"{state.uid}: follows {leader_uid!r}, which is not on the board")
    return free_moves.follow(ctx.battle_map, ctx.rules, state, leader, positions, ctx.smoke)


class _Way(msgspec.Struct, frozen=True):
    """Where the moving action of a step goes, and how the unit faces as it enters."""

    target: Hex | None
    move_facing: int
    reversing: bool
    events: tuple[StepEvent, ...]
    needs: tuple[Need, ...]


def _free_way(
    ctx: StepContext,
    state: UnitState,
    code: str,
    facing: int,
    chosen: Hex | None,
    positions: Mapping[str, Hex],
    rulings: tuple[str, ...],
) -> _Way:
    """Chase, Flee, Follow, Road: the hex taken or chosen (ruling ``move.free-move-facing``
    for the facing after it)."""
    fm = _free_move(ctx, state, code, facing, positions)
    rulings += fm.rulings + (("move.reference-positions",) if code in FREE_CODES else ())
    if fm.needs_choice and chosen is None:
        need = Need(
            state.uid,
            fm.kind,
            fm.options,
            fm.chooser,
            fm.reason,
            fm.clause,
            fm.rulings[-1] if fm.rulings else None,
            fm.options,
        )
        return _Way(None, facing, False, (), (need,))
    if fm.needs_choice and chosen not in fm.options:
        raise MovementStepError(
            f"{state.uid}: {code} may go into {', '.join(map(hex_label, fm.options))}, "
            f"not {hex_label(chosen) if chosen is not None else chosen}"
        )
    target = chosen if fm.needs_choice else fm.taken
    if target is None:
        return _Way(
            None,
            facing,
            False,
            (StepEvent(state.uid, f"{code}: {fm.reason}", (fm.clause,), rulings),),
            (),
        )
    way = direction(state.hex, target)
    move_facing, reversing = facing, False
    if code == "Road" or ctx.rd.free_move_facing == "moved":
        move_facing = way
    else:
        reversing = turn_distance(facing, way) == 3
    if code != "Road":
        rulings += ("move.free-move-facing",)
    text = f"{code}: tries to enter {hex_label(target)} ({fm.reason})"
    return _Way(
        target, move_facing, reversing, (StepEvent(state.uid, text, (fm.clause,), rulings),), ()
    )


def _way(
    ctx: StepContext,
    state: UnitState,
    code: str | None,
    facing: int,
    chosen: Hex | None,
    positions: Mapping[str, Hex],
    rulings: tuple[str, ...],
) -> _Way:
    """Where the step's moving action goes (clauses ``orders.forward``, ``orders.reverse``)."""
    if code is None:
        return _Way(None, facing, False, (), ())
    if code not in ("F", "Rev"):
        return _free_way(ctx, state, code, facing, chosen, positions, rulings)
    target = state.hex.neighbour(facing if code == "F" else facing + 3)
    event = StepEvent(
        state.uid, f"{code}: tries to enter {hex_label(target)}", (MOVE_CLAUSES[code],), rulings
    )
    return _Way(target, facing, code == "Rev", (event,), ())


def read_intent(
    ctx: StepContext,
    state: UnitState,
    step: Step,
    choice: Choice | None,
    positions: Mapping[str, Hex],
) -> Intent:
    """What ``state``'s ``step`` asks for (see the module docstring); ``positions`` are the
    other units' hexes as ruling ``move.reference-positions`` counts them."""
    turns, speed_actions, moves = _check_step(state, step)
    chosen_facing, chosen_hex = split_choice(state.uid, choice)
    speed = state.speed
    events: list[StepEvent] = []
    for a in speed_actions:
        from referee.rules.movement_step.speed import change_speed

        change = change_speed(state, speed, a)
        speed = change.speed
        events.append(StepEvent(state.uid, change.text, (change.clause,)))
    turn_first = ctx.rd.step_order == "turn-first"
    stays_facing, turn_events, needs = _rotate(state, turns, state.facing, chosen_facing)
    events += turn_events
    code = moves[0].code if moves else None
    rulings = ("move.step-order",) if turns and moves else ()
    way = _way(
        ctx,
        state,
        code,
        stays_facing if turn_first else state.facing,
        chosen_hex,
        positions,
        rulings,
    )
    events += way.events
    needs += way.needs
    if turn_first and code in ("F", "Rev"):
        around = tuple(state.hex.neighbours())
        needs = [
            Need(n.uid, n.kind, n.options, n.chooser, n.reason, n.clause, n.ruling, around)
            if n.kind == "facing"
            else n
            for n in needs
        ]
    if turn_first:
        moves_facing = way.move_facing
    else:
        moves_facing, _, _ = _rotate(state, turns, way.move_facing, chosen_facing)
    if not turns and not moves and not speed_actions:
        events.append(StepEvent(state.uid, "no action", ("orders.none",)))
    return Intent(
        uid=state.uid,
        start=state.hex,
        speed=speed,
        turned=stays_facing != state.facing,
        code=code,
        target=way.target,
        move_facing=way.move_facing,
        reversing=way.reversing,
        facing_if_moves=moves_facing,
        facing_if_stays=stays_facing,
        events=tuple(events),
        needs=tuple(needs),
    )
