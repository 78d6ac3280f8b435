"""``referee bench los [MAP] [--json]``: measure line of sight in-process."""

from __future__ import annotations

import argparse
from typing import Any


def add_parser(sub: Any) -> None:
    p = sub.add_parser("bench", help="benchmarks (median of several runs)")
    bsub = p.add_subparsers(dest="bench", metavar="WHAT")
    los = bsub.add_parser("los", help="line of sight: preparation, all pairs, single source")
    los.add_argument(
        "map",
        nargs="?",
        default="activation",
        help="map file or shipped map name (default: activation, 169 hexes)",
    )
    los.add_argument("--runs", type=int, default=15, help="runs per figure (median)")
    los.add_argument("--json", action="store_true", help="print JSON")
    los.set_defaults(run=run_los_bench)


def run_los_bench(args: argparse.Namespace) -> int:
    from referee.bench.los_bench import run
    from referee.board.maps import find_map
    from referee.cli.output import print_json

    result = run(find_map(args.map), runs=max(1, args.runs))
    if args.json:
        print_json(result)
    else:
        for key, value in result.items():
            print(f"{key:>24}: {value}")
    return 0
