"""``referee army``: check an army list, print its army sheet.

    referee army validate FILE [--game G] [--edition E] [--json]
    referee army sheet FILE -o OUT.pdf|OUT.html [--game G] [--force]

``validate`` prints every problem at once (unit entry, field, clause), the cost and budget of
each kind, the checksum and the huge units to declare; exit status 0 for a valid army, 1 for
one that is not (a file that is no army included), 2 for a file that is not there.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

SHEET_SUFFIXES = (".pdf", ".html", ".htm")


def add_parser(sub: Any) -> None:
    army = sub.add_parser("army", help="check an army list, print its army sheet")
    asub = army.add_subparsers(dest="army_command", metavar="ACTION")

    validate = asub.add_parser("validate", help="every problem of an army list at once")
    validate.add_argument("file")
    validate.add_argument("--game", help="play it as this game size (budgets.toml id)")
    validate.add_argument("--edition", default="current", help="the rulings' readings")
    validate.add_argument("--json", action="store_true")
    validate.set_defaults(run=run_validate)

    sheet = asub.add_parser("sheet", help="the printable army sheet (PDF or HTML)")
    sheet.add_argument("file")
    sheet.add_argument("--output", "-o", required=True, help="OUT.pdf or OUT.html")
    sheet.add_argument("--game", help="play it as this game size (budgets.toml id)")
    sheet.add_argument("--edition", default="current", help="the rulings' readings")
    sheet.add_argument("--force", action="store_true", help="replace an existing OUT")
    sheet.set_defaults(run=run_sheet)


def _empty_json(path: Path, errors: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "valid": False,
        "name": None,
        "nation": None,
        "game": None,
        "cost": {},
        "budget": {},
        "errors": errors,
        "checksum": None,
        "file": str(path),
    }


def run_validate(args: argparse.Namespace) -> int:
    from referee.army import ArmyFileError, load_army, validate_army
    from referee.cli.main import CommandError
    from referee.cli.output import print_json, print_rulings, with_rulings
    from referee.ruleset.shipped import ruleset

    path = Path(args.file)
    if not path.is_file():
        raise CommandError(f"army validate: {path}: no such file")
    try:
        army = load_army(path)
    except ArmyFileError as exc:
        if args.json:
            print_json(_empty_json(path, [e.to_json() for e in exc.errors]))
        else:
            print(f"{path}: not an army list")
            for e in exc.errors:
                print(f"  {e.text()}")
        return 1
    rules = ruleset(args.edition)
    report = validate_army(army, game=args.game, rules=rules)
    # the budget's limit is read for every army; how many elite weapons and what slots, for
    # every entry with upgrades or equipment (referee.army.cards)
    chosen = any(e.choices for e in army.entries)
    used = ("army.budget-limit", *(("army.elite-weapons", "army.equipment-slots") * chosen))
    data = with_rulings(report.to_json(), rules.readings, used)
    if args.json:
        print_json(data)
        return 0 if report.valid else 1
    print(
        f"{path}: {army.name} ({army.nation}, {report.game}"
        + (f", {report.allowance.name}" if report.allowance and army.allowance else "")
        + (", advanced" if army.advanced else "")
        + ")"
    )
    kinds = [k for k in report.cost if report.cost[k] or report.budget[k]]
    print(
        "  cost:   " + ", ".join(f"{k.upper()} {report.cost[k]}/{report.budget[k]}" for k in kinds)
    )
    if report.allowance is not None and report.allowance.pool is not None:
        pool = report.allowance.pool
        print(f"  pool:   {pool.points} of {'/'.join(k.upper() for k in pool.kinds)}")
    if report.huge_units:
        print(f"  {report.declaration}")
    print(f"  checksum: {report.checksum}")
    if report.valid:
        print("  valid")
        print_rulings(data)
        return 0
    print(f"  not valid: {len(report.errors)} problem(s)")
    for e in report.errors:
        print(f"  {path}: {e.text()}")
    print_rulings(data)
    return 1


def run_sheet(args: argparse.Namespace) -> int:
    from referee.army import load_army, validate_army
    from referee.army.sheet import army_sheet_html
    from referee.cli.main import CommandError
    from referee.match.reports.output_file import write_output
    from referee.ruleset.shipped import ruleset

    out = Path(args.output)
    if out.suffix.lower() not in SHEET_SUFFIXES:
        raise CommandError(f"army sheet: {out}: write a .pdf or an .html file")
    if out.exists() and not args.force:
        raise CommandError(f"army sheet: {out} already exists (--force replaces it)")
    report = validate_army(load_army(args.file), game=args.game, rules=ruleset(args.edition))
    html = army_sheet_html(report)
    content: str | bytes = html
    if out.suffix.lower() == ".pdf":
        from referee.app.window.army_pdf import pdf_bytes

        content = pdf_bytes(html, "Army sheet", fill=False)
    write_output(out, content, force=args.force, keep=(Path(args.file),))  # whole, or not at all
    verdict = "valid" if report.valid else f"NOT valid ({len(report.errors)} problems)"
    print(
        f"army sheet written to {out}: {report.army.name}, {verdict}, "
        f"checksum {report.checksum[:16]}"
    )
    return 0
