"""``referee odds``: exact odds of the open-ended roll, a to-hit roll, armor and damage.

Every probability is computed exactly (``referee.dice.odds``, ``referee.rules.fire.odds``,
``referee.rules.damage.odds``) and printed as a percentage for people; ``--json`` gives
floats under the documented keys and the exact fractions as text beside them (``exact``).
"""

from __future__ import annotations

import argparse
from fractions import Fraction
from typing import Any

BANDS = ("point-blank", "normal", "long")


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--edition", default="current", help="ruleset to use (default: current)")
    p.add_argument(
        "--ruling",
        action="append",
        default=[],
        metavar="ID=READING",
        help="read a ruling differently (house rule), e.g. damage.armor-success=six",
    )
    p.add_argument("--json", action="store_true", help="print JSON")


def _armor_args(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--armor",
        required=True,
        help="armor of the sector hit (a whole number, or 'none' for no armor)",
    )
    p.add_argument("--ap", type=int, required=True, help="AP of the weapon or assault")
    p.add_argument(
        "--range", choices=BANDS, default="normal", dest="band", help="range band (default: normal)"
    )
    p.add_argument(
        "--distance",
        type=int,
        help="range in hexes, for AP that decays with distance (first draft)",
    )


def add_parser(sub: Any) -> None:
    odds = sub.add_parser("odds", help="exact odds of to-hit, armor and damage rolls")
    osub = odds.add_subparsers(dest="odds_command", metavar="WHAT")

    oe = osub.add_parser("open-ended", help="the distribution of an open-ended dN")
    oe.add_argument("--sides", type=int, default=6, help="N of the open-ended dN (default 6)")
    oe.add_argument(
        "--tail",
        default="1/1000000",
        help="list results until what is left is at most this (default 1/1000000)",
    )
    _common(oe)
    oe.set_defaults(run=run_open_ended)

    hit = osub.add_parser("hit", help="the chance of an open-ended to-hit roll reaching N")
    hit.add_argument("--need", type=int, required=True, help="the to-hit number (7+ is possible)")
    hit.add_argument("--sides", type=int, default=6, help="the open-ended die (default d6)")
    _common(hit)
    hit.set_defaults(run=run_hit)

    armor = osub.add_parser("armor", help="blocked, partly blocked or penetrated")
    _armor_args(armor)
    _common(armor)
    armor.set_defaults(run=run_armor)

    dmg = osub.add_parser("damage", help="the distribution of the modified damage result")
    dmg.add_argument("--dice", required=True, help="the damage dice, e.g. d6-1")
    _armor_args(dmg)
    dmg.add_argument("--tokens", type=int, default=0, help="previous-damage tokens of the target")
    dmg.add_argument("--resistance", type=int, default=0, help="the target's regular resistance")
    dmg.add_argument(
        "--bonus", type=int, default=0, help="damage the weapon adds when it penetrates (e.g. 3)"
    )
    dmg.add_argument("--support", type=int, default=0, help="assault support hits (+1 each)")
    dmg.add_argument("--need", type=int, help="include the to-hit roll needing this number")
    _common(dmg)
    dmg.set_defaults(run=run_damage)

    seq = osub.add_parser(
        "assault-rolls",
        help="each damaging hit of an assault on one base, over the hits rolled before it",
    )
    seq.add_argument("--attacker", required=True, help="the attacking unit type, e.g. ork-grunts")
    seq.add_argument("--target", required=True, help="the unit type hit, e.g. hoplite-phalanx")
    seq.add_argument(
        "--hits",
        type=int,
        nargs="+",
        required=True,
        metavar="SUPPORT",
        help="one number per damaging hit, in the order rolled: its support (+1 each)",
    )
    seq.add_argument("--alive", type=int, help="models of the target alive (default: all)")
    seq.add_argument("--tokens", type=int, default=0, help="previous-damage tokens of the target")
    seq.add_argument(
        "--sector",
        default="front",
        choices=("front", "front-side", "back-side", "back"),
        help="the sector the target fights with (its armor)",
    )
    _common(seq)
    seq.set_defaults(run=run_assault_rolls)

    agony = osub.add_parser(
        "agony", help="what one agony step (acid, terror, fire...) does to one unit base"
    )
    agony.add_argument("--unit", required=True, help="the unit type, e.g. ork-grunts")
    agony.add_argument("--step", type=int, required=True, help="the agony step, 0 to 4")
    agony.add_argument("--alive", type=int, help="models alive (default: all)")
    agony.add_argument("--tokens", type=int, default=0, help="previous-damage tokens")
    for effect in ("acid", "minor-acid", "fire"):
        agony.add_argument(f"--{effect}", type=int, default=0, help=f"{effect} tokens on the unit")
    agony.add_argument(
        "--terror",
        action="append",
        default=[],
        metavar="UNIT",
        help="an enemy unit type with Terror one hex away (repeat for more)",
    )
    agony.add_argument(
        "--bound",
        type=int,
        help="rolls of one acid round weighed (default: as many as stay quick)",
    )
    _common(agony)
    agony.set_defaults(run=run_agony)

    roll = osub.add_parser("roll", help="rolling up (N+) or down (N-): the chance of success")
    roll.add_argument("--need", required=True, help="the success number, e.g. 9+ or 2-")
    roll.add_argument("--dice", default="d6", help="the dice rolled, e.g. d12 or 2d6+1")
    roll.add_argument("--effect", type=int, default=0, help="effects added to the roll")
    roll.add_argument("--json", action="store_true", help="print JSON")
    roll.set_defaults(run=run_roll)


def _rules(args: argparse.Namespace) -> Any:
    from referee.cli.common import parse_readings
    from referee.cli.main import CommandError
    from referee.ruleset.shipped import load_ruleset

    try:
        return load_ruleset(args.edition, parse_readings(args.ruling))
    except KeyError as exc:
        raise CommandError(str(exc).strip("'\"")) from None


def _limits(args: argparse.Namespace) -> None:
    """Every number of the command checked against its documented limit before any odds
    are worked out (the work grows with sides, need, armor and the rest)."""
    from referee import limits
    from referee.errors import LimitError, at_most, whole_number, within

    for option, signed, limit in (
        ("sides", False, limits.OPEN_ENDED_MAX_SIDES),
        ("need", True, limits.NEED_MAX),
        ("ap", True, limits.AP_MAX),
        ("tokens", True, limits.MODIFIER_MAX),
        ("resistance", True, limits.MODIFIER_MAX),
        ("bonus", True, limits.MODIFIER_MAX),
        ("support", True, limits.MODIFIER_MAX),
        ("distance", True, limits.MODIFIER_MAX),
    ):
        value = getattr(args, option, None)
        if value is not None:
            field = f"--{option}"
            within(field, value, limit) if signed else at_most(field, value, limit)
    armor = (getattr(args, "armor", None) or "").strip()
    number = whole_number(armor)  # at most 18 digits: never a huge int()
    if number is not None and number > limits.ARMOR_MAX:
        raise LimitError("--armor", armor, limits.ARMOR_MAX)


def _pct(p: Fraction) -> str:
    return f"{float(p) * 100:.2f}%"


def _line(label: str, p: Fraction) -> str:
    return f"  {label:<28} {_pct(p):>8}  ({p})"


def run_open_ended(args: argparse.Namespace) -> int:
    from referee.cli.main import CommandError
    from referee.cli.output import print_json, print_rulings, with_rulings
    from referee.dice.odds import open_ended_odds
    from referee.limits import TAIL_MIN_EXPONENT

    _limits(args)
    try:
        if len(args.tail) > 64:
            raise ValueError(args.tail)
        tail = Fraction(args.tail)
    except (ValueError, ZeroDivisionError):
        raise CommandError(
            f"--tail {args.tail!r}: expected a probability such as 1/1000000"
        ) from None
    if not 0 < tail < 1:
        raise CommandError(f"--tail {args.tail}: expected a probability above 0 and below 1")
    if tail < Fraction(1, 10**TAIL_MIN_EXPONENT):
        raise CommandError(
            f"--tail {args.tail}: the smallest tail is 1/10^{TAIL_MIN_EXPONENT} (the limit)"
        )
    if args.sides < 2:
        raise CommandError(f"--sides {args.sides}: an open-ended die needs at least 2 sides")
    rules = _rules(args)
    die = open_ended_odds(rules, args.sides)
    head, nxt, rest = die.truncated(tail)
    p = die.roll_on
    formula = (
        f"P(result >= {die.sides}+k) = 1/{die.sides} * ({p})^k; "
        f"P(result = {die.sides}+k) = 1/{die.sides} * {1 - p} * ({p})^k"
    )
    data = with_rulings(
        {
            "sides": die.sides,
            "follow_sides": die.follow_sides,
            "above": die.above,
            "roll_on": float(p),
            "roll_on_exact": str(p),
            "distribution": {str(v): float(q) for v, q in head.items()},
            "exact": {str(v): str(q) for v, q in head.items()},
            "at_least": {str(v): float(die.p_at_least(v)) for v in [*head, nxt]},
            "tail": {"from": nxt, "p": float(rest), "exact": str(rest)},
            "mean": float(die.mean),
            "mean_exact": str(die.mean),
            "formula": formula,
        },
        rules.readings,
        _follow_die(args.sides),
    )
    if args.json:
        print_json(data)
        return 0
    print(
        f"open-ended d{die.sides} (a natural {die.sides} rolls on with a d{die.follow_sides};"
        f" each die above {die.above} adds 1 and rolls on)"
    )
    for v, q in head.items():
        print(_line(f"{v}", q))
    print(_line(f"{nxt} or more", rest))
    print(f"  mean {float(die.mean):.4f} ({die.mean}); {formula}")
    print_rulings(data)
    return 0


def _follow_die(sides: int) -> tuple[str, ...]:
    """Ruling ``dice.open-ended-follow-die`` decides the dice rolled on after a natural top
    face of any open-ended die but the d6 (which rolls on with d6 either way)."""
    return () if sides == 6 else ("dice.open-ended-follow-die",)


def run_hit(args: argparse.Namespace) -> int:
    from referee.cli.main import CommandError
    from referee.cli.output import print_json, print_rulings, with_rulings
    from referee.rules.fire.odds import NATURAL_ONE_RULING, to_hit_odds

    _limits(args)
    if args.sides < 2:
        raise CommandError(f"--sides {args.sides}: an open-ended die needs at least 2 sides")
    rules = _rules(args)
    p = to_hit_odds(rules, args.need, args.sides)
    data = with_rulings(
        {"need": args.need, "sides": args.sides, "p": float(p), "exact": str(p)},
        rules.readings,
        (NATURAL_ONE_RULING, *_follow_die(args.sides)),
    )
    if args.json:
        print_json(data)
        return 0
    print(f"to hit needing {args.need}+ on an open-ended d{args.sides}: {_pct(p)} ({p})")
    print_rulings(data)
    return 0


def _armor_value(text: str) -> int | None:
    from referee.cli.main import CommandError
    from referee.errors import excerpt, whole_number

    if text.strip().lower() in ("none", "-"):
        return None
    value = whole_number(text)
    if value is None:
        raise CommandError(f"--armor {excerpt(text)}: expected a whole number or 'none'")
    if value < 0:
        raise CommandError(f"--armor {value}: armor is 0 or more")
    return value


def _distance(args: argparse.Namespace, rules: Any) -> tuple[int | None, list[str]]:
    from referee.rules.damage.method import damage_method

    if args.distance is not None and args.distance < 0:
        from referee.cli.main import CommandError

        raise CommandError(f"--distance {args.distance}: a range is 0 or more")
    if args.distance is None and damage_method(rules).decay is not None:
        return 0, ["no --distance given: AP decay with distance not counted"]
    return args.distance, []


def _armor_json(plan: Any) -> dict[str, object]:
    odds = plan.odds()
    outcomes = {"blocked": odds.blocked, "partial": odds.partial, "penetrated": odds.penetrated}
    return {
        **{k: float(v) for k, v in outcomes.items()},
        "exact": {k: str(v) for k, v in outcomes.items()},
        "armor": plan.armor,
        "ap": plan.ap,
        "ap_terms": [t.to_json() for t in plan.ap_terms],
        "dice": plan.dice,
        "success": plan.success_text(),
        "successes": {str(s): float(p) for s, p in odds.successes.items()},
        "modifiers": {str(m): float(p) for m, p in odds.modifiers.items()},
        "rulings": list(plan.rulings),
    }


def _print_armor(plan: Any) -> None:
    from referee.rules.explain import signed

    odds = plan.odds()
    print(plan.describe())
    print(_line("blocked", odds.blocked))
    print(_line("partly blocked", odds.partial))
    print(_line("penetrated", odds.penetrated))
    if plan.block_at == 0 and plan.dice:
        for m, p in odds.modifiers.items():
            print(_line(f"damage {signed(m)}", p))


def run_armor(args: argparse.Namespace) -> int:
    from referee.cli.output import print_json, print_rulings, with_rulings
    from referee.rules.damage.armor import armor_plan

    _limits(args)
    rules = _rules(args)
    distance, notes = _distance(args, rules)
    plan = armor_plan(rules, _armor_value(args.armor), args.ap, args.band, distance)
    data = with_rulings({**_armor_json(plan), "notes": notes}, rules.readings)
    if args.json:
        print_json(data)
        return 0
    _print_armor(plan)
    for note in notes:
        print(f"  note: {note}")
    print_rulings(data)
    return 0


def _target(armor: int | None, tokens: int, resistance: int) -> Any:
    """A stand-in target with the given armor, tokens and regular resistance."""
    from referee.board.hexgrid import Hex
    from referee.board.sector_stats import SectorNumbers
    from referee.rules.state import UnitState
    from referee.units.model import UnitType

    unit = UnitType(
        id="target",
        name="target",
        nation="",
        models=1,
        types=frozenset(),
        size="medium",
        speeds=(),
        armor=SectorNumbers((armor,) * 4) if armor is not None else None,
        weapons=(),
        assault=None,
        deflection=None,
        damage_tables={},
        resistances={"regular": resistance} if resistance else {},
    )
    return UnitState("target", unit, 1, Hex(0, 0), damage_tokens=tokens)


def run_damage(args: argparse.Namespace) -> int:
    from referee.cli.main import CommandError
    from referee.cli.output import print_json, print_rulings, with_rulings
    from referee.dice.expression import parse_dice
    from referee.rules.damage.damage_roll import Attack, shot_odds
    from referee.rules.fire.odds import NATURAL_ONE_RULING, to_hit_odds

    _limits(args)
    rules = _rules(args)
    if args.tokens < 0:
        raise CommandError(f"--tokens {args.tokens}: tokens are 0 or more")
    distance, notes = _distance(args, rules)
    expr = parse_dice(args.dice)
    p_hit = to_hit_odds(rules, args.need) if args.need is not None else Fraction(1)
    attack = Attack(f"{expr.text()} AP {args.ap}", args.ap, expr, args.bonus)
    target = _target(_armor_value(args.armor), args.tokens, args.resistance)
    odds = shot_odds(
        rules, attack, target, args.band, p_hit=p_hit, support=args.support, distance=distance
    )
    dmg = odds.damage
    natural = (NATURAL_ONE_RULING,) if args.need is not None and args.need <= 1 else ()
    data = with_rulings(
        {
            "dice": expr.text(),
            "distribution": {str(r): float(p) for r, p in dmg.results.items()},
            "exact": {str(r): str(p) for r, p in dmg.results.items()},
            "blocked": float(dmg.blocked),
            "blocked_exact": str(dmg.blocked),
            "miss": float(dmg.miss),
            "p_hit": float(p_hit),
            "p_hit_exact": str(p_hit),
            "at_least": {str(r): float(dmg.p_at_least(r)) for r in dmg.results},
            "terms": [t.to_json() for t in odds.terms],
            "armor": _armor_json(odds.armor),
            "notes": notes,
        },
        rules.readings,
        natural,
    )
    if args.json:
        print_json(data)
        return 0
    _print_armor(odds.armor)
    fixed = ", ".join(t.text() for t in odds.terms if t.value) or "none"
    print(f"damage {expr.text()}, other modifiers: {fixed}")
    if args.need is not None:
        print(_line(f"miss (needs {args.need}+)", dmg.miss))
    print(_line("stopped by the armor", dmg.blocked))
    for r, p in dmg.results.items():
        print(_line(f"result {r}", p))
    for note in notes:
        print(f"  note: {note}")
    print_rulings(data)
    return 0


def run_roll(args: argparse.Namespace) -> int:
    """Rolling up or down (clause ``dice.success``): the exact chance of success."""
    from referee.cli.output import print_json, print_rulings, with_rulings
    from referee.dice.expression import parse_dice
    from referee.dice.success import parse_target

    target = parse_target(args.need)
    expr = parse_dice(args.dice)
    p = target.odds(expr, args.effect)
    # rolling up or down reads no ruling: the answer says so (rulings: [])
    data = with_rulings(
        {"need": target.text(), "dice": expr.text(), "effect": args.effect, "p": float(p)}
        | {"exact": str(p)}
    )
    if args.json:
        print_json(data)
        return 0
    effect = f" {args.effect:+d}" if args.effect else ""
    print(
        f"{expr.text()}{effect}, needing {target.text()} ({target.words()}): "
        f"{_pct(p)} (exactly {p})"
    )
    print_rulings(data)
    return 0


def run_assault_rolls(args: argparse.Namespace) -> int:
    """Each damaging hit of one assault on one base, rolled in sequence (clause
    ``damage.sequence``, ruling ``damage.pending-tokens``): the odds the assault page shows
    (:func:`referee.rules.damage.sequence_odds.step_roll_odds`)."""
    from referee import limits
    from referee.board.hexgrid import Hex
    from referee.cli.main import CommandError
    from referee.cli.output import print_json, print_rulings, with_rulings
    from referee.errors import at_most, within
    from referee.rules.assault.contest import ASSAULT_DISTANCE
    from referee.rules.damage.sequence_odds import PENDING_RULING, StepRoll, step_roll_odds
    from referee.rules.state import UnitState
    from referee.units.catalogue import find_unit

    at_most("--hits", len(args.hits), limits.DICE_MAX_COUNT)
    for n in args.hits:
        within("--hits", n, limits.MODIFIER_MAX)
    at_most("--tokens", args.tokens, limits.MODIFIER_MAX)
    if args.tokens < 0 or min(args.hits) < 0:
        raise CommandError("--tokens and --hits are 0 or more")
    rules = _rules(args)
    attacker, kind = find_unit(args.attacker), find_unit(args.target)
    if attacker.assault is None:
        raise CommandError(f"--attacker {args.attacker}: the unit has no assault")
    alive = kind.models if args.alive is None else args.alive
    if not 1 <= alive <= kind.models:
        raise CommandError(f"--alive {args.alive}: {args.target} has 1 to {kind.models} models")
    target = UnitState(
        "target",
        kind,
        2,
        Hex(0, 0),
        alive=alive,
        elites_alive=min(kind.elites, alive),
        damage_tokens=args.tokens,
    )
    rolls = [StepRoll(attacker.assault, "target", n, None, args.sector) for n in args.hits]
    try:
        odds = step_roll_odds(rules, rolls, {"target": target}, distance=ASSAULT_DISTANCE)
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    out = []
    for n, o in zip(args.hits, odds, strict=True):
        out.append(
            {
                "support": n,
                "rows": [
                    {"table": t, "row": o.labels[(t, at)], "p": float(p), "exact": str(p)}
                    for (t, at), p in o.rows.items()
                ],
                "blocked": float(o.unread),
                "blocked_exact": str(o.unread),
                "destroyed_before": float(o.gone),
                "destroyed_before_exact": str(o.gone),
                "killed": {str(k): float(p) for k, p in o.killed.items()},
            }
        )
    data = with_rulings({"rolls": out}, rules.readings, (PENDING_RULING,))
    if args.json:
        print_json(data)
        return 0
    print(f"{args.attacker}'s damaging hits on {args.target} ({alive} alive, {args.tokens} tokens)")
    for k, (n, o) in enumerate(zip(args.hits, odds, strict=True), 1):
        print(f"hit {k}, support +{n}:")
        for rk, p in o.rows.items():
            print(_line(o.labels[rk], p))
        if o.unread:
            print(_line("blocked by the armor", o.unread))
        if o.gone:
            print(_line("destroyed by the hits before", o.gone))
    print_rulings(data)
    return 0


def run_agony(args: argparse.Namespace) -> int:
    """Agony step ``--step`` on one base (clause ``agony.schedule``): the odds the agony
    wizard's first page shows (:func:`referee.rules.agony.odds.agony_odds`); acid's rounds
    longer than the bound weighed are named with their exact probability (``rest``)."""
    from referee import limits
    from referee.board.hexgrid import Hex
    from referee.cli.main import CommandError
    from referee.cli.output import print_json, print_rulings, with_rulings
    from referee.errors import at_most
    from referee.rules.agony.odds import MAX_BOUND, TooManyDice, agony_odds
    from referee.rules.state import UnitState
    from referee.units.catalogue import find_unit

    for option in ("tokens", "acid", "minor_acid", "fire"):
        value = getattr(args, option)
        if value < 0:
            raise CommandError(f"--{option.replace('_', '-')} {value}: 0 or more")
        at_most(f"--{option.replace('_', '-')}", value, limits.DICE_MAX_COUNT)
    at_most("--terror", len(args.terror), limits.DICE_MAX_COUNT)
    if args.bound is not None and not 1 <= args.bound <= MAX_BOUND:
        raise CommandError(f"--bound {args.bound}: 1 to {MAX_BOUND} rolls")
    rules = _rules(args)
    if not 0 <= args.step <= 4:
        raise CommandError(f"--step {args.step}: the agony steps are 0 to 4")
    kind = find_unit(args.unit)
    alive = kind.models if args.alive is None else args.alive
    if not 1 <= alive <= kind.models:
        raise CommandError(f"--alive {args.alive}: {args.unit} has 1 to {kind.models} models")
    unit = UnitState(
        args.unit,
        kind,
        1,
        Hex(0, 0),
        alive=alive,
        elites_alive=min(kind.elites, alive),
        damage_tokens=args.tokens,
        acid=args.acid,
        minor_acid=args.minor_acid,
        fire=args.fire,
    )
    others = [
        UnitState(f"terror {i + 1}", find_unit(name), 2, Hex(0, 1))
        for i, name in enumerate(args.terror)
    ]
    try:
        odds = agony_odds(rules, args.step, unit, others, args.bound)
    except TooManyDice as exc:
        raise CommandError(str(exc)) from None

    def both(d: dict[str, Fraction]) -> dict[str, object]:
        return {
            "p": {k: float(v) for k, v in d.items()},
            "exact": {k: str(v) for k, v in d.items()},
        }

    data = with_rulings(
        {
            "unit": args.unit,
            "step": args.step,
            "rolls": odds.rolls,
            "killed": both({str(n): p for n, p in odds.killed.items()}),
            "destroyed": float(odds.destroyed),
            "destroyed_exact": str(odds.destroyed),
            "tokens": both({str(n): p for n, p in odds.tokens.items()}),
            "rows": both(dict(odds.rows)),
            "acid": both(dict(odds.acid)),
            "bound": odds.bound,
            "rest": float(odds.rest),
            "rest_exact": str(odds.rest),
            "terror": list(odds.terror),
        },
        rules.readings,
        odds.rulings,
    )
    if args.json:
        print_json(data)
        return 0
    print(
        f"agony {args.step} on {args.unit} ({alive} alive, {args.tokens} tokens, "
        f"{args.acid} acid, {args.minor_acid} minor acid, {args.fire} fire"
        + (f"; terror of {', '.join(args.terror)} one hex away" if args.terror else "")
        + ")"
    )
    if not odds.rolls:
        print("  the step rolls no die for this unit")
    for name, p in odds.acid.items():
        print(_line(f"acid: {name}", p))
    for n, p in odds.killed.items():
        print(_line(f"{n} model{'s' if n != 1 else ''} killed", p))
    if odds.destroyed:
        print(_line("destroyed", odds.destroyed))
    for n, p in odds.tokens.items():
        print(_line(f"{n:+d} future damage tokens", p))
    for text, p in odds.rows.items():
        print(_line(f"read: {text.split(':')[0]}", p))
    if odds.rest:
        print(_line(f"rest: rounds over {odds.bound} rolls", odds.rest))
        print("  (acid may roll without end: the figures above are exact for the rounds of")
        print(f"  at most {odds.bound} rolls, and each is at most 'rest' below the whole)")
    print_rulings(data)
    return 0
