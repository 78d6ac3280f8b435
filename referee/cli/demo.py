"""``referee demo``: the engine answering in a terminal, on the ENTRENCHED! battlefield.

``referee`` with no arguments opens the app on a demo match; this text demo is what it shows
instead when there is no window to open (no PySide6, no display), and what ``referee demo``
prints for terminals."""

from __future__ import annotations

import argparse
from typing import Any


def add_parser(sub: Any) -> None:
    demo = sub.add_parser(
        "demo", help="the text demo for terminals: a map, what a hill sees, three lines of sight"
    )
    demo.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    return run_demo()


def run_demo() -> int:
    from referee.board.hexgrid import parse_label
    from referee.board.los import line_of_sight, los_board
    from referee.board.maps import find_map, load_map
    from referee.cli.output import print_rulings, with_rulings
    from referee.cli.render import render_map
    from referee.ruleset.shipped import ruleset

    bm = load_map(find_map("entrenched"))
    rules = ruleset(bm.edition)
    board = los_board(bm, rules)
    source = parse_label("C2")
    print(f"referee: demo on {bm.name} ({bm.edition} edition). Run 'referee --help' for commands.")
    print()
    print(render_map(board, source))
    print()
    for target in ("E2", "A3", "G1"):
        sight = line_of_sight(board, source, parse_label(target))
        print("\n".join(sight.working))
        print_rulings(with_rulings(sight.to_json(), rules.readings), "")
        print()
    print(
        "Try: referee los entrenched C2 E2 --json | referee visible standard D2 | "
        "referee map check data/maps/standard.toml"
    )
    return 0
