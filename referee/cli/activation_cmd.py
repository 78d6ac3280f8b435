"""``referee activation ...``: the activation rules' lookups for a dispute at the table.

* ``damage-fortification --pips ally=N,enemy=N,neutral=N --hits K``: which pip each hit
  removes, colours as the attacker sees them, and the pips left;
* ``move CARD FROM (--path P | --steps S | --to HEX[:F])``: whether a unit may move so (a
  vehicle's turns, turning in place, backwards, slots, an aircraft's duty and collisions),
  or its cheapest path to a tile; ``reach CARD FROM``: every tile it may end on;
* ``health-check --pips ... --unit UID:SIDE:H ...``: the attacks of a fortification's
  health check and what each unit loses;
* ``capture --pips ...``: the pips a capture turns; ``penetration --penetration d12+2
  --armor 9``: what the roll needs and its exact chance; ``deploy-tiles``: where a player
  may deploy; ``missions`` and ``units``: the sample missions and cards.

Every command takes ``--ruleset`` (default ``activation``), ``--ruling ID=READING`` and
``--json``; exit status 0, 1 when a move is not allowed, 2 for bad input.
"""

from __future__ import annotations

import argparse
from typing import Any


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--ruleset", default="activation", help="ruleset (default: activation)")
    p.add_argument(
        "--ruling",
        action="append",
        default=[],
        metavar="ID=READING",
        help="read a ruling differently, e.g. activation.slots=tiles",
    )
    p.add_argument("--json", action="store_true", help="print JSON")


def _units_on_map(p: argparse.ArgumentParser) -> None:
    p.add_argument("--map", default="activation", help="map (default: activation)")
    p.add_argument(
        "--other",
        action="append",
        default=[],
        metavar="CARD@HEX:FACING",
        help="another unit on the map (its slots; an aircraft may be met), e.g. battle-tank@H8:N",
    )
    p.add_argument(
        "--enemy",
        default="",
        metavar="HEXES",
        help="enemy tiles (leaving one costs double), e.g. H7,I7",
    )
    p.add_argument(
        "--building",
        action="append",
        default=[],
        metavar="HEX:PIPS[:by=SIDE]",
        help="a building on the map (repeat): its pips seen from the moving unit's side, and "
        "who deployed it (ally or enemy; none: the mission's), e.g. H10:enemy=2 or "
        "H10:ally=1,enemy=1:by=enemy; an enemy building's tile is an enemy tile, and an "
        "aircraft may not end over it under ruling activation.aircraft-enemy-building=cross",
    )
    p.add_argument("--movement", type=int, help="the Movement stat, if not the card's")


def add_parser(sub: Any) -> None:
    p = sub.add_parser("activation", help="the activation rules' lookups (draft 002)")
    asub = p.add_subparsers(dest="activation_command", metavar="LOOKUP")

    dmg = asub.add_parser(
        "damage-fortification", help="which pips the hits on a fortification remove"
    )
    dmg.add_argument(
        "--pips",
        required=True,
        metavar="ally=N,enemy=N,neutral=N",
        help="the fortification's pips, seen from the attacking side",
    )
    dmg.add_argument("--hits", type=int, required=True, help="hits on the fortification")
    _common(dmg)
    dmg.set_defaults(run=run_damage)

    mv = asub.add_parser("move", help="whether a unit may move along a path")
    mv.add_argument("card", metavar="CARD", help="the unit's card, e.g. battle-tank")
    mv.add_argument("start", metavar="FROM", help="where it stands and faces, e.g. H12:N")
    how = mv.add_mutually_exclusive_group(required=True)
    how.add_argument("--path", help="the pose after each step, e.g. H11:N,I10:NE")
    how.add_argument("--steps", help="the steps as codes, e.g. F,FR,LF,B,R")
    how.add_argument("--to", metavar="HEX[:FACING]", help="the cheapest path to this tile")
    _units_on_map(mv)
    _common(mv)
    mv.set_defaults(run=run_move)

    reach = asub.add_parser("reach", help="every tile and facing a unit may end its move on")
    reach.add_argument("card", metavar="CARD")
    reach.add_argument("start", metavar="FROM")
    _units_on_map(reach)
    _common(reach)
    reach.set_defaults(run=run_reach)

    hc = asub.add_parser("health-check", help="a fortification's health check")
    hc.add_argument(
        "--pips",
        required=True,
        metavar="ally=N,enemy=N,neutral=N",
        help="the fortification's pips, seen from the acting side",
    )
    hc.add_argument(
        "--unit",
        action="append",
        default=[],
        metavar="UID:SIDE:H",
        help="a unit inside (repeat), e.g. rifles:1:3",
    )
    hc.add_argument(
        "--acting",
        type=int,
        choices=(1, 2),
        default=1,
        help="the side whose action set off the check (default 1)",
    )
    hc.add_argument("--dice", type=int, nargs="*", default=[], help="dice typed from the table")
    hc.add_argument("--seed", type=int, help="seed of the dice the app rolls")
    _common(hc)
    hc.set_defaults(run=run_health)

    cap = asub.add_parser("capture", help="the pips a capture turns")
    cap.add_argument(
        "--pips",
        required=True,
        metavar="ally=N,enemy=N,neutral=N",
        help="the building's pips, seen from the capturing side",
    )
    cap.add_argument(
        "--colour",
        choices=("enemy", "neutral"),
        help="the colour of the pip turned (default: neutral if any)",
    )
    _common(cap)
    cap.set_defaults(run=run_capture)

    pen = asub.add_parser("penetration", help="what a penetration roll needs, and its chance")
    pen.add_argument("--penetration", required=True, help="the weapon's roll, e.g. d12+2")
    pen.add_argument("--armor", type=int, required=True, help="the target's Armor")
    pen.add_argument("--effect", type=int, default=0, help="effects added to the roll")
    _common(pen)
    pen.set_defaults(run=run_penetration)

    dep = asub.add_parser("deploy-tiles", help="the tiles a player may deploy on")
    dep.add_argument("--mission", required=True, help="the mission, e.g. crossroads")
    dep.add_argument("--side", type=int, choices=(1, 2), required=True)
    dep.add_argument(
        "--placed",
        default="",
        metavar="HEXES",
        help="tiles already deployed on (that count), e.g. H15,G14",
    )
    _common(dep)
    dep.set_defaults(run=run_deploy_tiles)

    ms = asub.add_parser("missions", help="the missions (sample data)")
    _common(ms)
    ms.set_defaults(run=run_missions)

    us = asub.add_parser("units", help="the unit and structure cards (sample data)")
    _common(us)
    us.set_defaults(run=run_units)


# --- helpers ---------------------------------------------------------------------------------


def _ruleset(args: argparse.Namespace) -> Any:
    from referee.cli.common import parse_readings
    from referee.ruleset.shipped import load_ruleset, ruleset

    readings = parse_readings(args.ruling)
    return load_ruleset(args.ruleset, readings) if readings else ruleset(args.ruleset)


def _pips(text: str, table: Any) -> Any:
    """``--pips``, at most the pips a building holds (``table``: the fortifications table,
    ruling ``activation.most-pips``)."""
    from referee.cli.main import CommandError
    from referee.errors import excerpt
    from referee.rules.activation.pips import PipError, parse_pip_count

    try:
        return parse_pip_count(text, table.most_pips)
    except PipError as exc:
        raise CommandError(f"--pips {excerpt(text)}: {exc}") from None


def _print_list(title: str, lines: list[str], clauses: list[str], data: dict[str, Any]) -> None:
    """The answer for people: its title, its working, its clauses and the rulings line of
    ``data`` (the answer as :func:`referee.cli.output.with_rulings` left it)."""
    from referee.cli.output import print_rulings

    print(title)
    for line in lines:
        print(f"  {line}")
    if clauses:
        print(f"  clauses: {', '.join(clauses)}")
    print_rulings(data)


# --- damage-fortification ------------------------------------------------------------------------


def run_damage(args: argparse.Namespace) -> int:
    from referee.cli.output import print_json, with_rulings
    from referee.rules.activation.pips import damage_pips
    from referee.rules.activation.tables import activation_rules

    rules = _ruleset(args)
    table = activation_rules(rules).fortifications
    pips = _pips(args.pips, table)
    result = damage_pips(pips, args.hits, table.tie_order)
    data = with_rulings(result.to_json(), rules.readings)
    if args.json:
        print_json(data)
        return 0
    _print_list(
        f"{args.hits} hit(s) on a fortification with {pips.text()} (as the attacker sees it)",
        [
            *result.working(),
            f"removed: {', '.join(result.removed) or 'nothing'}",
            f"left: {result.left.text()}",
        ],
        ["activation.fortification-damage"],
        data,
    )
    return 0


# --- move and reach -------------------------------------------------------------------------


def _board(args: argparse.Namespace, rules: Any, card: Any, start: Any) -> Any:
    """The movement table, the board the unit moves on and the buildings on it (the map
    with a building's terrain on each building's tile, as a match's board,
    :func:`referee.rules.activation.game.battle_map`)."""
    from types import MappingProxyType

    from referee.board.maps import find_map, load_map
    from referee.cli.main import CommandError
    from referee.rules.activation.cards import activation_cards
    from referee.rules.activation.commands import parse_pose
    from referee.rules.activation.game import enemy_buildings, enemy_tiles
    from referee.rules.activation.missions import BUILDING_TERRAIN
    from referee.rules.activation.movement import MoveBoard
    from referee.rules.activation.slots import footprint, slots_at
    from referee.rules.activation.state import ActivationState
    from referee.rules.activation.tables import activation_rules

    table = activation_rules(rules).movement
    cards = activation_cards(rules)
    plain = load_map(find_map(args.map))
    # the buildings, read as the engine reads a match's (referee.rules.activation.game):
    # the moving unit is side 1, the enemy side 2; each on its tile's terrain
    forts = _buildings(args.building, plain, activation_rules(rules).fortifications.most_pips)
    bm = plain.with_terrain({h: BUILDING_TERRAIN for h in forts})
    mover_flies = table.moves[card.type] == "aircraft"
    taken: set[Any] = set()
    aircraft: dict[str, Any] = {}
    refs: dict[str, Any] = {}
    for i, item in enumerate(args.other, 1):
        name, sep, where = item.partition("@")
        if not sep:
            raise CommandError(f"--other {item!r}: write CARD@HEX:FACING, e.g. battle-tank@H8:N")
        other = cards.unit(name.strip())
        try:
            pose = parse_pose(where)
        except ValueError as exc:
            raise CommandError(f"--other {item!r}: {exc}") from None
        if pose.facing < 0:
            pose = type(pose)(pose.hex, 0)
        if pose.hex not in bm:
            raise CommandError(f"--other {item!r}: not on the map {bm.name!r}")
        moves = table.moves[other.type]
        other_refs = footprint(moves, other.vehicle_class, table)
        uid = f"{other.id}@{where.strip()}" if len(args.other) > 1 else other.id
        uid = uid if uid not in aircraft else f"{uid}-{i}"
        if moves == "aircraft":
            aircraft[uid] = pose
            refs[uid] = other_refs
            if table.layer == "ground" and not mover_flies:
                taken |= slots_at(pose, other_refs)
        elif not mover_flies or table.layer == "ground":
            taken |= slots_at(pose, other_refs)
    enemy = frozenset(bm.parse(h) for h in args.enemy.split(",") if h.strip())
    if start.hex not in bm:
        raise CommandError(f"{args.start}: not on the map {bm.name!r}")
    state = ActivationState(fortifications=MappingProxyType(forts))
    buildings = _buildings_seen(state, plain, bm)
    return (
        table,
        buildings,
        MoveBoard(
            frozenset(bm.hexes),
            frozenset(taken),
            enemy | enemy_tiles(state, 1),
            MappingProxyType(aircraft),
            MappingProxyType(refs),
            enemy_buildings=enemy_buildings(state, 1),
        ),
    )


def _buildings(items: list[str], bm: Any, most_pips: int) -> dict[Any, Any]:
    """``--building HEX:PIPS[:by=SIDE]``, each as the fortification a match holds (pips by
    side, the mover being side 1, at most ``most_pips`` in all: ruling
    ``activation.most-pips``; ``by``: who deployed it, none: the mission)."""
    from referee.cli.main import CommandError
    from referee.rules.activation.missions import BUILDING_TERRAIN
    from referee.rules.activation.pips import PipError, parse_pip_count
    from referee.rules.activation.state import Fortification

    out: dict[Any, Any] = {}
    for item in items:
        where, _, rest = item.partition(":")
        pips_text, _, by = rest.partition(":")
        owners = {"": None, "by=ally": 1, "by=enemy": 2}
        try:
            h = bm.parse(where)
            pips = parse_pip_count(pips_text, most_pips)
        except (ValueError, PipError) as exc:
            raise CommandError(
                f"--building {item!r}: {exc} (write HEX:PIPS[:by=SIDE], e.g. H10:enemy=2)"
            ) from None
        if not pips_text.strip() or by.strip() not in owners:
            raise CommandError(
                f"--building {item!r}: write HEX:PIPS[:by=SIDE] with SIDE ally or enemy, "
                "e.g. H10:enemy=2 or H10:ally=1,enemy=1:by=enemy"
            )
        if h in out:
            raise CommandError(f"--building {item!r}: {where.strip()} has a building already")
        out[h] = Fortification(h, BUILDING_TERRAIN, pips.absolute(1), owners[by.strip()])
    return out


def _buildings_seen(state: Any, plain: Any, bm: Any) -> list[dict[str, Any]]:
    """Each building of ``state`` as the mover (side 1) sees it: its tile, the board's
    terrain there (and the map's under it), its pips, who deployed it, and whether it is
    an enemy tile (clause ``activation.tiles``) and held by the enemy (ruling
    ``activation.aircraft-enemy-building``)."""
    from referee.board.hexgrid import hex_label
    from referee.rules.activation.game import enemy_buildings, enemy_tiles

    enemy, held = enemy_tiles(state, 1), enemy_buildings(state, 1)
    return [
        {
            "hex": hex_label(h),
            "terrain": bm.terrain_at(h),
            "map_terrain": plain.terrain_at(h),
            "pips": f.pips.seen_from(1).to_json(),
            "by": {None: None, 1: "ally", 2: "enemy"}[f.owner],
            "enemy_tile": h in enemy,
            "enemy_held": h in held,
        }
        for h, f in sorted(state.fortifications.items(), key=lambda kv: hex_label(kv[0]))
    ]


def _building_lines(buildings: list[dict[str, Any]]) -> list[str]:
    """The buildings on the board, in words (after the move's or the reach's working)."""
    lines = []
    for b in buildings:
        pips = ", ".join(f"{colour} {n}" for colour, n in b["pips"].items())
        terrain = b["terrain"] + (
            f", over the map's {b['map_terrain']}"
            if b["map_terrain"] not in (b["terrain"], "clear")
            else ""
        )
        by = {None: "the mission's", "ally": "deployed by the mover's side"}.get(
            b["by"], "deployed by the enemy: an enemy tile"
        )
        held = ", held by the enemy" if b["enemy_held"] else ""
        lines.append(f"{b['hex']}: a building (terrain {terrain}), pips {pips}; {by}{held}")
    return lines


def _mover(args: argparse.Namespace, rules: Any) -> tuple[Any, Any, Any]:
    from msgspec.structs import replace

    from referee.cli.main import CommandError
    from referee.rules.activation.cards import activation_cards
    from referee.rules.activation.commands import parse_pose
    from referee.rules.activation.movement import Mover
    from referee.rules.activation.tables import activation_rules

    card = activation_cards(rules).unit(args.card)
    try:
        start = parse_pose(args.start)
    except ValueError as exc:
        raise CommandError(f"FROM {args.start!r}: {exc} (write HEX:FACING, e.g. H12:N)") from None
    if start.facing < 0:
        start = type(start)(start.hex, 0)
    mover = Mover.of(card.id, card, activation_rules(rules).movement)
    if args.movement is not None:
        mover = replace(mover, movement=args.movement)
    return card, start, mover


def run_move(args: argparse.Namespace) -> int:
    from referee.board.hexgrid import hex_label
    from referee.cli.main import CommandError
    from referee.cli.output import print_json, print_rulings, with_rulings
    from referee.rules.activation.collisions import fly
    from referee.rules.activation.commands import parse_path, parse_pose
    from referee.rules.activation.movement import cheapest_path, check_path, reach_rulings
    from referee.rules.activation.notation import path_to_steps, steps_to_path

    rules = _ruleset(args)
    card, start, mover = _mover(args, rules)
    table, buildings, board = _board(args, rules, card, start)
    if args.to:
        goal = parse_pose(args.to)
        path = cheapest_path(
            mover, start, goal.hex, None if goal.facing < 0 else goal.facing, table, board
        )
        if path is None:
            found = {
                "unit": card.id,
                "legal": False,
                "to": args.to,
                "path": None,
                "map": args.map,
                "buildings": buildings,
            }
            none = with_rulings(found, rules.readings, reach_rulings(mover, table, board))
            if args.json:
                print_json(none)
            else:
                print(f"{card.name} from {start.text()} cannot reach {args.to} this move")
                for line in _building_lines(buildings):
                    print(f"  {line}")
                print_rulings(none)
            return 1
    elif args.steps:
        path = steps_to_path(start, [s for s in args.steps.split(",") if s.strip()])
    else:
        try:
            path = parse_path(args.path)
        except ValueError as exc:
            raise CommandError(f"--path: {exc}") from None
        path = tuple(type(p)(p.hex, start.facing if p.facing < 0 else p.facing) for p in path)
    checked = check_path(mover, start, path, table, board)
    flown = fly(mover, checked, board, table)
    collision = flown.collision
    data: dict[str, Any] = checked.to_json()
    flown_path = tuple(s.end for s in flown.steps)
    data["steps_codes"] = list(path_to_steps(start, flown_path))
    if collision is not None:  # the move ends where the collision is (as the match's move)
        data["path"] = {"to": checked.end.text(), "cost": checked.cost, "steps": len(path)}
        data["to"] = flown.end.text()
        data["cost"] = flown.cost
        data["steps"] = data["steps"][: len(flown.steps)]
        data["working"] = flown.working()
    data["clauses"] = sorted(flown.clauses)
    data["rulings"] = list(flown.rulings)
    data["map"] = args.map
    data["buildings"] = buildings
    with_rulings(data, rules.readings)
    data["collision"] = (
        None
        if collision is None
        else {
            "with": collision.other,
            "at": hex_label(collision.hex),
            "step": collision.step,
            "text": collision.text(),
        }
    )
    if args.json:
        print_json(data)
    else:
        verdict = "allowed" if checked.legal else "NOT allowed"
        ends = (
            f"; it ends at {flown.end.text()}, colliding with {collision.other}"
            if collision is not None
            else ""
        )
        kind = card.type + (f" {card.vehicle_class}" if card.vehicle_class else "")
        _print_list(
            f"{card.name} ({kind}): {verdict}, {flown.cost} of {mover.movement}{ends}",
            [*flown.working(), *_building_lines(buildings)],
            data["clauses"],
            data,
        )
    return 0 if checked.legal else 1


def run_reach(args: argparse.Namespace) -> int:
    from referee.board.hexgrid import hex_label
    from referee.cli.output import print_json, print_rulings
    from referee.rules.activation.movement import reach_rulings, reachable
    from referee.ruleset.used import rulings_used

    rules = _ruleset(args)
    card, start, mover = _mover(args, rules)
    table, buildings, board = _board(args, rules, card, start)
    ends = reachable(mover, start, table, board)
    used = rulings_used({"rulings": reach_rulings(mover, table, board)}, rules.readings)
    free = mover.moves == "free"
    by_tile: dict[str, int] = {}
    poses = []
    for pose, cost in sorted(ends.items(), key=lambda kv: (kv[1], kv[0])):
        label = hex_label(pose.hex)
        by_tile[label] = min(cost, by_tile.get(label, cost))
        poses.append({"to": label if free else pose.text(), "cost": cost})
    if args.json:
        print_json(
            {
                "unit": card.id,
                "from": start.text(),
                "movement": mover.movement,
                "tiles": by_tile,
                "poses": poses,
                "map": args.map,
                "buildings": buildings,
                **used,
            }
        )
        return 0
    print(f"{card.name} from {start.text()}, movement {mover.movement}: {len(by_tile)} tiles")
    for cost in sorted(set(by_tile.values())):
        tiles = sorted((t for t, c in by_tile.items() if c == cost))
        print(f"  cost {cost}: {', '.join(tiles)}")
    for line in _building_lines(buildings):
        print(f"  {line}")
    print_rulings(used)
    return 0


# --- health-check, capture, penetration -------------------------------------------------------


def run_health(args: argparse.Namespace) -> int:
    from referee.cli.main import CommandError
    from referee.cli.output import print_json, with_rulings
    from referee.dice.service import Dice
    from referee.errors import excerpt, whole_number
    from referee.rules.activation.fortification import Inside, allied_side, health_check
    from referee.rules.activation.tables import activation_rules

    rules = _ruleset(args)
    table = activation_rules(rules).fortifications
    seen = _pips(args.pips, table)
    units = []
    for item in args.unit:
        parts = item.split(":")
        health = whole_number(parts[2]) if len(parts) == 3 else None
        if len(parts) != 3 or parts[1] not in ("1", "2") or health is None or health < 0:
            raise CommandError(f"--unit {excerpt(item)}: write UID:SIDE:H, e.g. rifles:1:3")
        units.append(Inside(parts[0], int(parts[1]), health))
    pips = seen.absolute(args.acting)
    allied = allied_side(pips, args.acting, table)
    dice = Dice(seed=args.seed)
    dice.type_in(args.dice)
    check = health_check(pips.total, units, allied, table, dice, "health check")
    data: dict[str, Any] = {
        "pips": pips.total,
        "units_health": check.before,
        "needed": check.needed,
        "allied": allied,
        "attacks": [
            {"unit": a.uid, "lost": a.lost, "roll": None if a.check is None else a.check.value}
            for a in check.attacks
        ],
        "losses": check.losses,
        "health": {u.uid: u.health - check.losses.get(u.uid, 0) for u in units},
        "clauses": ["activation.fortification-health"],
        "rulings": list(table.rulings("health_check.attacks", "health_check.allied")),
    }
    with_rulings(data, rules.readings)
    if args.json:
        print_json(data)
        return 0
    lines = [f"{pips.total} pips; the units inside have {check.before} H"]
    if not check.needed:
        lines.append("no check: the units' H is not above the pips")
    lines += [a.text() for a in check.attacks]
    lines += [
        f"{uid}: {h} H left" + (" (destroyed)" if h == 0 else "")
        for uid, h in data["health"].items()
    ]
    _print_list(f"health check (allied: side {allied})", lines, data["clauses"], data)
    return 0


def run_capture(args: argparse.Namespace) -> int:
    from referee.cli.main import CommandError
    from referee.cli.output import print_json, with_rulings
    from referee.rules.activation.pips import PipError, capture_pips
    from referee.rules.activation.tables import Colour, activation_rules

    rules = _ruleset(args)
    table = activation_rules(rules).fortifications
    pips = _pips(args.pips, table)
    colour: Colour = args.colour or ("neutral" if pips.neutral else "enemy")
    try:
        result = capture_pips(pips, colour, table)
    except PipError as exc:
        raise CommandError(str(exc)) from None
    data = with_rulings(
        {
            "turned": list(result.turned),
            "pips": result.left.to_json(),
            "clauses": ["activation.capture"],
            "rulings": list(table.rulings("capture.second")),
        },
        rules.readings,
    )
    if args.json:
        print_json(data)
        return 0
    _print_list(
        f"a capture of a building with {pips.text()}",
        [f"turned: {', '.join(result.turned)}", f"left: {result.left.text()}"],
        ["activation.capture"],
        data,
    )
    return 0


def run_penetration(args: argparse.Namespace) -> int:
    from referee.cli.output import print_json, with_rulings
    from referee.dice.expression import parse_dice
    from referee.rules.activation.shooting import penetration_need
    from referee.rules.activation.tables import activation_rules

    rules = _ruleset(args)
    table = activation_rules(rules).attack
    expr = parse_dice(args.penetration)
    need = penetration_need(args.armor, table)
    p = need.odds(expr, args.effect)
    data: dict[str, Any] = {
        "need": need.text(),
        "p": float(p),
        "exact": str(p),
        "clauses": ["activation.penetration", "activation.rolling-up"],
        "rulings": list(table.rulings("penetration.beat_by")),
    }
    with_rulings(data, rules.readings)
    if args.json:
        print_json(data)
        return 0
    effect = f" {args.effect:+d}" if args.effect else ""
    _print_list(
        f"{expr.text()}{effect} against Armor {args.armor}: needs {need.text()}",
        [f"success {float(p) * 100:.2f}% (exactly {p})"],
        data["clauses"],
        data,
    )
    return 0


# --- deploy-tiles, missions, units ---------------------------------------------------------------


def run_deploy_tiles(args: argparse.Namespace) -> int:
    from referee.board.edge_words import edge_words
    from referee.board.hexgrid import hex_label
    from referee.cli.output import print_json, with_rulings
    from referee.rules.activation.deployment import deploy_tiles
    from referee.rules.activation.missions import activation_missions, base_map, mission_map
    from referee.rules.activation.tables import activation_rules

    rules = _ruleset(args)
    start = activation_rules(rules).start
    mission = activation_missions(rules).get(args.mission)
    bm = mission_map(mission, base_map(mission))
    placed = [bm.parse(h) for h in args.placed.split(",") if h.strip()]
    edge = mission.edges[args.side]
    tiles = sorted(deploy_tiles(bm, edge, start.depth, placed))
    labels = [hex_label(h) for h in tiles]
    data = with_rulings(
        {
            "mission": mission.id,
            "side": args.side,
            "edge": edge,
            "edge_words": edge_words(bm, edge),
            "tiles": labels,
            "clauses": ["activation.deployment"],
            "rulings": list(start.rulings("deployment.depth")),
        },
        rules.readings,
    )
    if args.json:
        print_json(data)
        return 0
    _print_list(
        f"side {args.side} deploys in {mission.name} from {edge_words(bm, edge)}, "
        f"{start.depth} rows deep, on {len(labels)} tiles",
        [", ".join(labels)],
        ["activation.deployment"],
        data,
    )
    return 0


def run_missions(args: argparse.Namespace) -> int:
    from referee.board.edge_words import edge_words, sides_edges_words
    from referee.cli.output import print_json
    from referee.rules.activation.missions import activation_missions, base_map

    missions = activation_missions(_ruleset(args))
    if args.json:
        print_json(
            [
                {
                    **m.to_json(),
                    "edge_words": {
                        f"side{s}": edge_words(base_map(m), e) for s, e in m.edges.items()
                    },
                }
                for m in missions.missions.values()
            ]
        )
        return 0
    print("missions (sample data):")
    for m in missions.missions.values():
        buildings = ", ".join(f"{b.structure} on {b.hex}" for b in m.buildings) or "no buildings"
        edges = sides_edges_words(base_map(m), m.edges)
        print(f"  {m.id}: {m.name}. {m.text} Capacity {m.capacity}; {edges}; {buildings}.")
    return 0


def run_units(args: argparse.Namespace) -> int:
    from msgspec import to_builtins

    from referee.cli.output import print_json
    from referee.rules.activation.cards import activation_cards

    cards = activation_cards(_ruleset(args))
    if args.json:
        units = []
        for c in cards.units.values():
            d = to_builtins(c)
            d["weapons"] = [
                {**to_builtins(w), "penetration": w.penetration.text()} for w in c.weapons
            ]
            units.append(d)
        structures = [to_builtins(s) for s in cards.structures.values()]
        print_json({"units": units, "structures": structures})
        return 0
    print("unit cards (sample data):")
    for c in cards.units.values():
        kind = c.type + (f" {c.vehicle_class}" if c.vehicle_class else "")
        weapons = "; ".join(f"{w.name} R{w.range} {w.penetration.text()}" for w in c.weapons)
        print(
            f"  {c.id}: {c.name} ({kind}), M{c.movement} H{c.health} armor {c.armor}, "
            f"ammunition {c.ammunition}, takes {c.capacity} of a deployment's capacity; "
            f"{weapons or 'no weapons'}"
        )
    print("structures (sample data):")
    for s in cards.structures.values():
        print(
            f"  {s.id}: {s.name}, {s.pips} pips, armor {s.armor}, "
            f"takes {s.capacity} of a deployment's capacity"
        )
    return 0
