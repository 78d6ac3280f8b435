"""``referee map check FILE [--scenario S]``: validate a map file and say what is wrong,
where; with a scenario, also what the scenario does not allow (the verdict the map editor
shows live: :func:`referee.scenarios.battlefield.battlefield_problems`)."""

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
    check.add_argument(
        "--scenario",
        help="also check the map against a scenario (entrenched, standard-battle or a file): "
        "its size and what its no man's land may not hold",
    )
    check.add_argument(
        "--ruling",
        action="append",
        default=[],
        metavar="ID=READING",
        help="read a ruling otherwise (the scenario's zones follow setup.*-zones)",
    )
    check.add_argument("--json", action="store_true", help="print the result as JSON")
    check.set_defaults(run=run_check)


def run_check(args: argparse.Namespace) -> int:
    from referee.board.maps import MapError, find_map, load_map
    from referee.cli.common import parse_readings
    from referee.cli.main import CommandError
    from referee.cli.output import print_json, print_rulings, with_rulings
    from referee.errors import DataFileError, read_toml
    from referee.ruleset.shipped import ruleset
    from referee.scenarios.battlefield import map_verdicts, scenario_map
    from referee.scenarios.loader import find_scenario

    path = find_map(args.file)
    try:
        read_toml(path)  # missing, a folder or not TOML at all: one line, exit status 2
    except DataFileError as exc:
        raise CommandError(f"{exc.path}: {'; '.join(exc.problems)}") from None
    scenario = find_scenario(args.scenario) if args.scenario else None
    edition = args.edition or (scenario.edition if scenario is not None else None)
    rules = ruleset(edition) if edition else None
    if rules is not None and args.ruling:
        rules = rules.with_readings(parse_readings(args.ruling))
    # a scenario's zones follow its ruling (setup.entrenched-zones, setup.first-draft-zones)
    zones = (
        (scenario.battlefield.zones_ruling,)
        if scenario and scenario.battlefield.zones_ruling
        else ()
    )
    readings = rules.readings if rules is not None else None
    try:
        if scenario is None:
            bm = load_map(path, rules.terrain if rules is not None else None)
        else:
            assert rules is not None
            checked, problems = map_verdicts(path, read_toml(path), rules, scenario)
            if checked is None or problems:
                raise MapError(path, problems)
            bm = scenario_map(checked, scenario, rules)
    except MapError as exc:
        failed = with_rulings(
            {"file": str(exc.path), "ok": False, "problems": exc.problems}, readings, zones
        )
        if args.json:
            print_json(failed)
        else:
            print(f"{exc.path}: {len(exc.problems)} problem(s)")
            for problem in exc.problems:
                print(f"  {exc.path}: {problem}")
            print_rulings(failed)
        return 1
    summary: dict[str, Any] = {
        "file": str(path),
        "ok": True,
        "name": bm.name,
        "edition": edition or bm.edition,
        "scenario": scenario.id if scenario is not None else None,
        "shape": bm.shape,
        "hexes": len(bm),
        "zones": {k: len(v) for k, v in bm.zones.items()},
        "problems": [],
    }
    with_rulings(summary, readings, zones)
    if args.json:
        print_json(summary)
    else:
        listed = ", ".join(f"{k} {v}" for k, v in summary["zones"].items()) or "none"
        under = f"; keeps the scenario {scenario.name}" if scenario is not None else ""
        print(
            f"{path}: ok: {bm.name!r}, {bm.shape}, {len(bm)} hexes, "
            f"{summary['edition']} terrain; zones: {listed}{under}"
        )
        print_rulings(summary)
    return 0
