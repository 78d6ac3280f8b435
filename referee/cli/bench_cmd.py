"""``referee bench los [MAP] [--json]``: measure line of sight in-process; ``referee bench
app [--json]``: the window's start against an empty Qt window's, and line of sight
following the mouse (:mod:`referee.app.checks.app_bench`); ``referee bench replay [JOURNAL]
[--json]``: replaying and checking a long match (:mod:`referee.bench.replay_bench`);
``referee bench cli [--json]``: how soon shot, visible and rules search answer;
``referee bench journal FILE``: write a long match played by the engine; ``referee bench
serve [--json]``: the event served to a room under load (:mod:`referee.bench.serve_bench`)."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

PAIRING_MOST_PLAYERS = 4096
"""The largest event ``bench pairing`` makes."""
OPEN_MOST_TURNS = 1000
"""The longest match ``bench open`` plays."""


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
    opening = bsub.add_parser(
        "open", help="the window opening a long match, against the ten-turn one (processes)"
    )
    opening.add_argument("--turns", type=int, default=200, help="turns of the long match (200)")
    opening.add_argument("--runs", type=int, default=5, help="opening of each (median)")
    opening.add_argument("--json", action="store_true", help="print JSON")
    opening.set_defaults(run=run_open_bench)
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
    lookup = bsub.add_parser(
        "lookup", help="rules search on players' questions: top-1, top-3, MRR, beside plain bm25"
    )
    lookup.add_argument(
        "files",
        nargs="*",
        metavar="FILE",
        help="question files (default: data/catalogue/questions/*.toml)",
    )
    lookup.add_argument("--details", action="store_true", help="each question's rank")
    lookup.add_argument(
        "--ablations",
        action="store_true",
        help="also each means of the search turned off in turn (what it buys)",
    )
    lookup.add_argument("--json", action="store_true", help="print JSON")
    lookup.set_defaults(run=run_lookup_bench)
    pairing = bsub.add_parser(
        "pairing", help="a large event's rounds paired by 'tournament pair' (processes)"
    )
    pairing.add_argument("--players", type=int, default=1024, help="players (1024)")
    pairing.add_argument("--rounds", type=int, default=3, help="rounds paired (3)")
    pairing.add_argument("--runs", type=int, default=3, help="runs of each round (median)")
    pairing.add_argument("--seed", type=int, default=1, help="the draw's and results' seed")
    pairing.add_argument("--json", action="store_true", help="print JSON")
    pairing.set_defaults(run=run_pairing_bench)
    write = bsub.add_parser(
        "journal-write", help="writing one step at 10, 1,000 and 50,000 steps (in process)"
    )
    write.add_argument("--runs", type=int, default=30, help="steps timed at each length")
    write.add_argument(
        "--lengths",
        default="10,1000,50000",
        metavar="N,N,...",
        help="the journal's lengths at which a step is timed (10,1000,50000)",
    )
    write.add_argument("--json", action="store_true", help="print JSON")
    write.set_defaults(run=run_journal_write_bench)
    served = bsub.add_parser(
        "serve", help="the event served to the room under load: phones reading, results posted"
    )
    served.add_argument("--phones", type=int, default=200, help="phones reading (200)")
    served.add_argument("--every", type=float, default=5.0, help="seconds between reads (5)")
    served.add_argument("--results", type=int, default=100, help="tables reporting (100)")
    served.add_argument("--seconds", type=float, default=60.0, help="the run's length (60)")
    served.add_argument(
        "--no-window",
        action="store_true",
        help="leave out the desk's window (its figures: how late it answered)",
    )
    served.add_argument("--json", action="store_true", help="print JSON")
    served.set_defaults(run=run_serve_bench)
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
        from referee.app.checks.app_bench import run
    except ImportError as exc:
        from referee.cli.main import CommandError

        raise CommandError(f"bench app: the window needs PySide6 ({exc})") from None
    _print(
        lambda: run(runs=max(1, args.runs), hover=not args.no_hover, big=not args.no_big),
        args.json,
    )
    return 0


def run_open_bench(args: argparse.Namespace) -> int:
    import os

    from referee.cli.main import CommandError

    if not 1 <= args.turns <= OPEN_MOST_TURNS:
        raise CommandError(f"bench open: --turns is 1 to {OPEN_MOST_TURNS}")
    try:
        from referee.app.checks.app_bench import open_times
    except ImportError as exc:
        raise CommandError(f"bench open: the window needs PySide6 ({exc})") from None
    if not any(os.environ.get(v) for v in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")):
        os.environ["QT_QPA_PLATFORM"] = "offscreen"  # no screen: Qt draws in memory
    _print(lambda: open_times(max(1, args.runs), args.turns), args.json)
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


def run_lookup_bench(args: argparse.Namespace) -> int:
    from pathlib import Path

    from referee.bench.lookup_bench import run
    from referee.cli.output import print_json

    result = run(
        files=[Path(f) for f in args.files], details=args.details, with_ablations=args.ablations
    )
    if args.json:
        print_json(result)
        return 0
    print(_lookup_table(result))
    for name, by_set in result.get("ablations", {}).items():
        figures = "; ".join(
            f"{s} top-1 {f['top1']:.0%} top-3 {f['top3']:.0%} "
            f"(natural {f['by_style'].get('natural', {}).get('top1', 0):.0%}"
            f"/{f['by_style'].get('natural', {}).get('top3', 0):.0%})"
            for s, f in by_set.items()
        )
        print(f"{name}: {figures}")
    if args.details:
        for name, figures in result["sets"].items():
            for d in figures["details"]:
                if d["rank"] != 1:
                    print(
                        f"{name}: {d['style']:>7} rank {d['rank']} (plain {d['baseline_rank']})"
                        f"  {d['question']}"
                    )
    return 0


def _lookup_table(result: dict[str, Any]) -> str:
    """The figures as a table: each set and style, the search beside plain bm25."""
    lines = [f"{'questions':<22} {'n':>4}  {'top-1':>13} {'top-3':>13} {'MRR':>11}"]

    def row(label: str, ours: dict[str, Any], base: dict[str, Any]) -> None:
        lines.append(
            f"{label:<22} {ours['questions']:>4}  "
            f"{ours['top1']:>6.0%} ({base['top1']:>4.0%}) "
            f"{ours['top3']:>6.0%} ({base['top3']:>4.0%}) "
            f"{ours['mrr']:>5.2f} ({base['mrr']:.2f})"
        )

    for name, figures in result["sets"].items():
        row(name, figures, figures["baseline"])
        for style, by in figures["by_style"].items():
            row(f"  {style}", by, figures["baseline"]["by_style"][style])
    row("all", result, result["baseline"])
    lines.append("(plain SQLite FTS5 bm25 in brackets)")
    lines.append(f"ms per query in process: {result['ms_per_query']}")
    return "\n".join(lines)


def run_pairing_bench(args: argparse.Namespace) -> int:
    from referee.bench.pairing_bench import run
    from referee.cli.main import CommandError

    if not 2 <= args.players <= PAIRING_MOST_PLAYERS:
        raise CommandError(f"bench pairing: --players is 2 to {PAIRING_MOST_PLAYERS}")
    if not 1 <= args.rounds <= 10:
        raise CommandError("bench pairing: --rounds is 1 to 10")
    _print(lambda: run(args.players, args.rounds, max(1, args.runs), args.seed), args.json)
    return 0


def run_journal_write_bench(args: argparse.Namespace) -> int:
    from referee.bench.journal_write_bench import run
    from referee.cli.main import CommandError
    from referee.limits import MATCH_MAX_STEPS

    try:
        lengths = tuple(int(n) for n in args.lengths.split(","))
    except ValueError:
        lengths = ()
    if len(lengths) < 2 or lengths != tuple(sorted(set(lengths))) or lengths[0] < 1:
        raise CommandError("bench journal-write: --lengths is two or more growing numbers")
    most = MATCH_MAX_STEPS - max(1, args.runs) * len(lengths) - 1  # the timed steps too
    if lengths[-1] > most:
        raise CommandError(f"bench journal-write: --lengths goes up to {most}")
    _print(lambda: run(runs=max(1, args.runs), lengths=lengths), args.json)
    return 0


def run_write_journal(args: argparse.Namespace) -> int:
    from pathlib import Path

    from referee.bench.long_match import play_journal
    from referee.cli.main import CommandError
    from referee.match.reports.output_file import write_output

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


def run_serve_bench(args: argparse.Namespace) -> int:
    from referee.bench.serve_bench import bench_serve, lines
    from referee.cli.main import CommandError
    from referee.cli.output import print_json

    for name, value, low, high in (
        ("--phones", args.phones, 0, 2000),
        ("--results", args.results, 1, 500),
        ("--seconds", args.seconds, 1, 3600),
        ("--every", args.every, 0.1, 600),
    ):
        if not low <= value <= high:
            raise CommandError(f"{name} {value}: expected {low} to {high}")
    from referee.bench.measure import on_machine

    watch = None
    if not args.no_window:
        import os
        from importlib.util import find_spec

        if find_spec("PySide6") is None:  # the window's process needs it
            raise CommandError(
                "bench serve: the window needs PySide6, which is not installed; "
                "--no-window leaves it out"
            )
        from referee.app.tournament.responsive import window_in_own_process

        if not any(os.environ.get(v) for v in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")):
            os.environ["QT_QPA_PLATFORM"] = "offscreen"  # no screen: Qt draws in memory
        watch = window_in_own_process
    figures = on_machine(
        lambda: bench_serve(args.phones, args.every, args.results, args.seconds, watch)
    )
    if args.json:
        print_json(figures)
    else:
        print("\n".join(lines(figures)))
    return 0 if figures["check"]["ok"] else 1
