"""``referee hit``: the to-hit number of one shot on a map, with its working (``fire.*``)."""

from __future__ import annotations

import argparse
from typing import Any

SIZES = ("small", "medium", "large", "huge")


def add_parser(sub: Any) -> None:
    p = sub.add_parser("hit", help="the to-hit number of a shot, with every modifier")
    p.add_argument("map", help="a map file (TOML) or the name of a shipped map (standard, ...)")
    p.add_argument("shooter", metavar="SHOOTER_HEX", help="hex label of the shooter, e.g. C7")
    p.add_argument("target", metavar="TARGET_HEX", help="hex label of the target, e.g. C3")
    p.add_argument(
        "--weapon-range",
        type=int,
        required=True,
        metavar="R",
        help="the weapon's range (long range reaches twice it)",
    )
    p.add_argument("--edition", help="ruleset to use (default: the map's own edition)")
    p.add_argument("--arc", default="*/*/*/*", help="firing arc, e.g. */-/-/- (default all)")
    p.add_argument(
        "--shooter-facing",
        type=int,
        default=0,
        choices=range(6),
        help="facing of the shooter, 0 = N, clockwise (default 0)",
    )
    p.add_argument("--target-facing", type=int, default=0, choices=range(6))
    p.add_argument("--shooter-speed", default="slow", help="speed (default slow: no modifier)")
    p.add_argument("--target-speed", default="slow", help="speed (default slow: no modifier)")
    p.add_argument("--shooter-size", default="medium", choices=SIZES)
    p.add_argument("--target-size", default="medium", choices=SIZES)
    p.add_argument("--shooter-flying", action="store_true")
    p.add_argument("--target-flying", action="store_true")
    p.add_argument("--aim", action="store_true", help="the shooter aimed from its hex last step")
    for who in ("shooter", "target", "weapon"):
        p.add_argument(
            f"--{who}-ability",
            action="append",
            default=[],
            metavar="ABILITY",
            help=f"a {who} ability, e.g. good-shot or take-cover[slow,-1] (repeat for more)",
        )
    p.add_argument(
        "--smoke",
        default="",
        metavar="HEXES",
        help="comma-separated hexes holding a smoke marker, e.g. C4,D5",
    )
    p.add_argument(
        "--ruling",
        action="append",
        default=[],
        metavar="ID=READING",
        help="read a ruling differently (house rule), e.g. fire.natural-one=always-misses",
    )
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(run=run_hit)


def _ability(text: str) -> Any:
    """``take-cover[slow,-1]`` as an :class:`~referee.units.model.Ability`."""
    from referee.cli.main import CommandError
    from referee.units.abilities import parse_ability

    try:
        return parse_ability(text)
    except ValueError as exc:
        raise CommandError(f"ability {text!r}: {exc}") from None


def run_hit(args: argparse.Namespace) -> int:
    from referee.board.hexgrid import Hex
    from referee.board.sector_stats import parse_firing_arc
    from referee.cli.common import rules_and_board
    from referee.cli.main import CommandError
    from referee.cli.output import print_json, print_rulings, with_rulings
    from referee.rules.fire.aim import GunneryStep
    from referee.rules.fire.legality import check_target
    from referee.rules.fire.to_hit import to_hit
    from referee.rules.state import Aim, UnitState
    from referee.units.model import UnitType, Weapon

    if args.weapon_range < 1:
        raise CommandError(f"--weapon-range {args.weapon_range}: a range is 1 or more")
    rules, board = rules_and_board(args)
    bm = board.battle_map
    weapon = Weapon(
        "weapon",
        args.weapon_range,
        0,
        None,
        arc=parse_firing_arc(args.arc),
        abilities=tuple(_ability(a) for a in args.weapon_ability),
    )

    def unit(uid: str, side: int, at: Hex, who: str) -> UnitState:
        kind = UnitType(
            id=who,
            name=who,
            nation="",
            models=1,
            types=frozenset(),
            size=getattr(args, f"{who}_size"),
            speeds=(),
            armor=None,
            weapons=(weapon,) if who == "shooter" else (),
            assault=None,
            deflection=None,
            damage_tables={},
            abilities=tuple(_ability(a) for a in getattr(args, f"{who}_ability")),
        )
        return UnitState(
            uid,
            kind,
            side,
            at,
            facing=getattr(args, f"{who}_facing"),
            speed=getattr(args, f"{who}_speed"),
            flying=getattr(args, f"{who}_flying"),
            loaded={"weapon": 1},
            aim=Aim(at, 1, 1) if who == "shooter" and args.aim else None,
        )

    shooter = unit("shooter", 1, bm.parse(args.shooter), "shooter")
    target = unit("target", 2, bm.parse(args.target), "target")
    check = check_target(rules, board, shooter, target, weapon, now=GunneryStep(1, 2))
    result = to_hit(rules, check.shot) if check.shot is not None else None
    data: dict[str, Any] = check.to_json()
    data["to_hit"] = result.to_json() if result else None
    with_rulings(data, rules.readings)
    if args.json:
        print_json(data)
        return 0 if result else 1
    head = f"{args.shooter.upper()} -> {args.target.upper()}"
    if result is None:
        print(f"{head}: no shot")
        for r in check.reasons:
            print(f"  {r.text} ({r.clause})")
        print_rulings(data)
        return 1
    print(f"{head}: {result.explain()}")
    for n in check.notes:
        print(f"  note: {n.text} ({n.clause})")
    for note in result.notes:
        print(f"  note: {note}")
    print(f"  clauses: {', '.join(result.clauses)}")
    print_rulings(data)
    return 0
