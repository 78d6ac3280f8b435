"""``referee shot``: a shot between two catalogue units on a map, before it is rolled.

Prints whether it is allowed (every reason), the number needed with its working, the
exact chance to hit, and for each sector the hit may be applied to the armor odds and the
odds of each row of the target's damage table; then the whole action: the dice it rolls,
the misfire, the chance of each number of hits, of each damage row and of killing at least
one model, and of the fire, acid and poison the hits place. An area weapon shows its area
dice instead of a to-hit roll.
"""

from __future__ import annotations

import argparse
from typing import Any


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "shot", help="a shot between catalogue units: allowed?, the need and the exact odds"
    )
    p.add_argument("map", help="a map file (TOML) or the name of a shipped map")
    p.add_argument("shooter", metavar="UNIT@HEX", help="shooter: unit id and hex, e.g. e34@C2")
    p.add_argument("target", metavar="UNIT@HEX", help="target: unit id and hex, e.g. ork-grunts@E6")
    p.add_argument("--weapon", help="the shooter's weapon (default: its first)")
    p.add_argument("--edition", help="ruleset to use (default: the map's own edition)")
    for who in ("shooter", "target"):
        p.add_argument(
            f"--{who}-facing",
            type=int,
            default=3 if who == "shooter" else 0,
            choices=range(6),
            help=f"facing of the {who}, 0 = N, clockwise",
        )
        p.add_argument(f"--{who}-speed", help=f"speed of the {who} (default: its slowest)")
        p.add_argument(f"--{who}-flying", action="store_true")
    p.add_argument("--aim", action="store_true", help="the shooter aimed from its hex last step")
    p.add_argument("--tokens", type=int, default=0, help="previous-damage tokens on the target")
    p.add_argument("--alive", type=int, help="models alive in the target (default: all)")
    p.add_argument("--smoke", default="", metavar="HEXES", help="hexes with smoke, e.g. C4,D5")
    p.add_argument(
        "--ruling",
        action="append",
        default=[],
        metavar="ID=READING",
        help="read a ruling differently (house rule)",
    )
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(run=run_shot)


def _pct(p: object) -> str:
    return f"{float(p) * 100:5.1f}%"  # type: ignore[arg-type]


def run_shot(args: argparse.Namespace) -> int:
    from referee.cli.common import rules_and_board
    from referee.cli.main import CommandError
    from referee.cli.output import print_json, print_rulings, with_rulings
    from referee.rules.fire.aim import GunneryStep
    from referee.rules.fire.misfire import misfire_note
    from referee.rules.fire.preview import preview_shot
    from referee.rules.state import Aim, UnitState
    from referee.units.catalogue import find_unit

    rules, board = rules_and_board(args)
    bm = board.battle_map

    def place(spec: str, who: str, side: int) -> UnitState:
        uid, sep, label = spec.partition("@")
        if not sep:
            raise CommandError(f"{who} {spec!r}: write UNIT@HEX, e.g. standard-tank@C2")
        unit = find_unit(uid.strip())
        speed = getattr(args, f"{who}_speed") or (unit.speeds[0].name if unit.speeds else "slow")
        if unit.speeds and speed not in {s.name for s in unit.speeds}:
            known = ", ".join(s.name for s in unit.speeds)
            raise CommandError(f"--{who}-speed {speed!r}: {unit.name} moves at {known}")
        at = bm.parse(label)
        extra: dict[str, Any] = {}
        if who == "shooter":
            extra["loaded"] = {w.name: max(w.load, w.burst) for w in unit.weapons}
            extra["aim"] = Aim(at, 1, 1) if args.aim else None
        else:
            extra["damage_tokens"] = args.tokens
            if args.alive is not None:
                if not 0 <= args.alive <= unit.models:
                    raise CommandError(
                        f"--alive {args.alive}: a {unit.name} has {unit.models} models; "
                        f"give 0 to {unit.models}"
                    )
                extra["alive"] = args.alive
        return UnitState(
            f"{who}:{unit.id}",
            unit,
            side,
            at,
            facing=getattr(args, f"{who}_facing"),
            speed=speed,
            flying=getattr(args, f"{who}_flying"),
            **extra,
        )

    shooter = place(args.shooter, "shooter", 1)
    target = place(args.target, "target", 2)
    if not shooter.unit.weapons:
        raise CommandError(f"{shooter.unit.name} has no weapon")
    try:
        weapon = shooter.unit.weapon(args.weapon) if args.weapon else shooter.unit.weapons[0]
    except KeyError as exc:
        raise CommandError(f"--weapon: {str(exc).strip(chr(34))}") from None
    preview = preview_shot(rules, board, shooter, target, weapon, now=GunneryStep(1, 2))
    data = with_rulings(preview.to_json(), rules.readings)
    if args.json:
        print_json(data)
        return 0 if preview.allowed else 1
    head = (
        f"{shooter.unit.name} at {args.shooter.partition('@')[2].upper()} fires "
        f"{weapon.name} at {target.unit.name} at {args.target.partition('@')[2].upper()}"
    )
    print(head)
    action = preview.action
    if not preview.allowed or action is None:
        print("  not allowed:")
        for reason in preview.check.reasons:
            print(f"  - {reason.text} ({reason.clause})")
        print_rulings(data)
        return 1
    if preview.to_hit is not None:
        print(f"  {preview.to_hit.explain()}")
    elif action.area is not None:
        area = action.area
        print(
            f"  area: {area.dice} {'die' if area.dice == 1 else 'dice'} (one per enemy "
            f"model in the hex), {area.need.explain()}"
        )
        if area.evasion is not None:
            need = area.evasion_need
            print(
                f"  evasion: {area.evasion.text()}"
                + (f", each success negated on {need}+" if need is not None else "")
            )
    for n in preview.check.notes:
        print(f"  note: {n.text} ({n.clause})")
    if (note := misfire_note(rules, weapon)) is not None:
        print(f"  note: {note}")
    print(
        f"  hits {_pct(preview.p_hit)} (exactly {preview.p_hit})"
        + (" per die" if action.dice != 1 else "")
    )
    for s in preview.sectors:
        plan, a = s.odds.armor, s.odds.armor.odds()
        dice = f"{plan.dice} armor {'die' if plan.dice == 1 else 'dice'}"
        armor = "no armor" if s.armor is None else f"armor {s.armor}, {dice}"
        print(
            f"  if it hits the {s.sector} ({armor}): blocked {_pct(a.blocked)}, "
            f"partly {_pct(a.partial)}, through {_pct(a.penetrated)}"
        )
        width = max([4, *(len(row.label) for row in s.odds.rows)])
        print(f"    {'miss':<{width}}  {_pct(1 - preview.p_hit)}")
        for row in s.odds.rows:
            print(f"    {row.label:<{width}}  {_pct(row.p)}")
    print_action(action)
    if preview.to_hit is not None:
        print(f"  clauses: {', '.join(preview.to_hit.clauses)}")
    print_rulings(data)
    return 0


def print_action(action: Any) -> None:
    """The whole action: dice, misfire, hits by number, damage rows, a model killed."""
    print(
        f"  the whole action: {action.dice} {'die' if action.dice == 1 else 'dice'}"
        + (
            f", misfire[{action.misfire_on}-] {_pct(action.misfire)}"
            if action.misfire_on is not None
            else ""
        )
    )
    for k, p in enumerate(action.hits):
        print(f"    {k} hit{'s' if k != 1 else ' '}  {_pct(p)}  (exactly {p})")
    print(f"    at least one hit  {_pct(action.at_least_one_hit)}")
    if action.damage is not None:
        for (table, _), p in action.damage.rows.items():
            label = action.damage.labels[(table, _)]
            print(f"    {table}: {label} at least once  {_pct(p)}")
        print(
            f"    at least one model killed  {_pct(action.kill_at_least_one)} "
            f"(exactly {action.kill_at_least_one})"
        )
    for c in action.conditions:
        print(f"    {condition_line(c)}")


def condition_line(c: Any) -> str:
    """One condition the action places: its chance, and per hit the tokens expected."""
    if c.ignored:
        return f"{c.name}: none, {c.ignored} ({c.clause})"
    if c.kind == "fire":
        return (
            f"set on fire (a fire token if hit at least once)  {_pct(c.at_least_one)} "
            f"(exactly {c.at_least_one}) ({c.clause})"
        )
    return (
        f"{c.name}, one per hit: at least one  {_pct(c.at_least_one)} "
        f"(exactly {c.at_least_one}), {float(c.expected):.2f} expected ({c.clause})"
    )
