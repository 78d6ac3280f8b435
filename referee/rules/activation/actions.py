"""The actions of an activated unit, as state changes: move, shoot, capture, embark,
disembark, enter from the reserves; and a unit destroyed.

Each function takes the game, the state, the unit and what the command asks, checks it all
before any die is rolled (a refused action raises :class:`ActivationError` naming the field
and unit and changes nothing), then returns the new state, writing the working into the
:class:`~referee.rules.activation.record.Recorder`.

Clauses ``activation.move-actions``, ``activation.attack-actions``, ``activation.shooting``,
``activation.capture``, ``activation.embark``, ``activation.fortification-damage``.
"""

from __future__ import annotations

from collections.abc import Sequence

from msgspec.structs import replace

from referee.board.edge_words import edge_words
from referee.board.hexgrid import DIRECTION_NAMES, Hex, distance, hex_label
from referee.dice.service import Dice
from referee.errors import RefereeError
from referee.rules.activation.cards import WeaponCard
from referee.rules.activation.collisions import CLAUSE as COLLISION_CLAUSE
from referee.rules.activation.collisions import fly
from referee.rules.activation.commands import Enter, Shot
from referee.rules.activation.fortification import Inside, inside_rolls
from referee.rules.activation.game import (
    ActivationGame,
    battle_map,
    edge_of,
    enemy_tiles,
    garrison,
    move_board,
    sight,
    taken_slots,
)
from referee.rules.activation.missions import edge_tiles
from referee.rules.activation.movement import check_path
from referee.rules.activation.pips import capture_pips, damage_pips
from referee.rules.activation.record import Recorder
from referee.rules.activation.shooting import (
    ammunition_spent,
    penetration,
    range_problem,
    sight_problem,
)
from referee.rules.activation.slots import Pose, check_slots
from referee.rules.activation.state import ActivationState, Piece
from referee.rules.activation.transport import (
    disembark_problem,
    embark_problem,
    reach_out_of,
    room_text,
)
from referee.rules.command import CommandError


class ActivationError(CommandError):
    """A command the rules refuse now, naming the field and the unit (of the one family of
    refusals of every game system, :class:`referee.rules.command.CommandError`)."""

    def __init__(self, message: str, field: str | None = None, unit: str | None = None) -> None:
        super().__init__(message)
        self.field = field
        self.unit = unit


# --- a unit destroyed ---------------------------------------------------------------------------


def destroy(
    game: ActivationGame, state: ActivationState, uid: str, why: str, rec: Recorder
) -> ActivationState:
    """``uid`` is destroyed; the units aboard it are set down on its tile or destroyed with it
    (ruling ``activation.transport-destroyed``)."""
    piece = state.pieces[uid]
    rec.note(f"{uid} is destroyed ({why})")
    rec.touched(uid, tiles=(piece.hex,))
    state = state.with_pieces(_moved(piece, status="destroyed", hex=None, health=0))
    aboard = state.aboard(uid)
    if aboard:
        table = game.rules.movement
        rec.cite("activation.embark", rulings=table.rulings("transport.destroyed"))
        for p in aboard:
            if table.transport_destroyed == "destroyed" or piece.hex is None:
                state = destroy(game, state, p.uid, f"aboard {uid}", rec)
            else:
                rec.note(f"{p.uid}, aboard {uid}, is set down on {hex_label(piece.hex)}")
                rec.touched(p.uid)
                state = state.with_pieces(
                    _moved(p, status="deployed", hex=piece.hex, facing=piece.facing, carrier=None)
                )
    return state


def lose_health(
    game: ActivationGame, state: ActivationState, uid: str, lost: int, why: str, rec: Recorder
) -> ActivationState:
    """``uid`` loses ``lost`` H (``why``); with none left it is destroyed."""
    piece = state.pieces[uid]
    left = max(0, piece.health - lost)
    rec.touched(uid)
    rec.note(f"{uid} loses {piece.health - left} H ({left} left)")
    if left == 0:
        return destroy(game, state, uid, why, rec)
    return state.with_pieces(_moved(piece, health=left))


def _moved(piece: Piece, **changes: object) -> Piece:
    return replace(piece, **changes)


# --- checks shared by the actions ---------------------------------------------------------------


def pose_of(piece: Piece) -> Pose:
    """Where ``piece`` stands, refusing a piece that is not on the map."""
    if piece.hex is None:
        raise ActivationError(f"{piece.uid} is not on the map ({piece.status})", "uid", piece.uid)
    return Pose(piece.hex, piece.facing)


def on_map(state: ActivationState, uid: str) -> Piece:
    piece = state.piece(uid)
    if piece.kind != "unit":
        raise ActivationError(f"{uid} is a structure: it cannot be activated", "uid", uid)
    if not piece.on_map:
        raise ActivationError(f"{uid} is not on the map ({piece.status})", "uid", uid)
    return piece


def resolve_path(game: ActivationGame, piece: Piece, path: Sequence[Pose]) -> tuple[Pose, ...]:
    """The path with each pose's facing: a free mover keeps its facing where none is given;
    a vehicle or aircraft must give every step's facing."""
    if not path:
        raise ActivationError("a move needs a path (the tiles of its steps)", "path", piece.uid)
    free = game.moves(piece) == "free"
    out: list[Pose] = []
    facing = piece.facing
    for i, pose in enumerate(path, 1):
        if pose.facing < 0:
            if not free:
                raise ActivationError(
                    f"step {i}: a {game.card(piece).type} turns as it moves, so every step "
                    f"names its facing ({hex_label(pose.hex)}:N ...)",
                    "path",
                    piece.uid,
                )
            pose = Pose(pose.hex, facing)
        facing = pose.facing
        out.append(pose)
    return tuple(out)


# --- move ----------------------------------------------------------------------------------------


def move(
    game: ActivationGame, state: ActivationState, piece: Piece, path: Sequence[Pose], rec: Recorder
) -> ActivationState:
    """A move action along ``path`` (clauses ``activation.move-actions``,
    ``activation.movement``); an aircraft meeting another ends its move there, both
    destroyed (``activation.aircraft-collisions``)."""
    table = game.rules.movement
    poses = resolve_path(game, piece, path)
    mover = game.mover(piece)
    board = move_board(game, state, piece)
    start = pose_of(piece)
    checked = check_path(mover, start, poses, table, board)
    if not checked.legal:
        raise ActivationError(
            f"{piece.uid} cannot move so: " + "; ".join(checked.problems), "path", piece.uid
        )
    flown = fly(mover, checked, board, table)
    collision = flown.collision
    for line in flown.path_working():
        rec.note(line)
    rec.cite(*checked.clauses, rulings=checked.rulings)
    end = flown.end
    rec.touched(piece.uid, tiles=(piece.hex, end.hex))
    rec.summary = (
        f"{piece.uid} moves from {start.text()} to {end.text()} ({flown.cost} of {mover.movement})"
    )
    state = state.with_pieces(_moved(piece, hex=end.hex, facing=end.facing))
    if collision is not None:
        said = flown.collision_working()
        rec.note(said[0], COLLISION_CLAUSE, rulings=flown.collision_rulings)
        for line in said[1:]:
            rec.note(line)
        state = destroy(game, state, piece.uid, f"collided with {collision.other}", rec)
        state = destroy(game, state, collision.other, f"collided with {piece.uid}", rec)
        rec.summary += f"; collides with {collision.other}: both destroyed"
    return state


# --- embark, disembark, enter --------------------------------------------------------------------


def embark(
    game: ActivationGame, state: ActivationState, piece: Piece, transport_uid: str, rec: Recorder
) -> ActivationState:
    """Embark into a transport up to 1 tile away (clause ``activation.embark``)."""
    transport = state.piece(transport_uid)
    if transport.kind != "unit":
        raise ActivationError(
            f"{transport_uid} is a structure, not a transport", "transport", piece.uid
        )
    table = game.rules.movement
    aboard = [game.card(p) for p in state.aboard(transport_uid)]
    out_of_enemy = piece.hex in enemy_tiles(state, piece.side)
    reach = reach_out_of(table.embark_reach, out_of_enemy, table.embark_leaving)
    problem = embark_problem(
        piece,
        game.card(piece),
        transport,
        game.card(transport),
        aboard,
        reach,
        table.transport_counts,
    )
    if problem:
        raise ActivationError(
            f"{piece.uid} cannot embark: {problem}{_leaving_note(reach, table.embark_reach)}",
            "transport",
            piece.uid,
        )
    room = room_text(game.card(transport), [*aboard, game.card(piece)], table.transport_counts)
    rulings = table.rulings("transport.capacity")
    if out_of_enemy:
        rulings += table.rulings("transport.leaving")
    rec.note(
        f"{piece.uid} embarks into {transport_uid} ({room})",
        "activation.embark",
        "activation.move-actions",
        *(("activation.tiles",) if out_of_enemy else ()),
        rulings=rulings,
    )
    rec.touched(piece.uid, transport_uid, tiles=(piece.hex,))
    rec.summary = f"{piece.uid} embarks into {transport_uid}"
    return state.with_pieces(_moved(piece, status="embarked", hex=None, carrier=transport_uid))


def _leaving_note(reach: int, full: int) -> str:
    """Why the reach is short, when it is (ruling ``activation.embark-leaving``)."""
    if reach >= full:
        return ""
    return (
        " (out of an enemy tile its tile counts double, more than the action's: "
        "ruling activation.embark-leaving)"
    )


def _place_problem(
    game: ActivationGame, state: ActivationState, piece: Piece, pose: Pose
) -> str | None:
    tiles = frozenset(battle_map(game, state).hexes)
    if pose.hex not in tiles:
        return f"{hex_label(pose.hex)} is not on the map"
    refs = game.refs(piece)
    if refs:
        check = check_slots(pose, refs, taken_slots(game, state, piece), tiles)
        if not check.free:
            return check.reason()
    return None


def disembark(
    game: ActivationGame, state: ActivationState, uid: str, to: Hex, facing: int, rec: Recorder
) -> ActivationState:
    """Disembark onto a tile up to 1 tile from the transport (clause ``activation.embark``)."""
    piece = state.piece(uid)
    if piece.status != "embarked" or piece.carrier is None:
        raise ActivationError(f"{uid} is not aboard a transport", "uid", uid)
    carrier = state.pieces[piece.carrier]
    if carrier.hex is None:
        raise ActivationError(f"{uid}'s transport {carrier.uid} is not on the map", "uid", uid)
    table = game.rules.movement
    out_of_enemy = carrier.hex in enemy_tiles(state, piece.side)
    reach = reach_out_of(table.embark_reach, out_of_enemy, table.embark_leaving)
    problem = disembark_problem(carrier.hex, to, reach)
    if problem:
        problem += _leaving_note(reach, table.embark_reach)
    problem = problem or _place_problem(game, state, piece, Pose(to, facing))
    if problem:
        raise ActivationError(f"{uid} cannot disembark: {problem}", "hex", uid)
    rec.note(
        f"{uid} disembarks from {carrier.uid} onto {hex_label(to)}",
        "activation.embark",
        "activation.move-actions",
        *(("activation.tiles",) if out_of_enemy else ()),
        rulings=table.rulings("transport.leaving") if out_of_enemy else (),
    )
    rec.touched(uid, carrier.uid, tiles=(to,))
    rec.summary = f"{uid} disembarks onto {hex_label(to)}"
    return state.with_pieces(_moved(piece, status="deployed", hex=to, facing=facing, carrier=None))


def enter(
    game: ActivationGame,
    state: ActivationState,
    uid: str,
    to: Hex,
    facing: int,
    ammunition: int | None,
    rec: Recorder,
) -> ActivationState:
    """A unit in the reserves enters on its player's edge (ruling ``activation.reserves-entry``)
    with the ammunition ruling ``activation.reserves-ammunition`` gives it: ``ammunition``
    chosen (0 to its card's; None, as written before that ruling: what it had in the
    reserves, none), its card's whole ammunition, or none."""
    piece = state.piece(uid)
    start = game.rules.start
    rulings = start.rulings("reserves.entry")
    if start.reserves_entry != "edge":
        raise ActivationError(
            "under this ruleset the reserves enter only as the mission says "
            "(ruling activation.reserves-entry)",
            "uid",
            uid,
        )
    if piece.status != "reserve":
        raise ActivationError(f"{uid} is not in the reserves ({piece.status})", "uid", uid)
    ammo = _entering_ammunition(game, piece, ammunition)
    edge = edge_of(game, state, piece.side)
    if to not in edge_tiles(battle_map(game, state), edge):
        raise ActivationError(
            f"{hex_label(to)} is not on side {piece.side}'s edge, "
            f"{edge_words(battle_map(game, state), edge)}",
            "hex",
            uid,
        )
    problem = _place_problem(game, state, piece, Pose(to, facing))
    if problem:
        raise ActivationError(f"{uid} cannot enter on {hex_label(to)}: {problem}", "hex", uid)
    line = f"{uid} enters from the reserves on {hex_label(to)} facing {DIRECTION_NAMES[facing]}"
    if ammunition is None and start.reserves_ammunition == "choose":
        rec.note(line, "activation.reserves", "activation.move-actions", rulings=rulings)
    else:  # the record of an enter written before the ruling stays word for word
        rec.note(
            f"{line} with {ammo} ammunition",
            "activation.reserves",
            "activation.move-actions",
            "activation.ammunition",
            rulings=rulings + start.rulings("reserves.ammunition"),
        )
    rec.touched(uid, tiles=(to,))
    rec.summary = f"{uid} enters on {hex_label(to)}"
    return state.with_pieces(
        _moved(piece, status="deployed", hex=to, facing=facing, ammunition=ammo)
    )


def check_typed_enter(game: ActivationGame, state: ActivationState, cmd: Enter) -> None:
    """Refuse an enter typed now that names no ammunition while ruling
    ``activation.reserves-ammunition`` reads ``choose``: its player chooses the ammunition
    the unit enters with, 0 to its card's, and the line must say it. The same words in a
    journal written before that ruling replay as written, with what the unit had in the
    reserves (none: :func:`enter`), which a referee typing the line would not mean; under
    ``full`` or ``none`` there is nothing to choose and the line rightly names none."""
    if cmd.ammunition is not None or game.rules.start.reserves_ammunition != "choose":
        return
    piece = state.pieces.get(cmd.uid)
    most = "" if piece is None else f", 0 to {game.card(piece).ammunition}"
    raise ActivationError(
        f"enter: ammunition= is missing: {cmd.uid}'s player chooses the ammunition it "
        f"enters with{most} (ruling activation.reserves-ammunition: choose); "
        "write ammunition=N",
        "ammunition",
        cmd.uid,
    )


def _entering_ammunition(game: ActivationGame, piece: Piece, ammunition: int | None) -> int:
    """The ammunition ``piece`` enters with (ruling ``activation.reserves-ammunition``)."""
    reading = game.rules.start.reserves_ammunition
    card = game.card(piece)
    if reading != "choose":
        if ammunition is not None:
            has = "its card's whole ammunition" if reading == "full" else "no ammunition"
            raise ActivationError(
                f"{piece.uid} enters with {has} (ruling activation.reserves-ammunition: "
                f"{reading}); leave ammunition= out",
                "ammunition",
                piece.uid,
            )
        return card.ammunition if reading == "full" else 0
    if ammunition is None:
        return piece.ammunition
    if not 0 <= ammunition <= card.ammunition:
        raise ActivationError(
            f"{card.name} starts with 0 to {card.ammunition} ammunition, not {ammunition}",
            "ammunition",
            piece.uid,
        )
    return ammunition


# --- shoot -----------------------------------------------------------------------------------


def shoot(
    game: ActivationGame,
    state: ActivationState,
    piece: Piece,
    shots: Sequence[Shot],
    dice: Dice,
    rec: Recorder,
) -> ActivationState:
    """An attack action: each weapon at its target (clauses ``activation.shooting``,
    ``activation.penetration``; at a fortification ``activation.fortification-damage``)."""
    attack = game.rules.attack
    card = game.card(piece)
    if not shots:
        raise ActivationError(
            "a shooting attack names at least one weapon>target", "shots", piece.uid
        )
    weapons = [card.weapon(s.weapon) for s in shots]
    seen: set[str] = set()
    for w in weapons:
        if w.id in seen:
            raise ActivationError(
                f"{w.name} fires once per attack (activation.shooting)", "shots", piece.uid
            )
        seen.add(w.id)
    spent = ammunition_spent(weapons, attack)
    if spent > piece.ammunition:
        raise ActivationError(
            f"{piece.uid} has {piece.ammunition} ammunition; this attack needs {spent}",
            "shots",
            piece.uid,
        )
    here = pose_of(piece).hex
    board = sight(game, state)
    for shot, weapon in zip(shots, weapons, strict=True):
        target_hex = shot_target(game, state, piece, shot)
        problem = range_problem(here, target_hex, weapon) or sight_problem(board, here, target_hex)
        if problem:
            raise ActivationError(
                f"{weapon.name} cannot shoot {shot.text()}: {problem}", "shots", piece.uid
            )
    rec.summary = f"{piece.uid} shoots: " + ", ".join(s.text() for s in shots)
    rec.cite(
        "activation.attack-actions",
        "activation.shooting",
        rulings=attack.rulings("shooting.garrison", "shooting.fortifications"),
    )
    for shot, weapon in zip(shots, weapons, strict=True):
        if shot.tile is not None:
            state = _shoot_fortification(game, state, piece, shot.tile, weapon, dice, rec)
        else:
            state = _shoot_unit(game, state, piece, shot.unit or "", weapon, dice, rec)
    if spent:
        rec.note(
            f"{piece.uid} spends {spent} ammunition ({piece.ammunition - spent} left)",
            "activation.ammunition",
            rulings=attack.rulings("ammunition.spend"),
        )
        shooter = state.pieces[piece.uid]
        state = state.with_pieces(_moved(shooter, ammunition=shooter.ammunition - spent))
    rec.touched(piece.uid)
    return state


def shot_target(game: ActivationGame, state: ActivationState, piece: Piece, shot: Shot) -> Hex:
    """The tile ``shot`` aims at, if ``piece`` may take it as a target (whatever the range and
    the line of sight): not its own side, on the map, not hidden in a fortification (ruling
    ``activation.garrison-shots``), not a fortification it holds (ruling
    ``activation.fortification-target``). Raises :class:`ActivationError` saying why not."""
    if shot.tile is not None:
        fort = state.fortifications.get(shot.tile)
        if fort is None or fort.pips.total == 0:
            raise ActivationError(
                f"{hex_label(shot.tile)} holds no fortification with pips to shoot at",
                "shots",
                piece.uid,
            )
        if game.rules.attack.fortifications == "not-held" and fort.pips.holder() == piece.side:
            raise ActivationError(
                f"side {piece.side} holds the fortification on {hex_label(shot.tile)} "
                f"({fort.pips.seen_from(piece.side).words()}): a player does not shoot a "
                "fortification they hold (ruling activation.fortification-target)",
                "shots",
                piece.uid,
            )
        return shot.tile
    target = state.piece(shot.unit or "")
    if target.side == piece.side:
        raise ActivationError(
            f"{shot.unit} is a unit of side {piece.side}: shoot the enemy", "shots", piece.uid
        )
    if not target.on_map or target.hex is None:
        raise ActivationError(
            f"{shot.unit} is not on the map ({target.status})", "shots", piece.uid
        )
    fort = state.fortifications.get(target.hex)
    if (
        game.rules.attack.garrison == "protected"
        and fort is not None
        and fort.pips.total > 0
        and not game.is_aircraft(target)
    ):
        raise ActivationError(
            f"{shot.unit} is inside the fortification on {hex_label(target.hex)}: shoot the "
            f"fortification (@{hex_label(target.hex)}) instead (ruling "
            "activation.garrison-shots)",
            "shots",
            piece.uid,
        )
    return target.hex


def _shoot_unit(
    game: ActivationGame,
    state: ActivationState,
    piece: Piece,
    uid: str,
    weapon: WeaponCard,
    dice: Dice,
    rec: Recorder,
) -> ActivationState:
    target = state.pieces[uid]
    if target.status != "deployed":
        rec.note(f"{weapon.name}: {uid} is already destroyed, the shot is lost")
        return state
    armor = game.card(target).armor
    check = penetration(
        weapon,
        armor,
        game.rules.attack,
        dice,
        f"penetration: {piece.uid}'s {weapon.name} at {uid} (armor {armor})",
    )
    rec.note(
        f"{weapon.name} at {uid} (armor {armor}): {check.text()}",
        "activation.penetration",
        "activation.rolling-up",
        rulings=game.rules.attack.rulings("penetration.beat_by"),
    )
    if not check.success:
        return state
    return lose_health(
        game, state, uid, game.rules.attack.loss, f"{weapon.name} of {piece.uid}", rec
    )


def _shoot_fortification(
    game: ActivationGame,
    state: ActivationState,
    piece: Piece,
    at: Hex,
    weapon: WeaponCard,
    dice: Dice,
    rec: Recorder,
) -> ActivationState:
    table = game.rules.fortifications
    fort = state.fortifications.get(at)
    where = hex_label(at)
    if fort is None or fort.pips.total == 0:
        rec.note(f"{weapon.name}: the fortification on {where} is already gone, the shot is lost")
        return state
    armor = game.cards.structure(fort.structure).armor
    rec.cite("activation.fortification-damage", rulings=table.rulings("damage.hits"))
    if table.hits == "penetration":
        check = penetration(
            weapon,
            armor,
            game.rules.attack,
            dice,
            f"penetration: {piece.uid}'s {weapon.name} at the fortification "
            f"on {where} (armor {armor})",
        )
        rec.note(
            f"{weapon.name} at the fortification on {where} (armor {armor}): {check.text()}",
            "activation.penetration",
            "activation.rolling-up",
            rulings=game.rules.attack.rulings("penetration.beat_by"),
        )
        hits = 1 if check.success else 0
    else:
        rec.note(f"{weapon.name} at the fortification on {where}: one hit")
        hits = 1
    if hits == 0:
        return state
    return damage_fortification(game, state, at, hits, piece.side, dice, rec)


def damage_fortification(
    game: ActivationGame,
    state: ActivationState,
    at: Hex,
    hits: int,
    attacker: int,
    dice: Dice,
    rec: Recorder,
) -> ActivationState:
    """Remove ``hits`` pips from the fortification on ``at``, the most common colour first as
    ``attacker`` sees them; a d12 per pip for the enemy units inside (clause
    ``activation.fortification-damage``)."""
    table = game.rules.fortifications
    fort = state.fortifications[at]
    where = hex_label(at)
    dmg = damage_pips(fort.pips.seen_from(attacker), hits, table.tie_order)
    for line in dmg.working():
        rec.note(f"{where}: {line}", "activation.fortification-damage")
    pips = dmg.left.absolute(attacker)
    rec.touched(tiles=(at,))
    rec.damaged.add(at)
    enemies = [
        Inside(p.uid, p.side, p.health) for p in garrison(game, state, at) if p.side != attacker
    ]
    if enemies and dmg.removed:
        rolls, losses = inside_rolls(dmg.removed, enemies, table, dice, f"fortification {where}")
        rec.cite("activation.rolling-up", rulings=table.rulings("damage.inside"))
        for r in rolls:
            rec.note(f"{where}: {r.text()}")
        for uid, lost in sorted(losses.items()):
            state = lose_health(game, state, uid, lost, f"inside the fortification on {where}", rec)
    if pips.total == 0 and table.destroyed == "removed":
        rec.note(
            f"the fortification on {where} has no pips left: it is destroyed, the tile is empty",
            rulings=table.rulings("damage.destroyed"),
        )
        return state.with_fortification(None, at)
    if pips.total == 0:
        rec.note(
            f"the fortification on {where} has no pips left: it stands as rubble",
            rulings=table.rulings("damage.destroyed"),
        )
    return state.with_fortification(replace(fort, pips=pips), at)


# --- capture -------------------------------------------------------------------------------


def capture(
    game: ActivationGame,
    state: ActivationState,
    piece: Piece,
    at: Hex,
    colour: str | None,
    rec: Recorder,
) -> ActivationState:
    """An attack action turning a building's pips to the player's colour (clause
    ``activation.capture``)."""
    table = game.rules.fortifications
    fort = state.fortifications.get(at)
    if fort is None:
        raise ActivationError(f"{hex_label(at)} holds no building to capture", "hex", piece.uid)
    here = pose_of(piece).hex
    reach = table.capture_reach
    if reach == 0 and game.is_aircraft(piece):
        raise ActivationError(
            "an aircraft is never inside a building (ruling activation.aircraft-layer)",
            "uid",
            piece.uid,
        )
    if distance(here, at) > reach:
        where = "on the building's tile" if reach == 0 else f"within {reach} tile of it"
        raise ActivationError(
            f"{piece.uid} must be {where} to capture it (ruling activation.capture-reach)",
            "hex",
            piece.uid,
        )
    seen = fort.pips.seen_from(piece.side)
    wanted = colour or ("neutral" if seen.neutral else "enemy")
    if wanted not in ("enemy", "neutral"):
        raise ActivationError("a capture turns enemy or neutral pips", "colour", piece.uid)
    try:
        turned = capture_pips(seen, wanted, table)  # type: ignore[arg-type]
    except RefereeError as exc:
        raise ActivationError(f"{piece.uid} cannot capture: {exc}", "colour", piece.uid) from None
    pips = turned.left.absolute(piece.side)
    rec.note(
        f"{piece.uid} turns {len(turned.turned)} pip(s) of the building on "
        f"{hex_label(at)} to side {piece.side}: {', '.join(turned.turned)} "
        f"({seen.text()} -> {turned.left.text()})",
        "activation.capture",
        "activation.attack-actions",
        rulings=table.rulings("capture.reach", "capture.second"),
    )
    rec.touched(piece.uid, tiles=(at,))
    rec.summary = f"{piece.uid} captures pips on {hex_label(at)}"
    return state.with_fortification(replace(fort, pips=pips), at)


def side_can_act(game: ActivationGame, state: ActivationState, side: int) -> bool:
    """Whether ``side`` has a unit it could activate (ruling ``activation.pass``)."""
    for p in state.of_side(side):
        if p.kind != "unit":
            continue
        if p.on_map or p.status == "embarked":
            return True
        if p.status == "reserve" and game.rules.start.reserves_entry == "edge":
            return True
    return False
