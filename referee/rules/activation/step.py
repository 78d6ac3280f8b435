"""One step of a game of the activation rules: ``(game, state, command, dice) -> Outcome``.

:func:`step` is a pure function of its arguments: it reads the state, asks every die of the
one dice service (rolled, or typed in from the table), and returns the new state with the
:class:`~referee.rules.activation.record.Decision` that says what was decided and why (the
working, the clause and ruling ids, the dice, what changed). A refused command raises an
error of the one family (naming the field and unit) before any die is asked, and the state
is left as it was. After every command the fortifications are checked (clause
``activation.fortification-health``, ruling ``activation.health-check-when``).

Main-phase commands are activations (clause ``activation.activation``): the unit must be
of the player whose turn it is; afterwards the turn passes to the other player. No unit of
the other player acts in between (clause ``activation.no-reaction``). A command out of its
phase or its side's turn is refused before its handler and any die
(:mod:`referee.rules.activation.phase`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from referee.board.hexgrid import hex_label
from referee.dice.service import Dice
from referee.rules.activation.actions import (
    ActivationError,
    capture,
    disembark,
    embark,
    enter,
    lose_health,
    move,
    on_map,
    shoot,
    side_can_act,
)
from referee.rules.activation.commands import (
    Ban,
    BeforeBattle,
    BeforeBattleDone,
    Capture,
    ChooseOrder,
    Command,
    Deploy,
    DeployPass,
    Disembark,
    Embark,
    Enter,
    Move,
    Pass,
    Present,
    Reserves,
    RollOrder,
    Shoot,
)
from referee.rules.activation.fortification import (
    Inside,
    allied_side,
    health_check,
)
from referee.rules.activation.game import ActivationGame, garrison
from referee.rules.activation.phase import phase_refusal
from referee.rules.activation.record import Outcome, Recorder
from referee.rules.activation.setup_steps import (
    ban_mission,
    before_battle,
    before_battle_done,
    choose_order,
    deploy,
    deploy_pass,
    present,
    reserves,
    roll_order,
)
from referee.rules.activation.state import ActivationState, other

Handler = Callable[[ActivationGame, ActivationState, Command, Dice, Recorder], ActivationState]


def step(game: ActivationGame, state: ActivationState, command: Command, dice: Dice) -> Outcome:
    """Carry out ``command`` (see the module docstring)."""
    handler = HANDLERS.get(type(command))
    if handler is None:
        raise ActivationError(f"{command.KIND!r} is not a command of the activation rules", "kind")
    refused = phase_refusal(state, command)  # its phase and its side's turn, before any die
    if refused is not None:
        raise refused
    first_roll = len(dice.log)
    rec = Recorder()
    after = handler(game, state, command, dice, rec)
    acting = _acting_side(state, command)
    if acting is not None and after.fortifications:
        after = check_fortifications(game, after, acting, dice, rec)
    return Outcome(after, rec.decision(command, tuple(dice.log[first_roll:]), state, after))


def _acting_side(state: ActivationState, command: Command) -> int | None:
    side = getattr(command, "side", None)
    if isinstance(side, int):
        return side
    uid = command.unit
    return state.pieces[uid].side if uid is not None and uid in state.pieces else None


# --- the main phase: one activation --------------------------------------------------------


def _activation(state: ActivationState, uid: str, what: str) -> int:
    """The side of the activated unit (one of the side whose turn it is, in the main phase:
    :func:`~referee.rules.activation.phase.phase_refusal`; clause ``activation.activation``)."""
    return state.piece(uid).side


def _activated(state: ActivationState, uid: str, rec: Recorder) -> ActivationState:
    side = state.pieces[uid].side
    rec.cite("activation.activation")
    return state.but(activations=state.activations + 1, last=uid, turn=other(side))


def _move(
    game: ActivationGame, state: ActivationState, cmd: Move, dice: Dice, rec: Recorder
) -> ActivationState:
    _activation(state, cmd.uid, "move")
    piece = on_map(state, cmd.uid)
    flying = game.is_aircraft(piece)
    table = game.rules.movement
    if cmd.shots and not (flying and table.attack_after_move):
        why = (
            "an aircraft's activation is its move here (ruling activation.aircraft-attack)"
            if flying
            else "an activated unit moves or attacks, not both"
        )
        raise ActivationError(f"{cmd.uid} cannot shoot after its move: {why}", "shots", cmd.uid)
    state = move(game, state, piece, cmd.path, rec)
    rec.cite("activation.move-actions")
    if cmd.shots:
        rec.cite(rulings=table.rulings("aircraft.attack_after_move"))
        moved = state.pieces[cmd.uid]
        if moved.on_map:
            summary = rec.summary
            state = shoot(game, state, moved, cmd.shots, dice, rec)
            rec.summary = f"{summary}, then shoots"
        else:
            rec.note(f"{cmd.uid} did not survive its move: it makes no attack")
    return _activated(state, cmd.uid, rec)


def _shoot(
    game: ActivationGame, state: ActivationState, cmd: Shoot, dice: Dice, rec: Recorder
) -> ActivationState:
    _activation(state, cmd.uid, "shoot")
    piece = on_map(state, cmd.uid)
    if game.is_aircraft(piece):
        raise ActivationError(
            f"{cmd.uid} is an aircraft: it must move when activated (move ... shots=...)",
            "kind",
            cmd.uid,
        )
    return _activated(shoot(game, state, piece, cmd.shots, dice, rec), cmd.uid, rec)


def _capture(
    game: ActivationGame, state: ActivationState, cmd: Capture, dice: Dice, rec: Recorder
) -> ActivationState:
    _activation(state, cmd.uid, "capture")
    piece = on_map(state, cmd.uid)
    if game.is_aircraft(piece):
        raise ActivationError(
            f"{cmd.uid} is an aircraft: it must move when activated", "kind", cmd.uid
        )
    return _activated(capture(game, state, piece, cmd.hex, cmd.colour, rec), cmd.uid, rec)


def _embark(
    game: ActivationGame, state: ActivationState, cmd: Embark, dice: Dice, rec: Recorder
) -> ActivationState:
    _activation(state, cmd.uid, "embark")
    piece = on_map(state, cmd.uid)
    return _activated(embark(game, state, piece, cmd.transport, rec), cmd.uid, rec)


def _disembark(
    game: ActivationGame, state: ActivationState, cmd: Disembark, dice: Dice, rec: Recorder
) -> ActivationState:
    _activation(state, cmd.uid, "disembark")
    return _activated(disembark(game, state, cmd.uid, cmd.hex, cmd.facing, rec), cmd.uid, rec)


def _enter(
    game: ActivationGame, state: ActivationState, cmd: Enter, dice: Dice, rec: Recorder
) -> ActivationState:
    _activation(state, cmd.uid, "enter")
    return _activated(
        enter(game, state, cmd.uid, cmd.hex, cmd.facing, cmd.ammunition, rec), cmd.uid, rec
    )


def _pass(
    game: ActivationGame, state: ActivationState, cmd: Pass, dice: Dice, rec: Recorder
) -> ActivationState:
    start = game.rules.start
    if start.passing == "when-unable" and side_can_act(game, state, cmd.side):
        raise ActivationError(
            f"side {cmd.side} has a unit it can activate: it must activate "
            "one (ruling activation.pass)",
            "side",
        )
    rec.note(
        f"side {cmd.side} passes the turn",
        "activation.activation",
        rulings=start.rulings("activation.pass"),
    )
    rec.summary = f"side {cmd.side} passes"
    return state.but(turn=other(cmd.side))


# --- after every command: the fortifications' health ----------------------------------------


def check_fortifications(
    game: ActivationGame, state: ActivationState, acting: int, dice: Dice, rec: Recorder
) -> ActivationState:
    """Run the health check of every fortification that needs it (clause
    ``activation.fortification-health``; which are looked at: ruling
    ``activation.health-check-when``)."""
    table = game.rules.fortifications
    looked = (
        sorted(state.fortifications)
        if table.when == "every-step"
        else sorted(h for h in rec.damaged if h in state.fortifications)
    )
    for h in looked:
        fort = state.fortifications[h]
        units = [Inside(p.uid, p.side, p.health) for p in garrison(game, state, h)]
        if sum(u.health for u in units) <= fort.pips.total:
            continue
        allied = allied_side(fort.pips, acting, table)
        where = hex_label(h)
        check = health_check(fort.pips.total, units, allied, table, dice, f"fortification {where}")
        rec.note(
            f"{where}: {fort.pips.total} pips, the units inside have {check.before} H: "
            f"health check (allied: side {allied})",
            "activation.fortification-health",
            rulings=table.rulings(
                "health_check.attacks", "health_check.allied", "health_check.when"
            ),
        )
        for attack in check.attacks:
            rec.note(f"{where}: {attack.text()}")
        for uid, lost in sorted(check.losses.items()):
            state = lose_health(game, state, uid, lost, f"health check of {where}", rec)
        rec.touched(tiles=(h,))
    return state


def _wrap(
    fn: Callable[..., ActivationState], *, dice: bool = False, command: bool = True
) -> Handler:
    def handler(
        game: ActivationGame, state: ActivationState, cmd: Command, d: Dice, rec: Recorder
    ) -> ActivationState:
        args: list[object] = [game, state]
        if command:
            args.append(cmd)
        if dice:
            args.append(d)
        return fn(*args, rec)

    return handler


HANDLERS: dict[type[Command], Handler] = {
    Present: _wrap(present, dice=True, command=False),
    Ban: _wrap(ban_mission),
    RollOrder: _wrap(roll_order, dice=True, command=False),
    ChooseOrder: _wrap(choose_order),
    Deploy: _wrap(deploy),
    DeployPass: _wrap(deploy_pass),
    Reserves: _wrap(reserves),
    BeforeBattle: _wrap(before_battle),
    BeforeBattleDone: _wrap(before_battle_done),
    # each handler takes its own kind: step() looks it up by the command's type
    Move: cast(Handler, _move),
    Shoot: cast(Handler, _shoot),
    Capture: cast(Handler, _capture),
    Embark: cast(Handler, _embark),
    Disembark: cast(Handler, _disembark),
    Enter: cast(Handler, _enter),
    Pass: cast(Handler, _pass),
}
