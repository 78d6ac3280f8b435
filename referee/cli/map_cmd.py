"""``referee map check FILE``: validate a map file and say what is wrong, where."""

from __future__ import annotations

import argparse
from typing import Any


def add_parser(sub: Any) -> None:
    p = sub.add_parser("map", help="check a map file")
    msub = p.add_subparsers(dest="map_command", metavar="ACTION")
    check = msub.add_parser(
        "check", help="validate a map: terrain names, labels, roads, zones, no man's land"
    )
    check.add_argument("file", help="a map file (TOML) or the name of a shipped map")
    check.add_argument("--edition", help="check against this ruleset instead of the file's own")
    check.add_argument("--json", action="store_true", help="print the result as JSON")
    check.set_defaults(run=run_check)


def run_check(args: argparse.Namespace) -> int:
    from referee.board.maps import MapError, find_map, load_map
    from referee.cli.main import CommandError
    from referee.cli.output import print_json
    from referee.errors import DataFileError, read_toml
    from referee.rules.ruleset import ruleset

    path = find_map(args.file)
    try:
        read_toml(path)  # missing, a folder or not TOML at all: one line, exit status 2
    except DataFileError as exc:
        raise CommandError(f"{exc.path}: {'; '.join(exc.problems)}") from None
    terrain = ruleset(args.edition).terrain if args.edition else None
    try:
        bm = load_map(path, terrain)
    except MapError as exc:
        if args.json:
            print_json({"file": str(exc.path), "ok": False, "problems": exc.problems})
        else:
            print(f"{exc.path}: {len(exc.problems)} problem(s)")
            for problem in exc.problems:
                print(f"  {exc.path}: {problem}")
        return 1
    summary: dict[str, Any] = {
        "file": str(path),
        "ok": True,
        "name": bm.name,
        "edition": args.edition or bm.edition,
        "shape": bm.shape,
        "hexes": len(bm),
        "zones": {k: len(v) for k, v in bm.zones.items()},
        "problems": [],
    }
    if args.json:
        print_json(summary)
    else:
        zones = ", ".join(f"{k} {v}" for k, v in summary["zones"].items()) or "none"
        print(
            f"{path}: ok: {bm.name!r}, {bm.shape}, {len(bm)} hexes, "
            f"{summary['edition']} terrain; zones: {zones}"
        )
    return 0
