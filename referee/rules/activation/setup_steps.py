"""The steps before the main phase, as state changes: presentation, bans, the player order,
deployment, reserves and "before the battle".

Each function is reached through :func:`~referee.rules.activation.step.step` once the command
is in its phase and its side's turn (:mod:`referee.rules.activation.phase`), returns the new
state and writes its working into the recorder; :func:`settle` moves the turn on past
players with nothing left to do in the phase and the phase on when both are done.

Clauses ``activation.presentation``, ``activation.mission-choosing``, ``activation.map``,
``activation.player-order``, ``activation.deployment``, ``activation.reserves``,
``activation.starting-actions``.
"""

from __future__ import annotations

from types import MappingProxyType

from msgspec.structs import replace

from referee.board.edge_words import edge_words
from referee.board.hexgrid import DIRECTION_NAMES, hex_label
from referee.dice.service import Dice
from referee.rules.activation.actions import ActivationError, move
from referee.rules.activation.commands import (
    Ban,
    BeforeBattle,
    BeforeBattleDone,
    ChooseOrder,
    Deploy,
    DeployPass,
    Reserves,
)
from referee.rules.activation.deployment import (
    cost,
    deploy_tiles,
    deployable,
    has_deployed,
    placed_tiles,
    tiles_words,
    used,
)
from referee.rules.activation.game import ActivationGame, battle_map, edge_of, taken_slots
from referee.rules.activation.mission_line import mission_line
from referee.rules.activation.pips import Pips
from referee.rules.activation.record import Recorder
from referee.rules.activation.slots import Pose, check_slots
from referee.rules.activation.start import ban, draw_chooser, first_to_ban, presentation
from referee.rules.activation.state import ActivationState, Fortification, Phase, other

# --- presentation, missions, order -----------------------------------------------------------


def present(
    game: ActivationGame, state: ActivationState, dice: Dice, rec: Recorder
) -> ActivationState:
    for line in presentation(game.cards, state):
        rec.note(line, "activation.presentation")
    rec.summary = "both armies presented"
    if len(state.missions_left) == 1:
        return set_mission(game, state.but(phase="missions"), state.missions_left[0], rec)
    side, roll = first_to_ban(game.rules.start, dice)
    how = f"a d2 rolled {roll}" if roll is not None else "side 1 always does"
    rec.note(
        f"side {side} bans first ({how}); missions: {', '.join(state.missions_left)}",
        "activation.mission-choosing",
        rulings=game.rules.start.rulings("missions.first_ban"),
    )
    return state.but(phase="missions", to_ban=side)


def ban_mission(
    game: ActivationGame, state: ActivationState, cmd: Ban, rec: Recorder
) -> ActivationState:
    if cmd.side != state.to_ban:
        raise ActivationError(f"side {state.to_ban} bans next, not side {cmd.side}", "side")
    left = ban(state.missions_left, cmd.mission)
    rec.note(
        f"side {cmd.side} bans {cmd.mission}; left: {', '.join(left)}",
        "activation.mission-choosing",
    )
    rec.summary = f"side {cmd.side} bans {cmd.mission}"
    state = state.but(
        missions_left=left, bans=(*state.bans, (cmd.side, cmd.mission)), to_ban=other(cmd.side)
    )
    if len(left) == 1:
        return set_mission(game, state, left[0], rec)
    return state


def set_mission(
    game: ActivationGame, state: ActivationState, mission_id: str, rec: Recorder
) -> ActivationState:
    """The last mission left is played: its map is set up (clause ``activation.map``)."""
    mission = game.missions.get(mission_id)
    forts = {b.hex: Fortification(b.hex, b.structure, b.pips) for b in mission.buildings}
    rec.note(  # written with the file's edge letters; shown as places (mission_line.py)
        mission_line(mission), "activation.mission-choosing", "activation.map"
    )
    for b in mission.buildings:
        where = f"{hex_label(b.hex)}: {game.cards.structure(b.structure).name}, pips"
        rec.note(
            f"{where} {b.pips.text()}",
            "activation.fortifications",
            former=f"{where} {b.pips.to_json()}",  # referee 0.1's words
        )
    rec.touched(tiles=tuple(forts))
    return state.but(
        phase="order",
        mission=mission_id,
        missions_left=(mission_id,),
        to_ban=None,
        fortifications=MappingProxyType(forts),
    )


def roll_order(
    game: ActivationGame, state: ActivationState, dice: Dice, rec: Recorder
) -> ActivationState:
    if state.chooser is not None:
        raise ActivationError(
            f"side {state.chooser} was drawn already: it chooses the order", "kind"
        )
    side = draw_chooser(game.rules.start, dice)
    rec.note(
        f"a d2 draws side {side}, who chooses to go first or second", "activation.player-order"
    )
    rec.summary = f"side {side} drawn to choose the order"
    return state.but(chooser=side)


def choose_order(
    game: ActivationGame, state: ActivationState, cmd: ChooseOrder, rec: Recorder
) -> ActivationState:
    if state.chooser is None:
        raise ActivationError("draw the player who chooses first (roll-order)", "kind")
    if cmd.side != state.chooser:
        raise ActivationError(
            f"side {state.chooser} chooses the order, not side {cmd.side}", "side"
        )
    first = cmd.side if cmd.go == "first" else other(cmd.side)
    rec.note(
        f"side {cmd.side} chooses to go {cmd.go}: side {first} is the first player",
        "activation.player-order",
    )
    rec.summary = f"side {first} goes first"
    return settle(
        game,
        state.but(phase="deployment", first=first, turn=first, done=frozenset(), passes=0),
        rec,
    )


# --- deployment ------------------------------------------------------------------------------


def deploy(
    game: ActivationGame, state: ActivationState, cmd: Deploy, rec: Recorder
) -> ActivationState:
    """Deploy one unit or structure (clause ``activation.deployment``)."""
    start = game.rules.start
    piece = state.piece(cmd.uid)
    if piece.side != cmd.side:
        raise ActivationError(f"{cmd.uid} belongs to side {piece.side}", "uid", cmd.uid)
    if piece.status != "roster":
        raise ActivationError(f"{cmd.uid} is already {piece.status}", "uid", cmd.uid)
    capacity = game.mission(state).capacity
    need = cost(game.cards, piece, start)
    left = capacity - used(game.cards, state, cmd.side, start)
    if need > left:
        raise ActivationError(
            f"{cmd.uid} takes {need} capacity; side {cmd.side} has {left} of {capacity} left",
            "uid",
            cmd.uid,
        )
    bm = battle_map(game, state)
    edge = edge_of(game, state, cmd.side)
    first = not has_deployed(state, cmd.side)
    tiles = deploy_tiles(bm, edge, start.depth, placed_tiles(state, cmd.side, start))
    if cmd.hex not in tiles:
        # the edge where the map shows it and the tiles, never the file's letter (the
        # hexagon's S edge is its lower left: referee/board/edge_words.py)
        edge_said = f"side {cmd.side}'s edge, {edge_words(bm, edge)}"
        where = (
            f"on {edge_said}, its first deployment: {tiles_words(tiles)}"
            if first
            else f"on {edge_said}, or next to a tile it deployed on, "
            f"within {start.depth} rows of the edge: {tiles_words(tiles)}"
        )
        raise ActivationError(
            f"{hex_label(cmd.hex)}: side {cmd.side} deploys {where}", "hex", cmd.uid
        )
    rulings = start.rulings("deployment.depth", "deployment.adjacent", "deployment.capacity")
    rec.touched(cmd.uid, tiles=(cmd.hex,))
    if piece.kind == "structure":
        if cmd.ammunition is not None:
            raise ActivationError(
                f"{cmd.uid} is a structure: it starts with no ammunition (clause "
                "activation.ammunition names units); leave ammunition= out",
                "ammunition",
                cmd.uid,
            )
        if cmd.hex in state.fortifications:
            raise ActivationError(f"{hex_label(cmd.hex)} already has a building", "hex", cmd.uid)
        building = game.cards.structure(piece.card)
        pips = Pips(side1=building.pips) if cmd.side == 1 else Pips(side2=building.pips)
        rec.note(
            f"side {cmd.side} deploys {cmd.uid} ({building.name}) on {hex_label(cmd.hex)}: "
            f"{building.pips} pips of its colour",
            "activation.deployment",
            "activation.fortifications",
            rulings=rulings,
        )
        rec.summary = f"side {cmd.side} deploys {cmd.uid} on {hex_label(cmd.hex)}"
        state = state.with_pieces(replace(piece, status="deployed", hex=cmd.hex))
        state = state.with_fortification(
            Fortification(cmd.hex, building.id, pips, owner=cmd.side, uid=cmd.uid), cmd.hex
        )
    else:
        card = game.cards.unit(piece.card)
        ammo = card.ammunition if cmd.ammunition is None else cmd.ammunition
        if not 0 <= ammo <= card.ammunition:
            raise ActivationError(
                f"{card.name} starts with 0 to {card.ammunition} ammunition, not {ammo}",
                "ammunition",
                cmd.uid,
            )
        pose = Pose(cmd.hex, cmd.facing)
        refs = game.refs(piece)
        if refs:
            check = check_slots(pose, refs, taken_slots(game, state, piece), frozenset(bm.hexes))
            if not check.free:
                raise ActivationError(
                    f"{cmd.uid} cannot deploy there: {check.reason()}", "hex", cmd.uid
                )
            rulings += game.rules.movement.rulings("slots.footprints")
            rec.cite("activation.slots")
        rec.note(
            f"side {cmd.side} deploys {cmd.uid} ({card.name}) on {hex_label(cmd.hex)} "
            f"facing {DIRECTION_NAMES[cmd.facing]} with {ammo} ammunition",
            "activation.deployment",
            "activation.ammunition",
            rulings=rulings,
        )
        rec.summary = f"side {cmd.side} deploys {cmd.uid} on {hex_label(cmd.hex)}"
        state = state.with_pieces(
            replace(piece, status="deployed", hex=cmd.hex, facing=cmd.facing, ammunition=ammo)
        )
    nxt = other(cmd.side) if other(cmd.side) not in state.done else cmd.side
    return settle(game, state.but(turn=nxt, passes=0), rec)


def deploy_pass(
    game: ActivationGame, state: ActivationState, cmd: DeployPass, rec: Recorder
) -> ActivationState:
    start = game.rules.start
    rulings = start.rulings("deployment.after_pass")
    if start.after_pass == "done" or other(cmd.side) in state.done:
        rec.note(
            f"side {cmd.side} deploys nothing more",
            "activation.deployment",
            "activation.reserves",
            rulings=rulings,
        )
        state = state.but(done=state.done | {cmd.side}, passes=0)
    elif state.passes + 1 >= 2:
        rec.note(
            f"side {cmd.side} passes after side {other(cmd.side)} did: deployment ends",
            "activation.deployment",
            rulings=rulings,
        )
        state = state.but(done=frozenset({1, 2}), passes=0)
    else:
        rec.note(f"side {cmd.side} passes this turn", "activation.deployment", rulings=rulings)
        state = state.but(passes=state.passes + 1)
    rec.summary = f"side {cmd.side} passes"
    return settle(game, state.but(turn=other(cmd.side)), rec)


# --- reserves --------------------------------------------------------------------------------


def reserves(
    game: ActivationGame, state: ActivationState, cmd: Reserves, rec: Recorder
) -> ActivationState:
    """The units left in the reserves; the rest of the roster is out (``activation.reserves``)."""
    start = game.rules.start
    capacity = game.mission(state).capacity
    left = capacity - used(game.cards, state, cmd.side, start)
    total = 0
    picked = []
    for uid in cmd.uids:
        piece = state.piece(uid)
        if piece.side != cmd.side or piece.status != "roster":
            raise ActivationError(
                f"{uid} is not on side {cmd.side}'s roster ({piece.status})", "uids", uid
            )
        total += cost(game.cards, piece, start)
        picked.append(piece)
    if total > left:
        raise ActivationError(
            f"the reserves take {total} capacity; side {cmd.side} has {left} left", "uids"
        )
    out = [p for p in state.of_side(cmd.side) if p.status == "roster" and p.uid not in cmd.uids]
    state = state.with_pieces(
        *(replace(p, status="reserve") for p in picked), *(replace(p, status="out") for p in out)
    )
    rec.note(
        f"side {cmd.side} leaves in the reserves: {', '.join(cmd.uids) or 'nothing'}; "
        f"out of the battle: {', '.join(sorted(p.uid for p in out)) or 'nothing'}",
        "activation.reserves",
        rulings=start.rulings("deployment.capacity"),
    )
    rec.touched(*cmd.uids, *(p.uid for p in out))
    rec.summary = f"side {cmd.side}'s reserves"
    state = state.but(done=state.done | {cmd.side}, turn=other(cmd.side))
    return settle(game, state, rec)


# --- before the battle --------------------------------------------------------------------


def _actions_left(game: ActivationGame, state: ActivationState, side: int) -> list[str]:
    out = []
    for p in state.of_side(side):
        if p.kind != "unit" or not p.on_map:
            continue
        out += [
            f"{p.uid}:{a.id}" for a in game.card(p).before_battle if (p.uid, a.id) not in state.used
        ]
    return out


def before_battle(
    game: ActivationGame, state: ActivationState, cmd: BeforeBattle, rec: Recorder
) -> ActivationState:
    """One "before the battle" action (clause ``activation.starting-actions``)."""
    piece = state.piece(cmd.uid)
    if piece.side != cmd.side or not piece.on_map:
        raise ActivationError(
            f"{cmd.uid} is not a unit of side {cmd.side} on the map", "uid", cmd.uid
        )
    action = game.card(piece).action(cmd.action)
    if (cmd.uid, cmd.action) in state.used:
        raise ActivationError(f"{cmd.uid} has made its {action.name} already", "action", cmd.uid)
    rec.cite("activation.starting-actions")
    if action.kind == "move":
        state = move(game, state, piece, cmd.path, rec)
        rec.summary = f"before the battle, {cmd.uid} makes its {action.name}: " + rec.summary
    else:
        if cmd.path:
            raise ActivationError(
                f"{action.name} is done at the table: it takes no path", "path", cmd.uid
            )
        rec.note(f"before the battle, {cmd.uid} makes its {action.name} (at the table)")
        rec.touched(cmd.uid)
        rec.summary = f"{cmd.uid}: {action.name}"
    return settle(game, state.but(used=state.used | {(cmd.uid, cmd.action)}), rec)


def before_battle_done(
    game: ActivationGame, state: ActivationState, cmd: BeforeBattleDone, rec: Recorder
) -> ActivationState:
    rec.note(
        f"side {cmd.side} makes no more 'before the battle' actions", "activation.starting-actions"
    )
    rec.summary = f"side {cmd.side} is ready for battle"
    return settle(game, state.but(done=state.done | {cmd.side}, turn=other(cmd.side)), rec)


# --- moving the turn and the phase on ------------------------------------------------------


def settle(game: ActivationGame, state: ActivationState, rec: Recorder) -> ActivationState:
    """Skip players with nothing left to do in the phase; start the next phase when both are
    done (deployment, then reserves, then "before the battle", then the main phase)."""
    for _ in range(8):
        if state.phase not in ("deployment", "reserves", "before-battle"):
            return state
        if state.done >= {1, 2}:
            nxt: Phase = {
                "deployment": "reserves",
                "reserves": "before-battle",
                "before-battle": "main",
            }[state.phase]  # type: ignore[assignment]
            rec.note(
                f"the {nxt} phase begins with side {state.first}",
                "activation.main-phase" if nxt == "main" else "activation.starting",
            )
            state = state.but(phase=nxt, turn=state.first, done=frozenset(), passes=0)
            continue
        side = state.turn if state.turn is not None else state.first or 1
        if side in state.done or not _has_something(game, state, side):
            if side not in state.done:
                rec.note(f"side {side} has nothing left to do in the {state.phase} phase")
            state = state.but(done=state.done | {side}, turn=other(side))
            continue
        return state
    return state


def _has_something(game: ActivationGame, state: ActivationState, side: int) -> bool:
    if state.phase == "deployment":
        return bool(
            deployable(game.cards, state, side, game.rules.start, game.mission(state).capacity)
        )
    if state.phase == "reserves":
        return any(p.status == "roster" for p in state.of_side(side))
    return bool(_actions_left(game, state, side))
