"""``referee orders parse`` and ``referee orders check``: the orders notation and what each step
of an order does for a unit at a speed.

Exit status: 0 when the notation was read, 1 when it is refused (the position, what was
expected and why are printed), 2 for a bad unit, speed, edition or ruling.
"""

from __future__ import annotations

import argparse
from typing import Any

KINDS = ("movement", "gunnery")


def add_parser(sub: Any) -> None:
    orders = sub.add_parser(
        "orders",
        help="read an order in the drafts' notation; what each step does for a unit",
        description="A notation starting with '-' and holding no space (-+Load) must follow "
        "'--', e.g. referee orders parse --kind gunnery -- -+Load",
    )
    inner = orders.add_subparsers(dest="orders_command", metavar="SUBCOMMAND")

    parse = inner.add_parser("parse", help="read an order: its steps, or where it goes wrong")
    parse.add_argument("notation", metavar="NOTATION", help="e.g. '360°,A + F + F'")
    parse.add_argument(
        "--kind",
        choices=KINDS,
        default="movement",
        help="movement (3 steps, default) or gunnery (2 steps)",
    )
    parse.add_argument("--json", action="store_true", help="print JSON")
    parse.set_defaults(run=run_parse)

    check = inner.add_parser(
        "check", help="what each step of an order does for a unit at a speed, and why"
    )
    check.add_argument("notation", metavar="NOTATION", help="e.g. 'F + B + -'")
    check.add_argument(
        "--unit",
        required=True,
        metavar="UNIT_ID",
        help="a unit id of the catalogue (referee units list)",
    )
    check.add_argument(
        "--speed",
        required=True,
        metavar="SPEED",
        help="the unit's speed at the start of the turn (fast, slow, still...)",
    )
    check.add_argument(
        "--kind", choices=KINDS, default="movement", help="movement (default) or gunnery"
    )
    check.add_argument(
        "--end-speed",
        metavar="SPEED",
        help="gunnery: the speed after movement 3 (default: --speed)",
    )
    check.add_argument("--edition", default="current", help="ruleset (default: current)")
    check.add_argument("--shaken", action="store_true", help="the unit is shaken")
    check.add_argument(
        "--leader", action="store_true", help="a unit with a special rule orders this one to follow"
    )
    check.add_argument(
        "--ruling",
        action="append",
        default=[],
        metavar="ID=READING",
        help="read a ruling differently, e.g. orders.illegal=default",
    )
    check.add_argument("--json", action="store_true", help="print JSON")
    check.set_defaults(run=run_check)


def _refused(args: argparse.Namespace, exc: Any) -> int:
    from referee.cli.output import print_json

    if args.json:
        print_json({"ok": False, "error": exc.to_json()})
    else:
        print(exc.text)
        print(" " * exc.position + "^")
        print(f"character {exc.position}: {exc.message}; expected {exc.expected}")
    return 1


def run_parse(args: argparse.Namespace) -> int:
    from referee.cli.output import print_json
    from referee.rules.orders.notation import OrderSyntaxError, parse_order

    try:
        order = parse_order(args.notation, args.kind)
    except OrderSyntaxError as exc:
        return _refused(args, exc)
    steps = [[a.text() for a in step] for step in order.steps]
    if args.json:
        print_json(
            {
                "ok": True,
                "kind": order.kind,
                "steps": steps,
                "text": order.text(),
                "speed": order.speed,
                "step_speeds": list(order.step_speeds) or [None] * len(steps),
            }
        )
        return 0
    print(order.text())
    for number, actions in enumerate(steps, 1):
        mark = order.step_speed(number)
        print(f"  {args.kind} {number}: {', '.join(actions)}" + (f" ({mark})" if mark else ""))
    if order.speed:
        print(f"  written for {order.speed}")
    return 0


def run_check(args: argparse.Namespace) -> int:
    from referee.board.hexgrid import Hex
    from referee.cli.common import parse_readings
    from referee.cli.output import print_json, print_rulings, with_rulings
    from referee.rules.orders.legality import check_gunnery, check_movement
    from referee.rules.orders.notation import OrderSyntaxError, parse_order, parse_speed
    from referee.rules.state import UnitState
    from referee.ruleset.shipped import load_ruleset
    from referee.units.catalogue import find_unit

    rules = load_ruleset(args.edition, parse_readings(args.ruling))
    unit = find_unit(args.unit)
    speed = parse_speed(args.speed)
    try:
        order = parse_order(args.notation, args.kind)
    except OrderSyntaxError as exc:
        return _refused(args, exc)
    state = UnitState(unit.id, unit, 1, Hex(0, 0), speed=speed, shaken=1 if args.shaken else 0)
    if args.kind == "movement":
        if args.end_speed:
            from referee.cli.main import CommandError

            raise CommandError("--end-speed is for a gunnery order (--kind gunnery)")
        result = check_movement(state, order, rules, leader=args.leader)
    else:
        end = parse_speed(args.end_speed) if args.end_speed else None
        result = check_gunnery(state, order, rules, end_speed=end)
    data = with_rulings(
        {"ok": True, "unit": unit.id, "edition": rules.id, "shaken": args.shaken}
        | result.to_json(),
        rules.readings,
    )
    if args.json:
        print_json(data)
        return 0
    print(
        f"{unit.name} at {speed}{', shaken' if args.shaken else ''} ({rules.name}): {order.text()}"
    )
    for step in result.steps:
        print(f"  {step.explain()}")
    for note in result.notes:
        print(f"  note: {note}")
    print(f"  carried out: {result.done.text()}; speed {result.speed_start} -> {result.speed_end}")
    print_rulings(data)
    return 0
