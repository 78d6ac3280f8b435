"""``referee units check|list|show``: unit files checked, the catalogue listed, a unit card."""

from __future__ import annotations

import argparse
from typing import Any


def add_parser(sub: Any) -> None:
    p = sub.add_parser("units", help="check unit files, list the unit catalogue, show a unit")
    usub = p.add_subparsers(dest="units_command", metavar="ACTION")

    check = usub.add_parser(
        "check", help="check a unit file (every problem, naming the unit and field)"
    )
    check.add_argument(
        "file",
        nargs="?",
        help="a unit file (TOML) or a catalogue file's name (ork); omit for the whole catalogue",
    )
    check.add_argument("--json", action="store_true", help="print the result as JSON")
    check.set_defaults(run=run_check)

    listing = usub.add_parser("list", help="the unit types of the catalogue")
    listing.add_argument("--nation", help="only this nation (spartan, elf, dark-elf, dwarf, ork)")
    listing.add_argument("--json", action="store_true", help="print JSON")
    listing.set_defaults(run=run_list)

    show = usub.add_parser("show", help="a unit card")
    show.add_argument("unit_id", metavar="UNIT_ID", help="e.g. standard-tank")
    show.add_argument("--json", action="store_true", help="print the unit's fields as JSON")
    show.set_defaults(run=run_show)


def _check_one(path: Any) -> dict[str, Any]:
    from referee.cli.main import CommandError
    from referee.errors import DataFileError
    from referee.units.catalogue import check_unit_file, load_unit_file

    try:
        problems = check_unit_file(path)
    except DataFileError as exc:  # missing, a folder or not TOML: exit status 2
        raise CommandError(f"{exc.path}: {'; '.join(exc.problems)}") from None
    units = 0 if problems else len(load_unit_file(path).units)
    return {"file": str(path), "ok": not problems, "units": units, "problems": problems}


CARD_RULINGS = ("units.models-per-base", "units.assault-acid")
"""The rulings every unit card is checked under."""


def run_check(args: argparse.Namespace) -> int:
    from referee.cli.output import print_json, print_rulings
    from referee.ruleset.shipped import ruleset
    from referee.ruleset.used import rulings_used
    from referee.units.catalogue import UnitFileError, find_unit_file, load_catalogue, unit_files

    paths = [find_unit_file(args.file)] if args.file else unit_files()
    results = [_check_one(p) for p in paths]
    if not args.file and all(r["ok"] for r in results):
        try:  # ids unique across the catalogue
            load_catalogue()
        except UnitFileError as exc:
            for r in results:
                if r["file"] == str(exc.path):
                    r["ok"], r["problems"] = False, exc.problems
    # a card is checked under the current edition's readings (referee.units.catalogue)
    used = rulings_used({"rulings": CARD_RULINGS}, ruleset("current").readings)
    for r in results:
        r.update(used)
    if args.json:
        print_json(results[0] if args.file else results)
    for r in results if not args.json else []:
        if r["ok"]:
            print(f"{r['file']}: ok: {r['units']} unit type(s)")
            continue
        print(f"{r['file']}: {len(r['problems'])} problem(s)")
        for problem in r["problems"]:
            print(f"  {r['file']}: {problem}")
    if not args.json:
        print_rulings(used, "")
    return 0 if all(r["ok"] for r in results) else 1


def run_list(args: argparse.Namespace) -> int:
    from referee.cli.main import CommandError
    from referee.cli.output import print_json
    from referee.units.abilities import register
    from referee.units.catalogue import all_units

    nations = register().nations
    if args.nation and args.nation not in nations:
        raise CommandError(f"--nation {args.nation!r}: use one of {', '.join(nations)}")
    units = [u for u in all_units() if not args.nation or u.nation == args.nation]
    rows: list[dict[str, Any]] = [
        {
            "id": u.id,
            "name": u.name,
            "nation": u.nation,
            "models": u.models,
            "size": u.size,
            "types": sorted(u.types),
            "cost": dict(u.cost),
            "sample": u.sample,
        }
        for u in units
    ]
    if args.json:
        print_json(rows)
        return 0
    width = max((len(r["id"]) for r in rows), default=2)
    for r in rows:
        cost = " ".join(f"{n}{k}" for k, n in r["cost"].items())
        print(
            f"{r['id']:<{width}}  {r['nation']:<8}  {r['models']}x {r['size']:<6}  "
            f"{cost:<16}  {r['name']}"
        )
    return 0


def run_show(args: argparse.Namespace) -> int:
    from referee.cli.output import print_json
    from referee.units.card_text import unit_card, unit_json
    from referee.units.catalogue import find_unit

    unit = find_unit(args.unit_id)
    if args.json:
        print_json(unit_json(unit))
    else:
        print("\n".join(unit_card(unit)))
    return 0
