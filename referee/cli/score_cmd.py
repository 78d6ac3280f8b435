"""``referee score FILE``: MVP and TVP of a finished match file or a result file, with the
calculation in words (clauses ``victory.mvp``, ``victory.tvp``)."""

from __future__ import annotations

import argparse
from typing import Any


def add_parser(sub: Any) -> None:
    p = sub.add_parser("score", help="MVP and TVP of a finished match file or a result file (TOML)")
    p.add_argument("file", metavar="FILE", help="a match file (.referee) or a result file (.toml)")
    p.add_argument("--json", action="store_true", help="print the scores as JSON")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from referee.cli.output import print_json, print_rulings, with_rulings
    from referee.tournament.match_result import load_any_result
    from referee.tournament.scoring import score_match

    result = load_any_result(args.file)
    scores = score_match(result)
    data = with_rulings({"players": [s.to_json() for s in scores]}, result.readings, result.rulings)
    if args.json:
        print_json(data)
        return 0
    for s in scores:
        print(f"{s.name}: {s.mvp} MVP, {s.tvp:.2f} TVP")
        for line in s.lines:
            print(f"  {line}")
    print_rulings(data, "")
    return 0
