"""``referee bench los [MAP] [--json]``: measure line of sight in-process; ``referee bench
app [--json]``: the window's start against an empty Qt window's, and line of sight
following the mouse (:mod:`referee.app.app_bench`); ``referee bench replay [JOURNAL]
[--json]``: replaying and checking a long match (:mod:`referee.bench.replay_bench`);
``referee bench cli [--json]``: how soon shot, visible and rules search answer;
``referee bench journal FILE``: write a long match played by the engine."""

from __future__ import annotations

import argparse
from collections.abc import Callable
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
    los.add_argument(
        "--no-big",
        action="store_true",
        help="skip the 100x100 and 200x200 maps (their figures are left out)",
    )
    los.add_argument(
        "--no-huge", action="store_true", help="skip the 200x200 map (its figures are left out)"
    )
    los.add_argument("--json", action="store_true", help="print JSON")
    los.set_defaults(run=run_los_bench)
    app = bsub.add_parser("app", help="the window: start, line of sight following the mouse")
    app.add_argument("--runs", type=int, default=5, help="starts of each kind (median)")
    app.add_argument("--no-hover", action="store_true", help="only the start times")
    app.add_argument("--no-big", action="store_true", help="skip the 100x100 map")
    app.add_argument("--json", action="store_true", help="print JSON")
    app.set_defaults(run=run_app_bench)
    replay = bsub.add_parser("replay", help="replaying and checking a long match (processes)")
    replay.add_argument(
        "journal",
        nargs="?",
        default=None,
        help="a text journal (default: data/journals/ten-turns.journal)",
    )
    replay.add_argument("--runs", type=int, default=5, help="runs of each command (median)")
    replay.add_argument("--json", action="store_true", help="print JSON")
    replay.set_defaults(run=run_replay_bench)
    cli = bsub.add_parser("cli", help="start to answer of shot, visible, rules search (processes)")
    cli.add_argument("--runs", type=int, default=7, help="runs of each command (median)")
    cli.add_argument("--json", action="store_true", help="print JSON")
    cli.set_defaults(run=run_cli_bench)
    journal = bsub.add_parser("journal", help="write a long match played by the engine")
    journal.add_argument("file", help="the text journal to write")
    journal.add_argument("--turns", type=int, default=10)
    journal.add_argument("--seed", type=int, default=2024)
    journal.add_argument("--force", action="store_true", help="replace the file if it exists")
    journal.set_defaults(run=run_write_journal)
    big = bsub.add_parser("map", help="write the generated large map (a table room) to a file")
    big.add_argument("file", help="the map file to write (TOML)")
    big.add_argument("--columns", type=int, default=100)
    big.add_argument("--rows", type=int, default=100)
    big.add_argument("--seed", type=int, default=1)
    big.set_defaults(run=run_write_map)


def run_los_bench(args: argparse.Namespace) -> int:
    from referee.bench.los_bench import run
    from referee.board.maps import find_map

    path = find_map(args.map)
    _print(
        lambda: run(path, runs=max(1, args.runs), big=not args.no_big, huge=not args.no_huge),
        args.json,
    )
    return 0


def run_app_bench(args: argparse.Namespace) -> int:
    try:
        from referee.app.app_bench import run
    except ImportError as exc:
        from referee.cli.main import CommandError

        raise CommandError(f"bench app: the window needs PySide6 ({exc})") from None
    _print(
        lambda: run(runs=max(1, args.runs), hover=not args.no_hover, big=not args.no_big),
        args.json,
    )
    return 0


def _print(bench: Callable[[], dict[str, Any]], as_json: bool) -> None:
    """Run a bench and print its figures with the machine's load and the bench's CPU
    time (:func:`referee.bench.measure.on_machine`: every bench, one helper)."""
    from referee.bench.measure import on_machine
    from referee.cli.output import print_json

    result = on_machine(bench)
    if as_json:
        print_json(result)
    else:
        for key, value in result.items():
            print(f"{key:>30}: {value}")


def run_replay_bench(args: argparse.Namespace) -> int:
    from pathlib import Path

    from referee.bench.replay_bench import default_journal, run

    journal = Path(args.journal) if args.journal else default_journal()
    _print(lambda: run(journal, runs=max(1, args.runs)), args.json)
    return 0


def run_cli_bench(args: argparse.Namespace) -> int:
    from referee.bench.cli_bench import run

    _print(lambda: run(runs=max(1, args.runs)), args.json)
    return 0


def run_write_journal(args: argparse.Namespace) -> int:
    from pathlib import Path

    from referee.bench.long_match import play_journal
    from referee.cli.main import CommandError
    from referee.match.output_file import write_output

    if not 1 <= args.turns <= 100:
        raise CommandError("bench journal: turns are 1 to 100")
    path = write_output(Path(args.file), play_journal(args.turns, args.seed), force=args.force)
    print(f"{path}: {args.turns} turns played by the engine, seed {args.seed}")
    return 0


def run_write_map(args: argparse.Namespace) -> int:
    from pathlib import Path

    from referee.bench.big_map import write_big_map
    from referee.cli.main import CommandError

    if not (1 <= args.columns <= 702 and 1 <= args.rows <= 702):
        raise CommandError("bench map: columns and rows are 1 to 702")
    path = write_big_map(Path(args.file), args.columns, args.rows, args.seed)
    print(f"{path}: {args.columns}x{args.rows} hexes, seed {args.seed}")
    return 0
